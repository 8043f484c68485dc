"""The organizer's printing page and its JSON status: who may see them, bad input."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from printing.documents import Params
from printing.models import PrintJob
from printing.services import job_request
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def client_for(user: Any) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def test_page_and_status_for_organizers_only(demo: Tournament, people: dict[str, Any]) -> None:
    job, _ = job_request(tournament=demo, params=Params("standings"))
    page = reverse("printing:page", args=[demo.slug])
    status = reverse("printing:status", args=[demo.slug, job.pk])
    assert client_for(people["org"]).get(page).status_code == 200
    body = client_for(people["org"]).get(status).json()
    assert (body["status"], body["done"], body["total"]) == ("queued", 0, 0)
    for who in ("juiz", "outro"):
        assert client_for(people[who]).get(page).status_code == 403
        assert client_for(people[who]).get(status).status_code == 403
    assert client_for(None).get(page).status_code == 302  # to the login page
    assert client_for(None).get(status).status_code == 302
    assert client_for(people["juiz"]).post(page, {"doc": "sumulas"}).status_code == 403


def test_printing_a_rodada_from_the_page(
    demo: Tournament, people: dict[str, Any], media: Any, django_capture_on_commit_callbacks: Any
) -> None:
    c = client_for(people["org"])
    page = reverse("printing:page", args=[demo.slug])
    with django_capture_on_commit_callbacks(execute=True):
        response = c.post(page, {"doc": "sumulas", "round": "3"}, HTTP_ACCEPT="application/json")
    assert response.status_code == 202
    job = PrintJob.objects.get()
    body = c.get(reverse("printing:status", args=[demo.slug, job.pk])).json()
    assert body["ready"] and body["done"] == body["total"] == 8 and body["percent"] == 100
    pdf = c.get(body["download_url"])
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert b"".join(pdf.streaming_content).startswith(b"%PDF")
    assert "sumulas-rodada-3.pdf" in pdf["Content-Disposition"]
    listing = c.get(page)
    assert "Súmulas — rodada 3" in listing.content.decode()


@pytest.mark.parametrize(
    "data",
    [
        {"doc": "carne"},
        {"doc": "sumulas", "round": "99"},
        {"doc": "sumulas", "round": "x"},
        {"doc": "bracket"},
    ],
)
def test_bad_input_is_a_400_with_a_message(
    demo: Tournament, people: dict[str, Any], data: dict[str, str]
) -> None:
    c = client_for(people["org"])
    response = c.post(reverse("printing:page", args=[demo.slug]), data)
    assert response.status_code == 400
    assert not PrintJob.objects.exists()
    response = c.post(reverse("printing:page", args=[demo.slug]), data, HTTP_ACCEPT="application/json")
    assert response.status_code == 400 and response.json()["error"]


def test_cancel_resume_and_unknown_jobs(demo: Tournament, people: dict[str, Any]) -> None:
    c = client_for(people["org"])
    job, _ = job_request(tournament=demo, params=Params("schedule"))
    assert c.get(reverse("printing:download", args=[demo.slug, job.pk])).status_code == 404
    assert c.post(reverse("printing:cancel", args=[demo.slug, job.pk])).json()["status"] == "cancelled"
    assert c.post(reverse("printing:resume", args=[demo.slug, job.pk])).status_code == 409
    assert c.get(reverse("printing:status", args=[demo.slug, 999999])).status_code == 404
    assert c.get(reverse("printing:status", args=["nao-existe", job.pk])).status_code == 404
