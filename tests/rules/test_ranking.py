"""Chave ranking (rules.ranking): docs/rules.md §3.2, §3.13, E15, AMB-07, AMB-29."""

from __future__ import annotations

import pytest

from rules.explain import DirectMatches, MiniLeague, SeparationKind
from rules.ranking import (
    DEFAULT_PRECEDENCE,
    GroupStandings,
    check_precedence,
    rank_group,
)
from rules.types import Counters, Criterion, RankedMatch, TeamStatus

W, P, T, H2H, LOTS = (
    Criterion.WINS,
    Criterion.GAMES_WON,
    Criterion.POINTS_FOR,
    Criterion.HEAD_TO_HEAD,
    Criterion.LOTS,
)


def jogo(a: str, b: str, *games: tuple[int, int], target: int = 24) -> RankedMatch:
    """A jogo from its partida scores (a first), with the 2–0 sweep credit (§3.1)."""
    won_a = sum(1 for x, y in games if x > y)
    won_b = len(games) - won_a
    pts_a = sum(x for x, _ in games)
    pts_b = sum(y for _, y in games)
    if won_a == 2 and won_b == 0:
        won_a, pts_a = 3, 3 * target
    if won_b == 2 and won_a == 0:
        won_b, pts_b = 3, 3 * target
    a_wins = won_a > won_b
    ca = Counters(1, int(a_wins), int(not a_wins), won_a, won_b, pts_a, pts_b)
    cb = Counters(1, int(not a_wins), int(a_wins), won_b, won_a, pts_b, pts_a)
    return RankedMatch(a, b, ca, cb, a if a_wins else b, tuple(games))


WIN_21 = Counters(1, 1, 0, 2, 1, 60, 60)


def flat(a: str, b: str, winner: str | None) -> RankedMatch:
    """A 2–1 jogo, 60 tentos each, so only wins and head-to-head separate teams."""
    c = WIN_21
    loser = Counters(1, 0, 1, c.games_lost, c.games_won, c.points_against, c.points_for)
    if winner is None:
        loser = c = Counters(1, 0, 1, 0, 0, 0, 0)
    ca, cb = (c, loser) if winner in (a, None) else (loser, c)
    return RankedMatch(a, b, ca, cb, winner, ((24, 20), (20, 24), (24, 16)))


E15 = [
    jogo("T1", "T2", (24, 20), (24, 22)),
    jogo("T3", "T4", (24, 10), (15, 24), (24, 23)),
    jogo("T1", "T3", (20, 24), (24, 18), (23, 24)),
    jogo("T2", "T4", (24, 5), (24, 6)),
    jogo("T1", "T4", (24, 12), (24, 20)),
    jogo("T2", "T3", (24, 19), (21, 24), (24, 16)),
]


def table(s: GroupStandings) -> list[tuple[int, str, Criterion | None, bool]]:
    return [(r.position, r.team, r.separated_by, r.pending_lots) for r in s.rows]


def test_e15_exact() -> None:
    s = rank_group(["T4", "T3", "T2", "T1"], E15, tiebreakers=DEFAULT_PRECEDENCE)
    assert table(s) == [
        (1, "T1", P, False),
        (2, "T3", T, False),
        (3, "T2", W, False),
        (4, "T4", None, False),
    ]
    got = {r.team: (r.counters.played, r.counters.wins, r.counters.losses) for r in s.rows}
    assert got == {"T1": (3, 2, 1), "T3": (3, 2, 1), "T2": (3, 2, 1), "T4": (3, 0, 3)}
    assert [(r.counters.games_won, r.counters.points_for) for r in s.rows] == [
        (7, 211),
        (5, 188),
        (5, 183),
        (1, 100),
    ]
    # T2 beat T3 head-to-head (J6) but tentos come first in 000.
    assert (s.separations[1].upper_value, s.separations[1].lower_value) == (188, 183)
    assert (s.separations[0].upper_value, s.separations[0].lower_value) == (7, 5)
    assert (s.separations[2].upper_value, s.separations[2].lower_value) == (2, 0)
    assert all(r.status is TeamStatus.ACTIVE for r in s.rows)
    assert not s.pending_lots
    assert s.row_for("T2").position == 3


def test_row_for_unknown_team() -> None:
    s = rank_group(["a"], [], tiebreakers=[W])
    with pytest.raises(KeyError):
        s.row_for("zz")


