"""The audit page's table; the same columns go to the CSV/XLSX export."""

from __future__ import annotations

import json
from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from audit.models import AuditEntry


def _json(value: Any) -> str:
    return "" if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


class AuditTable(tables.Table):
    at = tables.DateTimeColumn(verbose_name=_("Quando"), format="d/m/Y H:i:s")
    actor_label = tables.Column(verbose_name=_("Quem"))
    ip = tables.Column(verbose_name=_("De onde"), default="")
    kind = tables.Column(verbose_name=_("Tipo"))
    summary = tables.Column(verbose_name=_("O que"))
    before = tables.Column(verbose_name=_("Antes"), default="", orderable=False)
    after = tables.Column(verbose_name=_("Depois"), default="", orderable=False)

    class Meta:
        model = AuditEntry
        fields = ("at", "actor_label", "ip", "kind", "summary", "before", "after")
        order_by = ("-at",)
        attrs = {"class": "audit"}

    def render_before(self, value: Any) -> str:
        return _json(value)

    def render_after(self, value: Any) -> str:
        return _json(value)

    def value_before(self, value: Any) -> str:
        return _json(value)

    def value_after(self, value: Any) -> str:
        return _json(value)
