"""Why one standings row sits above the next: value types and their wording.

The ranking (``rules.ranking``, ``rules.crossgroup``) records one ``Separation`` per
pair of adjacent rows while it ranks, so nothing here recomputes a decision: this
module only defines the record and renders it for people, in pt-BR (default) or
English, e.g. "Trio A à frente de Trio C por confronto direto (24–13, 24–20)".
Rulebook terms (partida, tentos, chave) are kept untranslated in English, as the UI
glossary in DESIGN.md asks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from rules.types import Criterion

Value = int | Fraction
"""A compared value: a total (int) or an average per jogo (exact Fraction)."""


class SeparationKind(str, Enum):
    """What lies between two adjacent rows."""

    CRITERION = "criterion"  # a tiebreak criterion put the upper row ahead
    STATUS = "status"  # the upper row is active, the lower one disqualified
    TIED = "tied"  # every criterion was exhausted; the rows share a position
    PENDING_LOTS = "pending_lots"  # tied until a sorteio is recorded


@dataclass(frozen=True, slots=True)
class DirectMatches:
    """Head-to-head between two teams: partida scores of each of their jogos.

    Oriented upper team first, in a canonical (input-order independent) order.
    """

    scores: tuple[tuple[tuple[int, int], ...], ...]


@dataclass(frozen=True, slots=True)
class MiniLeague:
    """Head-to-head among 3+ tied teams: the mini-table of only their jogos.

    ``criterion`` is the mini-table criterion that decided (its values are the
    separation's ``upper_value`` / ``lower_value``); ``teams`` is the tied set.
    """

    teams: tuple[str, ...]
    criterion: Criterion


Detail = DirectMatches | MiniLeague


@dataclass(frozen=True, slots=True)
class Separation:
    """What separated ``upper`` from the row right below it, ``lower``.

    ``criterion`` is ``None`` unless ``kind`` is CRITERION. Values: the totals (or
    per-jogo averages when ``averaged``) of the deciding criterion; for a two-team
    head-to-head, the jogos each won against the other (the scores are in
    ``detail``); for a sorteio, each team's place in the recorded order (1 = first).
    """

    upper: str
    lower: str
    criterion: Criterion | None
    upper_value: Value | None = None
    lower_value: Value | None = None
    detail: Detail | None = None
    kind: SeparationKind = SeparationKind.CRITERION
    averaged: bool = False


_LABELS: dict[str, dict[Criterion, str]] = {
    "pt-br": {
        Criterion.WINS: "vitórias",
        Criterion.GAMES_WON: "partidas",
        Criterion.POINTS_FOR: "tentos",
        Criterion.POINTS_DIFFERENCE: "saldo de tentos",
        Criterion.GAMES_DIFFERENCE: "saldo de partidas",
        Criterion.HEAD_TO_HEAD: "confronto direto",
        Criterion.LOTS: "sorteio",
    },
    "en": {
        Criterion.WINS: "wins",
        Criterion.GAMES_WON: "partidas won",
        Criterion.POINTS_FOR: "tentos",
        Criterion.POINTS_DIFFERENCE: "tentos difference",
        Criterion.GAMES_DIFFERENCE: "partidas difference",
        Criterion.HEAD_TO_HEAD: "head-to-head",
        Criterion.LOTS: "draw of lots",
    },
}

_PHRASES: dict[str, dict[str, str]] = {
    "pt-br": {
        "ahead": "{u} à frente de {l} por {c}",
        "status": "{u} à frente de {l}: {l} desclassificado",
        "tied": "{u} e {l} empatados",
        "pending": "{u} e {l} empatados: sorteio pendente",
        "among": "entre",
        "and": "e",
        "per_match": "por jogo",
        "decimal": ",",
    },
    "en": {
        "ahead": "{u} ahead of {l} on {c}",
        "status": "{u} ahead of {l}: {l} disqualified",
        "tied": "{u} and {l} tied",
        "pending": "{u} and {l} tied: draw of lots pending",
        "among": "among",
        "and": "and",
        "per_match": "per jogo",
        "decimal": ".",
    },
}


def _lang(lang: str) -> str:
    key = lang.lower().replace("_", "-")
    if key in _PHRASES:
        return key
    if key.startswith("pt"):
        return "pt-br"
    if key.startswith("en"):
        return "en"
    raise ValueError(f"unsupported language {lang!r}")


def format_value(value: Value, lang: str = "pt-br", places: int = 3) -> str:
    """An int as is; a Fraction with ``places`` decimals (``0,667`` in pt-BR)."""
    if isinstance(value, int):
        return str(value)
    scaled = round(abs(value) * 10**places)  # exact: Fraction rounding, no float
    whole, frac = divmod(scaled, 10**places)
    sign = "-" if value < 0 and scaled else ""
    if places == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole}{_PHRASES[_lang(lang)]['decimal']}{frac:0{places}d}"


def _pair(upper: Value, lower: Value, lang: str) -> tuple[str, str]:
    # Two different averages may round alike (0,6667 vs 0,6668): widen until the
    # printed figures differ, so the explanation never shows "0,667 × 0,667".
    places = 3
    while True:
        u, lo = format_value(upper, lang, places), format_value(lower, lang, places)
        if u != lo or places >= 9:
            return u, lo
        places += 2


def _join_names(teams: list[str], conj: str) -> str:
    # A mini-league always has 3+ teams.
    return f"{', '.join(teams[:-1])} {conj} {teams[-1]}"


def describe(
    separation: Separation, names: Mapping[str, str], lang: str = "pt-br", points_word: str = "tentos"
) -> str:
    """One sentence saying why ``upper`` is above ``lower`` (or that they are tied).

    ``names`` maps team ids to display names; unknown ids are shown as they are.
    ``points_word`` is the modality's word for its points («pontos» in 003/004).
    """
    key = _lang(lang)
    words = _PHRASES[key]
    u = names.get(separation.upper, separation.upper)
    lo = names.get(separation.lower, separation.lower)
    if separation.kind is SeparationKind.STATUS:
        return words["status"].format(u=u, l=lo)
    if separation.kind is SeparationKind.TIED:
        return words["tied"].format(u=u, l=lo)
    if separation.kind is SeparationKind.PENDING_LOTS or separation.criterion is None:
        return words["pending"].format(u=u, l=lo)
    labels = {c: label.replace("tentos", points_word) for c, label in _LABELS[key].items()}
    text = words["ahead"].format(u=u, l=lo, c=labels[separation.criterion])
    detail = separation.detail
    if isinstance(detail, DirectMatches):
        jogos = "; ".join(", ".join(f"{a}–{b}" for a, b in jogo) for jogo in detail.scores)
        return f"{text} ({jogos})" if jogos else text
    uv, lv = separation.upper_value, separation.lower_value
    if uv is None or lv is None or separation.criterion is Criterion.LOTS:
        return text
    su, sl = _pair(uv, lv, key)
    decided_by: Criterion = separation.criterion
    if isinstance(detail, MiniLeague):
        among = _join_names([names.get(t, t) for t in detail.teams], words["and"])
        text = f"{text} {words['among']} {among}"
        decided_by = detail.criterion
    unit = labels[decided_by]
    if separation.averaged:
        unit = f"{unit} {words['per_match']}"
    return f"{text} ({su} × {sl} {unit})"
