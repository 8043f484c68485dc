"""Final placings for every tournament shape (docs/rules.md §3.15), read from loaded events."""

from __future__ import annotations

from typing import Any

import pytest

from interchange.load import load_tournament
from knockout.placings import final_placings
from tests.documents import team
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

CEGO_2_0 = {"games": [[24, 13], [24, 20]]}  # team_a wins, a sweep (3 P, 72 T)
CEGO_2_1 = {"games": [[24, 13], [20, 24], [24, 20]]}  # team_a wins, 2 P
GOIANO = {"games": [[12, 4], [12, 6]]}
ROBIN = [(1, 0, 1), (1, 2, 3), (2, 0, 2), (2, 1, 3), (3, 0, 3), (3, 1, 2)]  # (rodada, i, j) of 4


def chave_matches(name: str, keys: list[str], *, close_first: bool = False) -> list[dict[str, Any]]:
    """The lower index wins every jogo (2–0), except a 2–1 between the first two."""
    out = []
    for rnd, i, j in ROBIN:
        result = CEGO_2_1 if close_first and (i, j) == (0, 1) else CEGO_2_0
        out.append(
            {"stage": "chaves", "group": name, "round": rnd, "teams": [keys[i], keys[j]], "result": result}
        )
    return out


def event(
    slug: str,
    *,
    chaves: bool,
    knockout: list[str] | None,
    ko_matches: list[tuple[int, str, str, Any]] = (),
    modality: str = "truco-cego-trio",
    keys: list[str] | None = None,
    unplayed: bool = False,
) -> Tournament:
    a, b = ["a1", "a2", "a3", "a4"], ["b1", "b2", "b3", "b4"]
    keys = keys or (a + b)
    size = 2 if modality == "truco-goiano" else 3
    stages: list[dict[str, Any]] = []
    matches: list[dict[str, Any]] = []
    if chaves:
        stages.append(
            {
                "key": "chaves",
                "kind": "groups",
                "groups": [{"name": "A", "teams": a}, {"name": "B", "teams": b}],
            }
        )
        matches += chave_matches("A", a) + chave_matches("B", b, close_first=True)
        if unplayed:
            matches[-1]["result"] = None
    if knockout is not None:
        stages.append({"key": "mata", "kind": "knockout", "teams": knockout})
        matches += [
            {"stage": "mata", "round": r, "teams": [x, y], "result": res} for r, x, y, res in ko_matches
        ]
    doc = {
        "format": "tenteio/1",
        "tournament": {"name": slug, "slug": slug, "modality": modality},
        "teams": [team(k, size, entity=None) for k in keys],
        "stages": stages,
        "matches": matches,
    }
    return load_tournament(doc).tournament


def table(t: Tournament) -> tuple[list[tuple[int, str, bool]], bool]:
    p = final_placings(t)
    return [(line.position, line.team.key, line.shared) for line in p.lines], p.complete


def test_chaves_only_position_in_chave_then_across_chaves() -> None:
    t = event("so-chaves", chaves=True, knockout=None)
    assert t.stage_plan == Tournament.StagePlan.GROUPS
    lines, complete = table(t)
    # a1 (three sweeps) over b1 (a 2–1); b2 (a partida won off b1) over a2; the 3ºs and
    # 4ºs are level across chaves (a sorteio would separate them): they share.
    assert lines == [
        (1, "a1", False),
        (2, "b1", False),
        (3, "b2", False),
        (4, "a2", False),
        (5, "a3", True),
        (5, "b3", True),
        (7, "a4", True),
        (7, "b4", True),
    ]
    assert complete and final_placings(t).champion.key == "a1"  # type: ignore[union-attr]


def test_chaves_only_not_complete_while_a_jogo_is_unplayed() -> None:
    t = event("inacabado", chaves=True, knockout=None, unplayed=True)
    p = final_placings(t)
    assert not p.complete and p.champion is None


SEMIS_AND_FINAL = [
    (1, "a1", "b2", CEGO_2_0),
    (1, "b1", "a2", {"games": [[13, 24], [20, 24]]}),  # a2 wins
    (2, "a1", "a2", {"games": [[13, 24], [20, 24]]}),  # a2 champion
]


