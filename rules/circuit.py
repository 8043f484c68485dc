"""Circuit points: what a final placing in an etapa is worth, and each competitor's result
in each etapa (docs/rules.md §3.16). Pure.

A circuit (a season of etapas, or a rodeio whose etapas are the modalities of one event)
ranks teams, players and entities by the points their final placings earn
(``rules.placings``, docs/rules.md §3.15). Points are exact: a placing shared by *k*
teams may be worth the average of the *k* places it occupies, kept as a ``Fraction``
(13 + 13 + 11 over 3 is 37/3, never 12.333…), so no sum drifts; a whole number of
points stays an ``int`` (``Points``), which is exact too and much faster to add.

The ranking itself (totals, best N, tiebreaks) is ``rules.circuit_ranking``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from operator import itemgetter
from typing import NamedTuple

Points = int | Fraction
"""Exact points: an ``int`` when whole, else a ``Fraction`` (37/3)."""

MAX_PLACES = 1024
"""The longest points table: more places than any etapa has teams."""


class CircuitSettingError(ValueError):
    """A circuit setting refused: a stable ``code`` and its numbers, worded at the edge."""

    def __init__(self, code: str, **params: int) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params


class SharedPoints(str, Enum):
    """What teams sharing a placing earn."""

    AVERAGE = "average"  # the average of the places they occupy (3º and 4º shared: (17 + 15) / 2 each)
    SAME = "same"  # each the points of the shared place (3º and 4º shared: 17 each)


class EntityMode(str, Enum):
    """Which of an entity's teams in an etapa add up to its points there."""

    ALL = "all"
    BEST_K = "best_k"


@dataclass(frozen=True, slots=True)
class PointsTable:
    """``places[k]`` is the points of the (k + 1)-th place; every place after the last,
    ``participation``. Valid tables (``check_table``) never grow with the place."""

    places: tuple[int, ...]
    participation: int = 0

    def points(self, position: int) -> int:
        if position < 1:
            raise ValueError(f"position {position} is not a placing")
        return self.places[position - 1] if position <= len(self.places) else self.participation

    def sum(self, first: int, count: int) -> int:
        """The points of the ``count`` places from ``first`` on, added up."""
        if first < 1:
            raise ValueError(f"position {first} is not a placing")
        listed = self.places[first - 1 : first - 1 + count]
        return sum(listed) + self.participation * (count - len(listed))

    def as_json(self) -> dict[str, object]:
        return {"places": list(self.places), "participation": self.participation}


PRESETS: dict[str, PointsTable] = {
    # The common circuit shape: 1º 25, 2º 21, 3º 17, 4º 15, 5º–8º 13, every other 1.
    "circuit": PointsTable((25, 21, 17, 15, 13, 13, 13, 13), participation=1),
    # A rodeio's entity ranking: the podium and the 4º, nothing else.
    "rodeio": PointsTable((12, 9, 6, 3)),
    # One point less per place: 1º 10 … 10º 1.
    "linear": PointsTable(tuple(range(10, 0, -1))),
}
DEFAULT_PRESET = "circuit"


def whole(value: Points) -> Points:
    """``value`` as an ``int`` when it is whole."""
    return value.numerator if value.denominator == 1 else value


def add(values: Iterable[Points]) -> Points:
    """The exact sum of ``values``."""
    return whole(sum(values, 0))


def check_table(table: PointsTable) -> PointsTable:
    """``table`` if valid; else :class:`CircuitSettingError` with the first rule broken:
    ``circuit.table_empty``, ``circuit.table_too_long`` (``max``),
    ``circuit.table_negative`` (``place``), ``circuit.table_increasing`` (``place``: a
    place worth more than the one above it), ``circuit.table_participation`` (worth
    more than the last place)."""
    if not table.places:
        raise CircuitSettingError("circuit.table_empty")
    if len(table.places) > MAX_PLACES:
        raise CircuitSettingError("circuit.table_too_long", max=MAX_PLACES)
    for place, value in enumerate((*table.places, table.participation), start=1):
        if value < 0:
            raise CircuitSettingError("circuit.table_negative", place=place)
    for place in range(2, len(table.places) + 1):
        if table.places[place - 1] > table.places[place - 2]:
            raise CircuitSettingError("circuit.table_increasing", place=place)
    if table.participation > table.places[-1]:
        raise CircuitSettingError("circuit.table_participation")
    return table


