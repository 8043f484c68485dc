"""Swiss-system pairing of one rodada (docs/rules.md, "Sistema suíço"). Pure.

``pair_round`` takes the teams in their stable seed order, the rodadas already paired,
each team's vitórias and a sort key for the preset's desempates (higher is better,
compared as tuples), each team's entity, and a seed; it returns a ``Round``: the jogos,
the folga and a trace of what was decided. Same inputs, same ``Round``.

Order: vitórias, then the sort key, then seed order. In rodada 1 (no jogo played yet)
the order is the seed order shuffled by ``random.Random(seed)``, so the draw is
recorded by its seed. Within a score group the top team meets the bottom one (a fold,
as in the Burstein system); with an odd group its lowest team floats down to the top
of the next group.

Priorities, strongest first: no team gets a second folga while one has fewer (the folga
goes to the lowest-ranked team with the fewest folgas); no revanche; teams of the same
entity apart; score groups. A perfect matching oracle (Edmonds' blossom algorithm on
the jogos allowed) accepts a choice only if the teams left can still all be paired, so
the greedy walk down the order never dead-ends, and the result has no revanche if some
complete pairing has none, and no same-entity jogo either if some complete pairing has
neither. Otherwise the constraint is relaxed (entities first, then revanches) and
becomes a preference: fewer such jogos, chosen greedily, not a proven minimum. The folga
goes up the order only past teams whose folga would leave no pairing at that level.
Last, opponents are swapped between two jogos while that lowers (revanches, same-entity
jogos, sum of squared differences of vitórias), compared in that order.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from rules.matching import Matcher

SortKey = tuple[float, ...]
"""A team's desempates after vitórias, in the preset's order: higher is better."""
Pair = tuple[str, str]


class PairedRound(Protocol):
    """A rodada already paired: a ``PastRound``, a ``Round`` or anything shaped so."""

    @property
    def pairs(self) -> Sequence[Pair]: ...

    @property
    def bye(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class PastRound:
    """The jogos of one earlier rodada and its folga; winners do not matter here."""

    pairs: tuple[Pair, ...] = ()
    bye: str | None = None


@dataclass(frozen=True, slots=True)
class Note:
    """One decision of a pairing, written out in the reader's language by the Django layer.

    ``code``: "seeded" (rodada 1 in the order drawn with the seed, ``numbers[0]``),
    "standings" (the order of the standings), "bye" (``teams[0]`` has the folga, having
    had ``numbers[0]`` before; ``teams[1:]`` were passed over because with their folga
    the rest did not pair), "entity" / "rematch" (``numbers[0]`` jogos kept because no
    complete pairing avoids them), "float" (``teams[0]``, ``numbers[0]`` vitórias, paired
    down with ``teams[1]``, ``numbers[1]``), "swaps" (``numbers[0]`` exchanges of opponents).
    """

    code: str
    teams: tuple[str, ...] = ()
    numbers: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Round:
    """One rodada's pairing: jogos best-ranked first, the higher-ranked team as side a.

    ``floaters``: teams paired down with a team of fewer vitórias. ``relaxed``: what
    the pairing breaks because no complete pairing keeps it: "entity" (no pairing
    without revanche keeps every entity apart), "rematch". ``trace``: the decisions,
    in order, for the organizer's page and the audit log.
    """

    pairs: tuple[Pair, ...]
    bye: str | None
    floaters: tuple[str, ...] = ()
    relaxed: tuple[str, ...] = ()
    trace: tuple[Note, ...] = ()


def default_rounds(n: int) -> int:
    """ceil(log2 n), at least 1: enough rodadas for one team to stay unbeaten alone."""
    return max(1, (max(n, 1) - 1).bit_length())


def default_qualifiers(n: int) -> int:
    """How many of a Swiss phase of ``n`` teams go on to a mata-mata unless the organizer
    says: the largest power of two not above a quarter of the field (a bracket with no
    chapéus, the top quarter kept), from 2 to 16 (the bound of «classificados por chave»)."""
    quarter = max(n // 4, 2)
    return min(16, 1 << (quarter.bit_length() - 1))


@dataclass
class _Problem:
    score: list[int]  # by rank position
    entity: list[int]  # entity number, -1 for none
    rematch: list[set[int]]
    eligible: list[int]  # rank positions that may take the folga, lowest-ranked first

    def penalty(self, a: int, b: int) -> int:
        """0 to 3: a revanche weighs more than a same-entity jogo."""
        clash = self.entity[a] != -1 and self.entity[a] == self.entity[b]
        return 2 * (b in self.rematch[a]) + clash


def _preference(remaining: list[int], score: list[int]) -> list[int]:
    """remaining[0]'s partners, best first: its group folded, then lower groups in order."""
    # ``remaining`` is in rank order, so its scores never rise: the group ends where they fall.
    end = bisect_right(remaining, -score[remaining[0]], key=lambda i: -score[i])
    group = remaining[1:end]
    if end % 2 == 1 and group:  # odd group: its lowest team is the one to float down
        group = [*group[:-1][::-1], group[-1]]
    else:
        group.reverse()
    return group + remaining[end:]


