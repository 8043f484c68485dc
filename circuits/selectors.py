"""Reads of a circuit: its rankings of teams, players and entities (docs/rules.md §3.16).

Each etapa's final placings come from ``EtapaPlacing`` (read again when its tournament
changes, at write time: ``circuits.services.placings``); the points, totals and tiebreaks are
``rules.circuit`` and ``rules.circuit_ranking``. Who is who across etapas:

- **teams**: an etapa's team linked to a circuit team (``TeamLink``) is that team,
  key ``c<id>``; a team not linked is a competitor of its own, key ``t<team id>``;
- **players**: a player linked to a person of the registry (``PlayerLink``) is that
  person, key ``p<id>``; a player not linked, ``j<player id>``. A player earns the
  points of the team they are listed in (titulares and reservas alike); the players of
  one team in every etapa played together (``rules.circuit_together``): below the
  podium their tie is shared, with no sorteio asked;
- **entities**: by name, compared as names are (``core.text.name_key``), key
  ``e:<that key>``: the circuit team's entity where it has one, else the entity the
  team was registered with in that etapa. A team without one counts for no entity.

Only etapas whose placings are final count, unless ``provisional`` is asked (a live
page may show the ranking so far). The number of queries does not grow with the number
of etapas once their placings are current.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, F, FilteredRelation, Q, QuerySet

from circuits.models import Circuit, CircuitEtapa, CircuitLots, CircuitPlayer, EtapaPlacing
from core.text import name_key
from rules.circuit import (
    EntityMode,
    EtapaPlacings,
    Points,
    Result,
    Results,
    ScoredEtapa,
    SharedPoints,
    entity_results,
    player_results,
    scored,
    team_results,
)
from rules.circuit_ranking import rank_circuit
from rules.circuit_terms import CircuitSeparation
from tournaments.models import Player, Tournament

Ranking = CircuitLots.Ranking


@dataclass(frozen=True)
class Column:
    """An etapa as a column of the ranking: ``counted`` when its points are in this reading."""

    etapa: CircuitEtapa
    key: str
    tournament: Tournament
    complete: bool
    counted: bool


@dataclass(frozen=True)
class Line:
    position: int
    key: str  # the competitor's key (see the module's docstring)
    name: str
    entity: str  # a team's entity ("" for players, entities and teams without one)
    cells: tuple[
        Result | None, ...
    ]  # one per column (``counted`` or not): None where it did not play (or not counted)
    total: Points
    shared: bool  # the same position as a neighbour
    pending_lots: bool  # tied until a sorteio is recorded
    separation: CircuitSeparation | None  # what put it above the next line (None: the last)
    companions: tuple[str, ...] = ()  # keys of those sharing its place who played together with it


@dataclass
class RankingTable:
    ranking: str
    columns: list[Column]
    lines: list[Line] = field(default_factory=list)
    pending_ties: list[list[str]] = field(default_factory=list)  # competitor keys, best first
    names: dict[str, str] = field(default_factory=dict)  # competitor key → name


@dataclass
class _Read:
    """Everything the three rankings need, read once."""

    circuit: Circuit
    etapas: list[CircuitEtapa]
    columns: list[Column]
    etapas_scored: list[ScoredEtapa]  # the counted etapas' teams with their results
    team_names: dict[str, str]  # etapa team id → name, for the teams linked to no circuit team
    # etapa team id → its entity's name: its circuit team's where that has one, else its own
    team_entity: dict[str, str]
    identity: dict[str, str]  # etapa team id → circuit team key
    circuit_teams: dict[str, str]  # circuit team key → name
    lots: dict[str, list[list[str]]]


def managed_circuits(user: Any) -> QuerySet[Circuit]:
    """The circuits ``user`` owns or organizes (all, for superusers), with their etapa count."""
    found = Circuit.objects.annotate(etapa_count=Count("etapas", distinct=True))
    if getattr(user, "is_superuser", False):
        return found
    if not getattr(user, "is_authenticated", False):
        return found.none()
    return found.filter(Q(owner=user) | Q(organizers=user)).distinct()


def public_circuits() -> QuerySet[Circuit]:
    """The circuits anyone may see (the site's home lists them), with their etapa count."""
    return Circuit.objects.filter(is_public=True).annotate(etapa_count=Count("etapas"))


def circuit_etapas(circuit: Circuit) -> list[CircuitEtapa]:
    """The etapas in order, each with its tournament and the tournament's public revision."""
    return list(
        circuit.etapas.select_related("tournament", "tournament__public_revision").order_by("order", "pk")
    )


def _read(circuit: Circuit, provisional: bool) -> _Read:
    etapas = circuit_etapas(circuit)
    columns = [
        Column(e, e.key, e.tournament, e.placings_complete, e.placings_complete or provisional)
        for e in etapas
    ]
    counted = {c.etapa.pk for c in columns if c.counted}
    by_etapa: dict[int, list[tuple[str, int]]] = {pk: [] for pk in counted}
    team_names: dict[str, str] = {}
    team_entity: dict[str, str] = {}
    identity: dict[str, str] = {}
    circuit_teams: dict[str, str] = {}
    # Plain rows, not model instances: a circuit of 20 etapas of 512 teams reads 10,240.
    # Each with its circuit team (``TeamLink``, at most one per etapa's team) in the same
    # pass: a second query would read as many rows again. Unordered: PostgreSQL sorting
    # them took a third of the query.
    rows = (
        EtapaPlacing.objects.filter(etapa_id__in=counted)
        .annotate(
            link=FilteredRelation("team__circuit_links", condition=Q(team__circuit_links__etapa=F("etapa")))
        )
        .order_by()
        .values_list(
            "etapa_id",
            "team_id",
            "position",
            "team__name",
            "team__entity__name",
            "link__circuit_team_id",
            "link__circuit_team__name",
            "link__circuit_team__entity",
        )
    )
    for etapa_id, team_pk, position, name, entity, circuit_team_pk, circuit_name, circuit_entity in rows:
        team_id = f"t{team_pk}"
        by_etapa[etapa_id].append((team_id, position))
        if circuit_entity or entity:
            team_entity[team_id] = circuit_entity or entity
        if circuit_team_pk is None:
            team_names[team_id] = name  # a linked team goes by its circuit team's name
        else:
            identity[team_id] = key = f"c{circuit_team_pk}"
            circuit_teams[key] = circuit_name
    for placed in by_etapa.values():
        placed.sort()  # by team: a fixed order, in which an entity's name spelled two ways is read
    lots: dict[str, list[list[str]]] = {}
    for lot in CircuitLots.objects.filter(circuit=circuit).order_by("performed_at", "pk"):
        lots.setdefault(lot.ranking, []).append([str(c) for c in lot.result])
    placings = [EtapaPlacings(e.key, tuple(by_etapa[e.pk])) for e in etapas if e.pk in counted]
    etapas_scored = scored(placings, circuit.table(), SharedPoints(circuit.shared_points))
    return _Read(
        circuit, etapas, columns, etapas_scored, team_names, team_entity, identity, circuit_teams, lots
    )


def _entity_of(read: _Read) -> tuple[dict[str, str], dict[str, str]]:
    """(etapa team id → entity key, entity key → the name first seen, in etapa order)."""
    of: dict[str, str] = {}
    names: dict[str, str] = {}
    keys: dict[str, str] = {}  # name → key: a few dozen entities name 10,240 placings
    for e in read.etapas_scored:
        for team, _result in e.teams:
            name = read.team_entity.get(team)
            if name:
                key = keys.get(name)
                if key is None:
                    key = keys[name] = "e:" + name_key(name)
                of[team] = key
                names.setdefault(key, name)
    return of, names


def _player_map(circuit: Circuit, read: _Read) -> tuple[dict[str, list[str]], dict[str, str]]:
    """(etapa team id → its players' keys, player key → name: every person of the registry's)."""
    placed = EtapaPlacing.objects.filter(etapa__circuit=circuit).values("team_id")
    # Each player with its person (``PlayerLink``, at most one per circuit) in one pass,
    # in no particular order (the ranking orders its competitors itself); the people's
    # names apart, once each (read with every player's row they made the query a fifth longer).
    rows = (
        Player.objects.filter(team_id__in=placed)
        .annotate(link=FilteredRelation("circuit_links", condition=Q(circuit_links__circuit=circuit)))
        .order_by()
        .values_list("team_id", "pk", "name", "link__person_id")
    )
    person_key: dict[int, str] = {}
    names: dict[str, str] = {}
    for pk, name in CircuitPlayer.objects.filter(circuit=circuit).order_by().values_list("pk", "name"):
        key = person_key[pk] = f"p{pk}"
        names[key] = name
    by_team: defaultdict[int, list[str]] = defaultdict(list)
    for team_pk, pk, name, person in rows:
        if person is None:
            key = f"j{pk}"
            names[key] = name
        else:
            key = person_key[person]
        by_team[team_pk].append(key)
    return {f"t{pk}": keys for pk, keys in by_team.items()}, names


def _together(read: _Read, players: dict[str, list[str]]) -> dict[str, tuple[str, ...]]:
    """Player key → the etapa teams they were listed in, etapa by etapa: equal for those
    who played together in every etapa."""
    teams: defaultdict[str, list[str]] = defaultdict(list)
    for e in read.etapas_scored:
        for team, _result in e.teams:
            for key in players.get(team, ()):
                teams[key].append(team)
    return {key: tuple(mine) for key, mine in teams.items()}


def _results(
    read: _Read, ranking: str
) -> tuple[Results, dict[str, str], dict[str, str], dict[str, tuple[str, ...]] | None]:
    """The results of ``ranking`` with each competitor's name and entity, and for players
    who played with whom (``_together``)."""
    c = read.circuit
    if ranking == Ranking.TEAMS:
        names = read.team_names | read.circuit_teams
        entities = dict(read.team_entity)
        # A circuit team's entity is its own, else the one its team had in the first etapa with one.
        missing = read.circuit_teams.keys() - entities.keys()
        for e in read.etapas_scored:
            if not missing:
                break
            for team, _result in e.teams:
                linked = read.identity.get(team)
                if linked in missing and team in read.team_entity:
                    entities[linked] = read.team_entity[team]
                    missing.remove(linked)
        return team_results(read.etapas_scored, read.identity), names, entities, None
    if ranking == Ranking.PLAYERS:
        players, names = _player_map(c, read)
        return player_results(read.etapas_scored, players), names, {}, _together(read, players)
    entity_of, names = _entity_of(read)
    mode = EntityMode(c.entity_mode)
    return (
        entity_results(read.etapas_scored, entity_of, mode=mode, best_k=c.entity_best_k),
        names,
        {},
        None,
    )


def _table(read: _Read, ranking: str) -> RankingTable:
    results, names, entities, together = _results(read, ranking)
    c = read.circuit
    # Every column is an etapa of the ranking (one not counted has no results), so each
    # row's cells are the line's, column by column.
    ranked = rank_circuit(
        [col.key for col in read.columns],
        results,
        best_n=c.best_n,
        tiebreakers=c.precedence(),
        lots=read.lots.get(ranking, []),
        together=together,
    )
    out = RankingTable(ranking, read.columns, names=names)
    # Counted once: ``list.count`` per line was quadratic (1,536 players: 2.4 M compares).
    at_position = Counter(row.position for row in ranked.rows)
    for k, row in enumerate(ranked.rows):
        shared = at_position[row.position] > 1
        out.lines.append(
            Line(
                position=row.position,
                key=row.competitor,
                name=names.get(row.competitor, row.competitor),
                entity=entities.get(row.competitor, ""),
                cells=row.cells,
                total=row.total,
                shared=shared,
                pending_lots=row.pending_lots,
                separation=ranked.separations[k] if k < len(ranked.separations) else None,
                companions=row.companions,
            )
        )
    out.pending_ties = [sorted(tie) for tie in ranked.pending_ties]
    return out


def circuit_ranking(
    circuit: Circuit, ranking: str = Ranking.TEAMS, *, provisional: bool = False
) -> RankingTable:
    """One of the circuit's rankings: ``teams``, ``players`` or ``entities``."""
    if ranking not in Ranking.values:
        raise ValueError(f"unknown circuit ranking {ranking!r}")
    return _table(_read(circuit, provisional), ranking)


def circuit_rankings(circuit: Circuit, *, provisional: bool = False) -> dict[str, RankingTable]:
    """The three rankings from one reading: teams, players, entities."""
    read = _read(circuit, provisional)
    return {ranking: _table(read, ranking) for ranking in Ranking.values}
