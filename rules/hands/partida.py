"""A whole partida from its hand log (docs/rules.md §2.7, ``hand_log``; checks V-H1, V-H2,
V-H7, V-H12).

:func:`score_partida` runs the hands in order from 0–0 (or ``start``), so every falta,
buenos cap and mão de onze is judged at the score the hand was really played at. The
running totals only grow (each award is ≥ 0, AMB-17) and are clamped at the target
(AMB-08); a hand after the close is refused (V-H2). Scoring stops at the first refused
hand: the hands after it would be judged at a score that is not known.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rules.hands.score import score_hand
from rules.hands.types import (
    DEFAULT_OPTIONS,
    Hand,
    HandAward,
    HandOptions,
    PartidaTally,
    Variant,
    VoltaKind,
    variant_of,
)
from rules.modality_params import Modality
from rules.problems import Problem, problem

# [000 L95] «até que faltem seis tentos para o final da partida» (AMB-26: either side).
RODA_ONLY_MARGIN = 6


def expected_volta(modality: Modality, before: tuple[int, int], previous: VoltaKind | None) -> VoltaKind:
    """000 Cego: roda first, then alternate, and roda only near the end (V-H7)."""
    if previous is None or previous is VoltaKind.TESTA:
        return VoltaKind.RODA
    if max(before) >= modality.points_to_win - RODA_ONLY_MARGIN:
        return VoltaKind.RODA
    return VoltaKind.TESTA


def score_partida(
    modality: Modality,
    hands: Sequence[Hand],
    *,
    options: HandOptions = DEFAULT_OPTIONS,
    start: tuple[int, int] = (0, 0),
    reported: tuple[int, int] | None = None,
    game: int | None = None,
) -> PartidaTally:
    """Final score (clamped), per-hand awards and problems of a partida's hand log."""
    variant = variant_of(modality)
    target = modality.points_to_win
    score = start
    awards: list[HandAward] = []
    problems: list[Problem] = []
    flores_sung: Counter[str] = Counter()
    previous: VoltaKind | None = None
    for number, hand in enumerate(hands, start=1):
        if max(score) >= target:
            problems.append(problem("hand.after_target", game=game, hand=number, a=score[0], b=score[1]))
            break
        if variant is Variant.CEGO:
            expected = expected_volta(modality, score, previous)
            if hand.kind is not expected:
                problems.append(
                    problem("hand.volta_type_invalid", game=game, hand=number, kind=expected.value)
                )
                break
        if variant is Variant.CEGO_DUPLA and options.one_flor_per_player:
            repeated = _flor_limit(hand, flores_sung)
            if repeated is not None:
                # [001 L38] «no máximo, uma FLOR por jogador, por partida» (V-H12)
                problems.append(problem("hand.flor_limit", game=game, hand=number, player=repeated))
                break
        outcome = score_hand(modality, score, hand, options=options, number=number, game=game)
        problems += outcome.problems
        if outcome.award is None:
            break
        awards.append(outcome.award)
        score = (score[0] + outcome.award.a, score[1] + outcome.award.b)
        previous = hand.kind
    if reported is not None and not problems:
        raw = (start[0] + sum(a.raw[0] for a in awards), start[1] + sum(a.raw[1] for a in awards))
        if reported not in (score, raw):
            problems.append(
                problem(
                    "hand.final_score_mismatch",
                    game=game,
                    reported_a=str(reported[0]),
                    reported_b=str(reported[1]),
                    a=score[0],
                    b=score[1],
                )
            )
    return PartidaTally(score, tuple(awards), tuple(problems))


def _flor_limit(hand: Hand, sung: Counter[str]) -> str | None:
    for deal in hand.deals:
        if deal.flor is not None:
            for player in deal.flor.singers:
                sung[player] += 1
                if sung[player] > 1:
                    return player
    return None
