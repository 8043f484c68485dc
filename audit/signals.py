"""Signal handlers that write the audit trail, without touching any app's services.

``pre_save`` reads the row as it is in the database (the "before"); ``post_save`` and
``post_delete`` write the :class:`AuditEntry` in the same transaction as the change, so
a rolled-back decision leaves no trace and a committed one always has its entry.

One entry per action. A service changes several rows for one decision, and the súmula
workflow writes its own history row (``SheetEvent``) beside the súmula it changes: the
model signals saw each row, so one sending was logged as «gravada», «enviada», «passa a
valer» and «conferida». Now the rows one request changes for the same subject (a jogo,
a team, or else the request's one action) complete a single entry: its sentence and
main before/after come from the row that speaks for the action (``Spec.rank``), and
every row adds its readable diff to ``changes``. Outside a request (a command, a
shell, a worker) each row is its own entry, as before.

Whoever acted and in whatever language, the sentence and the readable diff are rendered
once per language of the site (``audit.languages``) and stored with the entry, so each
reader reads the trail in theirs: ``summary``/``changes`` in pt-BR, ``summaries`` and
``changes_by_language`` in each language.

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
from dataclasses import dataclass, field
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db.models.signals import post_delete, post_save, pre_delete, pre_save
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, override

from audit.context import current, open_entries
from audit.describe import (
    WATCHED,
    Spec,
    kind_of,
    match_of,
    people_of,
    rank_of,
    subject_of,
    teams_of,
    tournament_id_of,
)
from audit.languages import base, codes, each_language
from audit.models import AuditEntry
from audit.readable import readable
from tournaments.models import Membership, Tournament
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


MINOR = 3  # Spec.rank of the rows that only come with an action (a chave, a jogo)


@dataclass
class _Open:
    """An entry this request is still completing: its id and what it holds so far."""

    pk: int
    rank: int
    lead: dict[str, Any]
    # One {language: {"record", "action", "fields"}} per row with something to show.
    changes: list[dict[str, Any]] = field(default_factory=list)
    match_id: int | None = None
    teams: set[int] = field(default_factory=set)
    people: set[int] = field(default_factory=set)

    def columns(self) -> dict[str, Any]:
        lead = dict(self.lead)
        summaries = dict(lead["summaries"])
        others = len(self.changes) - 1
        if self.rank >= MINOR and others > 0:
            # No row speaks for the whole action (rodadas generated, a mata-mata built):
            # the sentence says that more came with it.
            for code, text in summaries.items():
                with override(code):
                    more = ngettext(" e mais %(n)d alteração", " e mais %(n)d alterações", others)
                more %= {"n": others}
                summaries[code] = text[: 300 - len(more)] + more
        lead["summaries"], lead["summary"] = summaries, summaries[base()]
        by_language = {code: [part[code] for part in self.changes] for code in codes()}
        return {
            **lead,
            "changes": by_language[base()],
            "changes_by_language": by_language,
            "match_id": self.match_id,
            "teams": id_list(self.teams),
            "people": id_list(self.people),
        }


def id_list(ids: set[int]) -> str:
    """The filters' «|id|id|» list of ``ids``, at most 400 characters."""
    text = "|" + "|".join(str(i) for i in sorted(ids)) + "|" if ids else ""
    return text if len(text) <= 400 else text[: text.rindex("|", 0, 400) + 1]


def role_of(user: Any, tournament_id: int | None) -> str | None:
    """The actor's role in the tournament (read once, whatever the number of languages)."""
    if user is None or tournament_id is None:
        return None
    role = Membership.objects.filter(tournament_id=tournament_id, user=user).values_list("role", flat=True)
    return role.first()


def actor_phrase(user: Any, label: str, found: str | None) -> str:
    """Who acted, as a sentence names them: «Comissão», «Juiz Ana», «Sistema»; ``found``
    is their role in the tournament (:func:`role_of`)."""
    if user is None:
        return {"comando": _("Comando"), "sistema": _("Sistema")}.get(label, _("Alguém sem login"))
    name = user.get_full_name() or user.get_username()
    if found == Membership.Role.ORGANIZER:
        return _("Comissão")
    return _("Juiz %(name)s") % {"name": name} if found == Membership.Role.JUDGE else name


