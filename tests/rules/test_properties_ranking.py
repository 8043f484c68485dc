"""Hypothesis properties of chave ranking on generated round robins."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.explain import SeparationKind
from rules.ranking import GroupStandings, rank_group
from rules.resolver import PLAIN_CRITERIA
from rules.types import Counters, Criterion, RankedMatch, TeamStatus
from tests.rules.test_ranking import jogo

FAST = settings(max_examples=200, deadline=None)

# Few distinct results, so equal counters (and so head-to-head and lots) are common.
RESULTS: list[tuple[tuple[int, int], ...]] = [
    ((24, 20), (24, 20)),
    ((20, 24), (20, 24)),
    ((24, 20), (20, 24), (24, 20)),
    ((20, 24), (24, 20), (20, 24)),
    ((24, 10), (24, 22)),
]
DOUBLE_WO = RankedMatch("", "", Counters(1, 0, 1), Counters(1, 0, 1), None)

PLAIN = sorted(PLAIN_CRITERIA, key=lambda c: c.value)


def _match(a: str, b: str, result: int) -> RankedMatch:
    if result == len(RESULTS):  # a double W.O.: nobody wins
        return RankedMatch(a, b, DOUBLE_WO.counters_a, DOUBLE_WO.counters_b, None)
    return jogo(a, b, *RESULTS[result])


@st.composite
def chaves(draw: st.DrawFn) -> tuple[list[str], list[RankedMatch]]:
    n = draw(st.integers(min_value=1, max_value=7))
    teams = [f"t{k}" for k in range(n)]
    pairs = list(combinations(teams, 2))
    played = draw(st.lists(st.booleans(), min_size=len(pairs), max_size=len(pairs)))
    results = draw(st.lists(st.integers(0, len(RESULTS)), min_size=len(pairs), max_size=len(pairs)))
    matches = [_match(a, b, r) for (a, b), p, r in zip(pairs, played, results, strict=True) if p or n < 4]
    return teams, matches


@st.composite
def precedences(draw: st.DrawFn) -> list[Criterion]:
    plain = draw(st.permutations(PLAIN))
    k = draw(st.integers(min_value=1, max_value=len(plain)))
    chosen: list[Criterion] = list(plain[:k])
    if draw(st.booleans()):
        chosen.insert(draw(st.integers(0, len(chosen))), Criterion.HEAD_TO_HEAD)
    if draw(st.booleans()):
        chosen.append(Criterion.LOTS)
    return chosen


def _flip(m: RankedMatch) -> RankedMatch:
    games = tuple((b, a) for a, b in m.games)
    return RankedMatch(m.team_b, m.team_a, m.counters_b, m.counters_a, m.winner, games)


def _check_positions(s: GroupStandings) -> None:
    for k, row in enumerate(s.rows):
        tied_above = k > 0 and s.separations[k - 1].kind in (SeparationKind.TIED, SeparationKind.PENDING_LOTS)
        assert row.position == (s.rows[k - 1].position if tied_above else k + 1)


@FAST
@given(chaves(), precedences(), st.data())
def test_input_order_does_not_matter(
    chave: tuple[list[str], list[RankedMatch]], precedence: list[Criterion], data: st.DataObject
) -> None:
    teams, matches = chave
    out = data.draw(st.sets(st.sampled_from(teams)))
    lots = data.draw(st.lists(st.permutations(teams), max_size=2))
    base = rank_group(teams, matches, tiebreakers=precedence, lots=lots, disqualified=out)
    shuffled_teams = data.draw(st.permutations(teams))
    shuffled = data.draw(st.permutations(matches))
    flips = data.draw(st.lists(st.booleans(), min_size=len(shuffled), max_size=len(shuffled)))
    shuffled = [_flip(m) if f else m for m, f in zip(shuffled, flips, strict=True)]
    other = rank_group(shuffled_teams, shuffled, tiebreakers=precedence, lots=lots, disqualified=list(out))
    assert other == base
    assert sorted(r.team for r in base.rows) == sorted(teams)
    statuses = [r.status for r in base.rows]
    assert statuses == sorted(statuses, key=lambda s: s is TeamStatus.DISQUALIFIED)
    _check_positions(base)


@FAST
@given(chaves(), precedences())
def test_total_wins_equal_jogos_with_a_winner(
    chave: tuple[list[str], list[RankedMatch]], precedence: list[Criterion]
) -> None:
    teams, matches = chave
    s = rank_group(teams, matches, tiebreakers=precedence)
    assert sum(r.counters.wins for r in s.rows) == sum(1 for m in matches if m.winner is not None)
    assert sum(r.counters.played for r in s.rows) == 2 * len(matches)


@FAST
@given(chaves(), precedences())
def test_rows_sorted_by_first_criterion_and_pending_rows_share_positions(
    chave: tuple[list[str], list[RankedMatch]], precedence: list[Criterion]
) -> None:
    teams, matches = chave
    s = rank_group(teams, matches, tiebreakers=precedence)
    first = precedence[0] if precedence[0] is not Criterion.HEAD_TO_HEAD else None
    if first is not None:
        values = [getattr(r.counters, first.value) for r in s.rows]
        assert values == sorted(values, reverse=True)
    _check_positions(s)
    for k, row in enumerate(s.rows):
        if row.pending_lots:
            assert Criterion.LOTS in precedence
            same = [r for r in s.rows if r.position == row.position]
            assert len(same) >= 2 and all(r.pending_lots for r in same)
            assert row.separated_by is None or s.rows[k + 1].position != row.position
        if k < len(s.rows) - 1:
            sep = s.separations[k]
            assert (sep.upper, sep.lower) == (row.team, s.rows[k + 1].team)
            assert row.separated_by is sep.criterion


@FAST
@given(st.integers(min_value=1, max_value=8), st.booleans(), st.data())
def test_recorded_sorteio_is_honoured_when_all_else_is_equal(
    n: int, with_double_wo: bool, data: st.DataObject
) -> None:
    teams = [f"t{k}" for k in range(n)]
    matches = [_match(a, b, len(RESULTS)) for a, b in combinations(teams, 2)] if with_double_wo else []
    order = data.draw(st.permutations(teams))
    older = data.draw(st.permutations(teams))
    precedence = [Criterion.WINS, Criterion.GAMES_WON, Criterion.POINTS_FOR, Criterion.HEAD_TO_HEAD]
    s = rank_group(teams, matches, tiebreakers=[*precedence, Criterion.LOTS], lots=[older, order])
    assert [(r.position, r.team) for r in s.rows] == list(enumerate(order, start=1))
    assert not s.pending_lots
    assert all(r.separated_by is Criterion.LOTS for r in s.rows[:-1])
    pending = rank_group(teams, matches, tiebreakers=[*precedence, Criterion.LOTS])
    assert all(r.position == 1 and r.pending_lots == (n > 1) for r in pending.rows)
    assert [r.team for r in pending.rows] == sorted(teams)
