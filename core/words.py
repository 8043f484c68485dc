"""One source for the words a modality changes, in the active language.

A modality counts in «tentos» (the gaúcho rulebooks, Paulista) or in «pontos»
(Goiano, Uruguaio): ``Modality.score_unit`` says which, and every sentence, label,
legend and column that names the points takes its word from :func:`points` — never a
«tentos» written in a template or a message. «tentos» is a rulebook term and stays
Portuguese in English; «pontos» is an ordinary word, «points» in English.

Its team noun decides the gendered words: a trio or a player (mano a mano) is «o
campeão», a dupla «a campeã» (:func:`champion`). English has one word for both.

A preset's name (``Modality.name``, from the pure ``rules/modalities.py``) is shown
through :func:`modality_name`, translated: the rulebooks' names stay («Truco de
Amostra», «Jogo Livre»), a description does not («30 pontos» is «30 points»).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_noop, npgettext, pgettext

__all__ = [
    "PRESET_NAMES",
    "champion",
    "champion_of",
    "is_feminine",
    "modality_name",
    "points",
    "points_per_partida",
    "runner_up",
]

# The presets' names, for the catalogs (rules/modalities.py has no gettext);
# tests/core/test_words.py checks that every preset is here.
PRESET_NAMES = (
    gettext_noop("Truco Cego — trios"),
    gettext_noop("Truco de Amostra — trios"),
    gettext_noop("Truco de Amostra — duplas"),
    gettext_noop("Truco de Amostra — mano a mano"),
    gettext_noop("Truco Cego — duplas (18 tentos)"),
    gettext_noop("Truco Paulista — jogo livre"),
    gettext_noop("Truco Goiano — Copa Truco"),
    gettext_noop("Truco Uruguaio — 30 pontos"),
)


def _unit(modality: Any) -> str:
    """``modality``: a ``Modality``, a ``Tournament`` (its rules) or the unit itself."""
    if isinstance(modality, str):
        return "ponto" if modality.startswith("ponto") else "tento"
    rules = modality.rules() if hasattr(modality, "rules") else modality
    return str(getattr(rules, "score_unit", "tento"))


def modality_name(modality: Any) -> str:
    """The modality's name in the active language (``modality``: a ``Modality`` or a
    ``Tournament``); a name that is no preset's is shown as it is."""
    rules = modality.rules() if hasattr(modality, "rules") else modality
    name = str(getattr(rules, "name", rules))
    return gettext(name) if name in PRESET_NAMES else name


def points(modality: Any, count: int = 2) -> str:
    """«tentos» / «pontos» (``count`` 1: «tento» / «ponto»), translated."""
    if _unit(modality) == "ponto":
        return npgettext("modality points", "ponto", "pontos", count)
    return npgettext("modality points", "tento", "tentos", count)


def points_per_partida(modality: Any) -> str:
    """The label of a partida's target: «Tentos por partida» / «Pontos por partida»."""
    if _unit(modality) == "ponto":
        return pgettext("modality points", "Pontos por partida")
    return pgettext("modality points", "Tentos por partida")


def is_feminine(modality: Any) -> bool:
    """Whether the modality's team noun is feminine: a dupla (two players a side)."""
    rules = modality.rules() if hasattr(modality, "rules") else modality
    return getattr(rules, "players", 3) == 2


def champion(modality: Any) -> str:
    """«Campeão» for a trio or a player, «Campeã» for a dupla."""
    return pgettext("champion", "Campeã") if is_feminine(modality) else pgettext("champion", "Campeão")


def champion_of(modality: Any, name: str) -> str:
    """«Campeão: Trio Quero-Quero» / «Campeã: Dupla Pampa»."""
    if is_feminine(modality):
        return gettext("Campeã: %(name)s") % {"name": name}
    return gettext("Campeão: %(name)s") % {"name": name}


def runner_up(modality: Any) -> str:
    return (
        pgettext("champion", "Vice-campeã") if is_feminine(modality) else pgettext("champion", "Vice-campeão")
    )
