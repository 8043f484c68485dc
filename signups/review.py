"""The organizer's decisions on the inscrições online: approve (one or many), refuse
with a reason, fill free places from the waitlist, erase a person's contact (LGPD).

Approval creates the team through ``tournaments.services.registration.team_register``
(its roster checked again against the teams registered since, the tournament's
inscrições open), so an approved inscrição is a team like any other. Every decision is
one audit entry (``signups.trail``); a refused decision raises ``ServiceError`` and
writes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from captains.services import captain_link_adopt
from core.text import clip
from signups import trail
from signups.models import Signup
from signups.services import actor, fill_places, lock_settings
from tournaments.models import Team, Tournament
from tournaments.revision import bump
from tournaments.services import ServiceError
from tournaments.services.registration import TeamInput, team_register

S = Signup.Status
REASON_MAX = 300


def _row(signup: Signup) -> Signup:
    return Signup.objects.select_for_update().select_related("tournament").get(pk=signup.pk)


@transaction.atomic
def signup_approve(*, signup: Signup, user: Any) -> Team:
    """Approve a pending inscrição: its team is registered with its players, capataz and entity."""
    lock_settings(signup.tournament)
    row = _row(signup)
    if row.status != S.PENDING:
        raise ServiceError(
            _("A inscrição nº %(n)d «%(team)s» está «%(state)s»: só uma inscrição pendente é aprovada.")
            % {"n": row.number, "team": clip(row.name), "state": row.get_status_display()}
        )
    try:
        team = team_register(tournament=row.tournament, data=TeamInput.from_json(row.roster))
    except ServiceError as exc:
        raise ServiceError(
            {k: [f"{clip(row.name)}: {m}" for m in msgs] for k, msgs in exc.errors.items()}
        ) from None
    row.team, row.status = team, S.APPROVED
    row.decided_at, row.decided_by = timezone.now(), actor(user)
    row.save(update_fields=["team", "status", "decided_at", "decided_by"])
    trail.record(
        row,
        lambda: (
            _("Comissão aprovou a inscrição nº %(n)d «%(team)s»: equipe inscrita")
            % {"n": row.number, "team": clip(row.name)}
        ),
        before=S.PENDING,
        after=S.APPROVED,
    )
    # The capataz's inscrição address becomes his team's page (captains), no new link.
    captain_link_adopt(team=team, key=row.key, secret_hash=row.secret_hash, user=user)
    signup.status, signup.team = row.status, team
    return team


def signups_approve_many(
    *, tournament: Tournament, ids: Iterable[int], user: Any
) -> tuple[list[Team], list[str]]:
    """Approve each chosen pending inscrição in arrival order, each on its own: the ones
    refused are listed with their reason and the others still approved."""
    chosen = Signup.objects.filter(tournament=tournament, pk__in=list(ids)).order_by("number")
    teams, problems = [], []
    for signup in chosen:
        try:
            teams.append(signup_approve(signup=signup, user=user))
        except ServiceError as exc:
            problems += exc.messages
    return teams, problems


@transaction.atomic
def signup_refuse(*, signup: Signup, user: Any, reason: str) -> list[Signup]:
    """Refuse a pending or waiting inscrição with a reason (shown on the capataz's link);
    returns the inscrições promoted from the waitlist into the freed place."""
    reason = " ".join(str(reason).split())
    if not reason:
        raise ServiceError({"reason": [_("Motivo: informe por que a inscrição é recusada.")]})
    if len(reason) > REASON_MAX:
        raise ServiceError({"reason": [_("Motivo: no máximo %(max)d caracteres.") % {"max": REASON_MAX}]})
    settings = lock_settings(signup.tournament)
    row = _row(signup)
    if row.status not in (S.PENDING, S.WAITLIST):
        raise ServiceError(
            _("A inscrição nº %(n)d «%(team)s» está «%(state)s»: ela não pode ser recusada.")
            % {"n": row.number, "team": clip(row.name), "state": row.get_status_display()}
        )
    before = row.status
    row.status, row.reason = S.REFUSED, reason
    row.decided_at, row.decided_by = timezone.now(), actor(user)
    row.save(update_fields=["status", "reason", "decided_at", "decided_by"])
    trail.record(
        row,
        lambda: (
            _("Comissão recusou a inscrição nº %(n)d «%(team)s»: %(reason)s")
            % {"n": row.number, "team": clip(row.name), "reason": clip(reason, 150)}
        ),
        before=before,
        after=S.REFUSED,
    )
    promoted = fill_places(row.tournament, settings) if settings is not None else []
    bump(row.tournament_id)
    signup.status = row.status
    return promoted


@transaction.atomic
def places_fill(*, tournament: Tournament) -> list[Signup]:
    """Give the places freed on the teams' pages (a team removed or withdrawn) to the waitlist."""
    settings = lock_settings(tournament)
    return fill_places(tournament, settings) if settings is not None else []


@transaction.atomic
def contact_erase(*, signup: Signup, user: Any) -> bool:
    """Blank the phone and e-mail of an inscrição (LGPD); False when there was none."""
    row = _row(signup)
    if not row.phone and not row.email:
        return False
    row.phone, row.email, row.contact_erased_at = "", "", timezone.now()
    row.save(update_fields=["phone", "email", "contact_erased_at"])
    trail.record(
        row,
        lambda: (
            _("Comissão apagou o contato da inscrição nº %(n)d «%(team)s» (LGPD)")
            % {"n": row.number, "team": clip(row.name)}
        ),
        before=row.status,
        after=row.status,
    )
    signup.phone, signup.email = "", ""
    return True
