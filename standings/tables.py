"""django-tables2 tables of the standings app's organizer pages. Rows come prefetched
(``tournaments.selectors.stage_matches``): render never queries."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from tournaments.models import Match


class PairingTable(tables.Table):
    """The jogos of one Swiss rodada: mesa, horário, team a × team b, homologated."""

    table = tables.Column(verbose_name=_("Mesa"), accessor="table__name", orderable=False, default="—")
    scheduled_at = tables.DateTimeColumn(verbose_name=_("Horário"), format="H:i", orderable=False)
    jogo = tables.Column(verbose_name=_("Jogo"), accessor="pk", orderable=False)
    state = tables.Column(verbose_name="", accessor="pk", orderable=False)

    class Meta:
        model = Match
        fields = ("table", "scheduled_at", "jogo", "state")
        attrs = {"class": "schedule swiss-pairings"}

    def render_jogo(self, record: Match) -> SafeString:
        return format_html("{} × {}", record.team_a.name, record.team_b.name)

    def render_state(self, record: Any) -> SafeString | str:
        if getattr(record, "homologated", False):
            return format_html('<span class="badge ok">{}</span>', _("homologada"))
        return ""