@pytest.mark.parametrize(
    "third, expected",
    [
        (
            [(2, "b1", "b2", {"games": [[13, 24], [20, 24]]})],  # b2 wins the 3º lugar
            [(1, "a2", False), (2, "a1", False), (3, "b2", False), (4, "b1", False)],
        ),
        ([], [(1, "a2", False), (2, "a1", False), (3, "b2", True), (3, "b1", True)]),
    ],
    ids=["disputa-de-3o-lugar", "3o-lugar-ainda-por-jogar"],
)
def test_chaves_and_mata_mata(third: list[Any], expected: list[tuple[int, str, bool]]) -> None:
    t = event("chaves-mm", chaves=True, knockout=["a1", "b1", "a2", "b2"], ko_matches=SEMIS_AND_FINAL + third)
    lines, complete = table(t)
    # Then the teams out in the chaves, by their placing there (3ºs level, 4ºs level).
    assert lines == expected + [(5, "a3", True), (5, "b3", True), (7, "a4", True), (7, "b4", True)]
    assert complete is bool(third)  # the disputa de 3º lugar must be played to end


def test_mata_mata_losers_ordered_by_their_chave_record() -> None:
    # 8 qualifiers; the quartas losers are b3 (5ºs... by the chaves: a3 5, b3 5, a4 7, b4 7).
    seeds = ["a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4"]  # lines 1-8, 4-5, 2-7, 3-6
    ko = [
        (1, "a1", "b4", CEGO_2_0),
        (1, "b2", "a3", CEGO_2_0),
        (1, "b1", "a4", CEGO_2_0),
        (1, "a2", "b3", CEGO_2_0),
        (2, "a1", "b2", CEGO_2_0),
        (2, "b1", "a2", CEGO_2_0),
        (3, "a1", "b1", CEGO_2_0),
        (3, "b2", "a2", CEGO_2_0),
    ]
    t = event("oito", chaves=True, knockout=seeds, ko_matches=ko)
    lines, complete = table(t)
    assert complete
    assert lines[:4] == [(1, "a1", False), (2, "b1", False), (3, "b2", False), (4, "a2", False)]
    # quartas losers a3, b3 (5º in the chaves, level) then a4, b4 (7º, level)
    assert lines[4:] == [(5, "a3", True), (5, "b3", True), (7, "b4", True), (7, "a4", True)]


def test_mata_mata_only_goiano_shares_the_3o_and_each_rodada() -> None:
    keys = [f"t{i}" for i in range(1, 9)]
    ko = [
        (1, "t1", "t8", GOIANO),
        (1, "t4", "t5", GOIANO),
        (1, "t2", "t7", GOIANO),
        (1, "t3", "t6", GOIANO),
        (2, "t1", "t4", GOIANO),
        (2, "t2", "t3", GOIANO),
        (3, "t1", "t2", GOIANO),
    ]
    t = event("copa", chaves=False, knockout=keys, ko_matches=ko, modality="truco-goiano", keys=keys)
    assert t.stage_plan == Tournament.StagePlan.KNOCKOUT
    lines, complete = table(t)
    assert complete
    assert lines == [
        (1, "t1", False),
        (2, "t2", False),
        (3, "t4", True),
        (3, "t3", True),
        (5, "t8", True),
        (5, "t5", True),
        (5, "t7", True),
        (5, "t6", True),
    ]
    labels = [line.label for line in final_placings(t).lines]
    assert labels[:3] == ["Campeã", "Vice-campeã", "Semifinais"]  # a goiano dupla
    assert labels[-1] == "Quartas de final"


def test_nothing_played_places_nobody_as_champion() -> None:
    t = event("vazio", chaves=False, knockout=["a1", "b1", "a2", "b2"])
    p = final_placings(t)
    assert p.lines == [] and not p.complete and p.champion is None


def test_a_tie_in_the_final_chave_waiting_for_its_sorteio_is_shared_and_names_no_champion() -> None:
    keys = ["a1", "a2", "a3"]
    doc_matches = [  # a circle: each wins one, all 2–0: level on everything
        {"stage": "chaves", "group": "A", "round": 1, "teams": ["a1", "a2"], "result": CEGO_2_0},
        {"stage": "chaves", "group": "A", "round": 2, "teams": ["a2", "a3"], "result": CEGO_2_0},
        {"stage": "chaves", "group": "A", "round": 3, "teams": ["a3", "a1"], "result": CEGO_2_0},
    ]
    doc = {
        "format": "tenteio/1",
        "tournament": {"name": "Roda", "slug": "roda", "modality": "truco-cego-trio"},
        "teams": [team(k, 3, entity=None) for k in keys],
        "stages": [{"key": "chaves", "kind": "groups", "groups": [{"name": "A", "teams": keys}]}],
        "matches": doc_matches,
    }
    t = load_tournament(doc).tournament
    p = final_placings(t)
    assert [(x.position, x.shared) for x in p.lines] == [(1, True)] * 3
    assert p.complete and p.champion is None
