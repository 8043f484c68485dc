"""evaluate_group(): a whole chave with expulsions (Art. 20 §1º, W.O. in 000) and V-M11."""

from __future__ import annotations

from rules.group import GroupMatch, evaluate_group
from rules.modalities import get_modality
from rules.problems import Severity
from rules.results import Absent, Disqualification, Ending, GameReport, MatchReport, Scope, Side

CEGO = get_modality("truco-cego-trio")
PAULISTA = get_modality("truco-paulista")


def played(*rows: tuple[object, object]) -> MatchReport:
    return MatchReport(tuple(GameReport(a, b, Ending.TARGET) for a, b in rows))


WIN_A = played((24, 10), (24, 12))


def test_walkover_in_000_expels_and_converts_later_unplayed_fixtures() -> None:
    matches = [
        GroupMatch("m3", 2, "T1", "T3", None),  # listed first: order is by round
        GroupMatch("m1", 1, "T1", "T2", MatchReport(walkover=Absent.A)),
        GroupMatch("m2", 1, "T3", "T4", WIN_A),
        GroupMatch("m4", 3, "T4", "T1", None),
        GroupMatch("m5", 3, "T2", "T3", None),  # not played, nobody expelled: not counted
    ]
    result = evaluate_group(CEGO, matches)
    assert result.problems == ()
    assert result.disqualified == frozenset({"T1"})
    assert result.walkovers_awarded == ("m3", "m4")
    assert [(m.team_a, m.team_b, m.winner) for m in result.ranked] == [
        ("T1", "T2", "T2"),
        ("T3", "T4", "T3"),
        ("T1", "T3", "T3"),
        ("T4", "T1", "T4"),
    ]
    assert result.totals["T4"].points_for == 22 + 72
    assert result.totals["T1"].losses == 3 and result.totals["T1"].played == 3
    assert not result.has_errors


def test_walkover_outside_000_does_not_expel() -> None:
    matches = [
        GroupMatch("m1", 1, "T1", "T2", MatchReport(walkover=Absent.A)),
        GroupMatch("m2", 2, "T1", "T3", None),
    ]
    result = evaluate_group(PAULISTA, matches)
    assert result.disqualified == frozenset()
    assert len(result.ranked) == 1


def test_expelled_team_may_appear_as_absent_side_of_a_walkover() -> None:
    dq = MatchReport(disqualification=Disqualification(Side.B, Scope.TOURNAMENT, "20-III"))
    matches = [
        GroupMatch("m1", 1, "T1", "T2", dq),
        GroupMatch("m2", 2, "T2", "T3", MatchReport(walkover=Absent.A)),
        GroupMatch("m3", 3, "T4", "T2", MatchReport(walkover=Absent.BOTH)),
    ]
    result = evaluate_group(CEGO, matches)
    assert result.problems == ()
    assert result.disqualified == frozenset({"T2", "T4"})
    assert [m.winner for m in result.ranked] == ["T1", "T3", None]


def test_match_scope_disqualification_does_not_expel() -> None:
    dq = MatchReport(disqualification=Disqualification(Side.B, Scope.MATCH, "20-VIII"))
    matches = [GroupMatch("m1", 1, "T1", "T2", dq), GroupMatch("m2", 2, "T2", "T3", WIN_A)]
    result = evaluate_group(CEGO, matches)
    assert result.disqualified == frozenset()
    assert [m.winner for m in result.ranked] == ["T1", "T2"]


def test_same_round_fixture_of_an_expelled_team_is_not_touched() -> None:
    matches = [
        GroupMatch("m1", 1, "T1", "T2", MatchReport(walkover=Absent.B)),
        GroupMatch("m2", 1, "T2", "T3", WIN_A),  # same rodada: not "later"
    ]
    result = evaluate_group(CEGO, matches)
    assert result.problems == ()
    assert len(result.ranked) == 2


def test_fixtures_without_round_come_last_and_count_as_later() -> None:
    matches = [
        GroupMatch("m2", None, "T2", "T3", WIN_A),
        GroupMatch("m1", 1, "T1", "T2", MatchReport(walkover=Absent.B)),
    ]
    result = evaluate_group(CEGO, matches)
    assert [(k, p.code) for k, p in result.problems] == [("m2", "match.expelled_team_played")]