def test_two_team_head_to_head_uses_their_jogo() -> None:
    # A and B: 2 wins each with identical totals (V 2, P 5, T 180); B beat A.
    # C and D: 1 win each, C beat D.
    matches = [flat("A", "B", "B"), flat("A", "C", "A"), flat("A", "D", "A")]
    matches += [flat("B", "C", "B"), flat("B", "D", "D"), flat("C", "D", "C")]
    s = rank_group(["A", "B", "C", "D"], matches, tiebreakers=DEFAULT_PRECEDENCE)
    assert table(s) == [(1, "B", H2H, False), (2, "A", W, False), (3, "C", H2H, False), (4, "D", None, False)]
    sep = s.separations[0]
    assert sep.detail == DirectMatches((((20, 24), (24, 20), (16, 24)),))
    assert (sep.upper_value, sep.lower_value) == (1, 0)


def test_head_to_head_scores_oriented_upper_first() -> None:
    s = rank_group(["A", "B"], [jogo("A", "B", (13, 24), (20, 24))], tiebreakers=[H2H])
    assert [r.team for r in s.rows] == ["B", "A"]
    assert s.separations[0].detail == DirectMatches((((24, 13), (24, 20)),))


def test_more_than_one_meeting_counts_wins() -> None:
    matches = [flat("A", "B", "A"), flat("A", "B", "B"), flat("B", "A", "B")]
    s = rank_group(["A", "B"], matches, tiebreakers=[H2H])
    assert [r.team for r in s.rows] == ["B", "A"]
    sep = s.separations[0]
    assert (sep.upper_value, sep.lower_value) == (2, 1)
    assert isinstance(sep.detail, DirectMatches) and len(sep.detail.scores) == 3


def test_equal_meetings_fall_through_to_lots() -> None:
    matches = [flat("A", "B", "A"), flat("A", "B", "B")]
    s = rank_group(["A", "B"], matches, tiebreakers=[W, H2H, LOTS], lots=[["B", "A"]])
    assert table(s) == [(1, "B", LOTS, False), (2, "A", None, False)]
    assert (s.separations[0].upper_value, s.separations[0].lower_value) == (1, 2)


def test_never_met_fall_through_pending() -> None:
    s = rank_group(["B", "A"], [], tiebreakers=DEFAULT_PRECEDENCE)
    assert table(s) == [(1, "A", None, True), (1, "B", None, True)]
    assert s.separations[0].kind is SeparationKind.PENDING_LOTS
    assert s.pending_lots
    assert all(r.counters == Counters() for r in s.rows)


def test_never_met_in_a_mini_league() -> None:
    # A, B, C each beat X and never met each other: the mini-league has no jogo.
    m = [flat("A", "X", "A"), flat("X", "B", "B"), flat("C", "X", "C")]
    s = rank_group(list("ABCX"), m, tiebreakers=[W, H2H, LOTS], lots=[["C", "A", "B"]])
    assert [r.team for r in s.rows] == ["C", "A", "B", "X"]
    assert [r.separated_by for r in s.rows] == [LOTS, LOTS, W, None]
    s = rank_group(list("ABCX"), m, tiebreakers=[W, H2H, LOTS])
    assert [r.pending_lots for r in s.rows] == [True, True, True, False]


def test_double_walkover_gives_no_head_to_head() -> None:
    s = rank_group(["A", "B"], [flat("A", "B", None)], tiebreakers=[W, H2H, LOTS])
    assert [r.pending_lots for r in s.rows] == [True, True]


CIRCLE = [flat("A", "B", "A"), flat("B", "C", "B"), flat("C", "A", "C")]


def test_circular_tie_pending_without_sorteio() -> None:
    s = rank_group(["C", "B", "A"], CIRCLE, tiebreakers=DEFAULT_PRECEDENCE)
    assert table(s) == [(1, "A", None, True), (1, "B", None, True), (1, "C", None, True)]
    assert [x.kind for x in s.separations] == [SeparationKind.PENDING_LOTS] * 2


def test_circular_tie_honours_recorded_sorteio() -> None:
    lots = [["A", "B", "C"], ["C", "A", "B"]]  # the most recent wins
    s = rank_group(["A", "B", "C"], CIRCLE, tiebreakers=DEFAULT_PRECEDENCE, lots=lots)
    assert table(s) == [(1, "C", LOTS, False), (2, "A", LOTS, False), (3, "B", None, False)]


