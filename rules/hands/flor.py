"""The flor part of a hand: flor, contra-flor, contra-flor e o resto, achicar
(docs/rules.md §2.1.5, §2.2.6, §2.3.5, §2.6.5; AMB-18 for the refused values).

A flor is worth 3 to its side. A contest needs flores on both sides; with flores on one
side a raise is void and the flor counts as simple [000 L443]. Refused values differ by
modality and are kept exactly as quoted in AMB-18:
- 000 Cego: achicar = 3 per flor of the caller + 1 per achicada flor (4) [000 L437]
  [000 L471]; CFR as a reply to a contra-flor, refused = 6 [000 L463];
- 000 Amostra: the same 4, also for CFR as a reply [000 L1277];
- 001: the amount already bet + 1 tento of multa, 7 after a contra flor [001 L43];
- 004: silent on refusals → the 000 Cego values (recommended default, reported).
"""

from __future__ import annotations

from rules.hands.context import Ctx
from rules.hands.types import (
    LADDER_3_6_9_12,
    Component,
    FlorBet,
    FlorCall,
    FlorPart,
    Part,
    Variant,
)
from rules.problems import Problem
from rules.results import Side

CF, CFR, CFF, COM = (
    FlorCall.CONTRA_FLOR,
    FlorCall.CONTRA_FLOR_RESTO,
    FlorCall.CONTRA_FLOR_FALTA,
    FlorCall.COM_FLOR,
)
PER_FLOR = 3  # [000 L415] [001 L21] [004 L55]
TESTA_CFR = 6  # [000 L453] «Nas partidas de TESTA, “CONTRA - FLOR E O RESTO” valem seis tentos»


def chain_name(part: FlorPart) -> str:
    raises = [r.call.value + (f"+{r.reals}RE" if r.reals else "") for r in part.raises]
    return "-".join(["F" * len(part.flores), *raises])


def _raises_ok(ctx: Ctx, raises: tuple[FlorBet, ...]) -> bool:
    if len(raises) > 2 or any(a.by is b.by for a, b in zip(raises, raises[1:])):
        return False
    for i, bet in enumerate(raises):
        if bet.call in (CF, COM) and i > 0:
            return False  # a contra flor answers the flor; only the resto / falta go over it
        if i == 1 and raises[0].call is not CF:
            return False
        if bet.call is CFF and ctx.variant not in (Variant.CEGO_DUPLA, Variant.AMOSTRA):
            return False  # [001 L24]; Amostra «contra flor a falta envido» [000 L1267]
        if bet.call is COM and (ctx.variant is not Variant.AMOSTRA or bet.reals < 1 or len(raises) > 1):
            return False  # [000 L1245] «COM FLOR 6 Real Envido»
        if bet.reals and (ctx.variant is not Variant.AMOSTRA or bet.call not in (CF, COM)):
            return False  # [000 L1241] «CONTRA-FLOR 6 Real Envido»
    return True


def _validate(ctx: Ctx, part: FlorPart, counts: dict[Side, int]) -> list[Problem]:
    if ctx.variant in LADDER_3_6_9_12:
        return [ctx.problem("hand.flor_not_in_modality", modality=ctx.modality.key)]
    if ctx.variant is Variant.CEGO_DUPLA and ctx.options.pata_lisa:
        return [ctx.problem("hand.flor_disabled")]  # [001 L38] «pata lisa, onde não vale FLOR» (V-H12)
    per_side = 1 if ctx.testa else ctx.modality.players  # one flor per player (3 cards each)
    if (
        not part.flores
        or max(counts.values()) > per_side
        or (part.singers and len(part.singers) != len(part.flores))
    ):
        return [ctx.problem("hand.flor_count_invalid", flores=len(part.flores), players=per_side)]
    contest = min(counts.values()) > 0
    if not _raises_ok(ctx, part.raises) or (not contest and not part.accepted):
        return [ctx.problem("hand.flor_chain_invalid", chain=chain_name(part))]
    if not contest:
        return []
    problems: list[Problem] = []
    last_by = part.raises[-1].by if part.raises else part.flores[0]
    if part.accepted:
        bad_winner = (part.winner is None) != part.tied
    else:
        bad_winner = part.tied or part.winner not in (None, last_by)
    if bad_winner:
        problems.append(ctx.problem("hand.flor_winner_invalid"))
    for bet in part.raises:
        if bet.call is CFR and ctx.variant is Variant.AMOSTRA and ctx.score(bet.by) < 1:
            # [000 L1267] «só pode ser falado por uma cruza que tenha, no mínimo UM TENTO»
            problems.append(ctx.problem("hand.cfr_needs_a_point"))
    return problems


