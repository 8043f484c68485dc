"""The classificados and the comparison of the next position, as the public page shows
them: compared only where some of it goes on, numbered once, averages written with the
decimals they need, a team with no jogo said in words, a tie's seats not doubled."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from interchange.load import load_tournament
from rules.explain import Separation
from rules.types import Criterion
from standings.explain_text import describe
from standings.qualification import qualification
from standings.selectors import tournament_standings
from tests.documents import team
from tests.knockout.test_placings import chave_matches
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
WON = {"games": [[24, 20], [24, 20]]}


def chaves(slug: str, *, best_next: int, cycle: bool = False) -> Tournament:
    """Chaves A and B of four, or A a three-way cycle (x, y, z level on everything)."""
    a = ["x", "y", "z"] if cycle else ["a1", "a2", "a3", "a4"]
    b = ["b1", "b2", "b3", "b4"]
    matches: list[dict[str, Any]] = chave_matches("B", b)
    if cycle:
        pairs = [("x", "y"), ("y", "z"), ("z", "x")]
        matches += [
            {"stage": "chaves", "group": "A", "round": r, "teams": list(p), "result": WON}
            for r, p in enumerate(pairs, 1)
        ]
    else:
        matches += chave_matches("A", a)
    doc = {
        "format": "tenteio/1",
        "tournament": {
            "name": slug,
            "slug": slug,
            "modality": "truco-cego-trio",
            "stage_plan": "groups_knockout",
            "advance_per_group": 2,
            "advance_best_next": best_next,
        },
        "teams": [team(k, 3, entity=None) for k in a + b],
        "stages": [{"key": "chaves", "kind": "groups", "groups": [group("A", a), group("B", b)]}],
        "matches": matches,
    }
    return load_tournament(doc).tournament


def group(name: str, keys: list[str]) -> dict[str, Any]:
    return {"name": name, "teams": keys}


def page(t: Tournament) -> str:
    return Client().get(reverse("public:standings", args=[t.slug])).content.decode()


def test_no_comparison_of_the_3rds_where_no_3rd_goes_on() -> None:
    t = chaves("sem-3os", best_next=0)
    html = page(t)
    assert "Classificados" in html and "Comparação dos" not in html
    (table,) = tournament_standings(t)
    assert qualification(t, table).cross == []


def test_the_comparison_numbers_each_line_once() -> None:
    html = page(chaves("com-3os", best_next=1))
    cross = html.split("Comparação dos", 1)[1].split("</section>", 1)[0]
    assert "<ol" not in cross  # the positions are written, ties shared: no list numbers too
    assert cross.count("<li>") == 2 and cross.count("<li>1. ") == 2  # level: one shared position


def test_averages_take_the_decimals_they_need() -> None:
    sep = Separation("a", "b", Criterion.POINTS_FOR, Fraction(121, 2), Fraction(109, 2), averaged=True)
    assert describe(sep, {"a": "A", "b": "B"}).endswith("(60,5 × 54,5 tentos por jogo)")
    whole = Separation("a", "b", Criterion.POINTS_FOR, Fraction(60), Fraction(54), averaged=True)
    assert describe(whole, {}).endswith("(60 × 54 tentos por jogo)")
    thirds = Separation("a", "b", Criterion.WINS, Fraction(2, 3), Fraction(1, 2), averaged=True)
    assert describe(thirds, {}).endswith("(0,667 × 0,500 vitórias por jogo)")


def test_a_three_way_tie_at_the_top_gives_seats_not_two_firsts() -> None:
    t = chaves("roda-3", best_next=0, cycle=True)
    (table,) = tournament_standings(t)
    seats = [(d.group, d.position) for d in qualification(t, table).direct if d.group == "A"]
    assert seats == [("A", 1), ("A", 2)]
    html = page(t)
    assert html.count("1º da chave A") == 1 and html.count("2º da chave A") == 1


def test_a_team_with_no_jogo_yet_is_said_in_words_not_as_a_zero_average() -> None:
    a, b = ["a1", "a2", "a3", "a4"], ["b1", "b2", "b3"]
    matches = chave_matches("A", a) + [
        {"stage": "chaves", "group": "B", "round": 1, "teams": ["b1", "b2"], "result": WON},
        {"stage": "chaves", "group": "B", "round": 2, "teams": ["b1", "b3"], "result": None},
        {"stage": "chaves", "group": "B", "round": 3, "teams": ["b2", "b3"], "result": None},
    ]
    doc = {
        "format": "tenteio/1",
        "tournament": {
            "name": "Sem jogo",
            "slug": "sem-jogo",
            "modality": "truco-cego-trio",
            "stage_plan": "groups_knockout",
            "advance_per_group": 2,
            "advance_best_next": 1,
        },
        "teams": [team(k, 3, entity=None) for k in a + b],
        "stages": [{"key": "chaves", "kind": "groups", "groups": [group("A", a), group("B", b)]}],
        "matches": matches,
    }
    t = load_tournament(doc).tournament
    cross = page(t).split("Comparação dos", 1)[1].split("</section>", 1)[0]
    assert "Trio A3 à frente de Trio B3, que não disputou jogo" in cross
    assert "0,000" not in cross and "× 0 " not in cross
