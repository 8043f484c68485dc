"""django-tables2 table of the organizer's súmula list. Rows come prepared: render never queries."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from scoring.selectors_review import ReviewRow
from tournaments.phases import match_round_names


class SheetReviewTable(tables.Table):
    """One row per jogo: pick, mesa, jogo, score, avisos, signatures, state, version."""

    pick = tables.Column(verbose_name="", accessor="version", orderable=False, empty_values=())
    table = tables.Column(verbose_name=_("Mesa"), accessor="match__table__name", default="—")
    round = tables.Column(verbose_name=_("Rodada"), accessor="match__round", default="—")
    match = tables.Column(verbose_name=_("Jogo"), accessor="match", orderable=False)
    score = tables.Column(verbose_name=_("Placar"), orderable=False, empty_values=())
    warnings = tables.Column(verbose_name=_("Avisos"), orderable=False, empty_values=())
    signatures = tables.Column(
        verbose_name=_("Assinaturas"), accessor="signed", orderable=False, empty_values=()
    )
    state = tables.Column(verbose_name=_("Estado"), accessor="view__state", orderable=False)
    version = tables.Column(verbose_name=_("Versão"), attrs={"td": {"class": "num"}, "th": {"class": "num"}})

    class Meta:
        attrs = {"class": "sheet-review"}
        row_attrs = {"class": lambda record: f"state-row-{record.view.state}"}
        orderable = False

    def __init__(
        self,
        *args: Any,
        slug: str = "",
        preselect: bool = False,
        expelled: set[str] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.slug = slug
        self.preselect = preselect
        self.expelled = expelled or set()
        # The mata-mata's rodadas by their phase (the rows' jogos carry their stage).
        rows = args[0] if args else kwargs.get("data") or []
        self.round_names = match_round_names(r.match for r in rows)

    def render_pick(self, record: ReviewRow) -> SafeString | str:
        if not record.eligible:
            return ""  # not signed, homologated, or with avisos: its own page decides
        label = _("Selecionar %(a)s × %(b)s") % {"a": record.match.team_a.name, "b": record.match.team_b.name}
        checked = " checked" if self.preselect else ""
        return format_html(
            '<input type="checkbox" name="sumula" value="{}:{}" aria-label="{}"{}>',
            record.match.pk,
            record.version,
            label,
            checked,
        )

    def render_round(self, record: ReviewRow) -> str:
        return self.round_names.get(record.match.pk) or "—"

    def render_match(self, record: ReviewRow) -> SafeString | str:
        m = record.match
        url = reverse("scoring:history", args=[self.slug, m.pk])
        dq = format_html(' <span class="badge dq">{}</span>', _("desclassificada"))
        chave = _("Chave %(name)s") % {"name": m.group.name} if m.group else ""
        return format_html(
            '<a href="{}">{}{} × {}{}</a>{}',
            url,
            m.team_a.name,
            dq if m.team_a.key in self.expelled else "",
            m.team_b.name,
            dq if m.team_b.key in self.expelled else "",
            format_html(' <small class="muted">· {}</small>', chave) if chave else "",
        )

    def render_score(self, record: ReviewRow) -> SafeString | str:
        if not record.score:
            return "—"
        return format_html('<strong>{}</strong> <small class="muted">{}</small>', record.score, record.games)

    def render_warnings(self, record: ReviewRow) -> SafeString | str:
        if not record.warnings:
            return ""
        items = format_html_join("", "<li>{}</li>", ((w,) for w in record.warnings))
        return format_html('<ul class="warnings">{}</ul>', items)

    def render_signatures(self, record: ReviewRow) -> SafeString | str:
        # Once homologated, a missing signature is history (a file may bring none).
        missing = record.missing if record.view.state != "homologated" else []
        if not record.signed and not missing:
            return "—"
        done = format_html_join(", ", "✔ {}", ((n,) for n in record.signed))
        todo = format_html_join(", ", '<span class="missing">falta {}</span>', ((n,) for n in missing))
        return format_html("{}{}{}", done, "; " if record.signed and missing else "", todo)

    def render_state(self, record: ReviewRow) -> SafeString | str:
        return format_html(
            '<span class="state state-{}">{}</span>', record.view.state, record.view.state_label
        )

    def render_version(self, record: ReviewRow) -> Any:
        return record.version or "—"
