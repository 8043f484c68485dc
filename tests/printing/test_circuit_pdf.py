"""The PDF of a circuit's rankings: a print job like a tournament's documents, asked for
and followed on a page anyone who may see the circuit opens (a private circuit: its
organizers only, a 404 to others); one job serves everyone while the circuit does not
change; the words of the page on paper."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from circuits.models import Circuit
from circuits.proposals import team_link_proposals
from circuits.services.circuits import circuit_create, circuit_etapa_add, circuit_rules_set
from circuits.services.links import team_links_apply
from core.jobs import JobsUnavailable
from printing.models import PrintJob
from tests.circuits.conftest import load_etapa
from tests.printing.conftest import pdf_pages
from tournaments.services.organizers import organizer_mark

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(db: None) -> User:
    user = User.objects.create_user("dono", password="x-Senha-Forte-1")
    organizer_mark(user)
    return user


@pytest.fixture
def circuit(owner: User) -> Circuit:
    c = circuit_create(name="Circuito Gaúcho", slug="gaucho", user=owner, best_n=1)
    for slug, finish in (
        ("e1", ["Os Taura", "Pealo", "Gaudérios", "Xiru"]),
        ("e2", ["Pealo", "Os Taura", "Xiru", "Gaudérios"]),
    ):
        circuit_etapa_add(circuit=c, tournament=load_etapa(slug, finish), user=owner)
    team_links_apply(circuit=c, proposals=team_link_proposals(c), user=owner)
    return c


def urls(circuit: Circuit, job: PrintJob | None = None) -> dict[str, str]:
    out = {"page": reverse("printing:circuit_pdf", args=[circuit.slug])}
    if job is not None:
        out["status"] = reverse("printing:circuit_status", args=[circuit.slug, job.pk])
        out["download"] = reverse("printing:circuit_download", args=[circuit.slug, job.pk])
    return out


def ask(c: Client, circuit: Circuit, capture: Any, **headers: str) -> Any:
    with capture(execute=True):  # the job runs (Celery eager) once the request commits
        return c.post(urls(circuit)["page"], **headers)


def test_anyone_gets_the_pdf_made_in_the_background(
    circuit: Circuit, owner: User, media: Any, django_capture_on_commit_callbacks: Any
) -> None:
    visitor = Client()
    public = visitor.get(reverse("public:circuit", args=[circuit.slug])).content.decode()
    assert urls(circuit)["page"] in public  # the public page links to it
    page = visitor.get(urls(circuit)["page"])
    assert page.status_code == 200 and "Gerar o PDF" in page.content.decode()
    assert page["Cache-Control"] == "no-store"

    response = ask(visitor, circuit, django_capture_on_commit_callbacks)
    job = PrintJob.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"#job-{job.pk}")
    assert (job.circuit, job.tournament, job.created_by) == (circuit, None, None)
    status = visitor.get(urls(circuit, job)["status"]).json()
    assert status["ready"] and status["percent"] == 100 and (status["done"], status["total"]) == (3, 3)
    assert status["download_url"] == urls(circuit, job)["download"]
    shown = visitor.get(urls(circuit)["page"]).content.decode()
    assert urls(circuit, job)["download"] in shown and "Gerar o PDF" not in shown

    pdf = visitor.get(urls(circuit, job)["download"])
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert 'filename="circuito-gaucho.pdf"' in pdf["Content-Disposition"]
    text = " ".join(pdf_pages(b"".join(pdf.streaming_content)))
    for words in ("Circuito Gaúcho", "Classificação do circuito", "Equipes", "Jogadores", "Entidades"):
        assert words in text
    for words in ("Os Taura", "Pealo", "dividido", "conta o melhor resultado"):
        assert words in text

    # Unchanged circuit: the organizer (and everyone) gets the same job, as JSON too.
    organizer = Client()
    organizer.force_login(owner)
    again = ask(organizer, circuit, django_capture_on_commit_callbacks, HTTP_ACCEPT="application/json")
    assert again.status_code == 202 and again.json()["id"] == job.pk and PrintJob.objects.count() == 1
    # A change of the circuit: the PDF of before is no longer the current one.
    circuit_rules_set(circuit=circuit, user=owner, best_n=None)
    assert "Gerar o PDF" in visitor.get(urls(circuit)["page"]).content.decode()
    ask(visitor, circuit, django_capture_on_commit_callbacks)
    newer = PrintJob.objects.exclude(pk=job.pk).get()
    assert newer.status == PrintJob.Status.DONE
    assert visitor.get(urls(circuit, job)["download"]).status_code == 200  # the older file stays


def test_a_private_circuit_is_its_organizers_alone(
    circuit: Circuit, owner: User, media: Any, django_capture_on_commit_callbacks: Any
) -> None:
    circuit_rules_set(circuit=circuit, user=owner, is_public=False)
    organizer = Client()
    organizer.force_login(owner)
    assert ask(organizer, circuit, django_capture_on_commit_callbacks).status_code == 302
    job = PrintJob.objects.get()
    other = Client()
    other.force_login(User.objects.create_user("outro"))
    for c in (Client(), other):
        assert c.get(urls(circuit)["page"]).status_code == 404
        assert c.post(urls(circuit)["page"]).status_code == 404
        for name in ("status", "download"):
            assert c.get(urls(circuit, job)[name]).status_code == 404
    download = organizer.get(urls(circuit, job)["download"])
    assert download.status_code == 200 and download["Cache-Control"] == "private, no-store"
    assert PrintJob.objects.count() == 1


def test_wrong_jobs_a_job_not_ready_and_a_broker_down(
    circuit: Circuit, owner: User, media: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = circuit_create(name="Outro", slug="outro", user=owner)
    visitor = Client()
    visitor.post(urls(circuit)["page"])  # queued; nothing runs (no commit callback here)
    job = PrintJob.objects.get()
    assert job.status == PrintJob.Status.QUEUED
    assert visitor.get(urls(circuit, job)["download"]).status_code == 404  # not ready yet
    assert visitor.get(urls(other, job)["status"]).status_code == 404  # not that circuit's
    assert visitor.post(urls(circuit, job)["status"]).status_code == 405
    page = visitor.get(urls(circuit)["page"]).content.decode()
    assert 'http-equiv="refresh"' in page and "Gerar o PDF" not in page  # reloads itself while it runs

    # A job whose worker died is not handed out again: the next request starts another.
    PrintJob.objects.filter(pk=job.pk).update(
        status=PrintJob.Status.RUNNING, updated_at=timezone.now() - timezone.timedelta(minutes=5)
    )
    assert "Gerar o PDF" in visitor.get(urls(circuit)["page"]).content.decode()

    def down(*args: Any, **kwargs: Any) -> None:
        raise JobsUnavailable()

    monkeypatch.setattr("printing.circuit_jobs.enqueue_or_refuse", down)
    refused = visitor.post(urls(circuit)["page"])
    assert refused.status_code == 503 and "não está respondendo" in refused.content.decode()
    json_refused = visitor.post(urls(circuit)["page"], HTTP_ACCEPT="application/json")
    assert json_refused.status_code == 503 and "error" in json_refused.json()
    assert PrintJob.objects.count() == 1  # nothing written


def test_while_an_etapa_is_in_play_the_pdf_is_the_provisional_ranking_the_page_opens_with(
    circuit: Circuit, owner: User, media: Any, django_capture_on_commit_callbacks: Any
) -> None:
    in_play = load_etapa("e3", ["Xiru", "Gaudérios", "Pealo", "Os Taura"], played=2)
    circuit_etapa_add(circuit=circuit, tournament=in_play, user=owner)
    visitor = Client()
    assert (
        "Classificação provisória"
        in visitor.get(reverse("public:circuit", args=[circuit.slug])).content.decode()
    )
    ask(visitor, circuit, django_capture_on_commit_callbacks)
    job = PrintJob.objects.get()
    text = " ".join(pdf_pages(b"".join(visitor.get(urls(circuit, job)["download"]).streaming_content)))
    assert "Classificação provisória do circuito" in text
    assert "em andamento: provisória" in text and "ainda não conta" not in text
