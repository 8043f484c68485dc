"""Links the organizer is asked to confirm (a selector): the etapas' teams and players that
look like one across etapas.

Names are compared as everywhere else (``core.text.name_key``: case, accents, spacing
and invisible characters do not count). A team matches by its name **and** its entity
(«Os Taura» of CTG X and «Os Taura» of CTG Y are two teams); a player by name. Nothing is
linked here: ``circuits.services.links.team_links_apply`` and ``player_links_apply``
write the proposals the organizer accepted. Only teams and players not linked yet are
proposed, at most one per etapa in a proposal; a proposal joins an existing circuit team
(or person) of that name, or groups teams of two or more etapas into a new one.
"""

from __future__ import annotations

from dataclasses import dataclass

from circuits.models import Circuit, CircuitEtapa, CircuitPlayer, CircuitTeam, PlayerLink, TeamLink
from core.text import name_key
from tournaments.models import Player, Team


@dataclass(frozen=True)
class TeamProposal:
    name: str
    entity: str
    circuit_team: CircuitTeam | None  # None: a new circuit team
    teams: tuple[tuple[CircuitEtapa, Team], ...]  # one per etapa, in etapa order


@dataclass(frozen=True)
class PlayerProposal:
    name: str
    person: CircuitPlayer | None  # None: a new person of the registry
    players: tuple[tuple[CircuitEtapa, Player], ...]  # one per etapa, in etapa order


def _group(
    items: list[tuple[tuple[str, ...], CircuitEtapa, object]],
) -> list[list[tuple[CircuitEtapa, object]]]:
    """Items by key, at most one per etapa in a group (a second of one etapa starts another)."""
    groups: dict[tuple[str, ...], list[list[tuple[CircuitEtapa, object]]]] = {}
    for key, etapa, item in items:
        chains = groups.setdefault(key, [])
        free = next((g for g in chains if all(e.pk != etapa.pk for e, _ in g)), None)
        if free is None:
            chains.append([(etapa, item)])
        else:
            free.append((etapa, item))
    return [g for chains in groups.values() for g in chains]


def team_link_proposals(circuit: Circuit) -> list[TeamProposal]:
    etapas = {e.tournament_id: e for e in circuit.etapas.order_by("order", "pk")}
    linked = set(TeamLink.objects.filter(etapa__circuit=circuit).values_list("team_id", flat=True))
    existing: dict[tuple[str, ...], CircuitTeam] = {}
    busy: dict[int, set[int]] = {}  # circuit team → etapas it is linked in
    for known in circuit.teams.prefetch_related("links"):
        existing.setdefault((name_key(known.name), name_key(known.entity)), known)
        busy[known.pk] = {link.etapa_id for link in known.links.all()}
    teams = Team.objects.filter(tournament_id__in=list(etapas)).select_related("entity").order_by("pk")
    items: list[tuple[tuple[str, ...], CircuitEtapa, object]] = [
        ((name_key(t.name), name_key(t.entity.name if t.entity else "")), etapas[t.tournament_id], t)
        for t in teams
        if t.pk not in linked
    ]
    items.sort(key=lambda i: (i[1].order, i[1].pk))
    out = []
    for group in _group(items):
        first = group[0][1]
        assert isinstance(first, Team)
        entity = first.entity.name if first.entity else ""
        ct = existing.get((name_key(first.name), name_key(entity)))
        if ct is not None:
            group = [(e, t) for e, t in group if e.pk not in busy[ct.pk]]
        if group and (ct is not None or len(group) > 1):
            pairs = tuple((e, t) for e, t in group if isinstance(t, Team))
            out.append(TeamProposal(ct.name if ct else first.name, ct.entity if ct else entity, ct, pairs))
    return out


def player_link_proposals(circuit: Circuit) -> list[PlayerProposal]:
    etapas = {e.tournament_id: e for e in circuit.etapas.order_by("order", "pk")}
    linked = set(PlayerLink.objects.filter(circuit=circuit).values_list("player_id", flat=True))
    existing: dict[tuple[str, ...], CircuitPlayer] = {}
    busy: dict[int, set[int]] = {}  # person → tournaments they played
    for known in circuit.people.prefetch_related("links__player__team"):
        existing.setdefault((name_key(known.name),), known)
        busy[known.pk] = {link.player.team.tournament_id for link in known.links.all()}
    players = (
        Player.objects.filter(team__tournament_id__in=list(etapas)).select_related("team").order_by("pk")
    )
    items: list[tuple[tuple[str, ...], CircuitEtapa, object]] = [
        ((name_key(p.name),), etapas[p.team.tournament_id], p) for p in players if p.pk not in linked
    ]
    items.sort(key=lambda i: (i[1].order, i[1].pk))
    out = []
    for group in _group(items):
        first = group[0][1]
        assert isinstance(first, Player)
        person = existing.get((name_key(first.name),))
        if person is not None:
            group = [(e, p) for e, p in group if e.tournament_id not in busy[person.pk]]
        if group and (person is not None or len(group) > 1):
            pairs = tuple((e, p) for e, p in group if isinstance(p, Player))
            out.append(PlayerProposal(person.name if person else first.name, person, pairs))
    return out
