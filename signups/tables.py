"""The organizer's review table of the inscrições online (django-tables2).

Every row sits inside the review page's one form: the checkbox chooses it for «Aprovar
selecionadas», its buttons approve it (a pending one) or refuse it with the reason typed
beside them. The contact column is on this organizer-only page alone; the table
offers no export.
"""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from signups.models import Signup
from signups.selectors import ReviewRow


def roster_html(players: list[tuple[str, bool, bool]]) -> SafeString:
    rows = []
    for name, captain, reserve in players:
        tags = [str(_("capataz"))] * captain + [str(_("reserva"))] * reserve
        rows.append((name, f" ({', '.join(tags)})" if tags else ""))
    return format_html_join(", ", "{}<small>{}</small>", rows)


def contact_html(signup: Signup) -> SafeString:
    if signup.contact_erased_at is not None:
        return format_html('<span class="muted">{}</span>', _("apagado"))
    parts = [p for p in (signup.phone, signup.email) if p]
    return format_html_join(mark_safe("<br>"), "{}", ((p,) for p in parts)) if parts else mark_safe("—")


class ReviewTable(tables.Table):
    select = tables.CheckBoxColumn(
        accessor="pk",
        attrs={"th__input": {"aria-label": gettext_lazy("todas")}, "input": {"name": "selected"}},
    )
    number = tables.Column(verbose_name=gettext_lazy("Nº"), accessor="signup__number", orderable=False)
    name = tables.Column(verbose_name=gettext_lazy("Equipe"), accessor="signup__name", orderable=False)
    players = tables.Column(verbose_name=gettext_lazy("Jogadores"), accessor="pk", orderable=False)
    contact = tables.Column(verbose_name=gettext_lazy("Contato"), accessor="pk", orderable=False)
    status = tables.Column(verbose_name=gettext_lazy("Situação"), accessor="signup__status", orderable=False)
    duplicates = tables.Column(
        verbose_name=gettext_lazy("Possível duplicata"), accessor="pk", orderable=False
    )
    actions = tables.Column(verbose_name=gettext_lazy("Decisão"), accessor="pk", orderable=False)

    class Meta:
        attrs = {"class": "signup-review"}
        orderable = False

    def render_name(self, record: ReviewRow) -> SafeString:
        s = record.signup
        entity = format_html(' <span class="muted">{}</span>', s.entity) if s.entity else ""
        return format_html("<strong>{}</strong>{}", s.name, entity)

    def render_players(self, record: ReviewRow) -> SafeString:
        return roster_html(record.players)

    def render_contact(self, record: ReviewRow) -> SafeString:
        return contact_html(record.signup)

    def render_status(self, record: ReviewRow) -> SafeString:
        s = record.signup
        return format_html('<span class="status status-{}">{}</span>', s.status, s.get_status_display())

    def render_duplicates(self, record: ReviewRow) -> SafeString:
        if not record.duplicates:
            return mark_safe("—")
        items = format_html_join("", "<li>{}</li>", ((d,) for d in record.duplicates))
        return format_html('<ul class="plain warning duplicates">{}</ul>', items)

    def render_actions(self, record: ReviewRow) -> SafeString:
        pk = record.pk
        approve = (
            format_html('<button type="submit" name="approve" value="{}">{}</button> ', pk, _("Aprovar"))
            if record.signup.status == Signup.Status.PENDING
            else ""
        )
        return format_html(
            '{}<input name="reason_{}" maxlength="300" placeholder="{}" aria-label="{}"> '
            '<button type="submit" name="refuse" value="{}" class="secondary">{}</button>',
            approve,
            pk,
            _("motivo da recusa (obrigatório)"),
            _("Motivo da recusa"),
            pk,
            _("Recusar"),
        )
