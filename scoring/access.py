"""Who may touch which súmula: tournaments.permissions plus the judge's mesas.

Organizers (and superusers) may act on every jogo of their tournament. A judge may enter
súmulas only in tournaments where they are a judge and, once any mesa is assigned to
them there (:class:`scoring.models.JudgeAssignment`), only for jogos at those mesas.

A judge who came in through a private link (:class:`scoring.models.JudgeLink`) carries
its :class:`LinkScope` on the request's user: besides the rules above, only jogos of the
link's tournament and, when the link names them, of its mesas and rodadas. A link
restricted to mesas is an assignment of those mesas for that session.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scoring.models import JudgeAssignment
from scoring.services.errors import NotAllowed
from tournaments.models import Match, Tournament
from tournaments.permissions import Action, can


@dataclass(frozen=True)
class LinkScope:
    """What a session opened by a judge's link may reach (None: no restriction)."""

    link_id: int
    tournament_id: int
    slug: str
    tables: frozenset[int] | None
    rounds: frozenset[tuple[int, int]] | None  # (stage id, rodada number)


LINK_ATTRIBUTE = "tenteio_judge_link"


def link_scope(user: Any) -> LinkScope | None:
    """The link a request's user came in by (set by ``scoring.middleware``), if any."""
    scope = getattr(user, LINK_ATTRIBUTE, None)
    return scope if isinstance(scope, LinkScope) else None


def link_allows(scope: LinkScope, match: Match) -> bool:
    if match.stage.tournament_id != scope.tournament_id:
        return False
    if scope.tables is not None and match.table_id not in scope.tables:
        return False
    return scope.rounds is None or (match.stage_id, match.round) in scope.rounds


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
    scope = link_scope(user)
    if scope is not None and not link_allows(scope, match):
        return False
    if is_organizer(user, tournament):
        return True
    if not can(user, Action.ENTER_RESULTS, tournament):
        return False
    tables = assigned_table_ids(user, tournament)
    return not tables or match.table_id in tables


def ensure_can_enter(user: Any, match: Match) -> None:
    if not can_enter(user, match):
        raise NotAllowed(_("Você não é juiz desta mesa neste torneio."))


def ensure_can_manage(user: Any, tournament: Tournament) -> None:
    if not is_organizer(user, tournament):
        raise NotAllowed(_("Somente a comissão organizadora pode fazer isto."))
