"""The capataz's signature on a súmula (docs/rules.md §4.2): on paper or with the team's
PIN, recorded by the judge (``sheet_sign``) or typed on the capataz's own phone
(``sheet_sign_by_captain``, for ``captains``). Both signed, or the present side of a
W.O., makes the súmula SIGNED. A step of ``scoring.services.workflow``, whose helpers
it uses (the lock, the version check, the history), kept apart as one concept."""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.access import ensure_can_enter, is_organizer, tournament_of
from scoring.models import ScoreSheet, SheetEvent, Signature
from scoring.services.errors import NotAllowed, WorkflowError
from scoring.services.keys import ensure_new_signature
from scoring.services.pins import paper_blocked, pin_verify
from scoring.services.workflow import (
    NO_ORIGIN,
    Origin,
    _ensure_base,
    _event,
    _locked_versions,
    _signatures_complete,
    required_teams,
)
from tournaments.models import Match, Team
from tournaments.services import recorded_user

Status = ScoreSheet.Status


def sheet_sign(
    *,
    match: Match,
    user: Any,
    team: Team,
    version: int,
    method: str = Signature.Method.PAPER,
    pin: str = "",
    origin: Origin = NO_ORIGIN,
    key: uuid.UUID | None = None,
) -> ScoreSheet:
    """Record a capataz's signature on ``version``; both signed (or the present side of a
    W.O.) makes the súmula SIGNED. A wrong PIN is counted before anything else is
    looked at (its own transaction). A paper signature for a team whose PIN is locked
    (``pins.paper_blocked``) is the organizer's to record. Locks the TeamPin row, then
    the Match row. ``key`` is kept on the signature; a key already written raises
    :class:`AlreadyWritten` with that signature before the PIN is looked at, so a resend
    after a lost reply neither counts as a PIN attempt nor needs the PIN again."""
    ensure_can_enter(user, match)
    return _sign(
        match=match, user=user, team=team, version=version, method=method, pin=pin, origin=origin, key=key
    )


def sheet_sign_by_captain(
    *, match: Match, team: Team, version: int, pin: str, origin: Origin = NO_ORIGIN
) -> ScoreSheet:
    """The capataz signs ``version`` with the team PIN on his own phone (``captains``):
    the PIN check, its lockout and the history of :func:`sheet_sign`, with no one logged
    in (the caller has checked the team's private link). The SIGNED event's details say
    ``"via": "capataz"``."""
    return _sign(
        match=match,
        user=None,
        team=team,
        version=version,
        method=Signature.Method.PIN,
        pin=pin,
        origin=origin,
        via="capataz",
    )


def _sign(
    *,
    match: Match,
    user: Any,
    team: Team,
    version: int,
    method: str,
    pin: str,
    origin: Origin,
    key: uuid.UUID | None = None,
    via: str = "",
) -> ScoreSheet:
    ensure_new_signature(match, key)
    if team.pk not in (match.team_a_id, match.team_b_id):
        raise WorkflowError(_("Esta equipe não joga este jogo."))
    if method == Signature.Method.PIN:
        pin_verify(team=team, pin=pin)
    elif method != Signature.Method.PAPER:
        raise WorkflowError(_("Forma de assinatura desconhecida."))
    with transaction.atomic():
        paper = method == Signature.Method.PAPER
        if paper and paper_blocked(team, lock=True) and not is_organizer(user, tournament_of(match)):
            raise NotAllowed(
                _(
                    "PIN de %(team)s bloqueado após tentativas erradas: a assinatura desta equipe "
                    "aguarda a comissão organizadora, que desbloqueia o PIN ou registra ela mesma a "
                    "assinatura em papel."
                )
                % {"team": team.name}
            )
        sheets = _locked_versions(match)
        ensure_new_signature(match, key)
        sheet = _ensure_base(match, sheets, version)
        if sheet is None or sheet.status not in (Status.SUBMITTED, Status.SIGNED):
            raise WorkflowError(_("Só uma súmula enviada e ainda não homologada pode ser assinada."))
        if team not in required_teams(match, sheet.result):
            raise WorkflowError(
                _("%(team)s está ausente (W.O.) e não assina a súmula.") % {"team": team.name}
            )
        if sheet.signatures.filter(team=team).exists():
            raise WorkflowError(_("O capataz de %(team)s já assinou esta súmula.") % {"team": team.name})
        Signature.objects.create(
            sheet=sheet, team=team, method=method, recorded_by=recorded_user(user), client_key=key
        )
        details = {"version": sheet.version, "team": team.key, "method": method}
        if via:
            details["via"] = via
        _event(match, sheet, SheetEvent.Kind.SIGNED, user, origin, details=details)
        if _signatures_complete(sheet):
            # No public page tells signed from submitted: nothing to bump.
            sheet.status = Status.SIGNED
            sheet.save(update_fields=["status"])
    return sheet
