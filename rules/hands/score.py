"""Score one hand: the per-modality dispatcher (docs/rules.md §2, checks V-H1…V-H11).

:func:`score_hand` validates the hand against the modality and the score before it,
scores each part (``envido`` / ``flor``, ``truco``, ``penalties``; per testa duel in a
000 Cego testa) and applies the components in that order, clamping at the target
(AMB-08). Once a side reaches the target the partida is over: later components of the
hand are dropped (E7 volta z: the truco is "not scored: the partida has closed"); in
004 the truco is not even played, so a truco result after a closing envido/flor is an
error (V-H2, [004 L46], E13 P1).
"""

from __future__ import annotations

from rules.hands.context import Ctx
from rules.hands.envido import score_envido
from rules.hands.flor import score_flor
from rules.hands.penalties import score_penalties
from rules.hands.truco import score_truco
from rules.hands.types import (
    DEFAULT_OPTIONS,
    GAUCHO_000,
    Component,
    Deal,
    Hand,
    HandAward,
    HandOptions,
    HandOutcome,
    Part,
    Variant,
    VoltaKind,
    variant_of,
)
from rules.modality_params import Modality
from rules.problems import Problem, has_errors, problem
from rules.results import Side

TESTA_MAX_BET = 10  # [000 L105] «O máximo de tentos APOSTADOS na testa é de 10 (dez)»


def _is_score(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _hand_problems(
    modality: Modality, variant: Variant, before: tuple[int, int], hand: Hand, ctx: Ctx
) -> list[Problem]:
    """Checks of the hand as a whole (score, volta kind, lei do jogo)."""
    if not all(_is_score(v) for v in before):
        return [
            problem("hand.score_invalid", game=ctx.game, hand=ctx.number, a=str(before[0]), b=str(before[1]))
        ]
    if max(before) >= modality.points_to_win:
        return [ctx.problem("hand.after_target", a=before[0], b=before[1])]  # V-H2
    if hand.kind is VoltaKind.TESTA and variant is not Variant.CEGO:
        return [ctx.problem("hand.testa_not_in_modality", modality=modality.key)]
    duels = modality.players if hand.kind is VoltaKind.TESTA else 1
    if len(hand.deals) != duels:
        return [ctx.problem("hand.testa_duels_invalid", duels=duels, given=len(hand.deals))]
    problems: list[Problem] = []
    if hand.lei_do_jogo is not None:
        caller = hand.lei_do_jogo
        trailing = ctx.score(caller) < ctx.score(caller.other)
        if (
            variant not in GAUCHO_000 | {Variant.CEGO_DUPLA}
            or (variant in GAUCHO_000 and not trailing)  # [000 L791] [000 L1559]
            or (variant is Variant.AMOSTRA and not ctx.in_buenos)  # [000 L1557]
        ):
            problems.append(ctx.problem("hand.lei_do_jogo_invalid"))
    return problems


def _score_deal(ctx: Ctx, deal: Deal) -> tuple[list[Component], list[Problem]]:
    if deal.envido is not None and deal.flor is not None:
        # [000 L579] «o ENVIDO fica anulado»; [001 L4] (V-H4): never both.
        return [], [ctx.problem("hand.flor_and_envido")]
    components: list[Component] = []
    problems: list[Problem] = []
    if deal.flor is not None:
        c, p = score_flor(ctx, deal.flor)
        components += c
        problems += p
    elif deal.envido is not None:
        c, p = score_envido(ctx, deal.envido)
        components += c
        problems += p
    c, p = score_truco(ctx, deal.truco, has_envido=deal.envido is not None or deal.flor is not None)
    components += c
    problems += p
    bet = sum(x.points for x in components)
    if ctx.testa and bet > TESTA_MAX_BET and not problems:
        problems.append(ctx.problem("hand.testa_bet_above_max", value=bet))  # V-H7
    c, p = score_penalties(ctx, deal.penalties, deal.truco.level)
    return components + c, problems + p


def _apply(ctx: Ctx, components: list[Component]) -> tuple[HandAward | None, list[Problem]]:
    """Credit components in order, stopping once a side reaches the target (V-H2)."""
    target = ctx.target
    running = {Side.A: ctx.before[0], Side.B: ctx.before[1]}
    kept: list[Component] = []
    closed_by: Part | None = None
    for comp in components:
        if closed_by is not None:
            if (
                ctx.variant is Variant.URUGUAIO
                and comp.part is Part.TRUCO
                and closed_by in (Part.ENVIDO, Part.FLOR)
            ):
                # [004 L46] «não serão disputados os pontos de truco» (E13 P1).
                return None, [ctx.problem("hand.truco_after_close")]
            continue
        kept.append(comp)
        running[comp.side] += comp.points
        if running[comp.side] >= target:
            closed_by = comp.part
    a = min(running[Side.A], target) - ctx.before[0]
    b = min(running[Side.B], target) - ctx.before[1]
    return HandAward(a, b, tuple(kept), closed_by is not None), []


def score_hand(
    modality: Modality,
    before: tuple[int, int],
    hand: Hand,
    *,
    options: HandOptions = DEFAULT_OPTIONS,
    number: int = 1,
    game: int | None = None,
) -> HandOutcome:
    """The award of ``hand`` played at ``before`` (A, B), or the problems that refuse it."""
    variant = variant_of(modality)
    mao = hand.deals[0].mao if hand.deals else Side.A
    base = Ctx(modality, variant, before, mao, options, hand.kind is VoltaKind.TESTA, number, game)
    problems = _hand_problems(modality, variant, before, hand, base)
    if problems:
        return HandOutcome(None, tuple(problems))
    components: list[Component] = []
    for deal in hand.deals:
        ctx = Ctx(modality, variant, before, deal.mao, options, base.testa, number, game)
        c, p = _score_deal(ctx, deal)
        components += c
        problems += p
    if has_errors(problems):
        return HandOutcome(None, tuple(problems))
    award, problems = _apply(base, components)
    if (
        award is not None
        and hand.reported is not None
        and hand.reported not in ((award.a, award.b), award.raw)
    ):
        r_a, r_b = hand.reported
        problems.append(
            base.problem(
                "hand.award_mismatch", reported_a=str(r_a), reported_b=str(r_b), a=award.a, b=award.b
            )
        )
        award = None
    return HandOutcome(award, tuple(problems))
