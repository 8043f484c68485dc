"""Standings through the whole stack: worked examples and export/load round trips."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.modalities import PRESETS
from standings.selectors import tournament_standings
from tests.commands import run
from tests.documents import document, match
from tests.generators import tournament_document
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def load(tmp_path: Path, doc: dict[str, Any], name: str = "in.json") -> None:
    path = tmp_path / name
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    code, _, err = run("loadtournament", str(path))
    assert code == 0, err


def counters(slug: str) -> dict[str, tuple[int, int, int, int, int]]:
    doc = json.loads(run("standings", slug, "--format", "json")[1])
    rows = doc["stages"][0]["groups"][0]["rows"]
    return {r["team"]: (r["played"], r["wins"], r["losses"], r["games_won"], r["points_for"]) for r in rows}


# (modality, result, expected J/V/D/P/T of t1, of t2) from docs/rules.md §5.
EXAMPLES = [
    ("E1", "truco-cego-trio", {"games": [[24, 17], [24, 9]]}, (1, 1, 0, 3, 72), (1, 0, 1, 0, 26)),
    ("E2", "truco-cego-trio", {"games": [[19, 24], [24, 13], [24, 22]]}, (1, 1, 0, 2, 67), (1, 0, 1, 1, 59)),
    ("E3", "truco-amostra-trio", {"games": [[30, 28], [30, 0]]}, (1, 1, 0, 3, 90), (1, 0, 1, 0, 28)),
    (
        "E4",
        "truco-amostra-trio",
        {"games": [[30, 11], [25, 30], [30, 29]]},
        (1, 1, 0, 2, 85),
        (1, 0, 1, 1, 70),
    ),
    ("E5", "truco-cego-trio", {"walkover": "t2"}, (1, 1, 0, 3, 72), (1, 0, 1, 0, 0)),
    ("E7", "truco-cego-trio", {"games": [[24, 20], [18, 24], [24, 21]]}, (1, 1, 0, 2, 66), (1, 0, 1, 1, 65)),
    (
        "E8",
        "truco-cego-trio",
        {
            "games": [[15, 24], [12, 20]],
            "endings": ["target", "time"],
            "decided_by": "commission",
            "winner": "t1",
            "stalling": True,
        },
        (1, 1, 0, 3, 72),
        (1, 0, 1, 0, 44),
    ),
    (
        "E9",
        "truco-cego-trio",
        {
            "games": [[24, 21], [6, 15]],
            "disqualified": {"team": "t2", "article": "20-II", "scope": "tournament"},
        },
        (1, 1, 0, 3, 72),
        (1, 0, 1, 0, 36),
    ),
    (
        "E10",
        "truco-cego-trio",
        {"games": [], "disqualified": {"team": "t2", "article": "20-VIII", "scope": "match"}},
        (1, 1, 0, 3, 72),
        (1, 0, 1, 0, 0),
    ),
    ("E13", "truco-uruguaio", {"games": [[30, 17], [26, 30], [30, 29]]}, (1, 1, 0, 2, 86), (1, 0, 1, 1, 76)),
]


@pytest.mark.parametrize(
    ("name", "modality", "result", "first", "second"), EXAMPLES, ids=[e[0] for e in EXAMPLES]
)
def test_worked_examples_through_the_stack(
    tmp_path: Path,
    name: str,
    modality: str,
    result: dict[str, Any],
    first: tuple[int, ...],
    second: tuple[int, ...],
) -> None:
    size = PRESETS[modality].players
    load(tmp_path, document([match(1, "t1", "t2", result)], keys=("t1", "t2"), modality=modality, size=size))
    got = counters("teste")
    assert got["t1"] == first
    assert got["t2"] == second


def test_e9_expelled_team_is_listed_last_as_disqualified(tmp_path: Path) -> None:
    dq = {
        "games": [[24, 21], [6, 15]],
        "disqualified": {"team": "t1", "article": "20-II", "scope": "tournament"},
    }
    matches = [
        match(1, "t1", "t2", dq),
        match(2, "t1", "t3", None),
        match(2, "t2", "t3", {"games": [[24, 1], [24, 2]]}),
    ]
    load(tmp_path, document(matches, keys=("t1", "t2", "t3")))
    doc = json.loads(run("standings", "teste", "--format", "json")[1])
    rows = doc["stages"][0]["groups"][0]["rows"]
    assert [r["team"] for r in rows] == ["t2", "t3", "t1"]
    assert rows[-1]["status"] == "disqualified"
    assert next(r for r in rows if r["team"] == "t3")["wins"] == 1  # W.O. win over the expelled t1


def test_a_jogo_between_two_expelled_teams_leaves_the_chave_final(tmp_path: Path) -> None:
    """AMB-07: t1 and t2 both left the tournament by W.O. in rodada 1; their rodada-2 jogo
    is not due, so the chave is complete once the others have played."""
    matches = [
        match(1, "t1", "t3", {"walkover": "t1"}),
        match(1, "t2", "t4", {"walkover": "t2"}),
        match(2, "t1", "t2", None),
        match(2, "t3", "t4", {"games": [[24, 1], [24, 2]]}),
        match(3, "t1", "t4", None),
        match(3, "t2", "t3", None),
    ]
    load(tmp_path, document(matches, keys=("t1", "t2", "t3", "t4")))
    (table,) = tournament_standings(Tournament.objects.get(slug="teste"))
    assert table.groups[0].unplayed == 0 and table.complete


@pytest.mark.parametrize("modality", sorted(PRESETS))
def test_export_then_load_gives_byte_identical_standings(tmp_path: Path, modality: str) -> None:
    doc = tournament_document(modality, groups=2, size=5, seed=7)
    load(tmp_path, doc)
    slug = doc["tournament"]["slug"]
    before = run("standings", slug, "--format", "json")[1]
    code, exported, err = run("exporttournament", slug)
    assert code == 0, err
    Tournament.objects.all().delete()
    load(tmp_path, json.loads(exported), name="again.json")
    assert run("standings", slug, "--format", "json")[1] == before
    assert run("exporttournament", slug)[1] == exported


def test_copa_truco_e6_knockout_loads_and_exports(tmp_path: Path) -> None:
    duo = [{"name": "Um", "captain": True}, {"name": "Dois"}]
    doc = {
        "format": "tenteio/1",
        "tournament": {"name": "Copa Truco Goiânia", "slug": "copa", "modality": "truco-goiano"},
        "teams": [{"key": k, "name": f"Dupla {k.upper()}", "players": duo} for k in "abcd"],
        "stages": [{"key": "mata", "kind": "knockout", "teams": ["a", "b", "c", "d"]}],
        "matches": [
            {
                "stage": "mata",
                "round": 1,
                "teams": ["a", "b"],
                "result": {
                    "games": [[12, 8], [7, 10], [9, 9], [12, 5]],
                    "endings": ["target", "time", "time", "target"],
                },
            },
            {
                "stage": "mata",
                "round": 1,
                "teams": ["c", "d"],
                "result": {"games": [[11, 12], [12, 4], [10, 6]], "endings": ["target", "target", "time"]},
            },
            {"stage": "mata", "round": 2, "teams": ["a", "c"], "result": None},
        ],
    }
    load(tmp_path, doc)
    code, out, _ = run("standings", "copa", "--stage", "mata", "--format", "json")
    assert code == 0 and json.loads(out)["stages"] == [{"key": "mata", "groups": []}]
    exported = json.loads(run("exporttournament", "copa")[1])
    assert exported["stages"] == doc["stages"]
    assert [m["result"] for m in exported["matches"]] == [m["result"] for m in doc["matches"]]
    # E6 invalid variant: P2 "time" at 12–10 must be an error (V-P6)
    bad = json.loads(json.dumps(doc))
    bad["tournament"]["slug"] = "copa-ruim"
    bad["matches"][0]["result"]["games"][1] = [10, 12]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    code, _, err = run("loadtournament", str(path))
    assert code == 1 and "game.time_at_target" in err
