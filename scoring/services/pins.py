"""Team PINs: generated for printing on the team card, kept only as a hash.

The organizer gets new PINs on the PINs page (shown once) or printed straight onto the
team cards by a print job (``printing.pins``), which draws and hashes them with
:func:`pins_draw`, renders the cards, and keeps only the hashes with :func:`pins_save`.

A capataz types the PIN on the judge's phone to sign a súmula. Wrong PINs are counted
per team under a row lock; after ``TeamPin.MAX_ATTEMPTS`` the team is locked for
``TeamPin.LOCK_MINUTES`` so a PIN cannot be guessed at the table.

A lock also stops the judge from recording that team's signature "on paper" instead:
whoever failed at the PIN could otherwise just tap the paper button. The PIN may be
tried again once the minutes have passed, but a paper signature for the team then
needs the organizer until the lock is cleared: by the right PIN, by the organizer's
:func:`pin_unlock`, or by a new PIN. ``TeamPin.locked_until`` stays set (in the past)
until then, which is what :func:`paper_blocked` reads.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.contrib.auth.hashers import check_password, make_password
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.access import ensure_can_manage
from scoring.models import TeamPin
from scoring.services.errors import NotAllowed, PinRefused
from tournaments.models import Team, Tournament

PIN_DIGITS = 4


def _new_pin() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(PIN_DIGITS))


def pins_draw(team_ids: Iterable[int]) -> tuple[dict[int, str], dict[int, str]]:
    """Fresh PINs for these teams and their hashes (team id -> PIN, team id -> hash),
    touching no row. Hashing is slow on purpose (PBKDF2, about 0.2 s a PIN): callers do
    it before their transaction, then keep the hashes with :func:`pins_save`."""
    pins = {team_id: _new_pin() for team_id in team_ids}
    return pins, {team_id: make_password(pin) for team_id, pin in pins.items()}


@transaction.atomic
def pins_save(*, tournament: Tournament, user: Any, hashes: dict[int, str], trusted: bool = False) -> int:
    """Make ``hashes`` the PINs of these teams of ``tournament`` (other teams are skipped);
    each team's old PIN stops working and its wrong attempts are forgotten. Returns how
    many teams got a PIN. ``trusted``: the command line, where there is no user.

    Every TeamPin save is one entry of the audit trail ("PIN da equipe … gerado"), never
    with the hash. Locks the TeamPin rows it replaces (``update_or_create``).
    """
    if not trusted:
        ensure_can_manage(user, tournament)
    teams = Team.objects.filter(tournament=tournament, pk__in=list(hashes)).order_by("pk")
    count = 0
    for team in teams:
        TeamPin.objects.update_or_create(
            team=team,
            defaults={"pin_hash": hashes[team.pk], "failed_attempts": 0, "locked_until": None},
        )
        count += 1
    return count


def pins_generate(*, tournament: Tournament, user: Any, teams: list[Team] | None = None) -> dict[int, str]:
    """New PINs for ``teams`` (default: every team without one); returns team id -> PIN.

    The plain PINs exist only in the return value: the organizer prints them now.
    """
    ensure_can_manage(user, tournament)
    if teams is None:
        teams = list(tournament.teams.filter(pin__isnull=True))
    pins, hashes = pins_draw(t.pk for t in teams if t.tournament_id == tournament.pk)
    pins_save(tournament=tournament, user=user, hashes=hashes)
    return pins


def pin_verify(*, team: Team, pin: str) -> None:
    """Raise :class:`PinRefused` unless ``pin`` is the team's PIN.

    Runs in its own transaction and commits a failed attempt even though the caller
    then refuses the signature. Locks the TeamPin row.
    """
    with transaction.atomic():
        record = TeamPin.objects.select_for_update().filter(team=team).first()
        if record is None:
            raise PinRefused(
                _("%(team)s ainda não tem PIN; peça à comissão organizadora.") % {"team": team.name}
            )
        now = timezone.now()
        if record.locked_until is not None and record.locked_until > now:
            minutes = max(1, int((record.locked_until - now).total_seconds() // 60) + 1)
            raise_later: PinRefused | None = PinRefused(
                _(
                    "PIN de %(team)s bloqueado após %(attempts)d tentativas erradas; "
                    "tente de novo em %(minutes)d min ou chame a comissão organizadora."
                )
                % {"team": team.name, "attempts": TeamPin.MAX_ATTEMPTS, "minutes": minutes}
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
                message = _(
                    "PIN errado. PIN de %(team)s bloqueado por %(minutes)d minutos; "
                    "a assinatura em papel desta equipe agora só com a comissão organizadora."
                ) % {"team": team.name, "minutes": TeamPin.LOCK_MINUTES}
            else:
                message = ngettext(
                    "PIN errado para %(team)s; resta %(n)d tentativa.",
                    "PIN errado para %(team)s; restam %(n)d tentativas.",
                    left,
                ) % {"team": team.name, "n": left}
            record.save(update_fields=["failed_attempts", "locked_until", "updated_at"])
            raise_later = PinRefused(message)
    if raise_later is not None:
        raise raise_later


def paper_blocked(team: Team, *, lock: bool = False) -> bool:
    """Whether the team's PIN was locked and the lock not yet cleared (see the module's
    docstring): its paper signature then needs the organizer. ``lock``: take the TeamPin
    row's lock (inside the caller's transaction, before the Match row's)."""
    rows = TeamPin.objects.filter(team=team, locked_until__isnull=False)
    if lock:
        rows = rows.select_for_update()
    return rows.exists()


@transaction.atomic
def pin_unlock(*, tournament: Tournament, user: Any, team: Team) -> bool:
    """The organizer clears a team's PIN lock: the PIN may be tried again at once and the
    judge may record the team's paper signature. Returns whether there was a lock.
    Locks the TeamPin row."""
    ensure_can_manage(user, tournament)
    if team.tournament_id != tournament.pk:
        raise NotAllowed(_("Esta equipe não é deste torneio."))
    record = TeamPin.objects.select_for_update().filter(team=team).first()
    if record is None or (record.locked_until is None and record.failed_attempts == 0):
        return False
    record.failed_attempts = 0
    record.locked_until = None
    record.save(update_fields=["failed_attempts", "locked_until", "updated_at"])
    return True
