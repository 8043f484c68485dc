"""The audit entries of the inscrições online: one per decision, in every language.

The audit app records the rows of the models it watches through their signals; a
:class:`signups.models.Signup` is not one of them (its row holds a phone and an e-mail,
which the trail — exported in the tenteio/1 file — must never hold). Each decision
writes its own :class:`audit.models.AuditEntry` here instead, in the same transaction,
as ``audit.signals`` does for a judge's new password: who (``audit.context.current``),
the sentence rendered in each language of the site (``audit.languages``), the team's
name and arrival number, and the state before and after — never the contact.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from audit.context import current
from audit.languages import base, each_language
from audit.models import AuditEntry
from audit.signals import id_list
from signups.models import Signup, SignupSettings


def record(signup: Signup, sentence: Callable[[], str], *, before: str | None, after: str | None) -> None:
    """One entry for a decision about ``signup``; ``sentence`` is called once per language
    (with that language active) and says what happened."""
    user, label, ip, where = current()
    summaries = each_language(lambda _code: sentence()[:300])
    action = AuditEntry.Action.CREATE if before is None else AuditEntry.Action.UPDATE
    state: dict[str, Any] = {"number": signup.number, "name": signup.name}
    AuditEntry.objects.create(
        tournament_id=signup.tournament_id,
        actor=user,
        actor_label=label[:150],
        ip=ip,
        where=where[:100],
        action=action,
        kind=AuditEntry.Kind.TEAMS,
        model=Signup._meta.label,
        object_id=str(signup.pk),
        summary=summaries[base()],
        summaries=summaries,
        before={**state, "status": before} if before is not None else None,
        after={**state, "status": after} if after is not None else None,
        teams=id_list({signup.team_id} if signup.team_id else set()),
        people=id_list({user.pk} if user is not None else set()),
    )


def _settings_sentence(settings: SignupSettings) -> str:
    if not settings.enabled:
        return _("Comissão fechou as inscrições online (%(n)d vagas)") % {"n": settings.capacity}
    if settings.closes_at is None:
        return _("Comissão abriu as inscrições online: %(n)d vagas, sem encerramento marcado") % {
            "n": settings.capacity
        }
    when = date_format(timezone.localtime(settings.closes_at), "d/m/Y H:i")
    return _("Comissão abriu as inscrições online: %(n)d vagas, até %(when)s") % {
        "n": settings.capacity,
        "when": when,
    }


def record_settings(settings: SignupSettings) -> None:
    """One entry for a change of the inscrições online's settings."""
    user, label, ip, where = current()
    summaries = each_language(lambda _code: _settings_sentence(settings)[:300])
    state = {
        "enabled": settings.enabled,
        "capacity": settings.capacity,
        "closes_at": settings.closes_at.isoformat() if settings.closes_at else None,
        "contact_required": settings.contact_required,
    }
    AuditEntry.objects.create(
        tournament_id=settings.tournament_id,
        actor=user,
        actor_label=label[:150],
        ip=ip,
        where=where[:100],
        action=AuditEntry.Action.UPDATE,
        kind=AuditEntry.Kind.SETTINGS,
        model=SignupSettings._meta.label,
        object_id=str(settings.pk),
        summary=summaries[base()],
        summaries=summaries,
        after=state,
        people=id_list({user.pk} if user is not None else set()),
    )
