"""The sentence that says why one standings row sits above the next, in the active language.

The ranking leaves a ``rules.explain.Separation`` between adjacent rows; this module
words it through gettext, e.g. «Trio A à frente de Trio C por confronto direto (24–13,
24–20)» (the msgids are the Portuguese, the English is in locale/en). The criteria's
names share the ``tiebreak criterion`` context with the rules' problem messages
(``core.problem_text.WORDS``), so a criterion is called the same on every screen.
Figures are written with the active language's decimal separator (0,667 / 0.667).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.formats import get_format
from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext, pgettext_lazy

from rules.explain import DirectMatches, MiniLeague, Separation, SeparationKind, Value
from rules.types import Criterion

__all__ = ["describe", "format_value"]

# The modality's word for its points (``Modality.points_word``): «tentos» is a rulebook
# term, kept in English; «pontos» is an ordinary word. Another word is shown as it is.
_POINTS: dict[str, Promise] = {
    "tentos": pgettext_lazy("modality points", "tentos"),
    "pontos": pgettext_lazy("modality points", "pontos"),
}

# The criteria whose name does not hold the points word, named as everywhere else.
_CRITERIA: dict[Criterion, Promise] = {
    Criterion.WINS: pgettext_lazy("tiebreak criterion", "vitórias"),
    Criterion.GAMES_DIFFERENCE: pgettext_lazy("tiebreak criterion", "saldo de partidas"),
    Criterion.HEAD_TO_HEAD: pgettext_lazy("tiebreak criterion", "confronto direto"),
    Criterion.BUCHHOLZ: pgettext_lazy("tiebreak criterion", "Buchholz"),
    Criterion.BUCHHOLZ_CUT1: pgettext_lazy("tiebreak criterion", "Buchholz corte 1"),
    Criterion.SONNEBORN_BERGER: pgettext_lazy("tiebreak criterion", "Sonneborn-Berger"),
    Criterion.LOTS: pgettext_lazy("tiebreak criterion", "sorteio"),
}


def _label(criterion: Criterion, points: str) -> str:
    """The criterion's name in a sentence; ``points`` is the modality's word, translated."""
    if criterion is Criterion.POINTS_FOR:
        return points
    if criterion is Criterion.POINTS_DIFFERENCE:
        return pgettext("tiebreak explanation", "saldo de {points}").format(points=points)
    if criterion is Criterion.GAMES_WON:
        return pgettext("tiebreak explanation", "partidas")
    return str(_CRITERIA[criterion])


def format_value(value: Value, places: int = 3) -> str:
    """An int as is; a Fraction with ``places`` decimals and the active language's
    decimal separator (``0,667`` in pt-BR, ``0.667`` in English). Rounded exactly on the
    Fraction, half to even, never through a float."""
    if isinstance(value, int):
        return str(value)
    scaled = round(abs(value) * 10**places)
    whole, frac = divmod(scaled, 10**places)
    sign = "-" if value < 0 and scaled else ""
    if places == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole}{get_format('DECIMAL_SEPARATOR')}{frac:0{places}d}"


def _exact_places(value: Value, most: int = 3) -> int:
    """The fewest decimals (up to ``most``) that write ``value`` exactly: 60,5 not
    60,500; an average that never ends (2/3) takes ``most``."""
    for places in range(most):
        if (value * 10**places).denominator == 1:
            return places
    return most


def _pair(upper: Value, lower: Value) -> tuple[str, str]:
    # As few decimals as the figures need (60,5 × 54,5; 2 × 1); two different averages
    # may still round alike (0,6667 vs 0,6668): widen until the printed figures differ,
    # so the explanation never shows "0,667 × 0,667".
    places = max(_exact_places(upper), _exact_places(lower))
    while True:
        u, lo = format_value(upper, places), format_value(lower, places)
        if u != lo or places >= 9:
            return u, lo
        places += 2


def _join_names(teams: list[str]) -> str:
    # A mini-league always has 3+ teams.
    return pgettext("list of teams", "{teams} e {last}").format(teams=", ".join(teams[:-1]), last=teams[-1])


def describe(separation: Separation, names: Mapping[str, str], points_word: str = "tentos") -> str:
    """One sentence saying why ``upper`` is above ``lower`` (or that they are tied), in
    the active language.

    ``names`` maps team ids to display names; unknown ids are shown as they are.
    ``points_word`` is the modality's word for its points («pontos» in 003/004).
    """
    u = names.get(separation.upper, separation.upper)
    lo = names.get(separation.lower, separation.lower)
    if separation.kind is SeparationKind.STATUS:
        return gettext("{upper} à frente de {lower}: {lower} desclassificado").format(upper=u, lower=lo)
    if separation.kind is SeparationKind.TIED:
        return gettext("{upper} e {lower} empatados").format(upper=u, lower=lo)
    if separation.kind is SeparationKind.PENDING_LOTS or separation.criterion is None:
        return gettext("{upper} e {lower} empatados: sorteio pendente").format(upper=u, lower=lo)
    points = str(_POINTS[points_word]) if points_word in _POINTS else points_word
    text = gettext("{upper} à frente de {lower} por {criterion}").format(
        upper=u, lower=lo, criterion=_label(separation.criterion, points)
    )
    detail = separation.detail
    if isinstance(detail, DirectMatches):
        # Scores need no words: «24–13, 24–20» per jogo, jogos apart by «;».
        jogos = "; ".join(", ".join(f"{a}–{b}" for a, b in jogo) for jogo in detail.scores)
        return f"{text} ({jogos})" if jogos else text
    uv, lv = separation.upper_value, separation.lower_value
    if uv is None or lv is None or separation.criterion is Criterion.LOTS:
        return text  # a sorteio's values are places in the order drawn: nothing to compare
    su, sl = _pair(uv, lv)
    decided_by: Criterion = separation.criterion
    if isinstance(detail, MiniLeague):
        among = _join_names([names.get(t, t) for t in detail.teams])
        text = pgettext("tiebreak explanation", "{sentence} entre {teams}").format(sentence=text, teams=among)
        decided_by = detail.criterion
    unit = _label(decided_by, points)
    if separation.averaged:
        unit = pgettext("tiebreak explanation", "{unit} por jogo").format(unit=unit)
    # The unit belongs to both figures, compared like a score («2 × 1 vitórias»), so it
    # is the plural whatever they are: there is no single count for ngettext to choose by.
    return f"{text} ({su} × {sl} {unit})"
