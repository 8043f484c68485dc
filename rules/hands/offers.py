"""What the tenteio may offer for the next hand, from the modality and the state.

The one place the counter's choices come from (docs/rules.md §2.7.1): the phase of the
partida (an ordinary hand, a mão de onze, the 11–11 hand, a partida waiting for its
confirmation, a jogo already decided), the truco outcomes with the sides that may take
them, the truco levels of the detailed form, and whether envido and flor exist. Every
truco offer is a hand :func:`rules.hands.score_hand` accepts at that score, so a big
button never leads to a refusal; envido and flor only say the modality has them (a
chain may still be refused for its value, as over the Amostra cap in buenos). The
detailed form stays the way to type anything else.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rules.hands.truco import MAO_DE_ONZE_VALUE, ladder
from rules.hands.types import (
    DEFAULT_OPTIONS,
    LADDER_3_6_9_12,
    WITH_ENVIDO,
    HandOptions,
    TrucoCall,
    TrucoEnd,
    Variant,
    variant_of,
)
from rules.modality_params import Modality
from rules.results import Side

BOTH = (Side.A, Side.B)


class Phase(str, Enum):
    HAND = "hand"  # an ordinary hand
    MAO_DE_ONZE = "mao_de_onze"  # 002/003: one side on target − 1
    # Both sides on target − 1: 003 names it «mão de ferro» [003 L53]; 002 only says
    # «11 a 11» [002 L62]. Nobody folds: the hand is played and ends the partida.
    ONZE_A_ONZE = "onze_a_onze"
    PARTIDA_OVER = "partida_over"  # the target is reached: the judge confirms the partida
    JOGO_DECIDED = "jogo_decided"  # no partida is left to play: the súmula is next


@dataclass(frozen=True, slots=True)
class TrucoOffer:
    """A truco outcome the counter offers, worth ``points`` to one of ``sides``."""

    end: TrucoEnd
    level: TrucoCall
    points: int
    sides: tuple[Side, ...] = BOTH

    @property
    def code(self) -> str:
        return f"{self.end.value}:{self.level.value}"


@dataclass(frozen=True, slots=True)
class Offers:
    """The counter's choices for the next hand; empty once no hand may be entered."""

    phase: Phase
    truco: tuple[TrucoOffer, ...] = ()
    levels: tuple[TrucoCall, ...] = ()  # the detailed form's truco levels
    tied: bool = False  # «empate (pardas)»
    envido: bool = False
    flor: bool = False
    # The 11–11 hand of a modality whose rulebook calls it «mão de ferro» (003).
    mao_de_ferro: bool = False

    @property
    def hand_open(self) -> bool:
        """A hand may be entered now."""
        return self.phase in (Phase.HAND, Phase.MAO_DE_ONZE, Phase.ONZE_A_ONZE)


def jogo_decided(modality: Modality, wins: tuple[int, int], played: int) -> bool:
    """A side has the partidas it needs, or every partida the súmula holds was played."""
    return max(wins) >= modality.wins_needed or played >= modality.max_games


def flor_exists(variant: Variant, options: HandOptions = DEFAULT_OPTIONS) -> bool:
    """Flor is sung in every modality with envido, except 001 played «pata lisa» [001 L38]."""
    return variant in WITH_ENVIDO and not (variant is Variant.CEGO_DUPLA and options.pata_lisa)


def _ladder_offers(variant: Variant) -> tuple[TrucoOffer, ...]:
    values = ladder(variant)
    won = [TrucoOffer(TrucoEnd.WON, level, accepted) for level, (accepted, _) in values.items()]
    refused = [
        TrucoOffer(TrucoEnd.REFUSED, level, refused)
        for level, (_, refused) in values.items()
        if level is not TrucoCall.NONE
    ]
    if variant in LADDER_3_6_9_12:
        return (*won, *refused)  # the 3-6-9-12 buttons list the calls, then «correu do …»
    # Ladder 2-3-4: each call accepted, then the same call refused.
    return (won[0], *(o for pair in zip(won[1:], refused) for o in pair))


def _onze_offers(variant: Variant, score: tuple[int, int], target: int, options: HandOptions) -> Offers:
    on_eleven = tuple(side for side, points in zip(BOTH, score) if points == target - 1)
    truco = [TrucoOffer(TrucoEnd.WON, TrucoCall.NONE, MAO_DE_ONZE_VALUE)]
    both = len(on_eleven) == 2
    if not both:
        # Only the side on 11 may fold: its opponent takes the fold's value (V-H9/V-H10).
        decline = 1 if variant is Variant.GOIANO else options.mao_de_onze_decline
        truco.append(TrucoOffer(TrucoEnd.REFUSED, TrucoCall.NONE, decline, (on_eleven[0].other,)))
    levels: tuple[TrucoCall, ...] = (TrucoCall.NONE,)
    if variant is Variant.PAULISTA:
        # «Quem trucar em mão de 11, perderá três tentos» [002 L63]: the opponent takes 3.
        truco.append(TrucoOffer(TrucoEnd.WON, TrucoCall.TRUCO, MAO_DE_ONZE_VALUE))
        levels = (TrucoCall.NONE, TrucoCall.TRUCO)
    return Offers(
        Phase.ONZE_A_ONZE if both else Phase.MAO_DE_ONZE,
        tuple(truco),
        levels,
        tied=True,
        mao_de_ferro=both and variant is Variant.GOIANO,
    )


def hand_offers(
    modality: Modality,
    score: tuple[int, int],
    *,
    decided: bool = False,
    options: HandOptions = DEFAULT_OPTIONS,
) -> Offers:
    """What the counter offers for the next hand of a partida at ``score``; ``decided``:
    the jogo needs no more partidas (:func:`jogo_decided`)."""
    if decided:
        return Offers(Phase.JOGO_DECIDED)
    target = modality.points_to_win
    if max(score) >= target:
        return Offers(Phase.PARTIDA_OVER)
    variant = variant_of(modality)
    # The same condition as the engine's (``Ctx.mao_de_onze``), so an offer is never refused.
    if variant in LADDER_3_6_9_12 and target - 1 in score:
        return _onze_offers(variant, score, target, options)
    return Offers(
        Phase.HAND,
        _ladder_offers(variant),
        tuple(ladder(variant)),
        tied=True,
        envido=variant in WITH_ENVIDO,
        flor=flor_exists(variant, options),
    )
