"""contributions(): what one valid jogo adds to each side's counters (RULES.md §3)."""

from __future__ import annotations

import pytest

from rules.counters import contributions
from rules.modalities import PRESETS, apply_overrides, get_modality
from rules.results import Absent, Disqualification, Ending, GameReport, MatchReport, Scope, Side
from rules.types import Counters
from rules.validation import validate_match

T, TIME, DQ = Ending.TARGET, Ending.TIME, Ending.DISQUALIFICATION


def games(*rows: tuple[int, int] | tuple[int, int, Ending]) -> tuple[GameReport, ...]:
    return tuple(GameReport(r[0], r[1], r[2] if len(r) == 3 else T) for r in rows)


def full(c: Counters) -> tuple[int, ...]:
    return (c.played, c.wins, c.losses, c.games_won, c.games_lost, c.points_for, c.points_against)


def test_sweep_mirrors_the_phantom_partida_on_the_loser() -> None:
    outcome = contributions(get_modality("truco-cego-trio"), MatchReport(games((24, 17), (24, 9))))
    assert full(outcome.counters_a) == (1, 1, 0, 3, 0, 72, 26)
    assert full(outcome.counters_b) == (1, 0, 1, 0, 3, 26, 72)
    assert outcome.games == ((24, 17), (24, 9))
    assert outcome.counters(Side.B) is outcome.counters_b


@pytest.mark.parametrize("key", ["truco-paulista", "truco-goiano"])
def test_no_sweep_bonus_where_the_modality_has_none(key: str) -> None:
    outcome = contributions(get_modality(key), MatchReport(games((12, 3), (12, 4))))
    assert full(outcome.counters_a) == (1, 1, 0, 2, 0, 24, 7)
    assert full(outcome.counters_b) == (1, 0, 1, 0, 2, 7, 24)


def test_sweep_bonus_setting_turns_it_on() -> None:
    modality = apply_overrides(get_modality("truco-paulista"), {"sweep_bonus": True})
    outcome = contributions(modality, MatchReport(games((12, 3), (12, 4))))
    assert (outcome.counters_a.games_won, outcome.counters_a.points_for) == (3, 36)


def test_walkover_credits_the_sweep_package_for_12_point_modalities() -> None:
    outcome = contributions(get_modality("truco-paulista"), MatchReport(walkover=Absent.A))
    assert outcome.winner is Side.B
    assert full(outcome.counters_b) == (1, 1, 0, 3, 0, 36, 0)
    assert full(outcome.counters_a) == (1, 0, 1, 0, 3, 0, 36)
    assert outcome.expels == frozenset()  # only the 000 family expels on a W.O.


def test_double_walkover() -> None:
    outcome = contributions(get_modality("truco-cego-trio"), MatchReport(walkover=Absent.BOTH))
    assert outcome.winner is None
    assert full(outcome.counters_a) == full(outcome.counters_b) == (1, 0, 1, 0, 0, 0, 0)
    assert outcome.expels == frozenset({Side.A, Side.B})
    outcome = contributions(get_modality("truco-uruguaio"), MatchReport(walkover=Absent.BOTH))
    assert outcome.expels == frozenset()


def test_walkover_expels_setting() -> None:
    modality = apply_overrides(get_modality("truco-cego-trio"), {"walkover_expels": False})
    assert contributions(modality, MatchReport(walkover=Absent.B)).expels == frozenset()


def test_disqualified_side_forfeits_a_partida_it_won() -> None:
    report = MatchReport(
        games((18, 24), (5, 7)), disqualification=Disqualification(Side.B, Scope.MATCH, "VIII")
    )
    outcome = contributions(get_modality("truco-cego-trio"), report)
    assert full(outcome.counters_a) == (1, 1, 0, 3, 0, 72, 31)
    assert full(outcome.counters_b) == (1, 0, 1, 0, 3, 31, 72)
    assert outcome.expels == frozenset()


def test_tournament_scope_expels_in_any_family() -> None:
    report = MatchReport(disqualification=Disqualification(Side.A, Scope.TOURNAMENT))
    outcome = contributions(get_modality("truco-paulista"), report)
    assert outcome.winner is Side.B and outcome.expels == frozenset({Side.A})


def test_commission_without_stalling_counts_as_played() -> None:
    report = MatchReport(games((24, 1), (10, 24), (20, 12, TIME)), commission_winner=Side.B)
    modality = get_modality("truco-cego-trio")
    assert validate_match(modality, report) == []
    outcome = contributions(modality, report)
    assert outcome.winner is Side.B
    # the unfinished 3rd partida counts for nobody, its points count for both
    assert full(outcome.counters_a) == (1, 0, 1, 1, 1, 54, 37)
    assert full(outcome.counters_b) == (1, 1, 0, 1, 1, 37, 54)


def test_commission_with_one_sided_games_gets_no_sweep() -> None:
    report = MatchReport(games((24, 1), (3, 2)), commission_winner=Side.A)
    outcome = contributions(get_modality("truco-cego-trio"), report)
    assert (outcome.counters_a.games_won, outcome.counters_a.points_for) == (1, 27)


def test_partida_disqualification_in_a_2_1() -> None:
    # AMB-36: the innocent side is credited the target for the DQ partida.
    report = MatchReport(
        games((3, 18), (18, 10), (7, 16, DQ)), disqualification=Disqualification(Side.B, Scope.GAME)
    )
    modality = get_modality("truco-cego-dupla")
    assert validate_match(modality, report) == []
    outcome = contributions(modality, report)
    assert full(outcome.counters_a) == (1, 1, 0, 2, 1, 3 + 18 + 18, 18 + 10 + 16)
    assert full(outcome.counters_b) == (1, 0, 1, 1, 2, 44, 39)


def test_partida_disqualification_of_side_a() -> None:
    report = MatchReport(
        games((7, 16, DQ), (2, 18), (3, 18)), disqualification=Disqualification(Side.A, Scope.GAME)
    )
    outcome = contributions(get_modality("truco-cego-dupla"), report)
    assert outcome.winner is Side.B
    assert (outcome.counters_b.games_won, outcome.counters_b.points_for) == (3, 54)


def test_goiano_time_tie_counts_for_nobody() -> None:
    report = MatchReport(games((12, 3), (5, 5, TIME), (4, 6, TIME), (12, 0)))
    modality = get_modality("truco-goiano")
    assert validate_match(modality, report) == []
    outcome = contributions(modality, report)
    assert full(outcome.counters_a) == (1, 1, 0, 2, 1, 33, 14)
    assert full(outcome.counters_b) == (1, 0, 1, 1, 2, 14, 33)


def test_invalid_tied_report_gives_no_winner_and_never_raises() -> None:
    outcome = contributions(get_modality("truco-cego-trio"), MatchReport(games((24, 1), ("x", 24))))
    assert outcome.winner is None
    assert (outcome.counters_a.wins, outcome.counters_a.losses) == (0, 0)


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_walkover_package_is_best_of_times_target_everywhere(key: str) -> None:
    modality = PRESETS[key]
    outcome = contributions(modality, MatchReport(walkover=Absent.B))
    assert full(outcome.counters_a) == (1, 1, 0, 3, 0, 3 * modality.points_to_win, 0)
    assert outcome.expels == (
        frozenset({Side.B}) if key.startswith(("truco-cego-trio", "truco-amostra")) else frozenset()
    )
