"""Shared builders for the hand-scoring tests (not a test module)."""

from __future__ import annotations

from rules.hands import (
    EnvidoBet,
    EnvidoCall,
    Hand,
    HandOptions,
    score_hand,
)
from rules.modalities import get_modality
from rules.results import Side

A, B = Side.A, Side.B
CEGO = get_modality("truco-cego-trio")
AMOSTRA = get_modality("truco-amostra-trio")
AMOSTRA_MANO = get_modality("truco-amostra-mano")
DUPLA = get_modality("truco-cego-dupla")
PAULISTA = get_modality("truco-paulista")
GOIANO = get_modality("truco-goiano")
URUGUAIO = get_modality("truco-uruguaio")
ALL = (CEGO, AMOSTRA, AMOSTRA_MANO, DUPLA, PAULISTA, GOIANO, URUGUAIO)


def chain(spec: str, first: Side = A) -> tuple[EnvidoBet, ...]:
    """ "E-RE-F" → alternating bets starting with ``first``; "RE2" is two real envidos."""
    bets = []
    side = first
    for token in spec.split("-"):
        name = token.rstrip("0123456789")
        n = int(token[len(name) :] or 1)
        bets.append(EnvidoBet(EnvidoCall(name), side, n))
        side = side.other
    return tuple(bets)


def award(modality: object, before: tuple[int, int], hand: Hand, **kw: object) -> tuple[int, int]:
    out = score_hand(modality, before, hand, **kw)  # type: ignore[arg-type]
    assert out.problems == (), out.problems
    assert out.award is not None
    return out.award.a, out.award.b


def codes(modality: object, before: tuple[int, int], hand: Hand, **kw: object) -> set[str]:
    out = score_hand(modality, before, hand, **kw)  # type: ignore[arg-type]
    assert out.award is None
    return {p.code for p in out.problems}


NO_OPTIONS = HandOptions()
