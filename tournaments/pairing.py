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


def draw_groups(teams: Sequence[DrawTeam], sizes: Sequence[int], seed: str) -> list[list[str]]:
    """The sorteio das chaves: team keys per chave, in the order of ``sizes``.

    - Cabeças de chave (seed ranks) go in pots of one per chave: seed 1 to the first
      chave, seed 2 to the second…; later pots (more seeds than chaves) are spread at
      random, one per chave per pot, so seeds differ by at most one between chaves.
    - The other teams are shuffled by entity blocks and dealt round the chaves in turn:
      consecutive teams of one entity land in different chaves, which keeps an entity
      of m teams to at most ceil(m / chaves) per chave. Seeds can break that; a repair
      pass of swaps between unseeded teams restores it whenever a swap can.
    - Deterministic: ``random.Random(seed)`` is the only source of chance.
    """
    if sum(sizes) != len(teams):
        raise ValueError("sizes must add up to the number of teams")
    if len({t.key for t in teams}) != len(teams):
        raise ValueError("duplicate team keys")
    rng = random.Random(seed)
    g_count = len(sizes)
    # Deal order: row r holds every chave larger than r, so the sequence is cyclic.
    slots = [(g, r) for r in range(max(sizes, default=0)) for g in range(g_count) if r < sizes[g]]
    groups: list[list[DrawTeam]] = [[] for _ in sizes]
    seeded = sorted((t for t in teams if t.seed is not None), key=lambda t: (t.seed or 0, t.key))
    unseeded = sorted((t for t in teams if t.seed is None), key=lambda t: t.key)
    taken: set[tuple[int, int]] = set()
    row = 0
    pending = list(seeded)
    while pending:
        row_slots = [s for s in slots if s[1] == row]
        if row > 0:
            rng.shuffle(row_slots)
        for slot in row_slots[: len(pending)]:
            groups[slot[0]].append(pending.pop(0))
            taken.add(slot)
        row += 1
    blocks: dict[str, list[DrawTeam]] = {}
    for t in unseeded:
        blocks.setdefault(t.entity or f"\0{t.key}", []).append(t)
    order = sorted(blocks)
    rng.shuffle(order)
    deal: list[DrawTeam] = []
    for name in order:
        members = blocks[name]
        rng.shuffle(members)
        deal.extend(members)
    free = [s for s in slots if s not in taken]
    for slot, t in zip(free, deal):
        groups[slot[0]].append(t)
    _repair_entities(groups, teams)
    return [[t.key for t in g] for g in groups]


def _repair_entities(groups: list[list[DrawTeam]], teams: Sequence[DrawTeam]) -> None:
    """Swap unseeded teams until no chave holds more than ceil(m / chaves) of an entity."""
    totals = Counter(t.entity for t in teams if t.entity)
    bound = {e: entity_bound(m, len(groups)) for e, m in totals.items()}
    for _ in range(len(teams) * len(groups) + 1):
        counts = [Counter(t.entity for t in g if t.entity) for g in groups]
        bad = next(
            ((gi, e) for gi, c in enumerate(counts) for e, n in sorted(c.items()) if n > bound[e]), None
        )
        if bad is None:
            return
        gi, e = bad
        if not _swap_one(groups, counts, bound, gi, e):
            return  # no single swap helps: keep the best the deal found


def _swap_one(
    groups: list[list[DrawTeam]], counts: list[Counter[str]], bound: dict[str, int], gi: int, e: str
) -> bool:
    movers = [t for t in groups[gi] if t.entity == e and t.seed is None]
    for hi, other in enumerate(groups):
        if hi == gi or counts[hi][e] >= bound[e]:
            continue
        for u in other:
            if u.seed is not None or u.entity == e:
                continue
            if u.entity and counts[gi][u.entity] + 1 > bound[u.entity]:
                continue
            for t in movers:
                groups[gi][groups[gi].index(t)] = u
                other[other.index(u)] = t
                return True
    return False


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
