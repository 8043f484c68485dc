"""Inscrições that open and close, and teams removed before the sorteio.

The inscrições close by the organizer's hand («Encerrar inscrições») or by themselves at
the sorteio das chaves (``tournaments.services.draws``); they reopen only by hand. While
closed, no team is registered, by the form or by the import (:func:`ensure_open`, called
by ``tournaments.services.registration``). Editing a registered team's roster stays
possible: a substitution is not a new inscrição.

A team not yet drawn into a chave or a mata-mata is deleted outright; once drawn it has
jogos (or will), so it is withdrawn instead, with the W.O. consequences of the rules
(``scoring.services.withdrawal``).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import GroupTeam, Match, StageTeam, Team, Tournament
from tournaments.revision import bump
from tournaments.services import ServiceError

CLOSED_MESSAGE = gettext_lazy(
    "As inscrições deste torneio estão encerradas: nenhuma equipe nova pode ser inscrita. "
    "A comissão organizadora pode reabri-las na página de gestão."
)


def registration_open(tournament: Tournament) -> bool:
    """Read from the database: another page may have closed them since ``tournament`` was loaded."""
    closed = Tournament.objects.filter(pk=tournament.pk, registration_closed_at__isnull=False)
    return not closed.exists()


def ensure_open(tournament: Tournament) -> None:
    """Refuse a new inscrição while closed. Call it holding the tournament's row lock."""
    if not registration_open(tournament):
        raise ServiceError(CLOSED_MESSAGE)


@transaction.atomic
def registration_close(*, tournament: Tournament) -> bool:
    """Close the inscrições (nothing happens when already closed); True if it closed now."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if t.registration_closed_at is not None:
        return False
    t.registration_closed_at = timezone.now()
    t.save(update_fields=["registration_closed_at", "updated_at"])
    tournament.registration_closed_at = t.registration_closed_at
    bump(t.pk)
    return True


@transaction.atomic
def registration_reopen(*, tournament: Tournament) -> bool:
    """Open the inscrições again; True if they were closed."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if t.registration_closed_at is None:
        return False
    t.registration_closed_at = None
    t.save(update_fields=["registration_closed_at", "updated_at"])
    tournament.registration_closed_at = None
    bump(t.pk)
    return True


def team_drawn(team: Team) -> bool:
    """In a chave, in a mata-mata, or in a jogo: the team is part of the draw."""
    return (
        GroupTeam.objects.filter(team=team).exists()
        or StageTeam.objects.filter(team=team).exists()
        or Match.objects.filter(team_a=team).exists()
        or Match.objects.filter(team_b=team).exists()
    )


@transaction.atomic
def team_delete(*, team: Team, user: Any = None) -> str:
    """Delete a team (its players, PIN and history) that was never drawn; returns its name."""
    Tournament.objects.select_for_update().filter(pk=team.tournament_id).first()
    if team_drawn(team):
        raise ServiceError(
            _(
                "A equipe «%(team)s» já foi sorteada: ela não pode ser excluída. "
                "Use «Retirar equipe»: os jogos que faltam contam como W.O. para os adversários."
            )
            % {"team": team.name}
        )
    name = team.name
    team.delete()  # the audit trail records it (who, when, the row as it was)
    bump(team.tournament_id)
    return name
