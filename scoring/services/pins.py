"""Team PINs: generated for printing on the team card, kept only as a hash.

A capataz types the PIN on the judge's phone to sign a súmula. Wrong PINs are counted
per team under a row lock; after ``TeamPin.MAX_ATTEMPTS`` the team is locked for
``TeamPin.LOCK_MINUTES`` so a PIN cannot be guessed at the table.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.contrib.auth.hashers import check_password, make_password
from django.db import transaction
from django.utils import timezone

from scoring.access import ensure_can_manage
from scoring.models import TeamPin
from scoring.services.errors import PinRefused
from tournaments.models import Team, Tournament

PIN_DIGITS = 4


def _new_pin() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(PIN_DIGITS))


@transaction.atomic
def pins_generate(*, tournament: Tournament, user: Any, teams: list[Team] | None = None) -> dict[int, str]:
    """New PINs for ``teams`` (default: every team without one); returns team id -> PIN.

    The plain PINs exist only in the return value: the organizer prints them now.
    """
    ensure_can_manage(user, tournament)
    if teams is None:
        teams = list(tournament.teams.filter(pin__isnull=True))
    out: dict[int, str] = {}
    for team in teams:
        if team.tournament_id != tournament.pk:
            continue
        pin = _new_pin()
        TeamPin.objects.update_or_create(
            team=team,
            defaults={"pin_hash": make_password(pin), "failed_attempts": 0, "locked_until": None},
        )
        out[team.pk] = pin
    return out


def pin_verify(*, team: Team, pin: str) -> None:
    """Raise :class:`PinRefused` unless ``pin`` is the team's PIN.

    Runs in its own transaction and commits a failed attempt even though the caller
    then refuses the signature. Locks the TeamPin row.
    """
    with transaction.atomic():
        record = TeamPin.objects.select_for_update().filter(team=team).first()
        if record is None:
            raise PinRefused(f"{team.name} ainda não tem PIN; peça à comissão organizadora.")
        now = timezone.now()
        if record.locked_until is not None and record.locked_until > now:
            minutes = max(1, int((record.locked_until - now).total_seconds() // 60) + 1)
            raise_later: PinRefused | None = PinRefused(
                f"PIN de {team.name} bloqueado após {TeamPin.MAX_ATTEMPTS} tentativas erradas; "
                f"tente de novo em {minutes} min ou assine em papel."
            )
        elif check_password(str(pin)[:20], record.pin_hash):
            record.failed_attempts = 0
            record.locked_until = None
            record.save(update_fields=["failed_attempts", "locked_until", "updated_at"])
            raise_later = None
        else:
            record.failed_attempts += 1
            left = TeamPin.MAX_ATTEMPTS - record.failed_attempts
            if left <= 0:
                record.failed_attempts = 0
                record.locked_until = now + timedelta(minutes=TeamPin.LOCK_MINUTES)
                message = f"PIN errado. PIN de {team.name} bloqueado por {TeamPin.LOCK_MINUTES} minutos."
            else:
                message = f"PIN errado para {team.name}; restam {left} tentativas."
            record.save(update_fields=["failed_attempts", "locked_until", "updated_at"])
            raise_later = PinRefused(message)
    if raise_later is not None:
        raise raise_later