def test_lots_of_exactly_the_tie_apply_and_others_do_not() -> None:
    exact = [["C", "A", "B"], ["A", "B"]]  # the newer one is of another tie
    s = rank_group(["A", "B", "C"], CIRCLE, tiebreakers=DEFAULT_PRECEDENCE, lots=exact)
    assert [r.team for r in s.rows] == ["C", "A", "B"]
    assert (s.separations[0].upper_value, s.separations[0].lower_value) == (1, 2)
    # A sorteio of more teams than the tie (made before a correction) no longer applies.
    stale = [["X", "B", "Y", "C", "A"]]
    s = rank_group(["A", "B", "C"], CIRCLE, tiebreakers=DEFAULT_PRECEDENCE, lots=stale)
    assert s.pending_lots and {r.position for r in s.rows} == {1}


def test_lots_not_in_precedence_ties_without_pending() -> None:
    s = rank_group(["A", "B", "C"], CIRCLE, tiebreakers=[W, H2H])
    assert table(s) == [(1, "A", None, False), (1, "B", None, False), (1, "C", None, False)]
    assert all(x.kind is SeparationKind.TIED for x in s.separations)


def test_competition_positions_after_a_tie() -> None:
    m = [flat("A", "D", "A"), flat("B", "D", "B"), flat("C", "D", "C")]
    s = rank_group(list("ABCD"), m, tiebreakers=[W, LOTS])
    assert [(r.position, r.team) for r in s.rows] == [(1, "A"), (1, "B"), (1, "C"), (4, "D")]
    assert [r.separated_by for r in s.rows] == [None, None, W, None]


def test_three_tied_mini_league_separates_one_pair_by_direct_jogo() -> None:
    # Circle A>B>C>A among three teams tied overall on V 2, P 5, T 170 (D evens
    # the totals). Mini-table: V 1 each, P 3 each, T A 110, B 115, C 115: the
    # mini-league puts A last; B and C stay equal and their direct jogo decides.
    m = [
        RankedMatch("A", "B", Counters(1, 1, 0, 2, 1, 60, 55), Counters(1, 0, 1, 1, 2, 55, 60), "A"),
        RankedMatch(
            "B",
            "C",
            Counters(1, 1, 0, 2, 1, 60, 55),
            Counters(1, 0, 1, 1, 2, 55, 60),
            "B",
            ((24, 20), (12, 24), (24, 11)),
        ),
        RankedMatch("C", "A", Counters(1, 1, 0, 2, 1, 60, 50), Counters(1, 0, 1, 1, 2, 50, 60), "C"),
        RankedMatch("A", "D", Counters(1, 1, 0, 2, 1, 60, 50), Counters(1, 0, 1, 1, 2, 50, 60), "A"),
        RankedMatch("D", "B", Counters(1, 0, 1, 1, 2, 50, 55), Counters(1, 1, 0, 2, 1, 55, 50), "B"),
        RankedMatch("D", "C", Counters(1, 0, 1, 1, 2, 50, 55), Counters(1, 1, 0, 2, 1, 55, 50), "C"),
    ]
    s = rank_group(list("DCBA"), m, tiebreakers=DEFAULT_PRECEDENCE)
    assert {(r.counters.wins, r.counters.games_won, r.counters.points_for) for r in s.rows[:3]} == {
        (2, 5, 170)
    }
    assert table(s) == [(1, "B", H2H, False), (2, "C", H2H, False), (3, "A", W, False), (4, "D", None, False)]
    direct, mini = s.separations[0], s.separations[1]
    assert direct.detail == DirectMatches((((24, 20), (12, 24), (24, 11)),))
    assert mini.detail == MiniLeague(("A", "B", "C"), T)
    assert (mini.upper_value, mini.lower_value) == (115, 110)