def score_flor(ctx: Ctx, part: FlorPart) -> tuple[list[Component], list[Problem]]:
    counts = {side: sum(1 for s in part.flores if s is side) for side in Side}
    problems = _validate(ctx, part, counts)
    if problems:
        return [], problems
    name = chain_name(part)
    if min(counts.values()) == 0:
        (side,) = (s for s in Side if counts[s])
        return [Component(Part.FLOR, side, PER_FLOR * counts[side], name)], []
    total = len(part.flores)
    winner = part.winner if part.winner is not None else ctx.tie_winner
    if not part.raises:
        return _flor_against_flor(ctx, part, counts, winner, name), []
    last = part.raises[-1]
    if part.accepted:
        return [Component(Part.FLOR, winner, _accepted(ctx, last, total, winner), name)], []
    caller = last.by
    contra = max(6, PER_FLOR * total)  # 6, or the sum of the flores [000 L471] [001 L40]
    if ctx.variant is Variant.CEGO_DUPLA:
        refused = contra + 1  # [001 L43] «se achicando após falar CONTRA FLOR paga 7 tentos»
    elif last.call is CFR and len(part.raises) == 2 and ctx.variant is not Variant.AMOSTRA:
        refused = contra  # [000 L463] «Se não aceita, são seis tentos somente.» (004: default)
    else:
        # [000 L437] [000 L1235] «três da FLOR e um da achicada», per flor [000 L471]
        refused = PER_FLOR * counts[caller] + counts[caller.other]
    return [Component(Part.FLOR, caller, refused, name + " refused")], []


def _flor_against_flor(
    ctx: Ctx, part: FlorPart, counts: dict[Side, int], winner: Side, name: str
) -> list[Component]:
    first = part.flores[0]
    if not part.accepted:  # the other side achicou ("com flor me achico")
        extra = 1 if ctx.variant is Variant.CEGO_DUPLA else counts[first.other]  # [001 L43] / [000 L487]
        return [Component(Part.FLOR, first, PER_FLOR * counts[first] + extra, name + " achicada")]
    if ctx.variant is Variant.URUGUAIO:
        # [004 L55] «Cantada a FLOR, ganha-se 3 pontos»: each flor scores; only a contra
        # flor takes everything («o adversário não ganha nada», 004 L17). Default reading.
        return [Component(Part.FLOR, side, PER_FLOR * counts[side], name) for side in Side]
    if ctx.variant is Variant.CEGO_DUPLA:
        return [Component(Part.FLOR, winner, PER_FLOR * counts[winner], name)]  # [001 L39]
    return [Component(Part.FLOR, winner, PER_FLOR * len(part.flores), name)]  # [000 L425]


def _accepted(ctx: Ctx, last: FlorBet, total: int, winner: Side) -> int:
    if last.call is CF:
        if ctx.variant is Variant.URUGUAIO:
            return 6  # [004 L17] «Vale 6 pontos e o adversário não ganha nada.»
        return max(6, PER_FLOR * total) + PER_FLOR * last.reals  # [000 L433] [001 L40] [000 L1241]
    if last.call is COM:
        return PER_FLOR + PER_FLOR * last.reals  # [000 L1245] 3 + 3n
    if last.call is CFF:
        if ctx.variant is Variant.CEGO_DUPLA:
            return max(3, ctx.falta(last.by))  # [001 L42] «por 3 tentos e não menos» (V-H12)
        return ctx.leader_falta  # Amostra "a falta envido": the leader's falta (default)
    if ctx.variant in (Variant.CEGO_DUPLA, Variant.URUGUAIO):
        # [001 L41] ends the partida; [004 L55] what the winner needs to reach 30.
        return ctx.falta(winner)
    if ctx.testa:
        return TESTA_CFR
    return 6 + ctx.leader_falta  # [000 L449] [000 L1275] 6 + «os que faltem ao ponteiro»
