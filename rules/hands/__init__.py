"""Hand-level scoring per modality (issue #11 "Digital tenteio"): pure functions.

``score_hand(modality, before, hand)`` gives a hand's :class:`HandAward` or the V-H
problems that refuse it; ``score_partida(modality, hands)`` runs a whole hand log.
"""

from rules.hands.partida import expected_volta, score_partida
from rules.hands.score import score_hand
from rules.hands.types import (
    Component,
    Deal,
    EnvidoBet,
    EnvidoCall,
    EnvidoPart,
    FlorBet,
    FlorCall,
    FlorPart,
    Hand,
    HandAward,
    HandOptions,
    HandOutcome,
    Infraction,
    Part,
    PartidaTally,
    Penalty,
    TrucoCall,
    TrucoEnd,
    TrucoPart,
    Variant,
    VoltaKind,
    variant_of,
)

__all__ = [
    "Component",
    "Deal",
    "EnvidoBet",
    "EnvidoCall",
    "EnvidoPart",
    "FlorBet",
    "FlorCall",
    "FlorPart",
    "Hand",
    "HandAward",
    "HandOptions",
    "HandOutcome",
    "Infraction",
    "Part",
    "PartidaTally",
    "Penalty",
    "TrucoCall",
    "TrucoEnd",
    "TrucoPart",
    "Variant",
    "VoltaKind",
    "expected_volta",
    "score_hand",
    "score_partida",
    "variant_of",
]
