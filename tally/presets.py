"""The big buttons of the judge's screen: the offers of ``rules.hands.offers`` (which
hands the modality allows at the score) with the modality's labels.

A button is a code ("won:truco:a") the page posts; :func:`preset_hand` turns it,
with the mão and the optional envido/flor picked above the buttons, into a
:class:`rules.hands.Hand`. Unknown codes are refused here, illegal hands by the rules
engine. Codes stay short and readable so a no-JS form can post them as button values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.hands import (
    EnvidoBet,
    EnvidoCall,
    EnvidoPart,
    FlorPart,
    Hand,
    TrucoCall,
    TrucoEnd,
    TrucoPart,
    Variant,
)
from rules.hands.offers import Offers, Phase
from rules.hands.types import LADDER_3_6_9_12
from rules.results import Side
from tally.codec import CodecError
from tally.models import LEVEL_LABELS


@dataclass(frozen=True)
class Button:
    code: str  # without the side: the page adds ":a" / ":b"
    label: Any  # a translation (lazy: the labels are built at import)
    points: str  # what the button is worth, shown small ("2", "1")
    sides: tuple[str, ...] = ("a", "b")  # the sides that may take it


# The label of each truco offer (``rules.hands.offers``), by its code.
LABELS = {
    "won:none": gettext_lazy("mão simples"),
    "won:truco": gettext_lazy("truco aceito"),
    "refused:truco": gettext_lazy("truco não querido"),
    "won:retruco": gettext_lazy("retruco aceito"),
    "refused:retruco": gettext_lazy("retruco não querido"),
    "won:vale_quatro": gettext_lazy("vale quatro aceito"),
    "refused:vale_quatro": gettext_lazy("vale quatro não querido"),
}
LABELS_3691 = {
    "won:none": gettext_lazy("mão simples"),
    "won:truco": gettext_lazy("truco"),
    "won:seis": gettext_lazy("seis"),
    "won:nove": gettext_lazy("nove"),
    "won:doze": gettext_lazy("doze"),
    "refused:truco": gettext_lazy("correu do truco"),
    "refused:seis": gettext_lazy("correu do seis"),
    "refused:nove": gettext_lazy("correu do nove"),
    "refused:doze": gettext_lazy("correu do doze"),
}
LABELS_MAO_DE_ONZE = {
    "won:none": gettext_lazy("mão de onze: jogou e ganhou"),
    "refused:none": gettext_lazy("mão de onze: o adversário correu"),
    "won:truco": gettext_lazy("mão de onze: o adversário pediu truco"),
}
LABELS_FERRO = {"won:none": gettext_lazy("mão de ferro: ganhou a mão")}
LABELS_ONZE_A_ONZE = {
    "won:none": gettext_lazy("11 a 11: ganhou a mão"),
    "won:truco": gettext_lazy("11 a 11: o adversário pediu truco"),
}
PHASE_NAMES = {
    Phase.MAO_DE_ONZE: gettext_lazy("Mão de onze"),
    Phase.ONZE_A_ONZE: gettext_lazy("Mão de onze, 11 a 11: ninguém corre"),
}


def _labels(variant: Variant, offers: Offers) -> dict[str, Any]:
    if offers.mao_de_ferro:
        return LABELS_FERRO
    if offers.phase is Phase.ONZE_A_ONZE:
        return LABELS_ONZE_A_ONZE
    if offers.phase is Phase.MAO_DE_ONZE:
        return LABELS_MAO_DE_ONZE
    return LABELS_3691 if variant in LADDER_3_6_9_12 else LABELS


def phase_name(offers: Offers) -> Any:
    """The hand's name above the buttons («Mão de onze», «Mão de ferro»), or None."""
    if offers.mao_de_ferro:
        return _("Mão de ferro (11 a 11): ninguém corre")
    return PHASE_NAMES.get(offers.phase)


def truco_buttons(variant: Variant, offers: Offers) -> tuple[Button, ...]:
    """The big buttons: exactly the truco offers of the state, labelled by the modality."""
    labels = _labels(variant, offers)
    return tuple(
        Button(o.code, labels[o.code], str(o.points), tuple(s.value for s in o.sides)) for o in offers.truco
    )


