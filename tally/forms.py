"""The detailed hand form: every field of :class:`rules.hands.Hand` as plain inputs.

Used without JS too, so it reads a QueryDict-like mapping and builds the JSON of
``hands.codec`` (one validation path for the form, the big buttons and the phone's
queued JSON). Chains are typed as the rulebook writes them: "E-RE-F", "CF-CFR".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.numbers import whole_number
from rules.hands import Hand, VoltaKind
from rules.hands.penalties import rule_for
from rules.hands.types import Infraction, Variant
from tally.codec import CodecError, decode

PENALTY_LABELS = {
    "": "—",
    "looked_out_of_turn": gettext_lazy("olhou as cartas fora de hora"),
    "signal": gettext_lazy("sinal proibido"),
    "spoke_in_testa": gettext_lazy("falou na testa"),
    "cards_collected": gettext_lazy("recolheu as cartas"),
    "passed_without_speaking": gettext_lazy("passou sem falar"),
    "wrong_card_count": gettext_lazy("número errado de cartas"),
    "flor_by_mistake": gettext_lazy("flor cantada por engano"),
    "flor_renegada": gettext_lazy("flor renegada"),
    "peco_flor": gettext_lazy("peço flor"),
    "canto_equivocado": gettext_lazy("canto equivocado"),
    "misdeal": gettext_lazy("erro ao dar as cartas"),
    "baralho_look": gettext_lazy("olhou o baralho"),
    "tento": gettext_lazy("tento"),
    "burned_card": gettext_lazy("carta queimada"),
    "four_cards_played": gettext_lazy("jogou com quatro cartas"),
    "four_cards_partner": gettext_lazy("parceiro com quatro cartas"),
    "short_deal": gettext_lazy("cartas a menos"),
    "four_cards_dealt": gettext_lazy("deu quatro cartas"),
    "other": gettext_lazy("outra (decisão da comissão)"),
}
TRUCO_ENDS = {
    "won": gettext_lazy("jogada até o fim"),
    "refused": gettext_lazy("não querido / correu"),
    "tied": gettext_lazy("empate (pardas)"),
    "baralho": gettext_lazy("foi ao baralho antes de jogar"),
    "not_played": gettext_lazy("não jogada"),
}
RESULTS = {
    "won_a": gettext_lazy("Equipe A"),
    "won_b": gettext_lazy("Equipe B"),
    "tied": gettext_lazy("empate"),
    "refused": gettext_lazy("não querido"),
}


def penalties_of(variant: Variant) -> dict[str, Any]:
    """The penalties the form offers: only the modality's own (no flor penalty where
    there is no flor), plus «—» and the commission's «outra»."""
    return {
        code: label
        for code, label in PENALTY_LABELS.items()
        if not code or rule_for(Infraction(code), variant) is not None
    }


def _get(data: Mapping[str, Any], name: str) -> str:
    value = data.get(name, "")
    return value.strip()[:60] if isinstance(value, str) else ""


def _side_or_none(text: str) -> str | None:
    return text if text in ("a", "b") else None


def _alternating(chain: str, first: str, key: str) -> list[dict[str, Any]]:
    if first not in ("a", "b"):
        raise CodecError(_("Informe quem fez o primeiro canto."))
    other = {"a": "b", "b": "a"}
    calls = []
    by = first
    for token in [t for t in chain.upper().replace(" ", "-").split("-") if t][:8]:
        name, digits = token.rstrip("0123456789"), token[len(token.rstrip("0123456789")) :]
        entry: dict[str, Any] = {"call": name, "by": by}
        if digits:
            entry[key] = int(digits[:2])
        calls.append(entry)
        by = other[by]
    return calls


def _result(text: str) -> dict[str, Any]:
    if text in ("won_a", "won_b"):
        return {"accepted": True, "winner": text[-1], "tied": False}
    if text == "tied":
        return {"accepted": True, "winner": None, "tied": True}
    if text == "refused":
        return {"accepted": False, "winner": None, "tied": False}
    raise CodecError(_("Informe o resultado do canto."))


def _deal(data: Mapping[str, Any], i: int) -> dict[str, Any]:
    p = f"d{i}_"
    end = _get(data, p + "truco_end") or "not_played"
    deal: dict[str, Any] = {
        "mao": _get(data, p + "mao"),
        "truco": {
            "end": end,
            "to": _side_or_none(_get(data, p + "truco_to")),
            "level": _get(data, p + "truco_level") or "none",
        },
        "penalties": [],
    }
    chain = _get(data, p + "envido")
    if chain:
        deal["envido"] = {
            "calls": _alternating(chain, _get(data, p + "envido_first"), "n"),
            **_result(_get(data, p + "envido_result")),
        }
    flores = [c for c in _get(data, p + "flores").lower() if c in "ab"][:6]
    if flores:
        raises = _get(data, p + "flor_raises")
        flor: dict[str, Any] = {"flores": flores, "raises": []}
        if raises:
            flor["raises"] = _alternating(raises, _get(data, p + "flor_raiser"), "reals")
        result = _get(data, p + "flor_result")
        if result:
            flor.update(_result(result))
        deal["flor"] = flor
    infraction = _get(data, p + "pen_infraction")
    if infraction:
        points = _get(data, p + "pen_points")
        if points and whole_number(points, 3) is None:
            raise CodecError(_("Pontos da penalidade: informe um número."))
        deal["penalties"].append(
            {
                "infraction": infraction,
                "offender": _get(data, p + "pen_offender"),
                "points": whole_number(points, 3),
                "article": _get(data, p + "pen_article"),
            }
        )
    return deal


def detail_hand(data: Mapping[str, Any], duels: int) -> Hand:
    """The hand typed in the detailed form; ``duels`` deals when it is a testa."""
    kind = _get(data, "kind") or VoltaKind.RODA.value
    count = duels if kind == VoltaKind.TESTA.value else 1
    raw = {
        "kind": kind,
        "deals": [_deal(data, i) for i in range(1, count + 1)],
        "lei_do_jogo": _side_or_none(_get(data, "lei_do_jogo")),
    }
    return decode(raw)
