"""The comissão decides between two different entries of one súmula (double entry).

When the second entry of a version differs from it (``SheetEvent.Kind.CHECK_MISMATCH``)
nothing is confirmed and the version keeps waiting. There are two ways out: the judge
sends a corrected version, which waits for its own second entry; or the organizer,
having compared both with the paper súmula, accepts one of them here:

- the first entry: the waiting version is confirmed as it is (its signatures stay);
- the second entry: a new version is written with the second entry's result and lineups
  (and the first's observations, which the blind re-entry does not compare), entered by
  the person who typed it, and confirmed. The capatazes signed the other version, so
  this one is signed again before its homologation.

Only the comissão decides, and never someone who typed one of the two entries (whoever
entered a version never confirms it). The decision is checked against what the page
showed, the version and the second entry the organizer read: a newer version or a
newer second entry refuses it (:class:`StaleDecision`, 409) and nothing is written. It
is recorded as ``SheetEvent.Kind.CHECK_RESOLVED`` (who, when, which entry, the reason),
and the rows it changes are in the audit trail.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from scoring.access import ensure_can_manage, tournament_of
from scoring.models import ScoreSheet, SheetEvent
from scoring.selectors import awaits_check
from scoring.services.errors import NotAllowed, StaleDecision, WorkflowError
from scoring.services.workflow import (
    NO_ORIGIN,
    Origin,
    _confirm,
    _event,
    _locked_versions,
    shows_pending,
)
from tournaments.models import Match
from tournaments.revision import bump_match
from tournaments.services import recorded_user

FIRST, SECOND = "first", "second"
SECOND_ENTRY_SOURCE = "segunda digitação"  # ScoreSheet.source of a version made from one


def latest_mismatch(sheet: ScoreSheet) -> SheetEvent | None:
    """The last second entry of ``sheet`` that differed from it (the one to decide on)."""
    kind = SheetEvent.Kind.CHECK_MISMATCH
    return SheetEvent.objects.filter(sheet=sheet, kind=kind).select_related("actor").order_by("-id").first()


def _who(user: Any) -> str:
    return user.get_username() if user is not None else _("outra pessoa")


def double_entry_resolve(
    *,
    match: Match,
    user: Any,
    version: int,
    check: int,
    accept: str,
    reason: str = "",
    origin: Origin = NO_ORIGIN,
) -> ScoreSheet:
    """Accept the ``FIRST`` or the ``SECOND`` entry of ``version``, whose differing second
    entry is the event ``check``; returns the version that counts now. Locks the Match row."""
    ensure_can_manage(user, tournament_of(match))
    if accept not in (FIRST, SECOND):
        raise WorkflowError(_("Escolha qual das duas digitações vale."))
    with transaction.atomic():
        sheets = _locked_versions(match)
        latest = sheets[-1] if sheets else None
        if latest is None or latest.version != version:
            if latest is None:
                raise WorkflowError(_("A versão informada da súmula não existe; recarregue a página."))
            raise StaleDecision(
                _(
                    "A súmula mudou depois que esta página foi carregada (versão %(version)d, lançada "
                    "por %(who)s); nada foi decidido. Confira a nova versão."
                )
                % {"version": latest.version, "who": _who(latest.entered_by)}
            )
        if not awaits_check(latest):
            raise WorkflowError(
                _("Esta súmula não aguarda a segunda digitação: não há divergência a decidir.")
            )
        mismatch = latest_mismatch(latest)
        if mismatch is None:
            raise WorkflowError(
                _("A segunda digitação desta súmula ainda não divergiu: não há nada a decidir.")
            )
        if mismatch.pk != check:
            when = date_format(localtime(mismatch.at), "H:i")
            raise StaleDecision(
                _(
                    "Houve outra segunda digitação (de %(who)s, às %(time)s) depois que esta página foi "
                    "carregada; nada foi decidido. Confira as digitações de novo."
                )
                % {"who": _who(mismatch.actor), "time": when}
            )
        if getattr(user, "pk", None) in (latest.entered_by_id, mismatch.actor_id):
            raise NotAllowed(
                _(
                    "Você digitou uma das duas versões: a divergência é decidida por outra pessoa da "
                    "comissão, ou o juiz corrige a súmula e ela é redigitada."
                )
            )
        counted = latest if accept == FIRST else _from_second_entry(latest, mismatch, sheets)
        _confirm(counted, sheets, user)
        details = {
            "version": latest.version,
            "accepted": accept,
            "check": mismatch.pk,
            "counted": counted.version,
        }
        kind = SheetEvent.Kind.CHECK_RESOLVED
        _event(match, counted, kind, user, origin, reason=(reason or "").strip()[:2000], details=details)
        if shows_pending(match):
            bump_match(tournament_of(match).pk, match)  # its result is shown now, as pending
    return counted


def _from_second_entry(latest: ScoreSheet, mismatch: SheetEvent, sheets: list[ScoreSheet]) -> ScoreSheet:
    """A new version holding what the second person typed (under the Match row's lock)."""
    entry = mismatch.details.get("entry") or {}
    if not isinstance(entry.get("result"), dict):
        raise WorkflowError(
            _("Esta segunda digitação não foi guardada por inteiro: peça ao juiz que corrija.")
        )
    for old in sheets:
        if not old.confirmed and old.status != ScoreSheet.Status.SUPERSEDED:
            old.status = ScoreSheet.Status.SUPERSEDED
            old.save(update_fields=["status"])
    sheet = ScoreSheet(
        match=latest.match,
        version=latest.version + 1,
        status=ScoreSheet.Status.SUBMITTED,
        result=entry["result"],
        lineups=entry.get("lineups") or {},
        observations=latest.observations,
        note=latest.note,
        normalizations=mismatch.details.get("normalizations") or [],
        based_on=latest.version,
        entered_by=recorded_user(mismatch.actor),
        entered_ip=mismatch.ip,
        user_agent=mismatch.user_agent,
        source=SECOND_ENTRY_SOURCE,
    )
    sheet.save()
    return sheet
