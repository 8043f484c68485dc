"""Signal handlers that write the audit trail, without touching any app's services.

``pre_save`` reads the row as it is in the database (the "before"); ``post_save`` and
``post_delete`` write one :class:`AuditEntry` in the same transaction as the change, so
a rolled-back decision leaves no trace and a committed one always has its entry.

Not seen by signals, hence not in the trail row by row: ``bulk_create`` and
``QuerySet.update``. The tenteio/1 loader writes teams, jogos and súmulas in bulk; its
``Tournament`` row is saved normally and is recorded as one "torneio importado" entry.
Fixture loading (``raw``) is never recorded. A judge's new password changes no row of a
watched model: ``tournaments.signals.judge_password_reset`` is recorded instead.
"""

from __future__ import annotations

import json
import logging
from contextvars import ContextVar
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db.models.signals import post_delete, post_save, pre_delete, pre_save

from audit.context import current
from audit.describe import WATCHED, Spec, kind_of, tournament_id_of
from audit.models import AuditEntry
from tournaments.models import Tournament
from tournaments.signals import judge_password_reset

log = logging.getLogger(__name__)

# Pages and commands whose new Tournament row is an import of a tenteio/1 file.
IMPORTS = {"interchange:import", "loadtournament"}
# While a tournament is deleted, its cascade is one entry, not one per child row.
_deleting: ContextVar[frozenset[int]] = ContextVar("tenteio_audit_deleting", default=frozenset())


def snapshot(instance: Any, spec: Spec) -> dict[str, Any]:
    values = {
        f.attname: f.value_from_object(instance)
        for f in instance._meta.concrete_fields
        if f.attname not in spec.hidden
    }
    return json.loads(json.dumps(values, cls=DjangoJSONEncoder))  # type: ignore[no-any-return]


def on_pre_save(sender: Any, instance: Any, raw: bool = False, **kwargs: Any) -> None:
    if raw or instance.pk is None:
        return
    spec = WATCHED[sender]
    old = sender._default_manager.filter(pk=instance.pk).first()
    instance._audit_before = snapshot(old, spec) if old is not None else None
    if old is not None and sender.__name__ == "TeamPin":
        instance._audit_new_pin = old.pin_hash != instance.pin_hash


def _record(instance: Any, action: str, before: Any, after: Any, changed: list[str], **ctx: Any) -> None:
    spec = WATCHED[type(instance)]
    user, label, ip, where = current()
    tournament_id = tournament_id_of(instance)
    if tournament_id is not None and tournament_id in _deleting.get():
        return
    ctx["imported"] = where in IMPORTS
    ctx["before"] = before or {}
    summary = spec.describe(instance, action, changed, ctx)
    AuditEntry.objects.create(
        tournament_id=tournament_id,
        actor=user,
        actor_label=label[:150],
        ip=ip,
        where=where[:100],
        action=action,
        kind=kind_of(instance, spec),
        model=instance._meta.label,
        object_id=str(instance.pk)[:40],
        summary=summary[:300],
        before=before,
        after=after,
    )


def on_post_save(sender: Any, instance: Any, created: bool, raw: bool = False, **kwargs: Any) -> None:
    if raw:
        return
    spec = WATCHED[sender]
    after = snapshot(instance, spec)
    if created:
        _record(instance, "create", None, after, [])
        return
    before = getattr(instance, "_audit_before", None) or {}
    instance.__dict__.pop("_audit_before", None)
    changed = [k for k in after if k not in STAMPS and before.get(k) != after[k]]
    new_pin = bool(instance.__dict__.pop("_audit_new_pin", False))
    if not changed and not new_pin:
        return  # a save that changed nothing is not a decision
    _record(
        instance,
        "update",
        {k: before.get(k) for k in changed},
        {k: after[k] for k in changed},
        changed,
        raw_changed=changed + (["pin_hash"] if new_pin else []),
    )


STAMPS = frozenset({"updated_at", "created_at"})


def on_pre_delete(sender: Any, instance: Any, **kwargs: Any) -> None:
    if sender.__name__ == "Tournament":
        _deleting.set(_deleting.get() | {instance.pk})


def on_post_delete(sender: Any, instance: Any, **kwargs: Any) -> None:
    spec = WATCHED[sender]
    if sender.__name__ == "Tournament":
        _deleting.set(_deleting.get() - {instance.pk})
    _record(instance, "delete", snapshot(instance, spec), None, [])


def on_judge_password_reset(sender: Any, *, tournament: Any, judge: Any, **kwargs: Any) -> None:
    """A judge's new password: who gave it, to whom, when (never the password itself)."""
    user, label, ip, where = current()
    AuditEntry.objects.create(
        tournament_id=tournament.pk,
        actor=user,
        actor_label=label[:150],
        ip=ip,
        where=where[:100],
        action=AuditEntry.Action.UPDATE,
        kind=AuditEntry.Kind.PEOPLE,
        model=judge._meta.label,
        object_id=str(judge.pk),
        summary=f"Nova senha gerada para o juiz «{judge.get_username()}» (bloqueio de login desfeito)"[:300],
    )


def connect() -> None:
    for model in WATCHED:
        name = model._meta.label
        pre_save.connect(on_pre_save, sender=model, dispatch_uid=f"audit-pre-{name}")
        post_save.connect(on_post_save, sender=model, dispatch_uid=f"audit-save-{name}")
        post_delete.connect(on_post_delete, sender=model, dispatch_uid=f"audit-delete-{name}")
    pre_delete.connect(on_pre_delete, sender=Tournament, dispatch_uid="audit-pre-delete-Tournament")
    judge_password_reset.connect(on_judge_password_reset, dispatch_uid="audit-judge-password")
