"""The envido part of a hand: chains, falta, the Amostra cap (docs/rules.md §2.1.5, §2.2.6,
§2.3.5, §2.6.5; checks V-H5, V-H6, V-H8).

Arithmetic shared by every gaúcho/uruguaio rulebook: an accepted chain is worth the sum
of its calls (ENVIDO 2, REAL ENVIDO 3 each, "n tentos" n), or the falta when it ends in
FALTA ENVIDO; a refused chain pays its caller 1 when it is a single call, otherwise the
previous total, because a revide accepts the bet before it [000 L287] [000 L611]. This
reproduces every row of the 004 table ([004 L35–L45]), which is also kept literally
(``URUGUAIO_CHAINS``) as the list of the only legal 004 chains.
"""

from __future__ import annotations

from rules.hands.context import Ctx
from rules.hands.types import GAUCHO_000, Component, EnvidoBet, EnvidoCall, EnvidoPart, Part, Variant
from rules.modality_params import FaltaBasis
from rules.problems import Problem

E, RE, F = EnvidoCall.ENVIDO, EnvidoCall.REAL, EnvidoCall.FALTA
FALTA = -1  # marker: the chain is worth the falta

# 004: chain -> (accepted, refused), exactly docs/rules.md §2.6.5.
URUGUAIO_CHAINS: dict[tuple[EnvidoCall, ...], tuple[int, int]] = {
    (E,): (2, 1),
    (RE,): (3, 1),
    (F,): (FALTA, 1),
    (E, E): (4, 2),
    (E, RE): (5, 2),
    (E, F): (FALTA, 2),
    (E, RE, F): (FALTA, 5),
    (RE, F): (FALTA, 3),
    (E, E, RE): (7, 4),
    (E, E, F): (FALTA, 4),
    (E, E, RE, F): (FALTA, 7),
}
TESTA_FALTA = 6  # [000 L643] «no jogo de TESTA ela vale apenas seis tentos»


def chain_name(calls: tuple[EnvidoBet, ...]) -> str:
    return "-".join(c.call.value + (str(c.n) if c.n != 1 else "") for c in calls)


def _bet_value(ctx: Ctx, bet: EnvidoBet) -> int:
    if bet.call is E:
        return 2
    if bet.call is RE:
        return 3 * bet.n
    if bet.call is EnvidoCall.TENTOS:
        return bet.n
    if bet.call is F:
        return 0  # worth the falta, and never part of a previous total (F is last)
    # ADVANTAGE: «o número de tentos que a cruza que vai a frente leva de vantagem» [000 L1431]
    return abs(ctx.before[0] - ctx.before[1])


def _chain_ok(ctx: Ctx, calls: tuple[EnvidoBet, ...]) -> bool:
    if not calls or any(a.by is b.by for a, b in zip(calls, calls[1:])):
        return False  # each call after the first is the other side's revide
    names = tuple(c.call for c in calls)
    if ctx.variant is Variant.URUGUAIO:
        return names in URUGUAIO_CHAINS and all(c.n == 1 for c in calls)
    if F in names[:-1]:
        return False  # the falta is the largest bet: nothing goes over it
    for bet in calls:
        if bet.n < 1 or (bet.call in (E, F, EnvidoCall.ADVANTAGE) and bet.n != 1):
            return False
        # Several real envidos at once and "n tentos": 000 only [000 L607] [000 L1353].
        if bet.call is RE and bet.n > 1 and ctx.variant not in GAUCHO_000:
            return False
        if bet.call in (EnvidoCall.TENTOS, EnvidoCall.ADVANTAGE) and ctx.variant is not Variant.AMOSTRA:
            return False
    # The advantage bet stands alone: it is re-proposed every deal [000 L1433].
    return EnvidoCall.ADVANTAGE not in names or len(names) == 1


def _falta(ctx: Ctx, part: EnvidoPart) -> int:
    if ctx.testa:
        return TESTA_FALTA
    if ctx.modality.falta_basis is FaltaBasis.LEADER:
        return ctx.leader_falta  # [000 L621]
    proposer = part.calls[-1].by
    if part.a_minha_falta:
        return ctx.falta(proposer.other)  # [001 L34] the leader's own, smaller falta
    return ctx.falta(proposer)  # [001 L34] [004 L37] «a falta da dupla que propôs»


def score_envido(ctx: Ctx, part: EnvidoPart) -> tuple[list[Component], list[Problem]]:
    if ctx.variant not in (Variant.CEGO, Variant.AMOSTRA, Variant.CEGO_DUPLA, Variant.URUGUAIO):
        return [], [ctx.problem("hand.envido_not_in_modality", modality=ctx.modality.key)]
    name = chain_name(part.calls)
    if not _chain_ok(ctx, part.calls):
        return [], [ctx.problem("hand.envido_chain_invalid", chain=name or "—")]
    last = part.calls[-1]
    problems: list[Problem] = []
    if last.call is EnvidoCall.ADVANTAGE and ctx.score(last.by) >= ctx.score(last.by.other):
        # «colocada pela cruza que vai atrás» [000 L1429]: only the trailing side (V-H8).
        problems.append(ctx.problem("hand.advantage_bet_invalid"))
    if part.a_minha_falta and not (
        ctx.variant is Variant.CEGO_DUPLA
        and last.call is F
        and part.accepted
        and ctx.score(last.by.other) > ctx.score(last.by)
    ):
        # [001 L34] «só pode ser usada pela dupla que tem mais pontos» (V-H6).
        problems.append(ctx.problem("hand.a_minha_falta_invalid"))
    if part.accepted:
        bad_winner = (part.winner is None) != part.tied
    else:  # a refusal always pays the last caller; naming it is allowed
        bad_winner = part.tied or part.winner not in (None, last.by)
    if bad_winner:
        problems.append(ctx.problem("hand.envido_winner_invalid"))
    if problems:
        return [], problems
    names = tuple(c.call for c in part.calls)
    if ctx.variant is Variant.URUGUAIO:
        accepted, refused = URUGUAIO_CHAINS[names]
    else:
        values = [_bet_value(ctx, c) for c in part.calls]
        accepted = FALTA if last.call is F else sum(values)
        refused = 1 if len(values) == 1 else sum(values[:-1])
    if accepted == FALTA:
        accepted = _falta(ctx, part)
    if not part.accepted:
        return [Component(Part.ENVIDO, last.by, refused, name + " refused")], []
    if (
        ctx.variant is Variant.AMOSTRA
        and ctx.in_buenos
        and last.call is not F
        and accepted > ctx.leader_falta
    ):
        # [000 L1411] in buenos the chain is capped at the leader's falta (V-H8).
        return [], [ctx.problem("hand.envido_above_cap", value=accepted, cap=ctx.leader_falta)]
    winner = ctx.tie_winner if part.winner is None else part.winner
    return [Component(Part.ENVIDO, winner, accepted, name)], []
