"""Pure algorithms of set-up: chave sizes, the sorteio das chaves, round robins, time slots.

No Django here: these functions take plain values and return plain values, so they are
tested by hypothesis without a database and replay identically from a recorded seed.
The services in ``tournaments.services`` record what they decide.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, time, timedelta


@dataclass(frozen=True, slots=True)
class DrawTeam:
    """A team entering the sorteio: its key, its entity (or "") and its seed rank (or None)."""

    key: str
    entity: str = ""
    seed: int | None = None


def group_sizes(team_count: int, *, groups: int | None = None, size: int | None = None) -> list[int]:
    """Chave sizes as even as possible (differing by at most one), larger chaves first.

    Give either the number of chaves or the wished size; with a size, as many chaves as
    needed so that none is larger than it (14 teams, size 4 → 4, 4, 3, 3) when that
    leaves every chave at least two teams.
    """
    if team_count < 2:
        raise ValueError("at least two teams")
    if groups is None:
        if not size or size < 2:
            raise ValueError("size must be ≥ 2")
        # A chave of one is no chave: with 5 teams and size 2, two chaves (3 + 2).
        groups = min(math.ceil(team_count / size), team_count // 2)
    if groups < 1 or groups > team_count // 2:
        raise ValueError("every chave needs at least two teams")
    base, extra = divmod(team_count, groups)
    return [base + 1] * extra + [base] * (groups - extra)


def group_names(count: int) -> list[str]:
    """A, B, …, Z, AA, AB, … — the names chaves are called by at the event."""
    names = []
    for i in range(count):
        name, n = "", i
        while True:
            name = chr(ord("A") + n % 26) + name
            n = n // 26 - 1
            if n < 0:
                break
        names.append(name)
    return names


def entity_bound(entity_count: int, groups: int) -> int:
    """The most teams of one entity a chave must hold: ceil(m / chaves)."""
    return math.ceil(entity_count / groups)


_State = tuple[list[int], dict[str, list[int]], list[int], list[dict[str, int]]]
DRAW_METHOD = 2  # recorded with each draw; method 1 is tournaments.pairing_v1
SEARCH_BUDGET = 5000  # placements tried for the seeds of later pots, per bound


def seed_pots(teams: Sequence[DrawTeam], sizes: Sequence[int]) -> list[tuple[list[DrawTeam], list[int]]]:
    """The cabeças de chave in pots: (the pot's teams in seed order, the chaves it may use).

    Pot r holds the next seeds, one for each chave with more than r places: seeds 1..n
    in pot 0 when there are n chaves, the next n in pot 1, and so on.
    """
    seeded = sorted((t for t in teams if t.seed is not None), key=lambda t: (t.seed or 0, t.key))
    pots: list[tuple[list[DrawTeam], list[int]]] = []
    row = 0
    while seeded:
        chaves = [g for g, size in enumerate(sizes) if size > row]
        pots.append((seeded[: len(chaves)], chaves))
        seeded = seeded[len(chaves) :]
        row += 1
    return pots


class _Matching:
    """Teams of entities placed into chaves: chave g takes at most ``free[g]`` of them,
    and at most ``room[e][g]`` of entity e. Kuhn's augmenting paths, so a team is placed
    whenever some placement of all of them exists; ``rng`` orders the choices (None: in
    chave order). ``occupy`` keeps the placement right, step by step, while the seeds
    of later pots take their places, instead of solving it again for each one."""

    def __init__(self, free: Sequence[int], room: dict[str, list[int]], rng: random.Random | None) -> None:
        self.free = list(free)
        self.room = {e: list(r) for e, r in room.items()}
        self.load = [0] * len(free)
        self.flow: list[dict[str, int]] = [{} for _ in free]
        self.rng = rng

    def add(self, e: str) -> bool:
        return self._augment(e, set())

    def _augment(self, e: str, seen: set[int]) -> bool:
        order = list(range(len(self.free)))
        if self.rng is not None:
            self.rng.shuffle(order)
        for g in order:
            if g in seen or self.flow[g].get(e, 0) >= self.room[e][g]:
                continue
            seen.add(g)
            if self.load[g] < self.free[g]:
                self.load[g] += 1
                self.flow[g][e] = self.flow[g].get(e, 0) + 1
                return True
            # Chave g is full: move one of its teams of another entity elsewhere.
            others = sorted(k for k, n in self.flow[g].items() if n > 0 and k != e)
            if self.rng is not None:
                self.rng.shuffle(others)
            for other in others:
                self.flow[g][other] -= 1
                if self._augment(other, seen):
                    self.flow[g][e] = self.flow[g].get(e, 0) + 1
                    return True
                self.flow[g][other] += 1
        return False

    def snapshot(self) -> _State:
        return (
            list(self.free),
            {e: list(r) for e, r in self.room.items()},
            list(self.load),
            [dict(f) for f in self.flow],
        )

    def restore(self, state: _State) -> None:
        self.free, self.room, self.load, self.flow = state

    def occupy(self, g: int, e: str) -> bool:
        """A seed of entity ``e`` ("" for none), placed until now among the others, takes
        a place in chave g; False when the others no longer fit (then ``restore``)."""
        evicted = []
        if e:
            here = self.flow[g].get(e, 0) > 0
            h = g if here else next(h for h, f in enumerate(self.flow) if f.get(e, 0) > 0)
            self.flow[h][e] -= 1
            self.load[h] -= 1
            self.room[e][g] -= 1
            if self.flow[g].get(e, 0) > self.room[e][g]:
                self.flow[g][e] -= 1
                self.load[g] -= 1
                evicted.append(e)
        self.free[g] -= 1
        if self.load[g] > self.free[g]:
            x = sorted(k for k, n in self.flow[g].items() if n > 0)[0]
            self.flow[g][x] -= 1
            self.load[g] -= 1
            evicted.append(x)
        return all(self.add(x) for x in evicted)


class _Search:
    """The seeds of later pots, one chave each, with the entity bound kept; a
    backtracking search whose every step checks that the rest can still be placed."""

    def __init__(self, teams: Sequence[DrawTeam], sizes: Sequence[int], bound: dict[str, int]) -> None:
        self.sizes = sizes
        self.bound = bound
        self.groups: list[list[DrawTeam]] = [[] for _ in sizes]
        self.counts: list[Counter[str]] = [Counter() for _ in sizes]
        self.unseeded = [t for t in teams if t.seed is None]
        self.budget = SEARCH_BUDGET

    def put(self, g: int, t: DrawTeam) -> None:
        self.groups[g].append(t)
        if t.entity:
            self.counts[g][t.entity] += 1

    def take(self, g: int, t: DrawTeam) -> None:
        self.groups[g].remove(t)
        if t.entity:
            self.counts[g][t.entity] -= 1

    def matching(self, rest: Sequence[DrawTeam], rng: random.Random | None) -> _Matching | None:
        """The teams of ``rest`` placed into the places left, or None if they do not fit."""
        free = [size - len(g) for size, g in zip(self.sizes, self.groups)]
        room = {e: [self.bound[e] - c[e] for c in self.counts] for e in self.bound}
        placed = _Matching(free, room, rng)
        return placed if all(placed.add(t.entity) for t in rest if t.entity) else None

    def seeds(
        self, pending: list[tuple[DrawTeam, list[int], set[int]]], rest: _Matching, rng: random.Random
    ) -> bool:
        """Place ``pending`` (team, its pot's chaves, the chaves its pot already used);
        ``rest`` keeps the teams not placed yet fitting into the places left."""
        if not pending:
            return True
        self.budget -= 1
        if self.budget < 0:
            return False
        (t, chaves, used), later = pending[0], pending[1:]
        order = [g for g in chaves if g not in used]
        rng.shuffle(order)
        for g in order:
            if t.entity and self.counts[g][t.entity] >= self.bound[t.entity]:
                continue
            state = rest.snapshot()
            if rest.occupy(g, t.entity):
                self.put(g, t)
                used.add(g)
                if self.seeds(later, rest, rng):
                    return True
                used.discard(g)
                self.take(g, t)
            rest.restore(state)
        return False


def draw_groups(teams: Sequence[DrawTeam], sizes: Sequence[int], seed: str) -> list[list[str]]:
    """The sorteio das chaves (method 2): team keys per chave, in the order of ``sizes``.

    - Cabeças de chave go in pots of one per chave (``seed_pots``): seed 1 to the first
      chave, seed 2 to the second…; each later pot is spread at random, one per chave,
      so cabeças de chave differ by at most one between chaves.
    - Teams of one entity are kept apart whenever the chave sizes allow it: no chave
      holds more than ceil(m / chaves) of an entity of m teams. The seeds of later pots
      are searched and the other teams placed by a matching, so a placement that keeps
      the bound is found whenever one exists (within ``SEARCH_BUDGET`` steps for the
      seeds). When none does (chaves of very different sizes), the bound of every
      entity is raised by one until one does; the draw page explains what was not met.
    - Deterministic: ``random.Random(seed)`` is the only source of chance, so the
      recorded seed replays the same chaves.
    """
    if sum(sizes) != len(teams):
        raise ValueError("sizes must add up to the number of teams")
    if len({t.key for t in teams}) != len(teams):
        raise ValueError("duplicate team keys")
    rng = random.Random(seed)
    totals = Counter(t.entity for t in teams if t.entity)
    pots = seed_pots(teams, sizes)
    for extra in range(max(totals.values(), default=0) + 1):
        bound = {e: entity_bound(m, len(sizes)) + extra for e, m in totals.items()}
        search = _Search(teams, sizes, bound)
        if pots:
            for t, g in zip(*pots[0]):
                search.put(g, t)  # pot 0 in seed order: seed 1 to chave A
        later: list[tuple[DrawTeam, list[int], set[int]]] = []
        for members, chaves in pots[1:]:
            used: set[int] = set()  # shared by the pot: one of its seeds per chave
            later += [(t, chaves, used) for t in members]
        rest = search.matching([t for t, _c, _u in later] + search.unseeded, None)
        if rest is None or not search.seeds(later, rest, rng):
            continue
        placed = search.matching(search.unseeded, rng)  # again, now drawn at random
        if placed is not None:
            return _fill(search.groups, placed.flow, search.unseeded, sizes, rng)
    raise AssertionError("unreachable: with a bound of m every placement fits")


def _fill(
    groups: list[list[DrawTeam]],
    flow: list[dict[str, int]],
    unseeded: list[DrawTeam],
    sizes: Sequence[int],
    rng: random.Random,
) -> list[list[str]]:
    """The unseeded teams into the counts the matching chose, members drawn at random;
    teams of no entity fill the places left."""
    members: dict[str, list[DrawTeam]] = {}
    loose: list[DrawTeam] = []
    for t in sorted(unseeded, key=lambda t: t.key):
        (members.setdefault(t.entity, []) if t.entity else loose).append(t)
    for block in [*members.values(), loose]:
        rng.shuffle(block)
    out = []
    for g, group in enumerate(groups):
        drawn = [members[e].pop() for e in sorted(flow[g]) for _ in range(flow[g][e])]
        drawn += [loose.pop() for _ in range(sizes[g] - len(group) - len(drawn))]
        rng.shuffle(drawn)  # the order in a chave is its order in the rodadas
        out.append([t.key for t in group + drawn])
    return out


def round_robin(keys: Sequence[str], *, double: bool = False) -> list[list[tuple[str, str]]]:
    """Rodadas by the circle method; with an odd count one team has folga each rodada.

    The double round robin plays the same rodadas again with home and away swapped.
    """
    slots: list[str | None] = list(keys) + ([None] if len(keys) % 2 else [])
    rounds: list[list[tuple[str, str]]] = []
    for _ in range(len(slots) - 1):
        pairs = [(slots[i], slots[-1 - i]) for i in range(len(slots) // 2)]
        rounds.append([(a, b) for a, b in pairs if a is not None and b is not None])
        slots = [slots[0], slots[-1], *slots[1:-1]]
    if double:
        rounds += [[(b, a) for a, b in r] for r in rounds]
    return rounds


@dataclass(frozen=True, slots=True)
class Break:
    """A pause in the day (almoço): no slot starts inside [start, end)."""

    start: time
    end: time


def slot_starts(first: datetime, minutes: int, count: int, breaks: Sequence[Break] = ()) -> list[datetime]:
    """Start times of ``count`` consecutive slots of ``minutes``, skipping the breaks.

    A slot that would overlap a break starts when the break ends.
    """
    out: list[datetime] = []
    current = first
    length = timedelta(minutes=minutes)
    for _ in range(count):
        for _pass in range(len(breaks) + 1):
            moved = False
            for b in breaks:
                b_start = current.replace(hour=b.start.hour, minute=b.start.minute, second=0, microsecond=0)
                b_end = current.replace(hour=b.end.hour, minute=b.end.minute, second=0, microsecond=0)
                if current < b_end and current + length > b_start:
                    current, moved = b_end, True
            if not moved:
                break
        out.append(current)
        current += length
    return out
