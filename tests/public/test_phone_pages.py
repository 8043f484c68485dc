"""Public pages read by people: the classificação's abbreviations explained, a team's
jogos by phase, the mata-mata's sideways scroll announced, the organizer's menu in one
row, and no rule code (V-…, RULES §, [file.…], criterion codes) outside data- attributes."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.knockout.test_bracket_services import knockout
from tests.scoring import conftest as scoring
from tests.scoring.conftest import World
from tests.tally.conftest import client_for

pytestmark = pytest.mark.django_db
world = scoring.world  # the súmula tests' tournament and people

CODE = re.compile(
    r"\b(?:V|AMB)-[A-Z]?\d+|RULES §|\[[a-z]+\.[a-z_]+\]|\b(?:head_to_head|points_for|games_won)\b"
)
ATTRIBUTES = re.compile(r'\s(?:data-[a-z-]+|value|name|id|for|class|href|action|src)="[^"]*"')


def visible(html: str) -> str:
    """The page without its attributes and scripts: what a person reads."""
    return ATTRIBUTES.sub("", re.sub(r"<script.*?</script>", "", html, flags=re.S))


def test_classificacao_has_the_legend(world: World) -> None:
    page = Client().get(reverse("public:standings", args=[world.tournament.slug])).content.decode()
    assert "data-legend" in page
    legend = page[page.index("data-legend") :][:600]
    for words in ("jogos", "vitórias", "derrotas", "partidas ganhas", "tentos a favor"):
        assert words in legend


def test_team_page_groups_its_jogos_by_phase(world: World) -> None:
    m = world.match(1, "1")
    page = Client().get(reverse("public:team", args=[world.tournament.slug, m.team_a_id])).content.decode()
    jogos = page[page.index("<h2>Jogos</h2>") :]
    assert "<h3>Chave A</h3>" in jogos
    assert jogos.index("Rodada 1") < jogos.index("Rodada 2") < jogos.index("Rodada 3")


def test_bracket_announces_its_sideways_scroll() -> None:
    t = knockout(["t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8"], slug="mm-phone")
    page = Client().get(reverse("public:bracket", args=[t.slug])).content.decode()
    assert "data-scroll-hint" in page and "deslize para ver as próximas fases →" in page
    assert "bracket-scroll" in page


def test_organizer_menu_is_one_row(world: World) -> None:
    page = client_for(world.organizer).get(reverse("tournaments:dashboard", args=[world.tournament.slug]))
    html = page.content.decode()
    assert 'class="orgnav"' in html and html.count('class="orgnav"') == 1


@pytest.mark.parametrize(
    "name,who",
    [
        ("public:home", None),
        ("public:standings", None),
        ("public:results", None),
        ("public:schedule", None),
        ("tournaments:dashboard", "organizer"),
        ("scoring:round", "organizer"),
        ("scoring:judge_home", "judge"),
    ],
)
def test_no_rule_code_in_front_of_people(world: World, name: str, who: str | None) -> None:
    user: Any = getattr(world, who) if who else None
    r = client_for(user).get(reverse(name, args=[world.tournament.slug]))
    assert r.status_code == 200
    assert not CODE.findall(visible(r.content.decode()))


def test_no_rule_code_on_the_judge_pages(world: World) -> None:
    m = world.match(1, "1")
    c = client_for(world.judge)
    for name in ("scoring:entry", "tally:tenteio"):
        r = c.get(reverse(name, args=[world.tournament.slug, m.pk]))
        assert r.status_code == 200 and not CODE.findall(visible(r.content.decode()))
    # A refused súmula: the judge reads the rule's sentence, not its code.
    r = c.post(
        reverse("scoring:entry", args=[world.tournament.slug, m.pk]),
        {"base_version": "0", "outcome": "played", "g1_a": "24", "g1_b": "24", "submit": "1"},
    )
    assert r.status_code == 422 and not CODE.findall(visible(r.content.decode()))
