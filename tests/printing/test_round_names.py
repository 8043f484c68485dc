"""Printed schedule and súmulas call the mata-mata's rodadas by their phase, as the
public schedule does: never «Rodada 3» for both the final and the 3º lugar."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from printing.documents import Params
from printing.services import render_document
from tests.printing.conftest import pdf_pages
from tournaments.models import Match, Stage, Tournament

pytestmark = pytest.mark.django_db


def with_final(knockout: Tournament) -> None:
    stage = Stage.objects.get(tournament=knockout, key="mata")
    teams = list(knockout.teams.order_by("order", "id"))
    Match.objects.create(stage=stage, round=3, slot=0, team_a=teams[0], team_b=teams[1])
    Match.objects.create(stage=stage, round=3, slot=1, team_a=teams[2], team_b=teams[3], third_place=True)


def test_printed_schedule_and_sumulas_name_the_phases(knockout: Tournament) -> None:
    with_final(knockout)
    schedule = "\n".join(pdf_pages(render_document(knockout, Params(doc="schedule"))))
    assert "Quartas de final" in schedule and "Final · 3º lugar" in schedule
    assert "Rodada 1" not in schedule and "Rodada 3" not in schedule
    sumulas = pdf_pages(render_document(knockout, Params(doc="sumulas", round=3)))
    assert len(sumulas) == 2
    assert "Final" in sumulas[0] and "3º lugar" in sumulas[1] and "Rodada 3" not in "".join(sumulas)


def test_public_schedule_names_the_phases(knockout: Tournament) -> None:
    with_final(knockout)
    html = Client().get(reverse("public:schedule", args=[knockout.slug])).content.decode()
    assert "<h2>Quartas de final" in html and "<h2>Final · 3º lugar" not in html
    assert "<h2>Final" in html and "<h2>3º lugar" in html
    assert "Rodada 3" not in html
    results = Client().get(reverse("public:results", args=[knockout.slug])).content.decode()
    assert "<h2>Quartas de final" in results
