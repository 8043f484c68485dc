"""The sorteio das chaves as drawn before method 2 (``tournaments.pairing.draw_groups``).

Kept unchanged only so that a draw recorded with it (its ``DrawOfLots.inputs`` carry no
``method``) replays identically from its seed (``tournaments.services.draws.draw_replay``).
Its fault is why method 2 exists: it dealt the teams first and then repaired the
entities by swapping one pair of unseeded teams at a time, so it could leave two teams
of one entity together while another chave had room for one. New draws never use it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from tournaments.pairing import DrawTeam, entity_bound


def draw_groups_v1(teams: Sequence[DrawTeam], sizes: Sequence[int], seed: str) -> list[list[str]]:
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
