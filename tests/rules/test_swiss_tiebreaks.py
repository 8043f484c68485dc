"""Swiss desempates (rules.swiss_tiebreaks): hand-computed examples and properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.ranking import rank_totals
from rules.swiss_tiebreaks import (
    DEFAULT_ORDER,
    FinishedRound,
    Game,
    SwissLine,
    criterion_values,
    sort_keys,
    swiss_tiebreaks,
    with_swiss,
)
from rules.types import Counters, Criterion

FAST = settings(max_examples=200, deadline=None)
TEAMS = list("ABCDE")
# Three rodadas of five teams, a folga each: E, D and C.
ROUNDS = [
    FinishedRound((Game("A", "B", "A"), Game("C", "D", "C")), bye="E"),
    FinishedRound((Game("A", "C", "A"), Game("E", "B", "E")), bye="D"),
    FinishedRound((Game("A", "E", "E"), Game("B", "D", "D")), bye="C"),
]


def test_hand_computed_values() -> None:
    lines = swiss_tiebreaks(TEAMS, ROUNDS)
    # Vitórias: A 2, B 0, C 2 (one a folga), D 2 (one a folga), E 3 (one a folga).
    got = {t: (x.wins, x.byes, x.buchholz, x.buchholz_cut1, x.sonneborn_berger) for t, x in lines.items()}
    assert got == {
        "A": (2, 0, 0 + 2 + 3, 5 - 0, 0 + 2),  # met B, C, E; beat B and C
        "B": (0, 0, 2 + 3 + 2, 7 - 2, 0),  # met A, E, D; beat nobody
        "C": (2, 1, 2 + 2 + 0, 4 - 0, 2),  # met D, A, folga; beat D
        "D": (2, 1, 2 + 0 + 0, 2 - 0, 0),  # met C, folga, B; beat B (0 vitórias)
        "E": (3, 1, 0 + 0 + 2, 2 - 0, 0 + 2),  # folga, met B, A; beat both
    }
    assert list(lines) == TEAMS


def test_ranking_reads_the_swiss_values_and_names_the_criterion() -> None:
    lines = swiss_tiebreaks(TEAMS, ROUNDS)
    assert swiss_tiebreaks(["Z"], [])["Z"] == SwissLine("Z", 0, 0, 0, 0, 0)
    totals = {t: Counters(played=3, wins=x.wins) for t, x in lines.items()}
    order = with_swiss([Criterion.WINS, Criterion.POINTS_FOR, Criterion.LOTS])
    assert order == (Criterion.WINS, *DEFAULT_ORDER, Criterion.POINTS_FOR, Criterion.LOTS)
    standings = rank_totals(TEAMS, totals, (), tiebreakers=order, values=criterion_values(lines))
    # E 3 V; A, C, D 2 V: cut-1 5, 4, 2; B 0 V.
    assert [r.team for r in standings.rows] == ["E", "A", "C", "D", "B"]
    assert [s.criterion for s in standings.separations] == [
        Criterion.WINS, Criterion.BUCHHOLZ_CUT1, Criterion.BUCHHOLZ_CUT1, Criterion.WINS,
    ]  # fmt: skip
    assert (standings.separations[1].upper_value, standings.separations[1].lower_value) == (5, 4)
    assert with_swiss(order[::-1]) == order[::-1]  # the organizer's order is kept


def test_a_jogo_without_winner_counts_the_opponent_only() -> None:
    lines = swiss_tiebreaks(["A", "B", "C", "D"], [
        FinishedRound((Game("A", "B", "A"), Game("C", "D", "C"))),
        FinishedRound((Game("A", "C", None), Game("B", "D", "B"))),
    ])  # fmt: skip
    assert (lines["A"].wins, lines["A"].buchholz, lines["A"].sonneborn_berger) == (1, 1 + 1, 1)
    assert (lines["C"].wins, lines["C"].buchholz, lines["C"].sonneborn_berger) == (1, 0 + 1, 0)


def test_sort_keys_follow_the_order() -> None:
    lines = swiss_tiebreaks(TEAMS, ROUNDS)
    assert sort_keys(lines)["A"] == (5, 5, 2)
    assert sort_keys(lines, (Criterion.SONNEBORN_BERGER, Criterion.WINS))["E"] == (2, 3)
    with pytest.raises(ValueError):
        sort_keys(lines, (Criterion.POINTS_FOR,))


@pytest.mark.parametrize(
    "bad",
    [
        FinishedRound((Game("A", "Z", "A"),)),  # unknown team
        FinishedRound((Game("A", "B", "C"),)),  # winner did not play
        FinishedRound((Game("A", "B", "A"), Game("A", "C", "C"))),  # A twice
        FinishedRound((Game("A", "B", "A"),), bye="A"),  # A plays and rests
    ],
)
def test_inconsistent_rounds_are_refused(bad: FinishedRound) -> None:
    with pytest.raises(ValueError):
        swiss_tiebreaks(TEAMS, [bad])


@st.composite
def events(draw: st.DrawFn) -> tuple[list[str], list[FinishedRound]]:
    n = draw(st.integers(1, 9))
    teams = [f"t{i}" for i in range(n)]
    rounds = []
    for _ in range(draw(st.integers(0, 6))):
        order = draw(st.permutations(teams))
        bye = order.pop() if len(order) % 2 and draw(st.booleans()) else None
        games = []
        for a, b in zip(order[::2], order[1::2]):
            games.append(Game(a, b, draw(st.sampled_from([a, b, a, b, None]))))
        rounds.append(FinishedRound(tuple(games), bye))
    return teams, rounds


@FAST
@given(events(), st.data())
def test_properties(event: tuple[list[str], list[FinishedRound]], data: st.DataObject) -> None:
    teams, rounds = event
    lines = swiss_tiebreaks(teams, rounds)
    wins = {t: x.wins for t, x in lines.items()}
    assert sum(wins.values()) == sum(
        sum(g.winner is not None for g in r.games) + (r.bye is not None) for r in rounds
    )
    for t, x in lines.items():
        opponents = [g.b if g.a == t else g.a for r in rounds for g in r.games if t in (g.a, g.b)]
        beaten = [g.b if g.a == t else g.a for r in rounds for g in r.games if g.winner == t]
        assert x.buchholz == sum(wins[o] for o in opponents)
        assert x.sonneborn_berger == sum(wins[o] for o in beaten) <= x.buchholz
        played = len(opponents) + x.byes
        lowest = 0 if x.byes else min((wins[o] for o in opponents), default=0)
        assert x.buchholz_cut1 == x.buchholz - lowest if played else x.buchholz_cut1 == 0
    # Numbers do not depend on the order of rodadas, nor of jogos within one.
    shuffled = [FinishedRound(tuple(data.draw(st.permutations(r.games))), r.bye) for r in rounds]
    again = swiss_tiebreaks(teams, data.draw(st.permutations(shuffled)))
    numbers = {t: (x.wins, x.buchholz, x.buchholz_cut1, x.sonneborn_berger) for t, x in lines.items()}
    assert {t: (x.wins, x.buchholz, x.buchholz_cut1, x.sonneborn_berger) for t, x in again.items()} == numbers