def test_mini_league_subgroup_of_three_gets_its_own_mini_league() -> None:
    # Mini wins among A-E: A 4, then B, C, D 1... B>C, C>D, D>B circle plus E last.
    m = [flat("A", x, "A") for x in "BCDE"]
    m += [flat("B", "C", "B"), flat("C", "D", "C"), flat("D", "B", "D")]
    m += [flat("B", "E", "B"), flat("C", "E", "C"), flat("D", "E", "D")]
    # wins: A 4, B 2, C 2, D 2, E 0. Head-to-head first: the mini-league of all five
    # is by wins: A 4, B/C/D 2, E 0 → {B, C, D} shrank and gets its own mini-league:
    # a circle (1 win each) → it separates nobody → lots (pending).
    s = rank_group(list("EDCBA"), m, tiebreakers=[H2H, LOTS])
    assert [r.team for r in s.rows] == ["A", "B", "C", "D", "E"]
    assert [r.position for r in s.rows] == [1, 2, 2, 2, 5]
    assert [r.pending_lots for r in s.rows] == [False, True, True, True, False]
    assert s.separations[0].detail == MiniLeague(("A", "B", "C", "D", "E"), W)


def won(a: str, b: str, points_a: int, points_b: int) -> RankedMatch:
    """``a`` beat ``b`` 2–1 with the given tentos (so partidas never separate)."""
    ca = Counters(1, 1, 0, 2, 1, points_a, points_b)
    cb = Counters(1, 0, 1, 1, 2, points_b, points_a)
    return RankedMatch(a, b, ca, cb, a, ((24, 10), (10, 24), (points_a - 34, points_b - 34)))


def test_shrunk_subgroup_mini_league_then_pair() -> None:
    # A, B, C, D tie overall on V 3 and T 260. The mini-league of the four (by V,
    # then T) puts A first (3 wins) and leaves B, C, D level (V 1, T 155 each); the
    # sub-league of only B, C, D then splits them by T (B 115, C 110, D 110) and C
    # goes above D on their direct jogo.
    m = [won("A", "B", 60, 40), won("A", "C", 60, 45), won("A", "D", 60, 45)]
    m += [won("B", "C", 60, 50), won("C", "D", 60, 50), won("D", "B", 60, 55)]
    m += [won("E", "A", 60, 40), won("F", "A", 60, 40), won("E", "F", 60, 50)]
    m += [won(x, y, 52 + (y == "F"), 40) for x in "BCD" for y in "EF"]
    s = rank_group(list("FEDCBA"), m, tiebreakers=[W, T, H2H, LOTS])
    assert {(r.counters.wins, r.counters.points_for) for r in s.rows[:4]} == {(3, 260)}
    assert table(s) == [
        (1, "A", H2H, False),
        (2, "B", H2H, False),
        (3, "C", H2H, False),
        (4, "D", W, False),
        (5, "E", W, False),
        (6, "F", None, False),
    ]
    seps = s.separations
    assert seps[0].detail == MiniLeague(("A", "B", "C", "D"), W)
    assert (seps[0].upper_value, seps[0].lower_value) == (3, 1)
    assert seps[1].detail == MiniLeague(("B", "C", "D"), T)
    assert (seps[1].upper_value, seps[1].lower_value) == (115, 110)
    assert seps[2].detail == DirectMatches((((24, 10), (10, 24), (26, 16)),))


def test_disqualified_rows_come_last_ranked_among_themselves() -> None:
    m = [flat("A", "B", "A"), flat("C", "A", "C"), flat("B", "D", "B"), flat("C", "D", "C")]
    s = rank_group(list("ABCD"), m, tiebreakers=DEFAULT_PRECEDENCE, disqualified={"C", "A", "zz"})
    assert table(s) == [(1, "B", W, False), (2, "D", None, False), (3, "C", W, False), (4, "A", None, False)]
    assert [r.status for r in s.rows] == [TeamStatus.ACTIVE] * 2 + [TeamStatus.DISQUALIFIED] * 2
    assert s.separations[1].kind is SeparationKind.STATUS
    assert s.separations[1].criterion is None


def test_disqualified_ties_are_not_pending() -> None:
    s = rank_group(list("ABC"), [], tiebreakers=DEFAULT_PRECEDENCE, disqualified=["B", "C"])
    assert table(s) == [(1, "A", None, False), (2, "B", None, False), (2, "C", None, False)]
    assert s.separations[1].kind is SeparationKind.TIED


def test_everyone_disqualified() -> None:
    s = rank_group(list("AB"), [flat("A", "B", "B")], tiebreakers=DEFAULT_PRECEDENCE, disqualified="AB")
    assert table(s) == [(1, "B", W, False), (2, "A", None, False)]


