"""``{% captain_link_panel %}`` on the team's page (``templates/tournaments/team_form.html``)
and ``{% match_contests_panel %}`` on the jogo's súmula page
(``templates/scoring/history.html``).

Tags of this app, so that the tournaments and scoring apps, which the pages belong to,
need to know nothing of capatazes' links and contestações (the apps depend one way).
"""

from __future__ import annotations

from typing import Any

from django import template

from captains.selectors import live_link, match_contests

register = template.Library()


@register.inclusion_tag("captains/_link_panel.html", takes_context=True)
def captain_link_panel(context: dict[str, Any]) -> dict[str, Any]:
    team = context["team"]
    return {
        "tournament": context["tournament"],
        "team": team,
        "csrf_token": context.get("csrf_token"),
        "link": live_link(team),
    }


@register.inclusion_tag("captains/_contests.html", takes_context=True)
def match_contests_panel(context: dict[str, Any]) -> dict[str, Any]:
    match = context["match"]
    return {
        "tournament": context["tournament"],
        "match": match,
        "csrf_token": context.get("csrf_token"),
        "contests": match_contests(match),
    }
