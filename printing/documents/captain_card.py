"""The «cartão do capataz»: one A4 page with the team, its players and the QR code of
the capataz's private link, printed right after the organizer issues the link
(``printing.views_captain``). The link's address reaches this module only in the
request that prints it; nothing of it is stored.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from core.qr import qr_png
from printing.documents.common import now_text
from tournaments.models import Team


def build(team: Team, url: str) -> dict[str, Any]:
    """The page's data (the template ``printing/captain_card.html``)."""
    return {
        "tournament": team.tournament.name,
        "title": _("Cartão do capataz"),
        "generated": now_text(),
        "team": team.name,
        "entity": team.entity.name if team.entity else "",
        "players": [
            {"name": p.name, "captain": p.is_captain, "reserve": p.is_reserve} for p in team.players.all()
        ],
        "url": url,
        "qr": qr_png(url, scale=4),
    }
