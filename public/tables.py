"""django-tables2 tables of the public site. Rows are prepared dicts: render never queries."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}


class StandingsTable(tables.Table):
    stage = tables.Column(verbose_name=_("Fase"))
    group = tables.Column(verbose_name=_("Chave"))
    position = tables.Column(verbose_name=_("Pos"), attrs=NUM)
    team = tables.Column(verbose_name=_("Equipe"))
    entity = tables.Column(verbose_name=_("Entidade"), attrs={"td": {"class": "muted-cell"}})
    played = tables.Column(verbose_name=pgettext_lazy("coluna: jogos", "J"), attrs=NUM)
    wins = tables.Column(verbose_name=pgettext_lazy("coluna: vitórias", "V"), attrs=NUM)
    losses = tables.Column(verbose_name=pgettext_lazy("coluna: derrotas", "D"), attrs=NUM)
    games_won = tables.Column(verbose_name=pgettext_lazy("coluna: partidas ganhas", "P"), attrs=NUM)
    points_for = tables.Column(verbose_name=pgettext_lazy("coluna: tentos a favor", "T"), attrs=NUM)
    points_against = tables.Column(verbose_name=pgettext_lazy("coluna: tentos contra", "TC"), attrs=NUM)
    points_difference = tables.Column(verbose_name=_("Saldo"), attrs=NUM)
    status = tables.Column(verbose_name=_("Situação"))

    class Meta:
        orderable = False
        attrs = {"class": "standings"}
        row_attrs = {"class": lambda record: "struck" if record["disqualified"] else ""}

    def render_team(self, value: str, record: dict[str, Any]) -> SafeString:
        badges = mark_safe("")  # noqa: S308 - a constant empty string
        if record["pending_lots"]:
            badges = format_html(' <span class="badge">{}</span>', _("sorteio pendente"))
        if record["status"]:
            badges = format_html('{} <span class="badge">{}</span>', badges, record["status"])
        return format_html('<a href="{}">{}</a>{}', record["url"], value, badges)

    def render_status(self, value: str, record: dict[str, Any]) -> str:
        return str(value)

    def value_team(self, value: str) -> str:
        return value


class ResultsTable(tables.Table):
    round = tables.Column(verbose_name=_("Rodada"), attrs=NUM)
    group = tables.Column(verbose_name=_("Chave"))
    table = tables.Column(verbose_name=_("Mesa"))
    team_a = tables.Column(verbose_name=_("Equipe"))
    score = tables.Column(verbose_name=_("Resultado"), attrs={"td": {"class": "score"}})
    team_b = tables.Column(verbose_name=_("Equipe"))
    games = tables.Column(verbose_name=_("Partidas"))
    state = tables.Column(verbose_name=_("Súmula"))

    class Meta:
        orderable = False
        attrs = {"class": "results"}
        per_page = 100


class ScheduleTable(tables.Table):
    round = tables.Column(verbose_name=_("Rodada"), attrs=NUM)
    time = tables.Column(verbose_name=_("Horário"))
    table = tables.Column(verbose_name=_("Mesa"))
    group = tables.Column(verbose_name=_("Chave"))
    team_a = tables.Column(verbose_name=_("Equipe"))
    team_b = tables.Column(verbose_name=_("Equipe"))
    state = tables.Column(verbose_name=_("Situação"))

    class Meta:
        orderable = False
        per_page = 200
