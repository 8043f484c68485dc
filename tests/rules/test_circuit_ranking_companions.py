"""rules.circuit_ranking with ``together``: the players of one team in every etapa, level
on everything, share their place with no sorteio asked below the podium, and wait for
one within it; every other tie is as before (docs/rules.md §3.16)."""

from __future__ import annotations

from collections import defaultdict

from hypothesis import given
from hypothesis import strategies as st

from rules.circuit import EtapaPlacings, Results, ScoredEtapa, SharedPoints, player_results, scored
from rules.circuit_ranking import rank_circuit
from rules.circuit_terms import PODIUM, CircuitCriterion, CircuitRanking
from rules.explain import SeparationKind
from tests.rules.circuit_helpers import CIRCUIT, C
from tests.rules.test_circuit_properties import FAST, TEAMS, circuits

TRIOS = {team: [f"{team.lower()}{k}" for k in (1, 2, 3)] for team in "ABCDEF"}


def season(*finishes: list[str]) -> tuple[list[str], list[ScoredEtapa]]:
    """One etapa per finish (teams in order 1º, 2º…; «E=F» share a place), each etapa's
    teams keyed ``<etapa>:<team>``."""
    etapas = []
    for k, finish in enumerate(finishes, start=1):
        placed, position = [], 1
        for entry in finish:
            teams = entry.split("=")
            placed += [(f"e{k}:{team}", position) for team in teams]
            position += len(teams)
        etapas.append(EtapaPlacings(f"e{k}", tuple(placed)))
    return [e.key for e in etapas], scored(etapas, CIRCUIT, SharedPoints.AVERAGE)


def players_of(etapas: list[ScoredEtapa], teams: dict[str, list[str]] | None = None) -> dict[str, list[str]]:
    """Each etapa team's players: its trio of ``TRIOS`` (or of ``teams``), every etapa."""
    named = {**TRIOS, **(teams or {})}
    return {team: named[team.split(":")[1]] for e in etapas for team, _r in e.teams}


def together_of(etapas: list[ScoredEtapa], players: dict[str, list[str]]) -> dict[str, tuple[str, ...]]:
    """Each player's teams, etapa by etapa (what ``circuits.selectors`` passes)."""
    teams: defaultdict[str, list[str]] = defaultdict(list)
    for e in etapas:
        for team, _r in e.teams:
            for p in players.get(team, ()):
                teams[p].append(team)
    return {p: tuple(mine) for p, mine in teams.items()}


def players_ranking(
    *finishes: list[str], teams: dict[str, list[str]] | None = None, **settings: object
) -> CircuitRanking:
    keys, etapas = season(*finishes)
    players = players_of(etapas, teams)
    results = player_results(etapas, players)
    return rank_circuit(keys, results, together=together_of(etapas, players), **settings)  # type: ignore[arg-type]


FOUR = ["A", "B", "C", "D"]


def test_a_trio_level_on_everything_shares_its_place_below_the_podium() -> None:
    ranking = players_ranking(FOUR, FOUR)
    assert [(r.position, r.competitor) for r in ranking.rows] == [
        (1, "a1"), (1, "a2"), (1, "a3"),
        (4, "b1"), (4, "b2"), (4, "b3"),
        (7, "c1"), (7, "c2"), (7, "c3"),
        (10, "d1"), (10, "d2"), (10, "d3"),
    ]  # fmt: skip
    # Only the champions' tie, within the podium, waits for a sorteio.
    assert ranking.pending_ties == (frozenset({"a1", "a2", "a3"}),)
    assert [r.pending_lots for r in ranking.rows] == [True] * 3 + [False] * 9
    assert [r.companions for r in ranking.rows[:4]] == [(), (), (), ("b2", "b3")]
    assert ranking.rows[4].companions == ("b1", "b3") and ranking.rows[11].companions == ("d1", "d2")
    kinds = [s.kind for s in ranking.separations]
    assert kinds[:2] == [SeparationKind.PENDING_LOTS] * 2
    assert kinds[3:5] == [SeparationKind.TIED] * 2 and kinds[2] is SeparationKind.CRITERION


def test_a_tie_starting_within_the_podium_still_waits_for_a_sorteio() -> None:
    # A is a dupla: B's trio shares the 3º-5º, starting within the podium.
    ranking = players_ranking(FOUR, FOUR, teams={"A": ["a1", "a2"]})
    assert [r.position for r in ranking.rows] == [1, 1, 3, 3, 3, 6, 6, 6, 9, 9, 9]
    assert ranking.pending_ties == (frozenset({"a1", "a2"}), frozenset({"b1", "b2", "b3"}))
    assert not ranking.rows[2].companions and ranking.rows[5].companions == ("c2", "c3")
    # The podium is a setting of the ranking: of 4 places, of none.
    assert frozenset({"b1", "b2", "b3"}) in players_ranking(FOUR, FOUR, podium=4).pending_ties
    assert players_ranking(FOUR, FOUR, podium=0).pending_ties == ()


