"""Penalties of a hand, credited to the offender's opponent (AMB-17: never subtracted).

``CATALOG`` lists every penalty of docs/rules.md §2 with the modalities it belongs to, its
source and its value: a fixed number, a choice (2, or 4 when the opponent holds flor),
an open minimum ("at least 1 E + 1 T"), or the current hand value — the 003/004
"tento" and the 002 "tento em jogo" (V-H11, AMB-35). ``OTHER`` records any commission
decision with explicit points and article.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.hands.context import Ctx
from rules.hands.truco import hand_values
from rules.hands.types import (
    GAUCHO_000,
    Component,
    Infraction,
    Part,
    Penalty,
    TrucoCall,
    Variant,
)
from rules.problems import Problem

_ALL = frozenset(Variant)
_CEGO = frozenset({Variant.CEGO})
_001 = frozenset({Variant.CEGO_DUPLA})
_002 = frozenset({Variant.PAULISTA})
_003 = frozenset({Variant.GOIANO})
_004 = frozenset({Variant.URUGUAIO})


@dataclass(frozen=True, slots=True)
class PenaltyRule:
    variants: frozenset[Variant]
    source: str
    allowed: frozenset[int] = frozenset()  # exact values; one value is the default
    minimum: int = 0  # open value: points ≥ minimum, to be given
    hand_value: bool = False  # the current value of the hand (V-H11)


def _fixed(variants: frozenset[Variant], source: str, *values: int) -> PenaltyRule:
    return PenaltyRule(variants, source, allowed=frozenset(values))


CATALOG: dict[Infraction, tuple[PenaltyRule, ...]] = {
    Infraction.LOOKED_OUT_OF_TURN: (_fixed(_CEGO, "000 L147", 1),),
    Infraction.SIGNAL: (_fixed(_CEGO, "000 L161", 1),),
    Infraction.SPOKE_IN_TESTA: (_fixed(_CEGO, "000 L115", 2),),  # 1 envido + 1 truco
    Infraction.CARDS_COLLECTED: (_fixed(_CEGO, "000 L169", 2, 4),),  # 4 when the opponent has flor
    Infraction.PASSED_WITHOUT_SPEAKING: (_fixed(_CEGO, "000 L197", 2, 4),),
    Infraction.WRONG_CARD_COUNT: (PenaltyRule(_CEGO, "000 L245", minimum=2),),
    Infraction.FLOR_BY_MISTAKE: (_fixed(GAUCHO_000, "000 L375", 4),),  # 3 F + 1 T
    Infraction.FLOR_RENEGADA: (
        PenaltyRule(GAUCHO_000, "000 L393", minimum=3),  # 3 + the truco points
        _fixed(_001, "001 L46", 3),
    ),
    Infraction.PECO_FLOR: (PenaltyRule(GAUCHO_000, "000 L405", minimum=1),),  # 1 per flor asked
    Infraction.CANTO_EQUIVOCADO: (PenaltyRule(GAUCHO_000, "000 L595", minimum=1),),
    Infraction.MISDEAL: (_fixed(_001, "001 L13", 2),),
    Infraction.BARALHO_LOOK: (_fixed(_001, "001 L50", 2),),
    Infraction.TENTO: (
        PenaltyRule(_002, "002 L79 AMB-35", hand_value=True),
        PenaltyRule(_003, "003 L305", hand_value=True),
        PenaltyRule(_004, "004 L68", hand_value=True),
    ),
    Infraction.BURNED_CARD: (PenaltyRule(_002, "002 L86 AMB-35", hand_value=True),),
    Infraction.FOUR_CARDS_PLAYED: (_fixed(_003, "003 L287 AMB-34", 3),),
    Infraction.FOUR_CARDS_PARTNER: (_fixed(_003, "003 L287 AMB-34", 1, 3),),
    Infraction.SHORT_DEAL: (_fixed(_003, "003 L299", 1),),
    Infraction.FOUR_CARDS_DEALT: (_fixed(_004, "004 L64", 1),),
    Infraction.OTHER: (PenaltyRule(_ALL, "", minimum=1),),
}


def rule_for(infraction: Infraction, variant: Variant) -> PenaltyRule | None:
    return next((r for r in CATALOG[infraction] if variant in r.variants), None)


def score_penalties(
    ctx: Ctx, penalties: tuple[Penalty, ...], level: TrucoCall
) -> tuple[list[Component], list[Problem]]:
    components: list[Component] = []
    problems: list[Problem] = []
    for pen in penalties:
        name = pen.infraction.value
        rule = rule_for(pen.infraction, ctx.variant)
        if rule is None:
            problems.append(
                ctx.problem("hand.penalty_not_in_modality", infraction=name, modality=ctx.modality.key)
            )
            continue
        if pen.infraction is Infraction.OTHER and not pen.article.strip():
            problems.append(ctx.problem("hand.penalty_article_required"))
            continue
        if rule.hand_value:
            allowed = hand_values(ctx, level)
            default: int | None = max(allowed)  # the value the hand had when it ended
        else:
            allowed = rule.allowed
            default = next(iter(allowed)) if len(allowed) == 1 else None
        points = default if pen.points is None else pen.points
        if rule.hand_value and points not in allowed:
            shown = ", ".join(str(v) for v in sorted(allowed))
            problems.append(ctx.problem("hand.tento_value_invalid", value=points, allowed=shown))
        elif points is None or (allowed and points not in allowed) or points < max(rule.minimum, 1):
            problems.append(ctx.problem("hand.penalty_value_invalid", infraction=name, value=points))
        else:
            note = pen.article.strip() or rule.source
            components.append(Component(Part.PENALTY, pen.offender.other, points, f"{name} {note}"))
    return components, problems
