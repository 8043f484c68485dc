"""The text of a rules problem (``rules.problems.Problem``) in the active language.

``rules`` reports a code and its values and never any text; this is the one place that
turns them into a sentence, through gettext like every other screen: the Portuguese
messages are the msgids (``messages``, ``hands``), the English ones are in the catalog
(locale/en). A partida-level problem starts with «Partida N: ». Values that are code
words (a disqualification's scope, a súmula's outcomes, a setting's or a tiebreak
criterion's name, a setting's type) are shown in words, never as the code.

:func:`render` never fails: an unknown code renders as the code, a message whose values
are missing renders as the message followed by the values. A text that is stored (a
súmula's normalizations) is rendered under :func:`site_language`.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.conf import settings
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext_lazy

from core.problem_text.hands import HAND_MESSAGES
from core.problem_text.messages import MESSAGES as GENERAL
from core.problem_text.messages import Counted, Message, Plural
from core.words import points
from rules.problems import Problem

__all__ = ["MESSAGES", "WORDS", "Plural", "render", "site_language", "template"]

MESSAGES: dict[str, Message] = {**GENERAL, **HAND_MESSAGES}

# The code words a value may hold. Each has a context: a fragment set inside another
# sentence, whose English depends on its role there, is kept apart from the same word
# used on its own elsewhere on the site.
WORDS: dict[str, Promise] = {
    "tournament": pgettext_lazy("disqualification scope", "o torneio (Art. 20 §1º)"),
    "match": pgettext_lazy("disqualification scope", "o jogo (Art. 20 §2º)"),
    "game": pgettext_lazy("disqualification scope", "a partida"),
    "walkover": pgettext_lazy("súmula outcome", "W.O."),
    "disqualification": pgettext_lazy("súmula outcome", "desclassificação"),
    "commission": pgettext_lazy("súmula outcome", "decisão da comissão"),
    "tiebreakers": pgettext_lazy("setting", "critérios de desempate"),
    "cross_group_criteria": pgettext_lazy("setting", "critérios de comparação entre chaves"),
    "boolean": pgettext_lazy("setting type", "sim ou não"),
    "integer": pgettext_lazy("setting type", "número inteiro"),
    "list": pgettext_lazy("setting type", "lista"),
    "wins": pgettext_lazy("tiebreak criterion", "vitórias"),
    "games_won": pgettext_lazy("tiebreak criterion", "partidas ganhas"),
    "points_for": pgettext_lazy("tiebreak criterion", "tentos a favor"),
    "points_difference": pgettext_lazy("tiebreak criterion", "saldo de tentos"),
    "games_difference": pgettext_lazy("tiebreak criterion", "saldo de partidas"),
    "head_to_head": pgettext_lazy("tiebreak criterion", "confronto direto"),
    "buchholz": pgettext_lazy("tiebreak criterion", "Buchholz"),
    "buchholz_cut1": pgettext_lazy("tiebreak criterion", "Buchholz corte 1"),
    "sonneborn_berger": pgettext_lazy("tiebreak criterion", "Sonneborn-Berger"),
    "lots": pgettext_lazy("tiebreak criterion", "sorteio"),
}
_WORD_PARAMS = frozenset({"scope", "expected", "outcomes"})
# The tiebreak settings' messages name a setting and a criterion by their codes.
_CRITERIA_CODES = frozenset(
    {"settings.tiebreaker_unknown", "settings.tiebreaker_duplicate", "settings.tiebreakers_empty"}
)
# The count a counted message takes when its value is missing or not a number: any
# count but one, so the plural form, the one docs/rules.md shows.
_MANY = 2


def template(code: str, params: Mapping[str, object] | None = None) -> str:
    """The message of ``code`` in the active language before its values go in
    ("{code}" for an unknown code); a counted message in the form for its count."""
    message = MESSAGES.get(code)
    if message is None:
        return "{code}"
    if isinstance(message, Plural):
        count = (params or {}).get(message.count)
        return message.forms(count if isinstance(count, int) else _MANY)
    return str(message)


def _worded(code: str, name: str, value: str) -> str:
    if name in _WORD_PARAMS or (code in _CRITERIA_CODES and name in ("name", "value")):
        return ", ".join(str(WORDS[part]) if part in WORDS else part for part in value.split(", "))
    return value


def render(problem: Problem, modality: object = "tento") -> str:
    """The message of ``problem`` in the active language (``translation.get_language()``).
    ``modality`` (a Modality, a Tournament or its unit) gives the word for its points
    («tentos» / «pontos», ``core.words``); without one, «tentos»."""
    params: dict[str, object] = {"code": problem.code}
    for name, value in problem.params:
        params[name] = _worded(problem.code, name, value) if isinstance(value, str) else value
    message = MESSAGES.get(problem.code)
    count = params.get(message.count) if isinstance(message, Plural | Counted) else None
    params.setdefault("points", points(modality, count if isinstance(count, int) else _MANY))
    text = template(problem.code, params)
    try:
        text = text.format_map(params)
    except (KeyError, IndexError, ValueError, AttributeError):
        # never fail at the edge: the modality's word filled, the rest shown as it came
        text = f"{text.replace('{points}', str(params['points']))} {dict(problem.params)}"
    if problem.game is not None:
        text = gettext("Partida {game}: ").format(game=problem.game) + text
    return text


def site_language() -> translation.override:
    """The site's language (``LANGUAGE_CODE``, pt-BR) for a ``with`` block: a message kept
    in the database must read the same whoever happened to write it."""
    return translation.override(settings.LANGUAGE_CODE)
