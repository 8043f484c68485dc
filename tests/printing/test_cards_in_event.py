"""Team cards print the teams still in the event (inscritas, presentes) unless asked for
all: «incluir equipes fora do torneio» on the page, ``--all-teams`` on ``printpdf``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from printing.models import PrintJob
from tests.printing.conftest import pdf_pages
from tournaments.models import Team, Tournament

pytestmark = pytest.mark.django_db


def _out_of_event(t: Tournament) -> tuple[str, str, str]:
    first, second, third = Team.objects.filter(tournament=t).order_by("order", "id")[:3]
    Team.objects.filter(pk=first.pk).update(status=Team.Status.WITHDRAWN)
    Team.objects.filter(pk=second.pk).update(status=Team.Status.ABSENT)
    Team.objects.filter(pk=third.pk).update(status=Team.Status.CHECKED_IN)
    return first.name, second.name, third.name


def _text(path: Path) -> str:
    return " ".join(" ".join(pdf_pages(path.read_bytes())).split())


def test_printpdf_cards_leave_out_withdrawn_and_absent(demo: Tournament, tmp_path: Path) -> None:
    withdrawn, absent, present = _out_of_event(demo)
    out = tmp_path / "cards.pdf"
    call_command("printpdf", demo.slug, "--doc", "teams", "-o", str(out))
    text = _text(out)
    assert present in text
    assert withdrawn not in text and absent not in text
    every = tmp_path / "all.pdf"
    call_command("printpdf", demo.slug, "--doc", "teams", "--all-teams", "-o", str(every))
    text = _text(every)
    assert withdrawn in text and absent in text and present in text


def test_printpdf_all_teams_only_with_team_cards(demo: Tournament, tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="--all-teams"):
        call_command("printpdf", demo.slug, "--doc", "schedule", "--all-teams", "-o", str(tmp_path / "x.pdf"))


def test_print_page_checkbox_includes_teams_out_of_the_event(
    demo: Tournament, people: dict[str, Any], media: Any, django_capture_on_commit_callbacks: Any
) -> None:
    withdrawn, absent, present = _out_of_event(demo)
    c = Client()
    c.force_login(people["org"])
    page = reverse("printing:page", args=[demo.slug])
    assert "incluir equipes fora do torneio" in c.get(page).content.decode()
    texts = {}
    for label, data in (("day", {"doc": "teams"}), ("all", {"doc": "teams", "all_teams": "1"})):
        with django_capture_on_commit_callbacks(execute=True):
            response = c.post(page, data, HTTP_ACCEPT="application/json")
        assert response.status_code == 202
        body = c.get(response.json()["status_url"]).json()
        assert body["ready"]
        pdf = b"".join(c.get(body["download_url"]).streaming_content)
        texts[label] = " ".join(" ".join(pdf_pages(pdf)).split())
    assert present in texts["day"] and withdrawn not in texts["day"] and absent not in texts["day"]
    assert withdrawn in texts["all"] and absent in texts["all"]
    titles = [PrintJob.objects.get(pk=j.pk) for j in PrintJob.objects.order_by("pk")]
    assert titles[-1].params["all_teams"] is True and titles[0].params["all_teams"] is False
    assert "incluindo equipes fora do torneio" in c.get(page).content.decode()
