"""Who may touch which súmula: tournaments.permissions plus the judge's mesas.

Organizers (and superusers) may act on every jogo of their tournament. A judge may enter
súmulas only in tournaments where they are a judge and, once any mesa is assigned to
them there (:class:`scoring.models.JudgeAssignment`), only for jogos at those mesas.
"""

from __future__ import annotations

from typing import Any

from scoring.models import JudgeAssignment
from scoring.services.errors import NotAllowed
from tournaments.models import Match, Tournament
from tournaments.permissions import Action, can


def tournament_of(match: Match) -> Tournament:
    return match.stage.tournament


def is_organizer(user: Any, tournament: Tournament) -> bool:
    return can(user, Action.MANAGE, tournament)


def assigned_table_ids(user: Any, tournament: Tournament) -> set[int]:
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(
        JudgeAssignment.objects.filter(tournament=tournament, user=user).values_list("table_id", flat=True)
    )


def can_enter(user: Any, match: Match) -> bool:
    tournament = tournament_of(match)
    if is_organizer(user, tournament):
        return True
    if not can(user, Action.ENTER_RESULTS, tournament):
        return False
    tables = assigned_table_ids(user, tournament)
    return not tables or match.table_id in tables


def ensure_can_enter(user: Any, match: Match) -> None:
    if not can_enter(user, match):
        raise NotAllowed("Você não é juiz desta mesa neste torneio.")


def ensure_can_manage(user: Any, tournament: Tournament) -> None:
    if not is_organizer(user, tournament):
        raise NotAllowed("Somente a comissão organizadora pode fazer isto.")
