"""JSON form of :class:`rules.hands.Hand` and :class:`rules.hands.HandAward`.

A hand is stored as JSON on ``HandEntry`` and travels as JSON from the judge's phone, so
:func:`decode` is the one gate for untrusted input: it checks every type and bound and
raises :class:`CodecError` (a pt-BR message) instead of letting a bad value reach the
rules engine. ``decode(encode(hand)) == hand`` exactly (tests/tally/test_codec.py).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

from django.utils.translation import gettext as _

from rules.hands import (
    Deal,
    EnvidoBet,
    EnvidoCall,
    EnvidoPart,
    FlorBet,
    FlorCall,
    FlorPart,
    Hand,
    HandAward,
    Infraction,
    Penalty,
    TrucoCall,
    TrucoEnd,
    TrucoPart,
    VoltaKind,
)
from rules.results import Side

# Bounds far above any real hand, low enough that a hostile POST stays cheap.
MAX_DEALS = 3
MAX_CALLS = 8
MAX_PENALTIES = 6
MAX_COUNT = 99
MAX_TEXT = 200

E = TypeVar("E", bound=Enum)


class CodecError(ValueError):
    """The JSON does not describe a hand; the message says which field, in pt-BR."""


def _side(value: Side | None) -> str | None:
    return value.value if value is not None else None


def encode(hand: Hand) -> dict[str, Any]:
    return {
        "kind": hand.kind.value,
        "deals": [_encode_deal(d) for d in hand.deals],
        "lei_do_jogo": _side(hand.lei_do_jogo),
        "reported": list(hand.reported) if hand.reported is not None else None,
    }


def _encode_deal(deal: Deal) -> dict[str, Any]:
    out: dict[str, Any] = {
        "mao": deal.mao.value,
        "truco": {"end": deal.truco.end.value, "to": _side(deal.truco.to), "level": deal.truco.level.value},
        "envido": None,
        "flor": None,
        "penalties": [
            {
                "infraction": p.infraction.value,
                "offender": p.offender.value,
                "points": p.points,
                "article": p.article,
            }
            for p in deal.penalties
        ],
    }
    if deal.envido is not None:
        e = deal.envido
        out["envido"] = {
            "calls": [{"call": c.call.value, "by": c.by.value, "n": c.n} for c in e.calls],
            "accepted": e.accepted,
            "winner": _side(e.winner),
            "tied": e.tied,
            "a_minha_falta": e.a_minha_falta,
        }
    if deal.flor is not None:
        f = deal.flor
        out["flor"] = {
            "flores": [s.value for s in f.flores],
            "raises": [{"call": r.call.value, "by": r.by.value, "reals": r.reals} for r in f.raises],
            "accepted": f.accepted,
            "winner": _side(f.winner),
            "tied": f.tied,
            "singers": list(f.singers),
        }
    return out


def encode_award(award: HandAward) -> dict[str, Any]:
    return {
        "a": award.a,
        "b": award.b,
        "ends_partida": award.ends_partida,
        "components": [
            {"part": c.part.value, "side": c.side.value, "points": c.points, "note": c.note}
            for c in award.components
        ],
    }


# ---- decoding untrusted input -------------------------------------------------------


def _obj(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise CodecError(_("%(where)s: esperado um objeto.") % {"where": where})
    return value


def _list(value: object, where: str, limit: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > limit:
        raise CodecError(
            _("%(where)s: esperada uma lista de até %(n)d itens.") % {"where": where, "n": limit}
        )
    return value


def _enum(kind: type[E], value: object, where: str) -> E:
    try:
        return kind(value)
    except (ValueError, TypeError):
        raise CodecError(_("%(where)s: valor desconhecido.") % {"where": where}) from None


def _req_side(value: object, where: str) -> Side:
    return _enum(Side, value, where)


def _opt_side(value: object, where: str) -> Side | None:
    return None if value is None else _req_side(value, where)


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise CodecError(_("%(where)s: esperado verdadeiro ou falso.") % {"where": where})
    return value


def _int(value: object, where: str, low: int = 0, high: int = MAX_COUNT) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CodecError(
            _("%(where)s: esperado um número inteiro de %(low)d a %(high)d.")
            % {"where": where, "low": low, "high": high}
        )
    return value


def _text(value: object, where: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise CodecError(_("%(where)s: texto de até %(n)d caracteres.") % {"where": where, "n": MAX_TEXT})
    return value


def _get(
    obj: dict[str, Any], key: str, conv: Callable[[object, str], Any], default: object, where: str
) -> Any:
    return conv(obj.get(key, default), f"{where}.{key}")


def decode(raw: object) -> Hand:
    """The :class:`Hand` described by ``raw``, or :class:`CodecError`."""
    obj = _obj(raw, "mão")
    kind = _enum(VoltaKind, obj.get("kind", "roda"), "mão.kind")
    deals_raw = _list(obj.get("deals"), "mão.deals", MAX_DEALS)
    if not deals_raw:
        raise CodecError(_("mão.deals: informe ao menos uma volta."))
    deals = tuple(_decode_deal(d, f"mão.deals[{i}]") for i, d in enumerate(deals_raw))
    lei = _opt_side(obj.get("lei_do_jogo"), "mão.lei_do_jogo")
    reported_raw = obj.get("reported")
    reported: tuple[int, int] | None = None
    if reported_raw is not None:
        pair = _list(reported_raw, "mão.reported", 2)
        if len(pair) != 2:
            raise CodecError(_("mão.reported: esperados dois números."))
        reported = (_int(pair[0], "mão.reported"), _int(pair[1], "mão.reported"))
    return Hand(deals, kind, lei, reported)


def _decode_deal(raw: object, where: str) -> Deal:
    obj = _obj(raw, where)
    mao = _req_side(obj.get("mao"), f"{where}.mao")
    t = _obj(obj.get("truco", {}), f"{where}.truco")
    truco = TrucoPart(
        _get(t, "end", lambda v, w: _enum(TrucoEnd, v, w), "not_played", f"{where}.truco"),
        _get(t, "to", _opt_side, None, f"{where}.truco"),
        _get(t, "level", lambda v, w: _enum(TrucoCall, v, w), "none", f"{where}.truco"),
    )
    envido = None if obj.get("envido") is None else _decode_envido(obj["envido"], f"{where}.envido")
    flor = None if obj.get("flor") is None else _decode_flor(obj["flor"], f"{where}.flor")
    penalties = tuple(
        _decode_penalty(p, f"{where}.penalties[{i}]")
        for i, p in enumerate(_list(obj.get("penalties", []), f"{where}.penalties", MAX_PENALTIES))
    )
    return Deal(mao, truco, envido, flor, penalties)


def _decode_envido(raw: object, where: str) -> EnvidoPart:
    obj = _obj(raw, where)
    calls = []
    for i, c in enumerate(_list(obj.get("calls"), f"{where}.calls", MAX_CALLS)):
        call = _obj(c, f"{where}.calls[{i}]")
        calls.append(
            EnvidoBet(
                _enum(EnvidoCall, call.get("call"), f"{where}.calls[{i}].call"),
                _req_side(call.get("by"), f"{where}.calls[{i}].by"),
                _int(call.get("n", 1), f"{where}.calls[{i}].n"),
            )
        )
    return EnvidoPart(
        tuple(calls),
        _get(obj, "accepted", _bool, True, where),
        _get(obj, "winner", _opt_side, None, where),
        _get(obj, "tied", _bool, False, where),
        _get(obj, "a_minha_falta", _bool, False, where),
    )


def _decode_flor(raw: object, where: str) -> FlorPart:
    obj = _obj(raw, where)
    flores = tuple(_req_side(s, f"{where}.flores") for s in _list(obj.get("flores"), f"{where}.flores", 6))
    raises = []
    for i, r in enumerate(_list(obj.get("raises", []), f"{where}.raises", MAX_CALLS)):
        bet = _obj(r, f"{where}.raises[{i}]")
        raises.append(
            FlorBet(
                _enum(FlorCall, bet.get("call"), f"{where}.raises[{i}].call"),
                _req_side(bet.get("by"), f"{where}.raises[{i}].by"),
                _int(bet.get("reals", 0), f"{where}.raises[{i}].reals"),
            )
        )
    singers = tuple(
        _text(s, f"{where}.singers") for s in _list(obj.get("singers", []), f"{where}.singers", 6)
    )
    return FlorPart(
        flores,
        tuple(raises),
        _get(obj, "accepted", _bool, True, where),
        _get(obj, "winner", _opt_side, None, where),
        _get(obj, "tied", _bool, False, where),
        singers,
    )


def _decode_penalty(raw: object, where: str) -> Penalty:
    obj = _obj(raw, where)
    points = obj.get("points")
    return Penalty(
        _enum(Infraction, obj.get("infraction"), f"{where}.infraction"),
        _req_side(obj.get("offender"), f"{where}.offender"),
        None if points is None else _int(points, f"{where}.points"),
        _text(obj.get("article", ""), f"{where}.article"),
    )
