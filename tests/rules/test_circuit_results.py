"""rules.circuit: who earns what in each etapa: teams through their links, players through
their teams, entities by the sum of all or their best k teams."""

from __future__ import annotations

import pytest

from rules.circuit import (
    CircuitSettingError,
    EntityMode,
    SharedPoints,
    entity_results,
    player_results,
    scored,
    team_results,
)
from tests.rules.circuit_helpers import RODEIO, E, F, R, flat

ETAPA_1 = E("e1", ("a1", 1), ("b1", 2), ("c1", 3), ("d1", 3))
ETAPA_2 = E("e2", ("b2", 1), ("a2", 2), ("c2", 3), ("d2", 4))


def test_team_results_follow_the_links() -> None:
    identity = {"a1": "A", "a2": "A", "b1": "B", "b2": "B"}
    got = team_results(scored([ETAPA_1, ETAPA_2], RODEIO, SharedPoints.AVERAGE), identity)
    assert flat(got) == [
        R("A", "e1", 12, 1),
        R("A", "e2", 9, 2),
        R("B", "e1", 9, 2),
        R("B", "e2", 12, 1),
        R("c1", "e1", F(9, 2), 3),
        R("c2", "e2", 6, 3),
        R("d1", "e1", F(9, 2), 3),
        R("d2", "e2", 3, 4),
    ]


def test_a_circuit_team_linked_twice_in_an_etapa_keeps_its_better_result() -> None:
    got = team_results(scored([ETAPA_1], RODEIO, SharedPoints.AVERAGE), {"a1": "A", "c1": "A"})
    assert [("A", r) for r in got["A"]] == [R("A", "e1", 12, 1)]


def test_players_earn_their_teams_points() -> None:
    players = {"a1": ["ana", "bia"], "b2": ["ana"], "c2": ["bia", "caio"]}
    got = player_results(scored([ETAPA_1, ETAPA_2], RODEIO, SharedPoints.AVERAGE), players)
    assert flat(got) == [
        R("ana", "e1", 12, 1),
        R("ana", "e2", 12, 1),
        R("bia", "e1", 12, 1),
        R("bia", "e2", 6, 3),
        R("caio", "e2", 6, 3),
    ]


def test_a_player_in_two_teams_of_one_etapa_keeps_the_better() -> None:
    got = player_results(scored([ETAPA_2], RODEIO, SharedPoints.AVERAGE), {"c2": ["ana"], "a2": ["ana"]})
    assert flat(got) == [R("ana", "e2", 9, 2)]


def test_the_better_of_two_teams_wins_whichever_comes_first() -> None:
    # ETAPA_1 lists a1 (1º) before c1 (3º): listed in both, the 1º is kept either way.
    for players in ({"a1": ["ana"], "c1": ["ana"]}, {"c1": ["ana"], "a1": ["ana"]}):
        got = player_results(scored([ETAPA_1], RODEIO, SharedPoints.AVERAGE), players)
        assert flat(got) == [R("ana", "e1", 12, 1)]
    later = E("e1", ("c1", 3), ("a1", 1))  # the better one read second
    got = team_results(scored([later], RODEIO, SharedPoints.AVERAGE), {"a1": "A", "c1": "A"})
    assert flat(got) == [R("A", "e1", 12, 1)]


ENTITY_OF = {"a1": "CTG X", "c1": "CTG X", "d1": "CTG X", "b1": "CTG Y", "a2": "CTG X", "b2": "CTG Y"}


def test_entities_sum_all_their_teams() -> None:
    got = entity_results(scored([ETAPA_1, ETAPA_2], RODEIO, SharedPoints.AVERAGE), ENTITY_OF)
    assert flat(got) == [
        R("CTG X", "e1", 21, 1, 3, 3),  # 12 + 4.5 + 4.5
        R("CTG X", "e2", 9, 2),
        R("CTG Y", "e1", 9, 2),
        R("CTG Y", "e2", 12, 1),
    ]


def test_entities_best_k_teams_per_etapa() -> None:
    got = entity_results(
        scored([ETAPA_1], RODEIO, SharedPoints.SAME), ENTITY_OF, mode=EntityMode.BEST_K, best_k=2
    )
    assert flat(got) == [R("CTG X", "e1", 18, 1, 3), R("CTG Y", "e1", 9, 2)]
    with pytest.raises(CircuitSettingError, match="circuit.best_k_invalid"):
        entity_results(
            scored([ETAPA_1], RODEIO, SharedPoints.SAME), ENTITY_OF, mode=EntityMode.BEST_K, best_k=0
        )
