"""The tenteio speaks the modality's words: no cadeias or flor where the modality has none,
a plain hand is a «mão simples», a mão de onze is named, and the teams are named."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from interchange.load import load_tournament
from rules.hands import Hand, TrucoPart
from rules.results import Side
from tally.models import HandEntry
from tally.services import hand_record
from tests.documents import document
from tests.scoring.conftest import played, user
from tests.tally.conftest import client_for
from tournaments.models import Match

pytestmark = pytest.mark.django_db


def paulista() -> tuple[Any, Any]:
    doc = document([played(1, "t1", "t2", "1")], slug="paulista", modality="truco-paulista", size=2)
    t = load_tournament(doc).tournament
    judge = user("juiz-sp", t, "judge")
    return Match.objects.select_related("team_a", "team_b", "stage__tournament").get(
        stage__tournament=t
    ), judge


def test_paulista_tenteio_has_no_flor_nor_cadeias() -> None:
    m, judge = paulista()
    page = (
        client_for(judge).get(reverse("tally:tenteio", args=[m.stage.tournament.slug, m.pk])).content.decode()
    )
    assert "Formulário detalhado (penalidades)" in page
    assert "cadeias" not in page and "flor" not in page and "Envido" not in page
    assert "Nós" not in page and "Eles" not in page and m.team_a.name in page


def test_plain_hand_and_mao_de_onze_are_named() -> None:
    m, judge = paulista()
    a, b = m.team_a.name, m.team_b.name
    hand_record(match=m, user=judge, hand=Hand.roda(Side.A, TrucoPart.won(Side.A)), key=uuid.uuid4())
    assert HandEntry.objects.get().summary == f"mão simples {a} +1"
    for _ in range(10):  # to 11–0: the next hand is a mão de onze, worth 3
        hand_record(match=m, user=judge, hand=Hand.roda(Side.A, TrucoPart.won(Side.A)), key=uuid.uuid4())
    hand_record(match=m, user=judge, hand=Hand.roda(Side.B, TrucoPart.won(Side.B)), key=uuid.uuid4())
    last = HandEntry.objects.order_by("-sequence").first()
    assert last is not None and last.summary == f"mão de onze {b} +3"


def test_paulista_team_stats_have_no_flor_nor_envido() -> None:
    m, judge = paulista()
    hand_record(match=m, user=judge, hand=Hand.roda(Side.A, TrucoPart.won(Side.A)), key=uuid.uuid4())
    page = Client().get(reverse("public:team", args=[m.stage.tournament.slug, m.team_a_id])).content.decode()
    assert "Mãos jogadas" in page and "Flores cantadas" not in page and "Envidos ganhos" not in page
