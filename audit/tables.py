"""The audit page's table; the CSV/XLSX export has the same rows, with the technical columns.

The page shows what the comissão reads: when, who, the sentence and the before/after of
labelled fields, in the reader's language (the text written for it with the entry, else
the pt-BR one: ``AuditEntry.summary_in``); the address, page and raw rows sit behind
«detalhes». The export, in the same language, adds them as columns (``ip``, ``where``,
``before``, ``after``: hidden on the page).
"""

from __future__ import annotations

import json
from typing import Any

import django_tables2 as tables
from django.apps import apps
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from audit.models import AuditEntry

ARROW = "→"


def _json(value: Any) -> str:
    return "" if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


def _fields(rows: list[list[str]], created: bool) -> SafeString:
    def line(label: str, before: str, after: str) -> tuple[str, ...]:
        return (label, after) if created else (label, f"{before} {ARROW} {after}")

    return format_html_join("", '<li><span class="label">{}</span>: {}</li>', (line(*r) for r in rows))


def changes_html(entry: AuditEntry) -> SafeString:
    parts = []
    summary = entry.summary_in()
    for part in entry.changes_in():
        heading = part.get("record", "")
        body = _fields(part.get("fields", []), part.get("action") == "create")
        if heading and heading != summary:
            parts.append(format_html("<li>{}<ul>{}</ul></li>", heading, body))
        else:
            parts.append(body)
    return format_html('<ul class="diff">{}</ul>', SafeString("".join(parts))) if parts else SafeString("")


def changes_text(entry: AuditEntry) -> str:
    lines = []
    summary = entry.summary_in()
    for part in entry.changes_in():
        heading = part.get("record", "")
        if heading and heading != summary:
            lines.append(f"{heading}:")
        for label, before, after in part.get("fields", []):
            lines.append(
                f"{label}: {after}"
                if part.get("action") == "create"
                else f"{label}: {before} {ARROW} {after}"
            )
    return "\n".join(lines)


# Who acted when no account did (audit.context.current): words, read in the reader's
# language; an account's username is shown as it was.
NO_ACCOUNT = {"comando": _("comando"), "sistema": _("sistema"), "anônimo": _("anônimo")}


def actor_text(entry: AuditEntry) -> str:
    if entry.actor_id is None and entry.actor_label in NO_ACCOUNT:
        return str(NO_ACCOUNT[entry.actor_label])
    return entry.actor_label


class AuditTable(tables.Table):
    at = tables.DateTimeColumn(verbose_name=_("Quando"), format="d/m/Y H:i:s")
    actor_label = tables.Column(verbose_name=_("Quem"))
    ip = tables.Column(verbose_name=_("De onde"), default="", visible=False)
    kind = tables.Column(verbose_name=_("Tipo"))
    summary = tables.Column(verbose_name=_("O que"))
    changes = tables.Column(verbose_name=_("Antes → depois"), default="", orderable=False)
    details = tables.Column(
        verbose_name=_("Detalhes"), accessor="pk", orderable=False, exclude_from_export=True
    )
    where = tables.Column(verbose_name=_("página ou comando"), default="", visible=False)
    before = tables.Column(verbose_name=_("Antes (técnico)"), default="", visible=False)
    after = tables.Column(verbose_name=_("Depois (técnico)"), default="", visible=False)

    class Meta:
        model = AuditEntry
        fields = (
            "at",
            "actor_label",
            "ip",
            "kind",
            "summary",
            "changes",
            "details",
            "where",
            "before",
            "after",
        )
        order_by = ("-at",)
        attrs = {"class": "audit"}
        empty_text = _("Nenhum registro com estes filtros.")

    def render_actor_label(self, record: AuditEntry) -> str:
        return actor_text(record)

    def value_actor_label(self, record: AuditEntry) -> str:
        return actor_text(record)

    def render_summary(self, record: AuditEntry) -> str:
        return record.summary_in()

    def value_summary(self, record: AuditEntry) -> str:
        return record.summary_in()

    def render_changes(self, record: AuditEntry) -> SafeString:
        return changes_html(record)

    def value_changes(self, record: AuditEntry) -> str:
        return changes_text(record)

    def render_details(self, record: AuditEntry) -> SafeString:
        return format_html(
            "<details><summary>{}</summary>{}: {}<br>{}: {}<br>"
            '{}: <span data-model="{}">{}</span> #{}</details>',
            _("detalhes"),
            _("De onde"),
            record.ip or "—",
            _("página ou comando"),
            record.where or "—",
            _("registro"),
            record.model,
            model_name(record.model),
            record.object_id,
        )

    def value_before(self, value: Any) -> str:
        return _json(value)

    def value_after(self, value: Any) -> str:
        return _json(value)


def model_name(label: str) -> str:
    """«jogo» for ``tournaments.Match``: the model's name in the reader's language (the
    label itself, kept in ``data-model``, for a row of a model that no longer exists)."""
    try:
        return str(apps.get_model(label)._meta.verbose_name)
    except (LookupError, ValueError):
        return label