def table_from_json(data: object) -> PointsTable:
    """The stored form ``{"places": [25, 21, …], "participation": 1}``, checked."""
    if not isinstance(data, Mapping) or set(data) - {"places", "participation"}:
        raise CircuitSettingError("circuit.table_shape")
    places, participation = data.get("places"), data.get("participation", 0)
    if not isinstance(places, list) or not all(_is_int(v) for v in places) or not _is_int(participation):
        raise CircuitSettingError("circuit.table_shape")
    return check_table(PointsTable(tuple(places), participation))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def table_from_bands(bands: Iterable[tuple[int, int, int]], participation: int = 0) -> PointsTable:
    """A table from ``(first, last, points)`` bands («5º–8º: 13» is ``(5, 8, 13)``), which
    must follow each other from the 1º with no gap (``circuit.bands_gap``, ``place``: the
    place expected next)."""
    places: list[int] = []
    for first, last, value in bands:
        if first != len(places) + 1 or last < first:
            raise CircuitSettingError("circuit.bands_gap", place=len(places) + 1)
        if last > MAX_PLACES:
            raise CircuitSettingError("circuit.table_too_long", max=MAX_PLACES)
        places.extend([value] * (last - first + 1))
    return check_table(PointsTable(tuple(places), participation))


def bands_of(table: PointsTable) -> list[tuple[int, int, int]]:
    """The table as ``(first, last, points)`` bands of equal points: how a page shows it."""
    out: list[tuple[int, int, int]] = []
    for place, value in enumerate(table.places, start=1):
        if out and out[-1][2] == value:
            out[-1] = (out[-1][0], place, value)
        else:
            out.append((place, place, value))
    return out


def _shares(
    placings: Sequence[tuple[str, int]], table: PointsTable, shared: SharedPoints
) -> dict[int, Points]:
    """What each position of one etapa's placings is worth (see ``scored``)."""
    count = Counter(map(itemgetter(1), placings))
    share: dict[int, Points] = {}
    for position, k in count.items():
        if shared is SharedPoints.SAME or k == 1:
            share[position] = table.points(position)
        else:
            share[position] = whole(Fraction(table.sum(position, k), k))
    if len(dict(placings)) != len(placings):
        twice = next(team for team, n in Counter(map(itemgetter(0), placings)).items() if n > 1)
        raise ValueError(f"team {twice!r} placed twice in one etapa")
    return share


@dataclass(frozen=True, slots=True)
class EtapaPlacings:
    """One etapa's final placings: (team, position), teams by an id unique in the circuit."""

    key: str
    placings: tuple[tuple[str, int], ...]


class Result(NamedTuple):
    """What a competitor earned in ``etapa``; ``positions`` are the placings behind it,
    best first (one for a team or a player; the teams counted for an entity).
    ``counted``: whether its points count in the competitor's total — all do, until the
    ranking keeps the best N (``rules.circuit_ranking``), whose rows show each result as
    the cell of its etapa. It names no competitor, so one object serves every team at a
    position of an etapa and their players: a circuit of 20 etapas of 512 trios, as
    mata-matas, holds 220 of them behind its 10,240 team results and 30,720 player results."""

    etapa: str
    points: Points
    positions: tuple[int, ...]
    counted: bool = True


Results = dict[str, list[Result]]
"""Each competitor's results, one per etapa it played, in the order of the etapas."""


