"""Every sentence that names points, places or results takes the modality's word
(``core.words``): «pontos» in Truco Uruguaio and Goiano, «tentos» elsewhere; «a campeã»
for a dupla, «o campeão» for a trio; English words, not Portuguese ones, outside the
rulebook's terms — through the refusals, the forms, the prints and the pages."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from bench.generate import tournament_document
from core import words
from core.problem_text import render
from interchange.load import load_tournament
from printing.documents import Params
from printing.services import render_document
from rules.modalities import PRESETS
from rules.problems import problem
from scoring.diff import Names, fields
from scoring.services.entry import EntryData, prepare_entry
from tests.printing.conftest import pdf_pages
from tests.tournaments.conftest import member
from tournaments.models import Match, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _site_language_after() -> object:
    # A page asked in English leaves English active in this thread: give the next test
    # the site's language back.
    yield
    translation.activate("pt-br")


def event(key: str, slug: str) -> Tournament:
    doc = tournament_document(key, groups=2, size=4, seed=3, played=1.0, walkovers=0.0, slug=slug)
    return load_tournament(doc).tournament


def test_each_preset_has_its_points_word_and_gender() -> None:
    assert {k: words.points(m) for k, m in PRESETS.items() if m.score_unit == "ponto"} == {
        "truco-goiano": "pontos",
        "truco-uruguaio": "pontos",
    }
    assert words.points(PRESETS["truco-cego-trio"], 1) == "tento"
    assert words.champion(PRESETS["truco-cego-dupla"]) == "Campeã"
    assert words.champion(PRESETS["truco-cego-trio"]) == "Campeão"
    with translation.override("en"):
        assert words.points(PRESETS["truco-uruguaio"]) == "points"
        assert words.points(PRESETS["truco-paulista"]) == "tentos"  # a rulebook term


def test_the_judges_refusal_says_pontos_in_the_uruguaio() -> None:
    t = event("truco-uruguaio", "uru-recusa")
    m = Match.objects.select_related("team_a", "team_b", "stage__tournament").filter(stage__tournament=t)[0]
    prepared = prepare_entry(m, EntryData(result={"games": [[32, 20], [30, 10]]}))
    texts = " ".join(p.message for p in prepared.problems)
    assert "acima de 30 pontos" in texts and "tentos" not in texts
    p = problem("game.tied_at_target", game=1, teams=("a", "b"), a=30, b=30, target=30)
    assert "chegar a 30 pontos" in render(p, t) and "chegar a 24 tentos" in render(
        problem("game.tied_at_target", game=1, teams=("a", "b"), a=24, b=24, target=24), "tento"
    )


def test_the_edit_page_and_the_printed_legend_name_pontos() -> None:
    t = event("truco-uruguaio", "uru-editar")
    client = Client()
    client.force_login(member(t, "gestora-uru", "organizer"))
    page = client.get(reverse("tournaments:edit", args=[t.slug])).content.decode()
    assert "Pontos por partida" in page and "Pontos a favor (T)" in page and "Saldo de pontos" in page
    assert "Tentos" not in page and "tentos" not in page
    text = "\n".join(pdf_pages(render_document(t, Params(doc="standings"))))
    assert "pontos a favor/contra" in text and "tentos" not in text


def test_english_has_points_and_its_own_abbreviations() -> None:
    t = event("truco-uruguaio", "uru-en")
    with translation.override("en"):
        shown = fields({"result": {"games": [[30, 12]], "endings": ["target"]}}, Names({}, {}, "pontos"))
        assert shown == {"Partida 1 — points": "30–12", "Partida 1 — ending": "on points"}
    client = Client()
    client.get("/idioma/en/")
    page = client.get(reverse("public:standings", args=[t.slug])).content.decode()
    page = page.replace(PRESETS["truco-uruguaio"].name, "")  # the modality's proper name
    assert "points for" in page and "pontos" not in page
    Tournament.objects.filter(pk=t.pk).update(advance_best_next=1, stage_plan="groups_knockout")
    from tournaments.revision import bump

    bump(t.pk)
    page = client.get(reverse("public:standings", args=[t.slug])).content.decode()
    assert "(W/J, P/J, T/J)" in page and "V/J" not in page


def test_every_preset_name_is_in_the_catalogs_and_shown_translated() -> None:
    assert {m.name for m in PRESETS.values()} <= set(words.PRESET_NAMES)
    with translation.override("en"):
        assert words.modality_name(PRESETS["truco-uruguaio"]) == "Truco Uruguaio — 30 points"
        assert words.modality_name(PRESETS["truco-amostra-trio"]) == "Truco de Amostra — trios"
    with translation.override("pt-br"):
        assert words.modality_name(PRESETS["truco-uruguaio"]) == "Truco Uruguaio — 30 pontos"
    assert words.modality_name(SimpleNamespace(name="Regra da casa")) == "Regra da casa"  # no preset's
