"""Template tags that put hand-log data on the standings pages without their views:
``{% hands_in_progress tournament as live %}`` and ``{% hands_team_stats team as stats %}``."""

from __future__ import annotations

from django import template

from tally import selectors
from tournaments.models import Team, Tournament

register = template.Library()


@register.simple_tag
def hands_in_progress(tournament: Tournament) -> list[selectors.MatchState]:
    return selectors.live_board(tournament)


@register.simple_tag
def hands_team_stats(team: Team) -> selectors.TeamStats:
    return selectors.team_stats(team)