def _pair_level(
    p: _Problem, forbid_rematch: bool, forbid_entity: bool
) -> tuple[list[tuple[int, int]], int | None, list[int]] | None:
    """Pairs, folga and the teams passed over for the folga; None if no complete pairing."""
    n = len(p.score)
    with_bye = n % 2 == 1
    members: dict[int, set[int]] = {}
    for i, e in enumerate(p.entity):
        members.setdefault(e, set()).add(i)
    if forbid_entity and any(2 * len(m) > n + with_bye for e, m in members.items() if e != -1):
        return None  # each of an entity's teams needs an opponent from outside it
    forbidden: list[set[int]] = [set() for _ in range(n + with_bye)]
    for i in range(n):
        if forbid_rematch:
            forbidden[i] |= p.rematch[i]
        if forbid_entity and p.entity[i] != -1:
            forbidden[i] |= members[p.entity[i]] - {i}
    if with_bye:
        ineligible = set(range(n)) - set(p.eligible)
        forbidden[n] = ineligible
        for i in ineligible:
            forbidden[i].add(n)
    matcher = Matcher(n + with_bye, forbidden, [*p.entity, -1][: n + with_bye] if forbid_entity else ())
    if not matcher.perfect():
        return None
    bye, passed = None, []
    if with_bye:
        for c in p.eligible:
            if matcher.commit(n, c):
                bye = c
                break
            passed.append(c)
    remaining = [i for i in range(n) if i != bye]
    pairs = []
    ranks = range(1 if forbid_entity else 2 if forbid_rematch else 4)
    while remaining:
        t = remaining[0]
        order = _preference(remaining, p.score)
        # Relaxed constraints are preferences: candidates free of them are tried first.
        chosen = next(
            c
            for rank in ranks
            for c in order
            if p.penalty(t, c) == rank and matcher.allowed(t, c) and matcher.commit(t, c)
        )
        pairs.append((t, chosen))
        remaining.remove(t)
        remaining.remove(chosen)
    return pairs, bye, passed


def _exchange(p: _Problem, pairs: list[tuple[int, int]]) -> int:
    """Swap opponents between two jogos while that lowers the cost; the count of swaps."""
    score, entity, rematch = p.score, p.entity, p.rematch
    # (revanches, same-entity jogos, squared differences) of two jogos as one integer,
    # in a base above any of the three sums: ordering the integers orders the triples.
    base = 2 * (max(score, default=0) - min(score, default=0)) ** 2 + 3

    def cost(a: int, b: int) -> int:
        e = entity[a]
        return ((b in rematch[a]) * base + (e != -1 and e == entity[b])) * base + (score[a] - score[b]) ** 2

    costs = [cost(a, b) for a, b in pairs]
    # A jogo found with no better swap stays so until some jogo changes: ``changed`` is
    # when each jogo last changed, ``clean`` when each was last found with none.
    size = len(pairs)
    changed, clean = [0] * size, [-1] * size
    clock = 0
    while True:
        latest = max(changed, default=0)
        todo = [i for i in range(size) if costs[i] and clean[i] < latest]
        if not todo:
            return clock
        for i in todo:
            since = clean[i] if changed[i] <= clean[i] else -1
            j = 0
            while j < size and costs[i]:  # a swap of two costless jogos cannot lower anything
                if j != i and changed[j] > since:
                    (a, b), (c, d) = pairs[i], pairs[j]
                    ac, bd, ad, bc = cost(a, c), cost(b, d), cost(a, d), cost(b, c)
                    if min(ac + bd, ad + bc) < costs[i] + costs[j]:
                        if ac + bd <= ad + bc:
                            pairs[i], pairs[j], costs[i], costs[j] = (a, c), (b, d), ac, bd
                        else:
                            pairs[i], pairs[j], costs[i], costs[j] = (a, d), (b, c), ad, bc
                        clock += 1
                        changed[i] = changed[j] = clock
                        since, j = -1, 0  # the new jogo i against every other
                        continue
                j += 1
            clean[i] = clock


