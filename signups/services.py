"""Writes of the inscrições online: settings, a team's inscrição, the waitlist, withdrawal.

First come, first served: each inscrição gets the next arrival number and, while the
places are not all taken, the state «inscrita (pendente)»; past them, «na espera», in
arrival order. A place is taken by each team of the tournament that has not withdrawn
(approved inscrições, and teams the organizer typed or imported) and by each pending
inscrição; whenever a place frees (a refusal, a withdrawal, more places) the first of
the waitlist takes it (:func:`fill_places`, audited). Every write locks the tournament's
:class:`signups.models.SignupSettings` row (``select_for_update``) before it counts, so
registrations that race on PostgreSQL are served one at a time, in the order they got
the lock. The organizer's decisions are in ``signups.review``.

The roster is checked as the organizer's form and the import check it
(``tournaments.services.registration.check_team``: names cleaned and compared by
``name_key``, the titulares and reservas of the modality, one capataz, a player in one
team only); a refusal raises ``ServiceError`` with pt-BR messages per field and writes
nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from core.text import clean_name, clip, name_key
from signups import trail
from signups.links import new_key, new_secret
from signups.models import Signup, SignupSettings
from tournaments.models import Team, Tournament
from tournaments.revision import bump
from tournaments.services import ServiceError
from tournaments.services.registration import RosterIndex, TeamInput, check_team

S = Signup.Status
CAPACITY_MAX = 4096
PHONE_RE = re.compile(r"^\+?[\d\s().-]{8,30}$")
ACTIVE = (S.PENDING, S.WAITLIST, S.APPROVED)


@dataclass(frozen=True)
class Contact:
    phone: str = ""
    email: str = ""


def settings_of(tournament: Tournament) -> SignupSettings:
    """The tournament's settings, or unsaved defaults (inscrições online off)."""
    found = SignupSettings.objects.filter(tournament=tournament).first()
    return found or SignupSettings(tournament=tournament)


def closed_reason(tournament: Tournament, settings: SignupSettings, now: datetime | None = None) -> str:
    """Why the public form takes no inscrição now ("" while it is open): off, past its
    closing time (checked at each request), or the tournament's inscrições closed."""
    now = now or timezone.now()
    if not settings.enabled:
        return _("As inscrições online deste torneio não estão abertas.")
    if settings.closes_at is not None and now >= settings.closes_at:
        when = date_format(timezone.localtime(settings.closes_at), "d/m/Y H:i")
        return _("As inscrições online encerraram em %(when)s.") % {"when": when}
    closed = Tournament.objects.filter(pk=tournament.pk, registration_closed_at__isnull=False).exists()
    if closed:
        return _("As inscrições deste torneio foram encerradas pela comissão organizadora.")
    return ""


def places_taken(tournament: Tournament) -> int:
    teams = Team.objects.filter(tournament=tournament).exclude(status=Team.Status.WITHDRAWN).count()
    return teams + Signup.objects.filter(tournament=tournament, status=S.PENDING).count()


def _lock(tournament: Tournament) -> SignupSettings | None:
    return SignupSettings.objects.select_for_update().filter(tournament=tournament).first()


def _promoted_sentence(number: int, name: str) -> str:
    return _("Inscrição nº %(n)d «%(team)s» saiu da lista de espera: agora é inscrita") % {
        "n": number,
        "team": clip(name),
    }


def fill_places(tournament: Tournament, settings: SignupSettings) -> list[Signup]:
    """Promote the first of the waitlist while a place is free; call it holding the lock."""
    promoted: list[Signup] = []
    free = settings.capacity - places_taken(tournament)
    if free <= 0:
        return promoted
    waiting = Signup.objects.filter(tournament=tournament, status=S.WAITLIST).order_by("number")[:free]
    for signup in waiting:
        signup.status, signup.promoted_at = S.PENDING, timezone.now()
        signup.save(update_fields=["status", "promoted_at"])
        trail.record(
            signup,
            partial(_promoted_sentence, signup.number, signup.name),
            before=S.WAITLIST,
            after=S.PENDING,
        )
        promoted.append(signup)
    if promoted:
        bump(tournament.pk)
    return promoted


def check_contact(phone: str, email: str, *, required: bool) -> tuple[Contact, list[tuple[str, str]]]:
    """The contact as stored, and its problems as (field, message)."""
    phone, email = " ".join(phone.split()), email.strip()
    problems: list[tuple[str, str]] = []
    if phone and not PHONE_RE.match(phone):
        problems.append(
            ("phone", _("Telefone: use só números, espaços, parênteses, hífens e um + no início (8 a 30)."))
        )
    if email:
        try:
            validate_email(email)
        except ValidationError:
            problems.append(("email", _("E-mail: informe um endereço válido, como nome@exemplo.com.br.")))
    if required and not phone and not email:
        problems.append(("phone", _("Contato: informe um telefone ou um e-mail.")))
    return Contact(phone, email.lower()), problems


