"""When a phase's rodadas start by default, so the organizer seldom types a time.

The programação forms (the chaves' rodadas, the mata-mata's) open with: the phase's own
rodada 1 when it was already programmed (generating again keeps the day); else the end
of the phase before it (its last rodada's limit, or its last jogo's horário plus the
minutes of a jogo); else the check-in deadline; else 10:00 on the tournament's first day
(today when it has none). The minutes default to the modality's minutes per jogo, or 60.
Always to the minute, never with seconds.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta

from django.db.models import Max
from django.utils import timezone

from tournaments.models import Match, Round, Stage, Tournament

FIRST_HOUR = time(10, 0)
DEFAULT_MINUTES = 60


def default_minutes(tournament: Tournament) -> int:
    return tournament.rules().match_minutes or DEFAULT_MINUTES


def _minute(value: datetime) -> datetime:
    return timezone.localtime(value).replace(second=0, microsecond=0)


def phase_start(tournament: Tournament, stage: Stage | None) -> datetime:
    """The default start of ``stage``'s rodada 1 (see the module's docstring)."""
    if stage is not None:
        own = Round.objects.filter(stage=stage, number=1, starts_at__isnull=False).first()
        if own is not None and own.starts_at is not None:
            return _minute(own.starts_at)
        earlier = Stage.objects.filter(tournament=tournament, order__lt=stage.order)
        end = Round.objects.filter(stage__in=earlier).aggregate(end=Max("deadline"))["end"]
        if end is None:
            last = Match.objects.filter(stage__in=earlier).aggregate(last=Max("scheduled_at"))["last"]
            if last is not None:
                end = last + timedelta(minutes=default_minutes(tournament))
        if end is not None:
            return _minute(end)
    if tournament.checkin_deadline is not None:
        return _minute(tournament.checkin_deadline)
    day = tournament.date or timezone.localdate()
    return timezone.make_aware(datetime.combine(day, FIRST_HOUR))
