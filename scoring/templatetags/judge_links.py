"""``{% judge_links_panel %}``: the judges' private links on «Comissão organizadora e
juízes» (``templates/tournaments/members.html``): the link just created (address and
QR code, shown this once), the form for a new one, and every link with «Revogar».

A tag of this app, so that the tournaments app, which the page belongs to, needs to know
nothing of links (the apps depend one way: tournaments ← scoring).
"""

from __future__ import annotations

from typing import Any

from django import template

from scoring.forms_links import JudgeLinkForm
from scoring.selectors_links import tournament_links

register = template.Library()


@register.inclusion_tag("scoring/_judge_links.html", takes_context=True)
def judge_links_panel(context: dict[str, Any]) -> dict[str, Any]:
    tournament = context["tournament"]
    return {
        "tournament": tournament,
        "csrf_token": context.get("csrf_token"),
        "new_link": context.get("new_link"),
        "link_form": context.get("link_form") or JudgeLinkForm(tournament=tournament),
        "links": tournament_links(tournament),
    }
