"""contributions(): what one valid jogo adds to each side's counters (docs/rules.md §3)."""

from __future__ import annotations

import pytest

from rules.counters import contributions
from rules.modalities import PRESETS, Modality, apply_overrides, get_modality
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


def test_walkover_in_paulista_is_a_real_2_0_not_the_sweep_credit() -> None:
    # docs/rules.md §3.5 (revised 2026-12): a clean 2–0 of the modality; Paulista has no sweep
    # credit, so 2 partidas and 24 tentos (it was 3 and 36, more than any real 2–0).
    outcome = contributions(get_modality("truco-paulista"), MatchReport(walkover=Absent.A))
    assert outcome.winner is Side.B
    assert full(outcome.counters_b) == (1, 1, 0, 2, 0, 24, 0)
    assert full(outcome.counters_a) == (1, 0, 1, 0, 2, 0, 24)
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


# docs/rules.md §3.5 and §3.6 (revised 2026-12): (partidas, tentos) of a clean 2–0 of each preset.
CLEAN_2_0 = {
    "truco-cego-trio": (3, 72),
    "truco-amostra-trio": (3, 90),
    "truco-amostra-dupla": (3, 72),
    "truco-amostra-mano": (3, 54),
    "truco-cego-dupla": (3, 54),
    "truco-paulista": (2, 24),
    "truco-goiano": (2, 24),
    "truco-uruguaio": (3, 90),
}


def test_the_table_covers_every_preset() -> None:
    assert set(CLEAN_2_0) == set(PRESETS)


def _real_clean_2_0(modality: Modality) -> Counters:
    target = modality.points_to_win
    return contributions(modality, MatchReport(games((target, 0), (target, 0)))).counters_a


@pytest.mark.parametrize(("key", "expected"), sorted(CLEAN_2_0.items()))
def test_walkover_credits_a_clean_2_0_of_the_modality(key: str, expected: tuple[int, int]) -> None:
    modality = PRESETS[key]
    outcome = contributions(modality, MatchReport(walkover=Absent.B))
    partidas, tentos = expected
    assert full(outcome.counters_a) == (1, 1, 0, partidas, 0, tentos, 0)
    assert full(outcome.counters_b) == (1, 0, 1, 0, partidas, 0, tentos)
    real = _real_clean_2_0(modality)
    assert (real.games_won, real.points_for) == expected  # never more than the best real win
    assert outcome.expels == (
        frozenset({Side.B}) if key.startswith(("truco-cego-trio", "truco-amostra")) else frozenset()
    )


@pytest.mark.parametrize(("key", "expected"), sorted(CLEAN_2_0.items()))
def test_disqualification_beneficiary_gets_the_same_credit(key: str, expected: tuple[int, int]) -> None:
    modality = PRESETS[key]
    # in progress at 5–7 after B lost partida 1 at 9 of the target
    target = modality.points_to_win
    report = MatchReport(
        games((target, 9), (5, 7)), disqualification=Disqualification(Side.A, Scope.TOURNAMENT, "20-II")
    )
    outcome = contributions(modality, report)
    partidas, tentos = expected
    assert outcome.winner is Side.B
    assert full(outcome.counters_b) == (1, 1, 0, partidas, 0, tentos, target + 5)
    assert full(outcome.counters_a) == (1, 0, 1, 0, partidas, target + 5, tentos)
    assert outcome.expels == frozenset({Side.A})


@pytest.mark.parametrize(("key", "expected"), sorted(CLEAN_2_0.items()))
def test_award_follows_the_sweep_bonus_setting(key: str, expected: tuple[int, int]) -> None:
    modality = PRESETS[key]
    flipped = apply_overrides(modality, {"sweep_bonus": not modality.sweep_bonus})
    c = contributions(flipped, MatchReport(walkover=Absent.A)).counters_b
    games_won = 3 if flipped.sweep_bonus else 2
    assert (c.games_won, c.points_for) == (games_won, games_won * modality.points_to_win)
    real = _real_clean_2_0(flipped)
    assert (c.games_won, c.points_for) == (real.games_won, real.points_for)


def test_best_of_one_award_is_one_partida() -> None:
    modality = apply_overrides(get_modality("truco-paulista"), {"best_of": 1})
    c = contributions(modality, MatchReport(walkover=Absent.A)).counters_b
    assert (c.games_won, c.points_for) == (1, 12)
