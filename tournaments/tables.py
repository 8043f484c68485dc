"""django-tables2 tables of the organizer pages. Rows come prefetched: render never queries."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from tournaments.models import Team


def _roster(team: Team) -> list[tuple[str, str]]:
    out = []
    for p in team.players.all():  # prefetched by tournaments.selectors.team_list
        tags = []
        if p.is_captain:
            tags.append(str(_("capataz")))
        if p.is_reserve:
            tags.append(str(_("reserva")))
        out.append((p.name, f" ({', '.join(tags)})" if tags else ""))
    return out


class TeamTable(tables.Table):
    # Ordered on the names' collation (core.collation), annotated by selectors.team_list.
    name = tables.Column(verbose_name=_("Equipe"), order_by=("name_sorted",))
    entity = tables.Column(
        verbose_name=_("Entidade"), accessor="entity__name", order_by=("entity_sorted", "name_sorted")
    )
    players = tables.Column(verbose_name=_("Jogadores"), accessor="pk", orderable=False)
    seed = tables.Column(
        verbose_name=_("Cabeça de chave"), attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    status = tables.Column(verbose_name=_("Situação"))

    class Meta:
        model = Team
        fields = ("name", "entity", "players", "seed", "status")
        order_by = ("name",)  # the name column: its order_by above
        attrs = {"class": "team-list"}

    def __init__(self, *args: Any, slug: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.slug = slug  # given, so that a row never loads its tournament

    def render_name(self, value: str, record: Team) -> SafeString:
        url = reverse("tournaments:team_edit", args=[self.slug, record.pk])
        return format_html('<a href="{}">{}</a>', url, value)

    def render_players(self, record: Team) -> SafeString:
        return format_html_join(", ", "{}<small>{}</small>", _roster(record))

    def value_players(self, record: Team) -> str:
        return "; ".join(name + tag for name, tag in _roster(record))

    def render_status(self, record: Team) -> SafeString:
        return format_html(
            '<span class="status status-{}">{}</span>', record.status, record.get_status_display()
        )

    def value_status(self, record: Team) -> Any:
        return record.get_status_display()
