"""Which teams a recorded sorteio may order (docs/rules.md §3.2 "Recorded sorteios").

A sorteio orders exactly the teams of one tie: every team of it and no other. The
organizer's page (``standings.services``) and the loader (``interchange.lots``) refuse
anything else with the same problem, ``lots.not_a_tie``; only a sorteio that a file
marks ``stale`` (recorded before a correction changed its tie, docs/interchange.md) is
loaded without this check.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from rules.problems import Problem, problem
from rules.ranking import GroupStandings


def pending_ties(standings: GroupStandings) -> list[frozenset[str]]:
    """The sets of teams that share a position waiting for a sorteio, best first."""
    by_position: dict[int, set[str]] = {}
    for row in standings.rows:
        if row.pending_lots:
            by_position.setdefault(row.position, set()).add(row.team)
    return [frozenset(teams) for _, teams in sorted(by_position.items())]


def lot_problem(order: Sequence[str], ties: Iterable[Collection[str]]) -> Problem | None:
    """``lots.not_a_tie`` unless ``order`` names, once each, exactly the teams of one tie."""
    chosen = frozenset(order)
    if len(chosen) == len(order) and any(chosen == frozenset(tie) for tie in ties):
        return None
    return problem("lots.not_a_tie", teams=tuple(order), teams_text=", ".join(order))
