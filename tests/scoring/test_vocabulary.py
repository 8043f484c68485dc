"""Each modality's words on the judge's súmula page and in its errors: no gaúcho Art. 20
in a Paulista event, «pontos» in the Copa Truco, the target of the modality in examples."""

from __future__ import annotations

from typing import Any

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from interchange.load import load_tournament
from printing.documents.sumulas import meta
from scoring.diff import Names, fields
from tests.documents import document
from tests.knockout.test_bracket_services import knockout  # a drawn mata-mata
from tests.scoring.conftest import PASSWORD, played, user
from tournaments.models import Match

pytestmark = pytest.mark.django_db


def judge_page(modality: str, post: dict[str, str] | None = None) -> tuple[int, str]:
    size = 3 if "trio" in modality else 2
    doc = document([played(1, "t1", "t2", "1")], slug=f"v-{modality}", modality=modality, size=size)
    t = load_tournament(doc).tournament
    judge = user(f"juiz-{modality}", t, "judge")
    c = Client()
    assert c.login(username=judge.username, password=PASSWORD)
    m: Any = Match.objects.filter(stage__tournament=t).order_by("pk").first()
    url = reverse("scoring:entry", args=[t.slug, m.pk])
    r = c.post(url, post) if post is not None else c.get(url)
    return r.status_code, r.content.decode()


def test_paulista_has_no_art_20() -> None:
    status, page = judge_page("truco-paulista")
    assert status == 200
    assert "Art. 20" not in page and "§1º" not in page
    assert "Partidas — tentos" in page


def test_gaucho_keeps_art_20() -> None:
    status, page = judge_page("truco-cego-trio")
    assert status == 200 and "Inciso do Art. 20" in page and "Art. 20 §1º" in page


def test_uruguaio_says_pontos() -> None:
    status, page = judge_page("truco-uruguaio")
    assert status == 200 and "Partidas — pontos" in page and "Partidas — tentos" not in page


def test_number_error_gives_the_modality_target() -> None:
    status, page = judge_page(
        "truco-paulista", {"base_version": "0", "outcome": "played", "g1_a": "doze", "g1_b": "3"}
    )
    assert status == 422
    assert "(ex.: 12)" in page and "(ex.: 24)" not in page
    assert "os tentos devem ser números inteiros" in page


def test_uruguaio_number_error_says_pontos() -> None:
    status, page = judge_page(
        "truco-uruguaio", {"base_version": "0", "outcome": "played", "g1_a": "x", "g1_b": ""}
    )
    assert status == 422 and "informe os pontos das duas equipes" in page


def test_copa_truco_judge_page_says_pontos_and_desempate() -> None:
    t = knockout(["t1", "t2", "t3", "t4"], modality="truco-goiano", slug="copa")
    judge = user("juiz-copa", t, "judge")
    c = Client()
    assert c.login(username=judge.username, password=PASSWORD)
    m: Any = Match.objects.filter(stage__tournament=t, team_a__isnull=False).order_by("pk").first()
    page = c.get(reverse("scoring:entry", args=[t.slug, m.pk])).content.decode()
    assert "Partidas — pontos" in page and "tentos" not in page
    assert "Partida 4 — desempate (25 min)" in page
    assert "Art. 20" not in page
    home = Client().get(reverse("public:home", args=[t.slug])).content.decode()
    assert "partidas de 12 pontos" in home and "desempate de 25 min" in home


def test_history_fields_use_the_modality_words() -> None:
    content = {
        "result": {"games": [[12, 3], [5, 12]], "disqualified": {"team": "t1", "scope": "tournament"}},
    }
    pontos = fields(content, Names({"t1": "Os Goianos"}, {}, "pontos", None))
    assert pontos["Partida 1 — pontos"] == "12–3" and pontos["Partida 1 — término"] == "nos pontos"
    assert pontos["Desclassificação"] == "Os Goianos, do torneio"
    gaucho = fields(content, Names({"t1": "Trio"}, {}))
    assert gaucho["Desclassificação"] == "Trio, do torneio (Art. 20 §1º)"


def test_printed_sumula_uses_the_modality_words() -> None:
    copa = knockout(["t1", "t2", "t3", "t4"], modality="truco-goiano", slug="copa-print")
    words = meta(copa)
    assert (words["unit"], words["unit_one"]) == ("pontos", "ponto")
    assert (words["tiebreak_name"], words["tiebreak_minutes"]) == ("desempate", 25)
    html = render_to_string(
        "printing/_sumula_form_layer.html",
        {"common": True, "meta": words, "partidas": [1, 2, 3, 4], "endings": []},
    )
    assert "Um quadro por ponto" in html and "<b>Desempate</b>" in html and "desempate de 25 min" in html