def test_custom_precedence_differences() -> None:
    m = [
        RankedMatch("A", "B", Counters(1, 1, 0, 2, 1, 60, 59), Counters(1, 0, 1, 1, 2, 59, 60), "A"),
        RankedMatch("B", "C", Counters(1, 1, 0, 3, 0, 72, 10), Counters(1, 0, 1, 0, 3, 10, 72), "B"),
        RankedMatch("C", "A", Counters(1, 1, 0, 2, 1, 70, 40), Counters(1, 0, 1, 1, 2, 40, 70), "C"),
    ]
    # points difference: A 1-30 = -29, B -1+62 = 61, C -62+30 = -32
    s = rank_group(list("ABC"), m, tiebreakers=[Criterion.POINTS_DIFFERENCE])
    assert [r.team for r in s.rows] == ["B", "A", "C"]
    assert (s.separations[0].upper_value, s.separations[0].lower_value) == (61, -29)
    # partidas difference: A (2-1)+(1-2) = 0, B (1-2)+(3-0) = 2, C (0-3)+(2-1) = -2
    s = rank_group(list("ABC"), m, tiebreakers=[Criterion.GAMES_DIFFERENCE, W])
    assert [(r.team, r.separated_by) for r in s.rows] == [
        ("B", Criterion.GAMES_DIFFERENCE),
        ("A", Criterion.GAMES_DIFFERENCE),
        ("C", None),
    ]


def test_head_to_head_first_beats_totals() -> None:
    # E15 with head-to-head first: the four-team mini-league is the whole chave,
    # by wins: T1, T3, T2 have 2 → {T1, T2, T3} get their own mini-league: circle
    # (T1>T2, T3>T1, T2>T3) → nobody separated → falls to wins (still tied), then
    # partidas: T1 7, T3/T2 5 → tentos 188 > 183.
    s = rank_group(["T1", "T2", "T3", "T4"], E15, tiebreakers=[H2H, W, P, T, LOTS])
    assert table(s) == [
        (1, "T1", P, False),
        (2, "T3", T, False),
        (3, "T2", H2H, False),
        (4, "T4", None, False),
    ]
    assert s.separations[2].detail == MiniLeague(("T1", "T2", "T3", "T4"), W)
    # With only head-to-head then lots, the T1-T2-T3 circle needs a sorteio.
    s = rank_group(["T1", "T2", "T3", "T4"], E15, tiebreakers=[H2H, LOTS])
    assert [r.pending_lots for r in s.rows] == [True, True, True, False]


def test_check_precedence() -> None:
    assert check_precedence(["wins", "lots"]) == (W, LOTS)
    with pytest.raises(ValueError, match="duplicated"):
        check_precedence([W, P, W])
    with pytest.raises(ValueError, match="last"):
        check_precedence([W, LOTS, P])
    with pytest.raises(ValueError):
        check_precedence(["goals"])


def test_bad_inputs() -> None:
    with pytest.raises(ValueError, match="twice"):
        rank_group(["A", "A"], [], tiebreakers=[W])
    with pytest.raises(ValueError, match="not in the chave"):
        rank_group(["A", "B"], [flat("A", "Z", "A")], tiebreakers=[W])


def test_empty_chave() -> None:
    s = rank_group([], [], tiebreakers=DEFAULT_PRECEDENCE)
    assert s.rows == () and s.separations == () and not s.pending_lots


def test_sub_ties_of_a_mini_league_get_head_to_head_again() -> None:
    # docs/rules.md §3.2 "Sub-ties" (revised 2026-12): four teams tied at the start, mini-table
    # wins 2, 2, 1, 1 (W>X, W>Y, X>Y, X>Z, Y>Z, Z>W). Head-to-head is applied again
    # inside {W, X} and inside {Y, Z}, each pair by its direct jogo, before any sorteio.
    m = [flat("W", "X", "W"), flat("W", "Y", "W"), flat("X", "Y", "X")]
    m += [flat("X", "Z", "X"), flat("Y", "Z", "Y"), flat("Z", "W", "Z")]
    s = rank_group(list("ZYXW"), m, tiebreakers=[H2H, LOTS])
    assert table(s) == [
        (1, "W", H2H, False),
        (2, "X", H2H, False),
        (3, "Y", H2H, False),
        (4, "Z", None, False),
    ]
    first, league, last = s.separations
    assert isinstance(first.detail, DirectMatches) and isinstance(last.detail, DirectMatches)
    assert league.detail == MiniLeague(("W", "X", "Y", "Z"), W)
    assert (league.upper_value, league.lower_value) == (2, 1)
