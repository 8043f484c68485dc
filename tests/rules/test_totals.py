"""rules.totals: what a stored result contributes, and a chave evaluated from tallies
ranks exactly as one evaluated from the reports (expulsions, V-M11, reasons)."""

from __future__ import annotations

import pytest

from rules.group import GroupMatch, evaluate_group
from rules.modalities import get_modality
from rules.ranking import rank_totals
from rules.resolver import MatchesNeeded
from rules.results import Absent, Disqualification, Ending, GameReport, MatchReport, Scope, Side
from rules.totals import StoredMatch, evaluate_tallies, expulsion_reasons, tally, tally_report
from rules.types import Counters, Criterion

CEGO = get_modality("truco-cego-trio")


def played(*rows: tuple[object, object]) -> MatchReport:
    return MatchReport(tuple(GameReport(a, b, Ending.TARGET) for a, b in rows))


def test_tally_of_a_broken_shape_is_no_result_and_of_an_invalid_score_counts_nothing() -> None:
    assert tally(CEGO, "nonsense", "T1", "T2") is None
    invalid = tally(CEGO, {"games": [[24, 24], [3, 5]]}, "T1", "T2")
    assert invalid is not None and invalid.outcome is None
    good = tally(CEGO, {"games": [[24, 3], [24, 5]]}, "T1", "T2")
    assert good is not None and good.outcome is not None and good.outcome.winner is Side.A


def test_counters_as_a_dict_name_the_seven_in_order() -> None:
    assert list(Counters(1, 1, 0, 2, 0, 48, 8).as_dict().items()) == [
        ("played", 1),
        ("wins", 1),
        ("losses", 0),
        ("games_won", 2),
        ("games_lost", 0),
        ("points_for", 48),
        ("points_against", 8),
    ]


def test_reasons_name_the_walkover_first_then_the_disqualification() -> None:
    report = MatchReport(
        walkover=Absent.B, disqualification=Disqualification(Side.A, Scope.TOURNAMENT, "20-II")
    )
    found = tally_report(CEGO, report, ("T1", "T2"))
    assert found.reason(Side.B) == "W.O. (Art. 20, III)" and found.reason(Side.A) == "Art. 20-II"
    assert found.absent == frozenset({Side.B})


def test_a_chave_from_tallies_equals_the_chave_from_reports() -> None:
    dq = MatchReport(
        games=(GameReport(24, 10), GameReport(5, 3)),
        disqualification=Disqualification(Side.B, Scope.TOURNAMENT, "20-II"),
    )
    reports = [
        GroupMatch("m3", 2, "T1", "T3", None),
        GroupMatch("m1", 1, "T1", "T2", MatchReport(walkover=Absent.A)),
        GroupMatch("m2", 1, "T3", "T4", dq),
        GroupMatch("m4", 3, "T4", "T1", played((24, 1), (24, 2))),  # V-M11: T4 was expelled
        GroupMatch("m5", 3, "T2", "T3", played((24, 1), (24, 2))),
        GroupMatch("m6", 3, "T2", "T4", None),
    ]
    stored = [
        StoredMatch(m.key, m.round, m.team_a, m.team_b, tally_report(CEGO, m.report, (m.team_a, m.team_b)))
        if m.report is not None
        else StoredMatch(m.key, m.round, m.team_a, m.team_b, None)
        for m in reports
    ]
    before, after = evaluate_group(CEGO, reports), evaluate_tallies(CEGO, stored)
    assert (after.ranked, after.disqualified, dict(after.totals)) == (
        before.ranked,
        before.disqualified,
        dict(before.totals),
    )
    assert after.walkovers_awarded == before.walkovers_awarded
    expected = {"T1": "W.O. (Art. 20, III)", "T4": "Art. 20-II"}
    assert after.disqualified == frozenset(expected)
    assert expulsion_reasons(stored, after.disqualified) == expected


def test_ranking_from_totals_names_the_teams_whose_jogos_head_to_head_needs() -> None:
    tied = Counters(played=2, wins=1, games_won=3, points_for=50)
    totals = {"a": tied, "b": tied, "c": Counters(played=2, wins=2), "d": Counters(played=2)}
    precedence = (Criterion.WINS, Criterion.GAMES_WON, Criterion.POINTS_FOR, Criterion.HEAD_TO_HEAD)
    with pytest.raises(MatchesNeeded) as needed:
        rank_totals(list(totals), totals, None, tiebreakers=precedence)
    assert needed.value.teams == frozenset({"a", "b"})
    standings = rank_totals(list(totals), totals, (), tiebreakers=precedence)
    assert [r.team for r in standings.rows] == ["c", "a", "b", "d"]
