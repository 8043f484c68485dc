"""``{{ match|round_label }}``: a jogo's rodada by the rulebook's name — «Rodada n» in
the chaves, the mata-mata's by its phase («Quartas de final», «Final», «3º lugar»),
from ``tournaments.phases`` like the judge's list, the schedules and the printed
documents. For pages that show one jogo, or a few (the live board): each call costs at
most the query that counts its mata-mata's teams."""

from __future__ import annotations

from django import template

from tournaments.models import Match
from tournaments.phases import match_round_names

register = template.Library()


@register.filter
def round_label(match: Match | None) -> str:
    if match is None:
        return ""
    return match_round_names([match]).get(match.pk, "")