@transaction.atomic
def settings_save(
    *,
    tournament: Tournament,
    enabled: bool,
    capacity: int,
    closes_at: datetime | None,
    contact_required: bool,
) -> SignupSettings:
    """Set the inscrições online of ``tournament``; more places promote from the waitlist."""
    if not 1 <= capacity <= CAPACITY_MAX:
        raise ServiceError({"capacity": [_("Vagas: use de 1 a %(max)d.") % {"max": CAPACITY_MAX}]})
    if closes_at is not None and timezone.is_naive(closes_at):
        closes_at = timezone.make_aware(closes_at)
    SignupSettings.objects.get_or_create(tournament=tournament)  # a row to lock, made once
    settings = SignupSettings.objects.select_for_update().get(tournament=tournament)
    before = (settings.enabled, settings.capacity, settings.closes_at, settings.contact_required)
    settings.enabled, settings.capacity = enabled, capacity
    settings.closes_at, settings.contact_required = closes_at, contact_required
    settings.save()
    after = (enabled, capacity, closes_at, contact_required)
    if before != after:
        trail.record_settings(settings)
    fill_places(tournament, settings)
    bump(tournament.pk)
    return settings


@transaction.atomic
def signup_register(
    *, tournament: Tournament, data: TeamInput, phone: str = "", email: str = ""
) -> tuple[Signup, str]:
    """A team's inscrição from the public form; returns it and the capataz's link token,
    the only time the token exists in clear. Refuses, writing nothing, when the form is
    closed or the team, its players or the contact have a problem."""
    secret, secret_hash = new_secret()  # a slow hash: made before the lock, not while holding it
    settings = _lock(tournament)
    reason = (
        closed_reason(tournament, settings)
        if settings
        else closed_reason(tournament, settings_of(tournament))
    )
    if settings is None or reason:
        raise ServiceError(reason)
    data = TeamInput(name=data.name, entity=data.entity, seed=None, players=data.players)
    contact, problems = check_contact(phone, email, required=settings.contact_required)
    problems = check_team(tournament.rules(), data, RosterIndex.load(tournament)) + problems
    key = name_key(data.name)
    if key and not any(field == "name" for field, _msg in problems):
        active = Signup.objects.filter(tournament=tournament, status__in=(S.PENDING, S.WAITLIST))
        if any(name_key(n) == key for n in active.values_list("name", flat=True)):
            problems.append(
                (
                    "name",
                    _("Já existe uma inscrição «%(team)s» neste torneio.")
                    % {"team": clip(clean_name(data.name))},
                )
            )
    if problems:
        errors: dict[str, list[str]] = {}
        for field, msg in problems:
            errors.setdefault(field, []).append(msg)
        raise ServiceError(errors)
    fill_places(tournament, settings)  # a place freed by the organizer's pages goes to the waitlist first
    status = S.PENDING if places_taken(tournament) < settings.capacity else S.WAITLIST
    last = Signup.objects.filter(tournament=tournament).aggregate(n=Max("number"))["n"] or 0
    signup = Signup(
        tournament=tournament,
        number=last + 1,
        name=clean_name(data.name),
        entity=clean_name(data.entity),
        roster=data.as_json(),
        phone=contact.phone,
        email=contact.email,
        status=status,
        key=new_key(),
        secret_hash=secret_hash,
    )
    signup.save()
    trail.record(
        signup,
        lambda: (
            (
                _("Inscrição online nº %(n)d «%(team)s» recebida: inscrita (pendente)")
                if status == S.PENDING
                else _("Inscrição online nº %(n)d «%(team)s» recebida: na espera")
            )
            % {"n": signup.number, "team": clip(signup.name)}
        ),
        before=None,
        after=status,
    )
    bump(tournament.pk)
    return signup, signup.key + secret


@transaction.atomic
def signup_withdraw(*, signup: Signup) -> Signup:
    """The capataz gives up a pending or waiting inscrição (from his link); its place
    goes to the first of the waitlist."""
    settings = _lock(signup.tournament)
    row = Signup.objects.select_for_update().get(pk=signup.pk)
    if row.status not in (S.PENDING, S.WAITLIST):
        raise ServiceError(
            _("Esta inscrição está «%(state)s»: para desistir, fale com a comissão organizadora.")
            % {"state": row.get_status_display()}
        )
    before = row.status
    row.status, row.decided_at = S.WITHDRAWN, timezone.now()
    row.save(update_fields=["status", "decided_at"])
    trail.record(
        row,
        lambda: (
            _("A equipe da inscrição nº %(n)d «%(team)s» desistiu (link do capataz)")
            % {"n": row.number, "team": clip(row.name)}
        ),
        before=before,
        after=S.WITHDRAWN,
    )
    if settings is not None:
        fill_places(row.tournament, settings)
    bump(row.tournament_id)
    return row


def lock_settings(tournament: Tournament) -> SignupSettings | None:
    """The settings row, locked (for ``signups.review``, inside its transaction)."""
    return _lock(tournament)


def actor(user: Any) -> Any:
    return user if getattr(user, "is_authenticated", False) else None