# Envido/flor picked above the truco buttons: code -> label; the side is the one that
# takes the points ("querido": the winner; "não querido": the caller).
ENVIDO_2_3_4 = {
    "E:won": gettext_lazy("envido querido"),
    "E:refused": gettext_lazy("envido não querido"),
    "RE:won": gettext_lazy("real envido querido"),
    "RE:refused": gettext_lazy("real envido não querido"),
    "F:won": gettext_lazy("falta envido querido"),
    "F:refused": gettext_lazy("falta envido não querido"),
}
URUGUAIO_CHAINS = {
    "E-E:won": gettext_lazy("envido, envido querido"),
    "E-E:refused": gettext_lazy("envido, envido não querido"),
    "E-RE:won": gettext_lazy("envido, real envido querido"),
    "E-RE:refused": gettext_lazy("envido, real envido não querido"),
    "E-F:won": gettext_lazy("envido, falta envido querido"),
    "E-RE-F:won": gettext_lazy("envido, real envido, falta envido querido"),
}
FLOR = {"flor": gettext_lazy("flor")}


def extra_choices(variant: Variant, offers: Offers) -> dict[str, Any]:
    """Envido/flor choices offered above the buttons: only where the offers have them
    (none in 002/003, no flor in a 001 «pata lisa»)."""
    choices: dict[str, Any] = {}
    if offers.envido:
        choices.update(ENVIDO_2_3_4)
        if variant is Variant.URUGUAIO:
            choices.update(URUGUAIO_CHAINS)
    if offers.flor:
        choices.update(FLOR)
    return choices


def _side(text: str) -> Side:
    if text not in ("a", "b"):
        raise CodecError(_("Lado inválido: use a equipe A ou a equipe B."))
    return Side(text)


def _truco(code: str) -> TrucoPart:
    """``end:level:side`` -> TrucoPart; "tied" and "not_played" have no side."""
    parts = code.split(":")
    if parts == ["tied"]:
        return TrucoPart.tied()
    if parts == ["none"]:
        return TrucoPart()  # the hand ended before the truco (envido/flor closed the partida)
    if len(parts) != 3:
        raise CodecError(_("Botão desconhecido."))
    end, level, side = parts
    try:
        truco_end, truco_level = TrucoEnd(end), TrucoCall(level)
    except ValueError:
        raise CodecError(_("Botão desconhecido.")) from None
    if truco_end not in (TrucoEnd.WON, TrucoEnd.REFUSED):
        raise CodecError(_("Botão desconhecido."))
    return TrucoPart(truco_end, _side(side), truco_level)


def _extra(code: str, mao: Side) -> tuple[EnvidoPart | None, FlorPart | None]:
    """``chain:won|refused:side`` or ``flor:side``; the first call is the mão's, then
    the calls alternate (each is the other side's revide)."""
    if not code:
        return None, None
    parts = code.split(":")
    if len(parts) == 2 and parts[0] == "flor":
        return None, FlorPart((_side(parts[1]),))
    if len(parts) != 3 or parts[1] not in ("won", "refused"):
        raise CodecError(_("Envido desconhecido."))
    chain, outcome, side = parts[0].split("-"), parts[1], _side(parts[2])
    if not 1 <= len(chain) <= 4:
        raise CodecError(_("Envido desconhecido."))
    try:
        calls = [EnvidoCall(c) for c in chain]
    except ValueError:
        raise CodecError(_("Envido desconhecido.")) from None
    # Refused: the side that takes the points made the last call; accepted: the mão opened.
    first = (side if len(calls) % 2 == 1 else side.other) if outcome == "refused" else mao
    bets = tuple(EnvidoBet(c, first if i % 2 == 0 else first.other) for i, c in enumerate(calls))
    if outcome == "won":
        return EnvidoPart.won(side, *bets), None
    return EnvidoPart.refused(*bets), None


def preset_hand(*, truco: str, extra: str, mao: str) -> Hand:
    """The hand of a big button; raises :class:`CodecError` on an unknown code."""
    if len(truco) > 40 or len(extra) > 40:
        raise CodecError(_("Botão desconhecido."))
    mao_side = _side(mao)
    envido, flor = _extra(extra, mao_side)
    return Hand.roda(mao_side, _truco(truco), envido=envido, flor=flor)


def levels(offers: Offers) -> dict[str, str]:
    """Truco levels of the detailed form: the offers' (the modality's ladder; only «sem
    truco» in a goiano mão de onze, where no truco is asked)."""
    names = {**LEVEL_LABELS, "none": _("sem truco")}  # the calls' own names, in both languages
    return {level.value: names[level.value] for level in offers.levels}
