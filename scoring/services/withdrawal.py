"""«Retirar equipe»: a team that leaves after the sorteio, with the W.O. consequences.

A team drawn into a chave or a mata-mata is not deleted (``tournaments.services.closing``
refuses it): it is marked desistente, with the reason, and each of its jogos that has no
result yet gets a W.O. súmula (docs/rules.md §3.5) written through the súmula workflow,
as a judge would send it: the opponent is credited a clean 2–0 of the modality, the
withdrawn team 0 V, 0 P, 0 T and 1 D; against a team that had withdrawn too, it is a
double W.O. Its earlier results stand. The W.O. súmulas then follow the usual path: the
present capataz signs, the comissão homologates (which, in a mata-mata, advances the
opponent). Run again after new jogos are generated (a later rodada, the next mata-mata
rodada), it writes the W.O.s of those too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext as _

from scoring.models import ScoreSheet
from scoring.services.entry import EntryData
from scoring.services.errors import EntryInvalid, ScoringError
from scoring.services.workflow import Origin, sheet_save
from tournaments.models import Match, Team, Tournament
from tournaments.services import ServiceError
from tournaments.services.closing import team_drawn
from tournaments.services.registration import team_set_status

SOURCE = "desistência"


@dataclass
class Withdrawal:
    team: Team
    walkovers: list[Match] = field(default_factory=list)


def pending_matches(team: Team) -> list[Match]:
    """The team's jogos with no result sent yet (a draft is not one)."""
    counted = ScoreSheet.objects.filter(match=OuterRef("pk"), status__in=ScoreSheet.LIVE)
    return list(
        Match.objects.filter(Q(team_a=team) | Q(team_b=team))
        .exclude(Exists(counted))
        .select_related("team_a", "team_b", "stage__tournament")
        .order_by("stage__order", "round", "order", "id")
    )


def _walkover(match: Match, team: Team) -> dict[str, Any]:
    other = match.team_b if match.team_a_id == team.pk else match.team_a
    if other.status == Team.Status.WITHDRAWN:
        return {"walkover": [match.team_a.key, match.team_b.key]}  # both left: double W.O.
    return {"walkover": team.key}


def _latest_version(match: Match) -> int:
    found = ScoreSheet.objects.filter(match=match).order_by("-version").values_list("version", flat=True)
    return found.first() or 0


@transaction.atomic
def team_withdraw(*, team: Team, user: Any, reason: str, origin: Origin | None = None) -> Withdrawal:
    """Mark a drawn team desistente and send a W.O. súmula for each of its jogos without a
    result; all or nothing. Refuses a team never drawn (delete it instead)."""
    Tournament.objects.select_for_update().filter(pk=team.tournament_id).first()
    team = Team.objects.select_related("tournament").get(pk=team.pk)
    if not team_drawn(team):
        raise ServiceError(
            _("A equipe «%(team)s» ainda não foi sorteada: exclua-a em vez de retirá-la.")
            % {"team": team.name}
        )
    if not reason.strip() and team.status != Team.Status.WITHDRAWN:
        raise ServiceError({"reason": [_("Informe o motivo da desistência.")]})
    if team.status != Team.Status.WITHDRAWN:
        team = team_set_status(team=team, status=Team.Status.WITHDRAWN, user=user, reason=reason)
    done = Withdrawal(team=team)
    for match in pending_matches(team):
        data = EntryData(result=_walkover(match, team), observations=[])
        try:
            sheet_save(
                match=match,
                user=user,
                data=data,
                base_version=_latest_version(match),
                submit=True,
                origin=origin or Origin(),
                source=SOURCE,
            )
        except EntryInvalid as exc:
            texts = "; ".join(p.message for p in exc.problems)
            raise ServiceError(
                _("Jogo %(a)s × %(b)s: %(problems)s")
                % {"a": match.team_a, "b": match.team_b, "problems": texts}
            ) from None
        except ScoringError as exc:
            raise ServiceError(
                _("Jogo %(a)s × %(b)s: %(problems)s")
                % {"a": match.team_a, "b": match.team_b, "problems": exc.message}
            ) from None
        done.walkovers.append(match)
    return done
