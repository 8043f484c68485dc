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


def _flow(
    units: Sequence[str], free: Sequence[int], room: dict[str, list[int]], rng: random.Random | None
) -> list[dict[str, int]] | None:
    """Place one team of each entity in ``units`` into chaves: chave g takes at most
    ``free[g]`` teams, and at most ``room[e][g]`` of entity e. An augmenting-path
    matching, so it finds a placement whenever one exists; ``rng`` orders its choices
    (None: in chave order). Returns the count per chave and entity, or None."""
    count = len(free)
    load = [0] * count
    flow: list[dict[str, int]] = [{} for _ in range(count)]

    def augment(e: str, seen: set[int]) -> bool:
        order = list(range(count))
        if rng is not None:
            rng.shuffle(order)
        for g in order:
            if g in seen or flow[g].get(e, 0) >= room[e][g]:
                continue
            seen.add(g)
            if load[g] < free[g]:
                load[g] += 1
                flow[g][e] = flow[g].get(e, 0) + 1
                return True
            # Chave g is full: move one of its teams of another entity elsewhere.
            others = sorted(k for k, n in flow[g].items() if n > 0 and k != e)
            if rng is not None:
                rng.shuffle(others)
            for other in others:
                flow[g][other] -= 1
                if augment(other, seen):
                    flow[g][e] = flow[g].get(e, 0) + 1
                    return True
                flow[g][other] += 1
        return False

    for e in units:
        if not augment(e, set()):
            return None
    return flow


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

    def rest_fits(self, rest: Sequence[DrawTeam], rng: random.Random | None) -> list[dict[str, int]] | None:
        free = [size - len(g) for size, g in zip(self.sizes, self.groups)]
        units = [t.entity for t in rest if t.entity]
        room = {e: [self.bound[e] - c[e] for c in self.counts] for e in set(units)}
        return _flow(units, free, room, rng)

    def seeds(self, pending: list[tuple[DrawTeam, list[int], set[int]]], rng: random.Random) -> bool:
        """Place ``pending`` (team, its pot's chaves, the chaves its pot already used)."""
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
            self.put(g, t)
            used.add(g)
            rest = [u for u, _c, _u in later] + self.unseeded
            if self.rest_fits(rest, None) is not None and self.seeds(later, rng):
                return True
            used.discard(g)
            self.take(g, t)
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
        if not search.seeds(later, rng):
            continue
        flow = search.rest_fits(search.unseeded, rng)
        if flow is not None:
            return _fill(search.groups, flow, search.unseeded, sizes, rng)
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


def byes(keys: Sequence[str], rounds: Sequence[Sequence[tuple[str, str]]]) -> list[str | None]:
    """The team with folga in each rodada (None when the chave is even)."""
    out: list[str | None] = []
    for r in rounds:
        playing = {k for pair in r for k in pair}
        idle = [k for k in keys if k not in playing]
        out.append(idle[0] if idle else None)
    return out


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