def _solve(p: _Problem) -> tuple[list[tuple[int, int]], int | None, list[int]]:
    """The strictest level with a complete pairing: entities and revanches, revanches, none."""
    shared = any(k > 1 for e, k in Counter(p.entity).items() if e != -1)
    levels = [(True, True), (True, False), (False, False)] if shared else [(True, True), (False, False)]
    for no_rematch, no_entity in levels:
        found = _pair_level(p, no_rematch, no_entity)
        if found is not None:
            return found
    raise AssertionError("no pairing")  # pragma: no cover - the last level always pairs


def pair_round(
    teams: Sequence[str],
    history: Sequence[PairedRound],
    scores: Mapping[str, int],
    *,
    sort_keys: Mapping[str, SortKey] | None = None,
    entities: Mapping[str, str | None] | None = None,
    seed: int = 0,
) -> Round:
    """Pair one Swiss rodada of ``teams`` (seed order); see the module docstring.

    Every team needs a score. Jogos and folgas of ``history`` with a team not in
    ``teams`` (withdrawn) are ignored. ``sort_keys`` and ``entities`` default to
    nothing; an empty entity is none. The seed only matters in rodada 1.
    """
    if len(set(teams)) != len(teams):
        raise ValueError("a team is listed twice")
    first = not any(r.pairs for r in history)
    ranked = list(teams)
    if first:
        random.Random(seed).shuffle(ranked)
    keys = sort_keys or {}
    ranked.sort(key=lambda t: (scores[t], () if first else keys.get(t, ())), reverse=True)  # stable
    pos = {t: i for i, t in enumerate(ranked)}
    n = len(ranked)
    rematch: list[set[int]] = [set() for _ in range(n)]
    byes = [0] * n
    for past in history:
        for a, b in past.pairs:
            if a in pos and b in pos:
                rematch[pos[a]].add(pos[b])
                rematch[pos[b]].add(pos[a])
        if past.bye in pos:
            byes[pos[past.bye]] += 1
    names: dict[str, int] = {}
    entity = [names.setdefault(e, len(names)) if (e := (entities or {}).get(t)) else -1 for t in ranked]
    fewest = min(byes, default=0)
    eligible = [i for i in reversed(range(n)) if byes[i] == fewest]
    p = _Problem([scores[t] for t in ranked], entity, rematch, eligible)

    trace = [Note("seeded", numbers=(seed,)) if first else Note("standings")]
    pairs, bye, passed = _solve(p)
    swaps = _exchange(p, pairs)
    if bye is not None:
        trace.append(Note("bye", (ranked[bye], *(ranked[i] for i in passed)), (fewest,)))
    ordered = sorted((min(x, y), max(x, y)) for x, y in pairs)
    rematches = sum(p.penalty(x, y) >= 2 for x, y in ordered)
    clashes = sum(p.penalty(x, y) % 2 for x, y in ordered)
    if clashes:
        trace.append(Note("entity", numbers=(clashes,)))
    if rematches:
        trace.append(Note("rematch", numbers=(rematches,)))
    floaters = []
    for x, y in ordered:
        if p.score[x] != p.score[y]:
            floaters.append(ranked[x])
            trace.append(Note("float", (ranked[x], ranked[y]), (p.score[x], p.score[y])))
    if swaps:
        trace.append(Note("swaps", numbers=(swaps,)))
    return Round(
        pairs=tuple((ranked[x], ranked[y]) for x, y in ordered),
        bye=None if bye is None else ranked[bye],
        floaters=tuple(floaters),
        relaxed=("entity",) * bool(clashes) + ("rematch",) * bool(rematches),
        trace=tuple(trace),
    )
