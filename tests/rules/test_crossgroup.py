"""Cross-chave ranking (rules.crossgroup): docs/rules.md §3.4, AMB-05, E16."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.crossgroup import (
    CrossEntry,
    CrossMethod,
    counters_without_last,
    cross_entries,
    rank_across_groups,
)
from rules.explain import DirectMatches, SeparationKind
from rules.ranking import DEFAULT_PRECEDENCE, rank_group
from rules.types import Counters, Criterion
from tests.rules.test_ranking import E15, flat, jogo

X2 = CrossEntry("X2", "X", Counters(3, 2, 1, 5, 4, 188, 170), group_size=4)
Y2 = CrossEntry("Y2", "Y", Counters(2, 1, 1, 3, 2, 125, 110), group_size=3)


def test_e16_averages() -> None:
    rows = rank_across_groups([Y2, X2])
    assert [(r.position, r.team, r.group, r.separated_by) for r in rows] == [
        (1, "X2", "X", Criterion.WINS),
        (2, "Y2", "Y", None),
    ]
    sep = rows[0].separation
    assert sep is not None and sep.averaged
    assert (sep.upper_value, sep.lower_value) == (Fraction(2, 3), Fraction(1, 2))
    assert rows[0].average(Criterion.GAMES_WON) == Fraction(5, 3)
    assert rows[1].average(Criterion.POINTS_FOR) == Fraction(125, 2)
    assert rows[1].separation is None and not rows[0].pending_lots


def test_e16_variant_y2_two_wins_in_two() -> None:
    y2 = CrossEntry("Y2", "Y", Counters(2, 2, 0, 4, 1, 125, 100), group_size=3)
    rows = rank_across_groups([X2, y2], method="averages")
    assert [r.team for r in rows] == ["Y2", "X2"]
    sep = rows[0].separation
    assert sep is not None and (sep.upper_value, sep.lower_value) == (Fraction(1), Fraction(2, 3))


def test_equal_averages_head_to_head_only_if_met() -> None:
    a = CrossEntry("a", "A", Counters(2, 1, 1, 3, 2, 100, 90))
    b = CrossEntry("b", "B", Counters(4, 2, 2, 6, 4, 200, 180))
    rows = rank_across_groups([a, b])
    assert [(r.position, r.pending_lots) for r in rows] == [(1, True), (1, True)]
    assert rows[0].separation is not None and rows[0].separation.kind is SeparationKind.PENDING_LOTS
    met = [jogo("b", "a", (24, 3), (24, 5)), flat("x", "y", "x")]
    rows = rank_across_groups([a, b], head_to_head_matches=met)
    assert [(r.team, r.separated_by) for r in rows] == [("b", Criterion.HEAD_TO_HEAD), ("a", None)]
    sep = rows[0].separation
    assert sep is not None and sep.detail == DirectMatches((((24, 3), (24, 5)),))
    rows = rank_across_groups([a, b], lots=[["a", "b"]])
    assert [(r.team, r.separated_by, r.pending_lots) for r in rows] == [
        ("a", Criterion.LOTS, False),
        ("b", None, False),
    ]


def test_mini_league_uses_averages() -> None:
    same = Counters(2, 1, 1, 3, 3, 100, 100)
    entries = [CrossEntry(t, t.upper(), same) for t in "abc"]
    met = [flat("a", "b", "a"), flat("a", "c", "a")]
    rows = rank_across_groups(entries, head_to_head_matches=met)
    assert [r.team for r in rows] == ["a", "b", "c"]
    assert rows[0].separated_by is Criterion.HEAD_TO_HEAD
    sep = rows[0].separation
    assert sep is not None and (sep.upper_value, sep.lower_value) == (Fraction(1), Fraction(0))
    assert [r.pending_lots for r in rows] == [False, True, True]


def test_a_team_that_never_played_averages_zero() -> None:
    rows = rank_across_groups([CrossEntry("z", "Z", Counters()), Y2], criteria=[Criterion.WINS])
    assert [r.team for r in rows] == ["Y2", "z"]
    assert rows[1].average(Criterion.WINS) == 0


def test_discard_last_with_real_chaves() -> None:
    chave_x = rank_group(["T1", "T2", "T3", "T4"], E15, tiebreakers=DEFAULT_PRECEDENCE)
    y_matches = [
        jogo("Y1", "Y2", (24, 20), (24, 10)),
        jogo("Y2", "Y3", (24, 20), (20, 24), (24, 22)),
        jogo("Y1", "Y3", (24, 1), (24, 2)),
    ]
    chave_y = rank_group(["Y1", "Y2", "Y3"], y_matches, tiebreakers=DEFAULT_PRECEDENCE)
    chaves = {"Y": (chave_y, y_matches), "X": (chave_x, E15)}
    seconds = cross_entries(chaves, 2)
    assert [(e.team, e.group, e.group_size) for e in seconds] == [("T3", "X", 4), ("Y2", "Y", 3)]
    t3 = seconds[0]
    assert t3.counters == chave_x.row_for("T3").counters
    # Without the jogo against T4 (last): J2 V1 P3 T125 (66 + 59).
    w = t3.counters_without_last
    assert w is not None and (w.played, w.wins, w.games_won, w.points_for) == (2, 1, 3, 125)
    by_avg = rank_across_groups(seconds)
    assert [r.team for r in by_avg] == ["T3", "Y2"]
    by_discard = rank_across_groups(seconds, method=CrossMethod.DISCARD_LAST)
    # Y2 (3-team chave, the smallest) keeps everything: J2 V1 P2 T98; T3 now J2 V1 P3.
    assert [(r.team, r.separated_by) for r in by_discard] == [("T3", Criterion.GAMES_WON), ("Y2", None)]
    assert by_discard[0].counters == w
    assert [e.team for e in cross_entries(chaves, 4)] == ["T4"]  # chave Y has no 4th
    assert [e.team for e in cross_entries(chaves, 1, skip={"X"})] == ["Y1"]


def test_counters_without_last_for_the_last_team_and_shared_last() -> None:
    chave = rank_group(["T1", "T2", "T3", "T4"], E15, tiebreakers=DEFAULT_PRECEDENCE)
    assert counters_without_last("T4", E15, chave) == chave.row_for("T4").counters
    # a pending tie for last place discards both tied teams
    m = [flat("A", "B", "A"), flat("A", "C", "A")]
    ch = rank_group(list("ABC"), m, tiebreakers=DEFAULT_PRECEDENCE)
    assert [r.position for r in ch.rows] == [1, 2, 2]
    assert counters_without_last("A", m, ch) == Counters()
    everyone_out = rank_group(list("AB"), [], tiebreakers=DEFAULT_PRECEDENCE, disqualified="AB")
    assert counters_without_last("A", [], everyone_out) == Counters()


def test_bad_entries() -> None:
    with pytest.raises(ValueError, match="twice"):
        rank_across_groups([X2, X2])
    with pytest.raises(ValueError, match="group_size"):
        rank_across_groups([X2, CrossEntry("q", "Q", Counters())], method="discard_last")
    with pytest.raises(ValueError, match="counters_without_last"):
        rank_across_groups([X2, Y2], method="discard_last")
    with pytest.raises(ValueError):
        rank_across_groups([X2], method="median")
    with pytest.raises(ValueError, match="average"):
        rank_across_groups([X2])[0].average(Criterion.LOTS)
    assert rank_across_groups([]) == []
