"""Writes of who is who across a circuit's etapas: circuit teams and their links to each
etapa's teams, the registry of people and their links to the tournaments' players, the
merge of two people found to be one, and the proposals the organizer accepted
(``circuits.proposals``).

A circuit team stands for at most one team per etapa, and a team for one circuit team;
a person for at most one player per etapa (nobody plays twice in one tournament). Each
service refuses otherwise, naming who is already linked, and writes nothing then.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from circuits.models import Circuit, CircuitEtapa, CircuitPlayer, CircuitTeam, PlayerLink, TeamLink
from circuits.proposals import PlayerProposal, TeamProposal
from circuits.services.circuits import check_change
from core.text import clean_name, name_problem
from tournaments.models import Player, Team
from tournaments.services import ServiceError


def _name(name: str, field: str = "name") -> str:
    wrong = name_problem(name)
    if wrong or not clean_name(name):
        raise ServiceError(_("Nome: %(why)s.") % {"why": wrong or _("informe o nome")}, field)
    return clean_name(name)


def _etapa_of(circuit: Circuit, tournament_id: int) -> CircuitEtapa:
    etapa = circuit.etapas.filter(tournament_id=tournament_id).first()
    if etapa is None:
        raise ServiceError(_("Este torneio não é uma etapa do circuito."))
    return etapa


@transaction.atomic
def circuit_team_create(*, circuit: Circuit, name: str, user: Any, entity: str = "") -> CircuitTeam:
    check_change(circuit, user)
    entity_name = clean_name(entity)
    if name_problem(entity):
        raise ServiceError(_("Entidade: %(why)s.") % {"why": name_problem(entity)}, "entity")
    return CircuitTeam.objects.create(circuit=circuit, name=_name(name), entity=entity_name)


@transaction.atomic
def team_link(*, circuit_team: CircuitTeam, team: Team, user: Any) -> TeamLink:
    """``team`` (of one of the etapas) is ``circuit_team``."""
    circuit = circuit_team.circuit
    check_change(circuit, user)
    etapa = _etapa_of(circuit, team.tournament_id)
    CircuitEtapa.objects.select_for_update().filter(pk=etapa.pk).first()  # links of one etapa one at a time
    taken = TeamLink.objects.filter(etapa=etapa, team=team).select_related("circuit_team").first()
    if taken is not None:
        raise ServiceError(
            _("A equipe «%(team)s» já é «%(circuit_team)s» neste circuito.")
            % {"team": team.name, "circuit_team": taken.circuit_team.name}
        )
    other = TeamLink.objects.filter(etapa=etapa, circuit_team=circuit_team).select_related("team").first()
    if other is not None:
        raise ServiceError(
            _("«%(circuit_team)s» já é a equipe «%(team)s» nesta etapa.")
            % {"circuit_team": circuit_team.name, "team": other.team.name}
        )
    return TeamLink.objects.create(circuit_team=circuit_team, etapa=etapa, team=team)


@transaction.atomic
def team_unlink(*, link: TeamLink, user: Any) -> None:
    check_change(link.circuit_team.circuit, user)
    link.delete()


@transaction.atomic
def team_links_apply(*, circuit: Circuit, proposals: Sequence[TeamProposal], user: Any) -> list[TeamLink]:
    """Write the accepted proposals: each joins its circuit team, or a new one."""
    check_change(circuit, user)
    out = []
    for proposal in proposals:
        ct = proposal.circuit_team or circuit_team_create(
            circuit=circuit, name=proposal.name, entity=proposal.entity, user=user
        )
        out += [team_link(circuit_team=ct, team=team, user=user) for _etapa, team in proposal.teams]
    return out


@transaction.atomic
def circuit_player_create(*, circuit: Circuit, name: str, user: Any) -> CircuitPlayer:
    check_change(circuit, user)
    return CircuitPlayer.objects.create(circuit=circuit, name=_name(name))


def _played(person: CircuitPlayer) -> dict[int, Player]:
    """Tournament → the player ``person`` was there."""
    return {
        link.player.team.tournament_id: link.player for link in person.links.select_related("player__team")
    }


@transaction.atomic
def player_link(*, person: CircuitPlayer, player: Player, user: Any) -> PlayerLink:
    """``player`` (of a team of one of the etapas) is ``person``."""
    circuit = person.circuit
    check_change(circuit, user)
    _etapa_of(circuit, player.team.tournament_id)
    CircuitPlayer.objects.select_for_update().filter(pk=person.pk).first()
    taken = PlayerLink.objects.filter(circuit=circuit, player=player).select_related("person").first()
    if taken is not None:
        raise ServiceError(
            _("«%(player)s» já é «%(person)s» neste circuito.")
            % {"player": player.name, "person": taken.person.name}
        )
    there = _played(person).get(player.team.tournament_id)
    if there is not None:
        raise ServiceError(
            _("«%(person)s» já jogou esta etapa como «%(player)s» (%(team)s).")
            % {"person": person.name, "player": there.name, "team": there.team.name}
        )
    return PlayerLink.objects.create(circuit=circuit, person=person, player=player)


@transaction.atomic
def player_unlink(*, link: PlayerLink, user: Any) -> None:
    check_change(link.circuit, user)
    link.delete()


@transaction.atomic
def people_merge(*, keep: CircuitPlayer, merge: CircuitPlayer, user: Any) -> CircuitPlayer:
    """``merge`` is ``keep``: its links move to ``keep`` and it is removed. Refused when
    both played one etapa (two players of one tournament are two people)."""
    check_change(keep.circuit, user)
    if keep.circuit_id != merge.circuit_id or keep.pk == merge.pk:
        raise ServiceError(_("Escolha duas pessoas diferentes do mesmo circuito."))
    # Both locked, in one order, so two merges of the same people cannot cross.
    list(CircuitPlayer.objects.select_for_update().filter(pk__in=[keep.pk, merge.pk]).order_by("pk"))
    mine, theirs = _played(keep), _played(merge)
    both = sorted(set(mine) & set(theirs))
    if both:
        a, b = mine[both[0]], theirs[both[0]]
        raise ServiceError(
            _("«%(a)s» e «%(b)s» jogaram a mesma etapa (%(team_a)s, %(team_b)s): são duas pessoas.")
            % {"a": a.name, "b": b.name, "team_a": a.team.name, "team_b": b.team.name}
        )
    PlayerLink.objects.filter(person=merge).update(person=keep)
    merge.delete()
    return keep


@transaction.atomic
def player_links_apply(
    *, circuit: Circuit, proposals: Sequence[PlayerProposal], user: Any
) -> list[PlayerLink]:
    """Write the accepted proposals: each joins its person, or a new one."""
    check_change(circuit, user)
    out = []
    for proposal in proposals:
        person = proposal.person or circuit_player_create(circuit=circuit, name=proposal.name, user=user)
        out += [player_link(person=person, player=player, user=user) for _etapa, player in proposal.players]
    return out
