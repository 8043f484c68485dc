"""Every shape problem of an interchange ``result`` with the team and the parameters it
names, not only its code (issue #18: tests that pin the rules; kills mutants of
rules/results.py that drop or change a parameter, stop at the first bad row, or turn a
commission decision into a stalling award)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.results import Scope, Side, from_interchange

TEAMS = ("x", "y")
OK = [[24, 1], [24, 2]]


def found(result: Any) -> list[tuple[str, int | None, tuple[str, ...], dict[str, Any]]]:
    _, problems = from_interchange(result, *TEAMS)
    return [(p.code, p.game, p.teams, p.params_dict) for p in problems]


CASES: list[tuple[Any, list[tuple[str, int | None, dict[str, Any]]]]] = [
    ([1], [("result.not_object", None, {"value": "[1]"})]),
    ({"games": OK, "bogus": 1}, [("result.unknown_key", None, {"key": "'bogus'"})]),
    ({"walkover": "z"}, [("match.walkover_unknown_team", None, {"team": "'z'"})]),
    ({"walkover": ["x", "x"]}, [("match.walkover_unknown_team", None, {"team": "['x', 'x']"})]),
    ({"games": OK, "stalling": "yes"}, [("result.field_invalid", None, {"field": "stalling"})]),
    (
        {"games": OK, "decided_by": "judge", "winner": "x"},
        [("result.field_invalid", None, {"field": "decided_by"})],
    ),
    ({"games": OK, "decided_by": "commission"}, [("match.commission_winner_required", None, {})]),
    (
        {"games": OK, "decided_by": "commission", "winner": "z"},
        [("match.commission_unknown_team", None, {"team": "'z'"})],
    ),
    ({"games": OK, "winner": "x"}, [("result.field_invalid", None, {"field": "winner"})]),
    ({"games": "x"}, [("result.field_invalid", None, {"field": "games"})]),
    ({"games": OK, "endings": "x"}, [("result.field_invalid", None, {"field": "endings"})]),
    ({"games": OK, "endings": ["target"]}, [("result.endings_length", None, {"games": 2, "endings": 1})]),
    (
        {"games": [[1], 5, [24, 1]]},
        [("game.malformed", 1, {"value": "[1]"}), ("game.malformed", 2, {"value": "5"})],
    ),
    (
        {"games": OK, "endings": ["bogus", [1]]},
        [("game.ending_unknown", 1, {"value": "'bogus'"}), ("game.ending_unknown", 2, {"value": "[1]"})],
    ),
    ({"games": OK, "disqualified": "x"}, [("result.field_invalid", None, {"field": "disqualified"})]),
    (
        {"games": OK, "disqualified": {"team": "z"}},
        [("match.disqualification_unknown_team", None, {"team": "'z'"})],
    ),
    (
        {"games": OK, "disqualified": {"team": "x", "scope": "weird"}},
        [("match.disqualification_scope_unknown", None, {"value": "'weird'"})],
    ),
    (
        {"games": OK, "disqualified": {"team": "x", "scope": "match", "article": 5}},
        [("result.field_invalid", None, {"field": "article"})],
    ),
]


@pytest.mark.parametrize(("result", "expected"), CASES)
def test_each_problem_names_its_teams_and_parameters(result: Any, expected: list[Any]) -> None:
    assert found(result) == [(code, game, TEAMS, params) for code, game, params in expected]


def test_a_commission_decision_is_not_a_stalling_award_unless_it_says_so() -> None:
    report, _ = from_interchange({"games": OK, "decided_by": "commission", "winner": "y"}, *TEAMS)
    assert report is not None and report.commission_winner is Side.B and report.commission_stalling is False
    bad = {"games": OK, "decided_by": "commission", "winner": "y", "stalling": "yes"}
    report, _ = from_interchange(bad, *TEAMS)
    assert report is not None and report.commission_stalling is False
    good = {"games": OK, "decided_by": "commission", "winner": "y", "stalling": True}
    report, _ = from_interchange(good, *TEAMS)
    assert report is not None and report.commission_stalling is True


def test_a_disqualification_of_an_unknown_team_is_dropped_even_with_a_known_scope() -> None:
    report, _ = from_interchange({"games": OK, "disqualified": {"team": "z", "scope": "match"}}, *TEAMS)
    assert report is not None and report.disqualification is None
    report, _ = from_interchange({"games": OK, "disqualified": {"team": "y", "scope": "bad"}}, *TEAMS)
    assert report is not None and report.disqualification is None
    report, _ = from_interchange({"games": OK, "disqualified": {"team": "y", "scope": "game"}}, *TEAMS)
    assert report is not None and report.disqualification is not None
    assert (report.disqualification.side, report.disqualification.scope) == (Side.B, Scope.GAME)