def test_players_of_different_results_level_on_everything_wait_as_before() -> None:
    # B 21 + 17, C 17 + 21: an etapa each over the other, the same placings.
    ranking = players_ranking(FOUR, ["A", "C", "B", "D"])
    assert [r.position for r in ranking.rows][3:9] == [4] * 6
    assert ranking.pending_ties[1] == frozenset({"b1", "b2", "b3", "c1", "c2", "c3"})
    assert not any(r.companions for r in ranking.rows[3:9])


def test_a_sorteio_recorded_for_a_trio_still_orders_it() -> None:
    ranking = players_ranking(FOUR, FOUR, lots=[["b3", "b1", "b2"]])
    assert [(r.position, r.competitor, r.companions) for r in ranking.rows[3:6]] == [
        (4, "b3", ()),
        (5, "b1", ()),
        (6, "b2", ()),
    ]


def test_two_teams_with_the_same_results_did_not_play_together() -> None:
    # E and F share the 5º in both etapas: the same results, not the same team.
    ranking = players_ranking(["A", "B", "C", "D", "E=F"], ["A", "B", "C", "D", "E=F"])
    tie = frozenset({"e1", "e2", "e3", "f1", "f2", "f3"})
    assert tie in ranking.pending_ties and ranking.pending_ties[-1] == tie
    assert all(r.pending_lots and not r.companions for r in ranking.rows if r.competitor in tie)


def test_without_together_every_tie_waits_as_before() -> None:
    keys, etapas = season(FOUR, FOUR)
    ranking = rank_circuit(keys, player_results(etapas, players_of(etapas)))
    assert len(ranking.pending_ties) == 4 and not any(r.companions for r in ranking.rows)


def test_without_a_sorteio_in_the_precedence_companions_are_named_too() -> None:
    ranking = players_ranking(FOUR, FOUR, tiebreakers=[C.ETAPAS_WON])
    assert ranking.pending_ties == ()
    assert ranking.rows[0].companions == ("a2", "a3")


@FAST
@given(
    circuits(),
    st.dictionaries(st.sampled_from(TEAMS), st.lists(st.sampled_from("pqrs"), max_size=3, unique=True)),
    st.lists(st.permutations("pqrs"), max_size=2),
    st.integers(0, 4),
)
def test_together_only_drops_the_sorteios_of_teammates_below_the_podium(
    etapas: list[EtapaPlacings], players: dict[str, list[str]], lots: list[list[str]], podium: int
) -> None:
    """The same lines and positions as without ``together``; the pending ties those of
    before but the ties of only teammates starting below the podium, which are shared
    for good and named as companions."""
    etapas_scored = scored(etapas, CIRCUIT, SharedPoints.SAME)
    results: Results = player_results(etapas_scored, players)
    keys = [e.key for e in etapas]
    together = together_of(etapas_scored, players)
    precedence = [*[c for c in CircuitCriterion if c not in (C.POINTS, C.LOTS)], C.LOTS]
    before = rank_circuit(keys, results, tiebreakers=precedence, lots=lots)
    after = rank_circuit(keys, results, tiebreakers=precedence, lots=lots, together=together, podium=podium)
    assert [(r.competitor, r.position) for r in after.rows] == [
        (r.competitor, r.position) for r in before.rows
    ]
    position = {r.competitor: r.position for r in before.rows}
    cells = {r.competitor: r.cells for r in before.rows}

    def teammates(tie: frozenset[str]) -> bool:
        return len({(together[c], cells[c]) for c in tie}) == 1

    kept = [t for t in before.pending_ties if not (teammates(t) and position[min(t)] > podium)]
    assert list(after.pending_ties) == kept
    for row in after.rows:
        for mate in row.companions:
            assert not row.pending_lots and position[mate] == row.position > 0
            assert (together[mate], cells[mate]) == (together[row.competitor], row.cells)
    assert PODIUM == 3


def test_a_competitor_without_a_key_played_with_nobody() -> None:
    keys, etapas = season(FOUR, FOUR)
    players = players_of(etapas)
    together = together_of(etapas, players)
    del together["a3"], together["b3"]
    results = player_results(etapas, players)
    ranking = rank_circuit(keys, results, together=together)
    assert frozenset({"b1", "b2", "b3"}) in ranking.pending_ties
    level = rank_circuit(keys, results, together=together, tiebreakers=[C.ETAPAS_WON])
    assert [r.companions for r in level.rows[:3]] == [("a2",), ("a1",), ()]
