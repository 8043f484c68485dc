"""What one jogo adds to each team's standings counters (docs/rules.md §3.1, §3.5, §3.6, §3.8).

:func:`contributions` assumes the report passed :func:`rules.validation.validate_match`
(and was clamped if the caller asked for it): it does not re-check anything, and on an
invalid report its numbers are meaningless, though it never raises.

Bookkeeping choice (docs/rules.md is silent on partidas/tentos *lost*): every credit is
mirrored, so a team's ``games_lost`` is its opponent's ``games_won`` and its
``points_against`` its opponent's ``points_for``. A swept loser therefore has
best_of partidas lost and best_of × target tentos conceded (the phantom "24 a zero"
partida of [000 L961] is lost too), while the sweeper concedes only the points actually
scored against it. Over a chave ΣP = Σ partidas lost and ΣT = ΣTC always hold.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.modality_params import Modality
from rules.results import Ending, MatchReport, Scope, Side
from rules.types import Counters
from rules.validation import as_score, game_winner, match_disqualification, partida_offender


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    counters_a: Counters
    counters_b: Counters
    winner: Side | None  # None for a double W.O.
    expels: frozenset[Side]  # sides that leave the tournament with this jogo
    games: tuple[tuple[int, int], ...] = ()  # the partida scores as played

    def counters(self, side: Side) -> Counters:
        return self.counters_a if side is Side.A else self.counters_b


def _outcome(
    games_won: dict[Side, int],
    points: dict[Side, int],
    winner: Side | None,
    losers: frozenset[Side],
    expels: frozenset[Side] = frozenset(),
    games: tuple[tuple[int, int], ...] = (),
) -> MatchOutcome:
    def counters(side: Side) -> Counters:
        other = side.other
        return Counters(
            played=1,
            wins=1 if winner is side else 0,
            losses=1 if side in losers else 0,
            games_won=games_won[side],
            games_lost=games_won[other],
            points_for=points[side],
            points_against=points[other],
        )

    return MatchOutcome(counters(Side.A), counters(Side.B), winner, expels, games)


def _award(
    modality: Modality,
    beneficiary: Side,
    loser_points: int,
    games: tuple[tuple[int, int], ...],
    expels: frozenset[Side] = frozenset(),
) -> MatchOutcome:
    """A clean 2–0 of the modality (W.O., disqualification, stalling penalty): §3.5, §3.6,
    AMB-10; 2 partidas and 2 × target where the modality has no sweep credit."""
    loser = beneficiary.other
    return _outcome(
        games_won={beneficiary: modality.award_games, loser: 0},
        points={beneficiary: modality.award_points, loser: loser_points},
        winner=beneficiary,
        losers=frozenset({loser}),
        expels=expels,
        games=games,
    )


def contributions(modality: Modality, report: MatchReport) -> MatchOutcome:
    """The counters a VALID report adds to team A and team B (J/V/D/P/T/TC)."""
    scores = tuple((as_score(g.a) or 0, as_score(g.b) or 0) for g in report.games)
    actual = {Side.A: sum(a for a, _ in scores), Side.B: sum(b for _, b in scores)}

    if report.walkover is not None:
        absent = report.walkover.sides
        expels = absent if modality.walkover_expels else frozenset()
        if len(absent) == 2:  # double W.O. (AMB-30): nobody wins, both lose
            zero = {Side.A: 0, Side.B: 0}
            return _outcome(zero, zero, None, absent, expels)
        (gone,) = absent
        return _award(modality, gone.other, 0, (), expels)

    dq = match_disqualification(report)
    if dq is not None:
        # The disqualified side keeps the points of partidas completed or in progress,
        # but no partida: one it had won is forfeited (E10 variant).
        expels = frozenset({dq.side}) if dq.scope is Scope.TOURNAMENT else frozenset()
        return _award(modality, dq.side.other, actual[dq.side], scores, expels)

    if report.commission_winner is not None and report.commission_stalling:
        loser = report.commission_winner.other
        return _award(modality, report.commission_winner, actual[loser], scores)

    offender = partida_offender(report)
    wins = {Side.A: 0, Side.B: 0}
    points = {Side.A: 0, Side.B: 0}
    for (a, b), game in zip(scores, report.games):
        points[Side.A] += a
        points[Side.B] += b
        winner = game_winner(modality, a, b, game.ending, offender)
        if winner is None:
            continue
        wins[winner] += 1
        if game.ending is Ending.DISQUALIFICATION:
            # AMB-36: the innocent side is credited the target for that partida.
            points[winner] += modality.points_to_win - (a if winner is Side.A else b)

    if report.commission_winner is not None:
        # AMB-10 without stalling: partidas and tentos as played, no bonus.
        match_winner: Side | None = report.commission_winner
    elif wins[Side.A] != wins[Side.B]:
        match_winner = Side.A if wins[Side.A] > wins[Side.B] else Side.B
    else:
        match_winner = None  # only on an invalid report
    if match_winner is None:
        return _outcome(wins, points, None, frozenset(), games=scores)
    loser = match_winner.other
    if (
        modality.sweep_bonus
        and report.commission_winner is None
        and wins[loser] == 0
        and wins[match_winner] == modality.wins_needed
    ):
        # "duas partidas consecutivas ... contará três partidas" [000 L959], AMB-02/16/36.
        wins[match_winner] = modality.best_of
        points[match_winner] = modality.sweep_points
    return _outcome(wins, points, match_winner, frozenset({loser}), games=scores)
