"""The truco part of a hand: the ladders, pardas and the mão de onze (docs/rules.md §2).

Ladder 2-3-4 (000 §2.1.5 / §2.2.5, 001 §2.3.5, 004 §2.6.5) and ladder 3-6-9-12
(003 §2.5.5; 002 by AMB-14): a hand played out pays the accepted value of its last
call, a refused call pays the value before it to the caller.
"""

from __future__ import annotations

from rules.hands.context import Ctx
from rules.hands.types import (
    GAUCHO_000,
    LADDER_3_6_9_12,
    Component,
    Part,
    TrucoCall,
    TrucoEnd,
    TrucoPart,
    Variant,
)
from rules.problems import Problem

# call -> (accepted, refused); NONE is the hand's base value, never refused.
LADDER_2_3_4: dict[TrucoCall, tuple[int, int]] = {
    TrucoCall.NONE: (1, 0),
    TrucoCall.TRUCO: (2, 1),  # [000 L745] [001 L28] [004 L53]
    TrucoCall.RETRUCO: (3, 2),  # [000 L747] [004 L53]
    TrucoCall.VALE_QUATRO: (4, 3),  # [000 L751] [004 L53]
}
LADDER_3_6_9: dict[TrucoCall, tuple[int, int]] = {
    TrucoCall.NONE: (1, 0),  # [003 L11] «Fração da partida, vale 1 ponto»
    TrucoCall.TRUCO: (3, 1),  # [003 L261]
    TrucoCall.SEIS: (6, 3),  # [003 L263]
    TrucoCall.NOVE: (9, 6),
    TrucoCall.DOZE: (12, 9),
}
MAO_DE_ONZE_VALUE = 3  # [003 L269] «o jogo já começa trucado» ; 002 implied (§2.4.5)


def ladder(variant: Variant) -> dict[TrucoCall, tuple[int, int]]:
    return LADDER_3_6_9 if variant in LADDER_3_6_9_12 else LADDER_2_3_4


def hand_values(ctx: Ctx, level: TrucoCall) -> frozenset[int]:
    """Every value the hand had up to ``level``: what a "tento" may be worth (V-H11)."""
    if ctx.mao_de_onze:
        return frozenset({1, MAO_DE_ONZE_VALUE})  # 1 before the decision, 3 after [003 L305]
    values = ladder(ctx.variant)
    reached = list(values).index(level) if level in values else 0
    return frozenset(accepted for accepted, _ in list(values.values())[: reached + 1])


def score_truco(ctx: Ctx, part: TrucoPart, *, has_envido: bool) -> tuple[list[Component], list[Problem]]:
    values = ladder(ctx.variant)
    if part.level not in values:
        return [], [
            ctx.problem("hand.truco_level_invalid", level=part.level.value, modality=ctx.modality.key)
        ]
    scoring = part.end in (TrucoEnd.WON, TrucoEnd.REFUSED, TrucoEnd.BARALHO)
    # 002: a truco call in a mão de 11 is itself scored, whatever the end (V-H10).
    paulista_call = ctx.mao_de_onze and ctx.variant is Variant.PAULISTA and part.level is not TrucoCall.NONE
    if (scoring or paulista_call) != (part.to is not None):
        return [], [ctx.problem("hand.truco_side_invalid", end=part.end.value)]
    if ctx.mao_de_onze:
        return _mao_de_onze(ctx, part)
    if part.end is TrucoEnd.REFUSED and part.level is TrucoCall.NONE:
        return [], [ctx.problem("hand.truco_refused_without_call")]
    if part.end is TrucoEnd.BARALHO and part.level is not TrucoCall.NONE:
        # After a call, leaving the hand is a refusal or a lost hand, not "before play".
        return [], [
            ctx.problem("hand.truco_level_invalid", level=part.level.value, modality=ctx.modality.key)
        ]
    accepted, refused = values[part.level]
    note = part.level.value
    if part.end is TrucoEnd.WON and part.to is not None:
        return [Component(Part.TRUCO, part.to, accepted, note)], []
    if part.end is TrucoEnd.REFUSED and part.to is not None:
        return [Component(Part.TRUCO, part.to, refused, note + " refused")], []
    if part.end is TrucoEnd.BARALHO and part.to is not None:
        out = [Component(Part.TRUCO, part.to, 1, "baralho")]
        if ctx.variant in GAUCHO_000 and not has_envido:
            # [000 L781] «dois tentos»: 1 envido + 1 truco to the side left alone.
            out.insert(0, Component(Part.ENVIDO, part.to, 1, "baralho 000 L781"))
        return out, []
    if part.end is TrucoEnd.TIED and ctx.variant not in LADDER_3_6_9_12:
        # AMB-19: 000/001 the mão [000 L731] [001 L48]; 004 the dealer. 002/003: nobody
        # [002 L71] / baralho segue [003 L255] (002 with a truco call: also 0, default).
        return [Component(Part.TRUCO, ctx.tie_winner, accepted, note + " pardas")], []
    return [], []


def _mao_de_onze(ctx: Ctx, part: TrucoPart) -> tuple[list[Component], list[Problem]]:
    if part.level is not TrucoCall.NONE:
        if ctx.variant is Variant.GOIANO:
            return [], [ctx.problem("hand.mao_de_onze_truco", level=part.level.value)]  # V-H9
        # 002: «Quem trucar em mão de 11, perderá três tentos» [002 L63] → opponent +3 (AMB-17).
        assert part.to is not None  # checked by the caller
        return [Component(Part.TRUCO, part.to, MAO_DE_ONZE_VALUE, "truco na mão de 11 002 L63")], []
    if part.end is TrucoEnd.WON and part.to is not None:
        return [Component(Part.TRUCO, part.to, MAO_DE_ONZE_VALUE, "mão de onze")], []
    if part.end in (TrucoEnd.REFUSED, TrucoEnd.BARALHO) and part.to is not None:
        # Only a side on 11 may fold; at 11–11 either (AMB-13, clamped to 12–11).
        if ctx.score(part.to.other) != ctx.target - 1:
            return [], [ctx.problem("hand.mao_de_onze_refusal_invalid")]
        points = 1 if ctx.variant is Variant.GOIANO else ctx.options.mao_de_onze_decline
        return [Component(Part.TRUCO, part.to, points, "correu da mão de onze")], []
    on_eleven = {side for side in (ctx.mao, ctx.mao.other) if ctx.score(side) == ctx.target - 1}
    if part.end is TrucoEnd.TIED and ctx.variant is Variant.PAULISTA and len(on_eleven) == 1:
        # [002 L65] «o empate beneficiará os adversários com três tentos»; 11–11 → 0 [002 L63].
        (eleven,) = on_eleven
        return [Component(Part.TRUCO, eleven.other, MAO_DE_ONZE_VALUE, "empate na mão de 11 002 L65")], []
    return [], []
