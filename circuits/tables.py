"""django-tables2 tables of the circuit organizer pages. Rows come with what they show
(``select_related``/annotations in the views): rendering never queries."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.middleware.csrf import get_token
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from circuits.models import Circuit, CircuitEtapa


class CircuitTable(tables.Table):
    name = tables.Column(verbose_name=_("Circuito"))
    kind = tables.Column(verbose_name=_("Tipo"))
    etapa_count = tables.Column(
        verbose_name=_("Etapas"), attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    is_public = tables.Column(verbose_name=_("Classificação"))

    class Meta:
        model = Circuit
        fields = ("name", "kind", "etapa_count", "is_public")
        order_by = ("name",)
        attrs = {"class": "circuit-list"}

    def render_name(self, value: str, record: Circuit) -> SafeString:
        return format_html('<a href="{}">{}</a>', reverse("circuits:manage", args=[record.slug]), value)

    def render_kind(self, record: Circuit) -> str:
        return str(record.get_kind_display())

    def render_is_public(self, value: bool, record: Circuit) -> SafeString:
        if not value:
            return format_html("{}", gettext("privada"))
        url = reverse("public:circuit", args=[record.slug])
        return format_html('<a href="{}">{}</a>', url, gettext("página pública"))

    def value_is_public(self, value: bool) -> str:
        return gettext("pública") if value else gettext("privada")


class EtapaTable(tables.Table):
    order = tables.Column(verbose_name=_("Etapa"), attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    tournament = tables.Column(verbose_name=_("Torneio"), accessor="tournament__name")
    date = tables.Column(verbose_name=_("Data"), accessor="tournament__date")
    placings_complete = tables.Column(verbose_name=_("Colocação final"))
    move = tables.Column(verbose_name=_("Ordem"), accessor="pk", orderable=False)
    remove = tables.Column(verbose_name="", accessor="pk", orderable=False)

    class Meta:
        model = CircuitEtapa
        fields = ("order", "tournament", "date", "placings_complete")
        orderable = False
        attrs = {"class": "etapa-list"}

    def __init__(self, *args: Any, request: Any, slug: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.csrf = get_token(request)
        self.slug = slug
        # Each etapa's place in the list (the stored numbers may have gaps after a removal).
        self.place = {e.pk: n for n, e in enumerate(self.data.data, start=1)}

    def render_order(self, record: CircuitEtapa, value: int) -> str:
        return f"{self.place.get(record.pk, value)}ª"

    def _form(self, record: CircuitEtapa, action: str, button: str, **fields: str) -> SafeString:
        hidden = format_html_join(
            "", '<input type="hidden" name="{}" value="{}">', [("etapa", record.pk), *fields.items()]
        )
        return format_html(
            '<form method="post" action="{}" class="inline">'
            '<input type="hidden" name="csrfmiddlewaretoken" value="{}">'
            '<input type="hidden" name="action" value="{}">{}{}</form>',
            reverse("circuits:manage", args=[self.slug]),
            self.csrf,
            action,
            hidden,
            button,
        )

    def render_move(self, record: CircuitEtapa) -> SafeString:
        """«Subir» and «Descer», a form each (no script needed); none past either end."""
        place, last = self.place.get(record.pk, 0), len(self.place)
        name = record.tournament.name
        forms = []
        for direction, shown, label, hidden in (
            ("up", "↑ " + gettext("Subir"), gettext("Subir a etapa «%(name)s»"), place <= 1),
            ("down", "↓ " + gettext("Descer"), gettext("Descer a etapa «%(name)s»"), place >= last),
        ):
            if not hidden:
                button = format_html(
                    '<button type="submit" class="link" aria-label="{}">{}</button>',
                    label % {"name": name},
                    shown,
                )
                forms.append(self._form(record, "etapa_move", button, direction=direction))
        return format_html_join(" ", "{}", [(f,) for f in forms])

    def render_tournament(self, record: CircuitEtapa, value: str) -> SafeString:
        return format_html(
            '<a href="{}">{}</a>', reverse("public:home", args=[record.tournament.slug]), value
        )

    def render_date(self, value: Any) -> str:
        return value.strftime("%d/%m/%Y") if value else ""

    def render_placings_complete(self, value: bool) -> str:
        return gettext("encerrada") if value else gettext("em andamento")

    def render_remove(self, record: CircuitEtapa) -> SafeString:
        button = format_html('<button type="submit" class="link">{}</button>', gettext("Retirar"))
        return self._form(record, "etapa_remove", button)