@dataclass(frozen=True, slots=True)
class ScoredEtapa:
    """One etapa's teams, each with its result there: what its final placing is worth."""

    key: str
    teams: tuple[tuple[str, Result], ...]


def scored(etapas: Sequence[EtapaPlacings], table: PointsTable, shared: SharedPoints) -> list[ScoredEtapa]:
    """Every etapa's teams with the points of their final position, once for the teams',
    the players' and the entities' results.

    ``placings`` are (team, position) in competition ranking (1, 2, 3, 3, 5…): *k* teams
    at one position occupy that place and the *k* − 1 after it. With ``AVERAGE`` each
    earns the average of those places, so the etapa hands out exactly the points of
    places 1 to *n*; with ``SAME`` each earns the points of the shared place. One
    ``Result`` per position serves every team placed there.
    """
    out: list[ScoredEtapa] = []
    for e in etapas:
        at = {
            position: Result(e.key, points, (position,))
            for position, points in _shares(e.placings, table, shared).items()
        }
        out.append(ScoredEtapa(e.key, tuple([(team, at[position]) for team, position in e.placings])))
    return out


def _better(new: Result, old: Result) -> bool:
    """Whether ``new`` beats ``old`` for one competitor in one etapa (a person listed in
    two teams of it): more points, then the better placing."""
    return (new.points, [-p for p in new.positions]) > (old.points, [-p for p in old.positions])


def _each_etapa(etapas: Sequence[ScoredEtapa], competitors: Callable[[str], Iterable[str]]) -> Results:
    """The results of every competitor of every team, ``competitors(team)`` being who
    earns that team's points: the team's result, appended to each of them; the better
    where a competitor appears twice in one etapa."""
    out: Results = {}
    for e in etapas:
        key = e.key
        for team, r in e.teams:
            for competitor in competitors(team):
                mine = out.get(competitor)
                if mine is None:
                    out[competitor] = [r]
                elif mine[-1].etapa != key:  # etapa by etapa: an earlier etapa's is last
                    mine.append(r)
                elif _better(r, mine[-1]):
                    mine[-1] = r
    return out


def team_results(etapas: Sequence[ScoredEtapa], identity: Mapping[str, str] | None = None) -> Results:
    """The teams' results: ``identity`` maps an etapa's team to its circuit team (a team
    not in it is a competitor of its own, under its id)."""
    ids = identity or {}
    return _each_etapa(etapas, lambda team: (ids.get(team, team),))


def player_results(etapas: Sequence[ScoredEtapa], players: Mapping[str, Sequence[str]]) -> Results:
    """Each player earns, in each etapa, the points of the team they played for there."""
    return _each_etapa(etapas, lambda team: players.get(team, ()))


def entity_results(
    etapas: Sequence[ScoredEtapa],
    entity_of: Mapping[str, str],
    *,
    mode: EntityMode = EntityMode.ALL,
    best_k: int = 1,
) -> Results:
    """Each entity's points in each etapa: the sum of its teams' points there (a team
    without an entity counts for none), or with ``BEST_K`` of its ``best_k`` best teams
    (most points, then the better placing)."""
    if mode is EntityMode.BEST_K and best_k < 1:
        raise CircuitSettingError("circuit.best_k_invalid")
    out: Results = {}
    for e in etapas:
        teams: dict[str, list[Result]] = {}
        for team, r in e.teams:
            entity = entity_of.get(team)
            if entity is not None:
                teams.setdefault(entity, []).append(r)
        for entity, kept in teams.items():
            if mode is EntityMode.BEST_K:
                kept = sorted(kept, key=_most_points)[:best_k]
            points = add(r.points for r in kept)
            out.setdefault(entity, []).append(
                Result(e.key, points, tuple(sorted(r.positions[0] for r in kept)))
            )
    return out


def _most_points(r: Result) -> tuple[Points, int]:
    return -r.points, r.positions[0]
