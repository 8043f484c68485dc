"""Reads of the inscrições online: the public count, the organizer's review list with
its possible duplicates, and the capataz's page.

Nothing read here for a public page holds a phone or an e-mail: :func:`public_summary`
counts, and :func:`capataz_view` gives the state only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _

from captains.models import CaptainLink
from core.text import clip, name_key
from signups.models import Signup
from signups.services import closed_reason, places_taken, settings_of
from tournaments.models import Player, Team, Tournament

S = Signup.Status


@dataclass(frozen=True)
class Summary:
    enabled: bool
    open: bool
    closes_at: datetime | None
    taken: int
    capacity: int
    waiting: int
    closed_reason: str


def public_summary(tournament: Tournament) -> Summary:
    """«17/32 inscritas, 3 na espera» and whether the form takes inscrições now."""
    settings = settings_of(tournament)
    waiting = Signup.objects.filter(tournament=tournament, status=S.WAITLIST).count()
    reason = closed_reason(tournament, settings)
    return Summary(
        enabled=settings.enabled,
        open=not reason,
        closes_at=settings.closes_at,
        taken=places_taken(tournament),
        capacity=settings.capacity,
        waiting=waiting,
        closed_reason=reason,
    )


@dataclass
class ReviewRow:
    """A pending or waiting inscrição with what the organizer must see before deciding."""

    signup: Signup
    players: list[tuple[str, bool, bool]]  # (name, capataz, reserva)
    duplicates: list[str] = field(default_factory=list)

    @property
    def pk(self) -> int:
        return int(self.signup.pk)


def roster_of(signup: Signup) -> list[tuple[str, bool, bool]]:
    """(name, capataz, reserva) of each player the inscrição names."""
    return [(str(n), bool(c), bool(r)) for n, c, r in signup.roster.get("players", [])]


def _known(tournament: Tournament) -> tuple[dict[str, str], dict[str, str]]:
    """The registered teams by name key, and their players' name keys -> team name."""
    teams = {
        name_key(n): n for n in Team.objects.filter(tournament=tournament).values_list("name", flat=True)
    }
    players = {
        name_key(n): t
        for n, t in Player.objects.filter(team__tournament=tournament).values_list("name", "team__name")
    }
    return teams, players


def review_rows(
    tournament: Tournament, statuses: tuple[str, ...] = (S.PENDING, S.WAITLIST)
) -> list[ReviewRow]:
    """The inscrições to decide, in arrival order, each flagged with its possible
    duplicates: a registered team of the same name (by ``name_key``), a player already in
    a registered team, or a player also in another inscrição awaiting a decision."""
    signups = list(Signup.objects.filter(tournament=tournament, status__in=statuses).order_by("number"))
    teams, players = _known(tournament)
    by_player: dict[str, list[Signup]] = {}
    for s in signups:
        for name, _captain, _reserve in s.roster.get("players", []):
            by_player.setdefault(name_key(name), []).append(s)
    rows = []
    for s in signups:
        roster = roster_of(s)
        row = ReviewRow(signup=s, players=roster)
        if name_key(s.name) in teams:
            row.duplicates.append(
                _("mesmo nome da equipe «%(team)s»") % {"team": clip(teams[name_key(s.name)])}
            )
        for name, _c, _r in roster:
            key = name_key(name)
            if key in players:
                row.duplicates.append(
                    _("«%(name)s» já joga na equipe «%(team)s»")
                    % {"name": clip(name), "team": clip(players[key])}
                )
            others = [o for o in by_player.get(key, []) if o.pk != s.pk]
            if others:
                row.duplicates.append(
                    _("«%(name)s» também está na inscrição nº %(n)d")
                    % {"name": clip(name), "n": others[0].number}
                )
        rows.append(row)
    return rows


def decided(tournament: Tournament) -> list[Signup]:
    """The inscrições already decided (approved, refused, withdrawn), in arrival order."""
    done = (S.APPROVED, S.REFUSED, S.WITHDRAWN)
    return list(Signup.objects.filter(tournament=tournament, status__in=done).order_by("number"))


def waiting_position(signup: Signup) -> int | None:
    """Its place in the waitlist (1 for the next to be promoted); None when not waiting."""
    if signup.status != S.WAITLIST:
        return None
    ahead = Signup.objects.filter(
        tournament_id=signup.tournament_id, status=S.WAITLIST, number__lt=signup.number
    )
    return ahead.count() + 1


def capataz_view(signup: Signup) -> dict[str, Any]:
    """What the capataz's link page shows: the inscrição's state, the refusal's reason,
    the place in the waitlist, the team once approved, and whether the same address opens
    the team's capataz page (``captains``: adopted at the approval, until revoked)."""
    return {
        "signup": signup,
        "tournament": signup.tournament,
        "players": roster_of(signup),
        "position": waiting_position(signup),
        "team": signup.team,
        "may_withdraw": signup.status in (S.PENDING, S.WAITLIST),
        "captain_page": signup.team_id is not None
        and CaptainLink.objects.filter(team=signup.team_id, key=signup.key, revoked_at__isnull=True).exists(),
    }
