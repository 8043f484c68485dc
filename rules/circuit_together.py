"""Competitors who played together in a circuit (docs/rules.md §3.16). Pure.

The players of one team in every etapa have the same result everywhere, so every
criterion of ``rules.circuit_ranking`` leaves them level. Only the caller knows who
played with whom: ``Together`` gives each competitor a key (a player: the teams they
were listed in, etapa by etapa), and competitors with equal keys and the same result in
every etapa played together. Below the podium their tie is shared for good, with no
sorteio asked; ``companions`` names, for each line, the others sharing its place so.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from itertools import chain

from rules.circuit import Result

Cells = tuple[Result | None, ...]
"""A competitor's result in each etapa, in the circuit's order: None where it did not play."""

Together = Mapping[str, Hashable]
"""Competitor → a key equal for those who played together (no key: with nobody)."""


def played_together(together: Together | None, cells: Mapping[str, Cells], block: Sequence[str]) -> bool:
    """Whether every competitor of ``block`` has the same key in ``together`` and the
    same result in every etapa."""
    if together is None:
        return False
    key, mine = together.get(block[0]), cells[block[0]]
    return key is not None and all(together.get(c) == key and cells[c] == mine for c in block[1:])


def companions(
    order: Sequence[str],
    positions: Sequence[int],
    pending: Sequence[bool],
    together: Together | None,
    cells: Mapping[str, Cells],
) -> dict[str, tuple[str, ...]]:
    """For each competitor of ``order`` (the ranking's lines, with their ``positions``)
    that shares its place with no sorteio pending (``pending``: the line waits for
    one), the others of that place who played together with it, in line order."""
    out: dict[str, tuple[str, ...]] = {}
    if together is None:
        return out
    k = 0
    while k < len(order):
        end = k + 1
        while end < len(order) and positions[end] == positions[k]:
            end += 1
        if end - k > 1 and not pending[k]:
            # By key, then by results compared (hashing each one's results costs more).
            groups: dict[Hashable, list[list[str]]] = {}
            for c in order[k:end]:
                key = together.get(c)
                if key is None:
                    continue
                alike = groups.setdefault(key, [])
                group = next((g for g in alike if cells[g[0]] == cells[c]), None)
                if group is None:
                    alike.append([c])
                else:
                    group.append(c)
            for group in chain.from_iterable(groups.values()):
                for c in group if len(group) > 1 else ():
                    out[c] = tuple(o for o in group if o != c)
        k = end
    return out