def _write(
    key: tuple[Any, ...], rank: int, lead: dict[str, Any], part: dict[str, Any], found: dict[str, Any]
) -> None:
    """Write the entry of this action, or complete the one this request already wrote for
    the same subject (the rows of one action arrive one signal at a time)."""
    user, label, ip, where = current()
    registry = open_entries()
    state = registry.get(key) if registry is not None else None
    if state is not None:
        grown = _Open(state.pk, state.rank, state.lead, [*state.changes], state.match_id)
        grown.teams, grown.people = state.teams | found["teams"], state.people | found["people"]
        grown.match_id = grown.match_id or found["match_id"]
        if _shows(part):
            grown.changes.append(part)
        if rank < grown.rank:
            grown.rank, grown.lead = rank, lead
        if AuditEntry.objects.filter(pk=state.pk).update(**grown.columns()):
            registry[key] = grown  # type: ignore[index]
            return
        # Its first row was rolled back with a failed service: this one starts anew.
    state = _Open(0, rank, lead, [part] if _shows(part) else [], found["match_id"])
    state.teams, state.people = found["teams"], found["people"] | ({user.pk} if user else set())
    entry = AuditEntry.objects.create(
        tournament_id=key[0], actor=user, actor_label=label[:150], ip=ip, where=where[:100], **state.columns()
    )
    state.pk = entry.pk
    if registry is not None:
        registry[key] = state


def _shows(part: dict[str, Any]) -> bool:
    """Whether a row's readable diff has a field to show (in any language)."""
    return any(text["fields"] for text in part.values())


def _record(instance: Any, action: str, before: Any, after: Any, changed: list[str], **ctx: Any) -> None:
    spec = WATCHED[type(instance)]
    user, label, _ip, where = current()
    tournament_id = tournament_id_of(instance)
    if tournament_id is not None and tournament_id in _deleting.get():
        return
    ctx["imported"] = where in IMPORTS
    ctx["before"] = before or {}
    registry = open_entries()
    known = registry.get(("actor", tournament_id)) if registry is not None else None
    # Written in every language, whoever acted and in whatever language (see
    # audit.languages): each reader reads the same entry, in theirs.
    if known is None:
        role = role_of(user, tournament_id)
        known = each_language(lambda _code: actor_phrase(user, label, role))
    actors = known
    if registry is not None:
        registry[("actor", tournament_id)] = actors  # one look-up per request
    summaries = each_language(
        lambda code: spec.describe(instance, action, changed, {**ctx, "actor": actors[code]})[:300]
    )
    lead = {
        "action": action,
        "kind": kind_of(instance, spec),
        "model": instance._meta.label,
        "object_id": str(instance.pk)[:40],
        "summary": summaries[base()],
        "summaries": summaries,
        "before": before,
        "after": after,
    }
    part = each_language(
        lambda code: {
            "record": summaries[code],
            "action": action,
            "fields": readable(instance, before, after),
        }
    )
    found = {"match_id": match_of(instance), "teams": teams_of(instance), "people": people_of(instance)}
    _write((tournament_id, *subject_of(instance)), rank_of(instance, action, spec), lead, part, found)


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
    summaries = each_language(
        lambda _code: (
            _("Nova senha gerada para o juiz «%(judge)s» (bloqueio de login desfeito)")
            % {"judge": judge.get_username()}
        )[:300]
    )
    lead = {
        "action": AuditEntry.Action.UPDATE,
        "kind": AuditEntry.Kind.PEOPLE,
        "model": judge._meta.label,
        "object_id": str(judge.pk),
        "summary": summaries[base()],
        "summaries": summaries,
        "before": None,
        "after": None,
    }
    found = {"match_id": None, "teams": set(), "people": {judge.pk}}
    _write((tournament.pk, "pessoa", judge.pk), 0, lead, {}, found)  # no field to show


def connect() -> None:
    for model in WATCHED:
        name = model._meta.label
        pre_save.connect(on_pre_save, sender=model, dispatch_uid=f"audit-pre-{name}")
        post_save.connect(on_post_save, sender=model, dispatch_uid=f"audit-save-{name}")
        post_delete.connect(on_post_delete, sender=model, dispatch_uid=f"audit-delete-{name}")
    pre_delete.connect(on_pre_delete, sender=Tournament, dispatch_uid="audit-pre-delete-Tournament")
    judge_password_reset.connect(on_judge_password_reset, dispatch_uid="audit-judge-password")