def test_fixture_between_two_expelled_teams_is_not_counted() -> None:
    matches = [
        GroupMatch("m1", 1, "T1", "T2", MatchReport(walkover=Absent.BOTH)),
        GroupMatch("m2", 2, "T1", "T2", None),
    ]
    result = evaluate_group(CEGO, matches)
    assert len(result.ranked) == 1 and result.walkovers_awarded == ()
    assert result.void == ("m2",)  # not due: the chave waits for nothing


def test_fixture_of_one_expelled_team_is_awarded_not_void() -> None:
    matches = [
        GroupMatch("m1", 1, "T1", "T2", MatchReport(walkover=Absent.A)),
        GroupMatch("m2", 2, "T1", "T3", None),
        GroupMatch("m3", 2, "T2", "T3", None),
    ]
    result = evaluate_group(CEGO, matches)
    assert result.walkovers_awarded == ("m2",) and result.void == ()


def test_both_expelled_teams_playing_is_reported_for_each() -> None:
    matches = [
        GroupMatch("m1", 1, "T1", "T2", MatchReport(walkover=Absent.BOTH)),
        GroupMatch("m2", 2, "T1", "T2", WIN_A),
    ]
    result = evaluate_group(CEGO, matches)
    assert [p.param("team") for _, p in result.problems] == ["T1", "T2"]


def test_invalid_reports_are_reported_and_not_counted() -> None:
    matches = [
        GroupMatch("bad", 1, "T1", "T2", played((24, 10), (10, 24))),
        GroupMatch("self", 1, "T3", "T3", WIN_A),
        GroupMatch("ok", 2, "T1", "T3", WIN_A),
    ]
    result = evaluate_group(CEGO, matches, clamp=True)
    assert [(k, p.code, p.teams) for k, p in result.problems] == [
        ("bad", "match.undecided", ("T1", "T2")),
        ("self", "match.same_team", ("T3", "T3")),
    ]
    assert result.has_errors
    assert [m.winner for m in result.ranked] == ["T1"]
    assert result.totals["T2"].played == 0


def test_invalid_walkover_does_not_expel() -> None:
    bad_wo = MatchReport(games=(GameReport(24, 1),), walkover=Absent.B)
    matches = [GroupMatch("m1", 1, "T1", "T2", bad_wo), GroupMatch("m2", 2, "T2", "T3", WIN_A)]
    result = evaluate_group(CEGO, matches)
    assert [p.code for _, p in result.problems] == ["match.walkover_with_games"]
    assert result.disqualified == frozenset()


def test_above_target_is_counted_only_when_clamped() -> None:
    matches = [GroupMatch("m1", 1, "T1", "T2", played((27, 10), (24, 12)))]
    unclamped = evaluate_group(CEGO, matches)
    assert [p.severity for _, p in unclamped.problems] == [Severity.NORMALIZE]
    assert unclamped.ranked == ()
    clamped = evaluate_group(CEGO, matches, clamp=True)
    assert [p.code for _, p in clamped.problems] == ["game.score_clamped"]
    assert clamped.ranked[0].games == ((24, 10), (24, 12))
    assert not clamped.has_errors


def test_total_wins_equal_decided_counted_matches() -> None:
    matches = [
        GroupMatch("m1", 1, "T1", "T2", WIN_A),
        GroupMatch("m2", 1, "T3", "T4", MatchReport(walkover=Absent.BOTH)),
        GroupMatch("m3", 2, "T1", "T3", None),
    ]
    result = evaluate_group(CEGO, matches)
    decided = sum(1 for m in result.ranked if m.winner is not None)
    assert sum(c.wins for c in result.totals.values()) == decided == 2


def test_unhashable_scores_are_judged_without_the_cache() -> None:
    from rules.group import judge
    from rules.results import GameReport, MatchReport

    modality = get_modality("truco-cego-trio")
    report = MatchReport(games=(GameReport([24], 3), GameReport(24, 5)))
    found, outcome = judge(modality, report, ("t1", "t2"))
    assert outcome is None and any(p.code == "game.score_not_integer" for p in found)
    good = MatchReport(games=(GameReport(24, 3), GameReport(24, 5)))
    first, second = judge(modality, good, ("t1", "t2")), judge(modality, good, ("t1", "t2"))
    assert first is second and first[1] is not None and first[1].counters_a.wins == 1
