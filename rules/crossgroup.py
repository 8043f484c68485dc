"""Compare teams across chaves of different sizes (docs/rules.md §3.4, AMB-05, E16).

Typical use: the best 2nds or 3rds of every chave, when chaves have 3 and 4 teams.
The rule in 000 is cut after «será aplicado o» [000 L1577]; this module implements
the recommended completion, marked as such wherever it is shown:

- ``averages`` (default): per-jogo averages with exact Fractions, V/J, P/J, T/J,
  then head-to-head (only if the teams met), then a recorded sorteio (else pending).
- ``discard_last``: in every chave larger than the smallest one, the results against
  that chave's last-placed team are ignored (``CrossEntry.counters_without_last``,
  computed by ``counters_without_last``). The comparison still uses per-jogo
  averages of the counters kept: when every team then has the same J this orders
  exactly as totals do, and it stays fair when sizes differ by more than one.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from rules.explain import Separation, SeparationKind
from rules.ranking import GroupStandings, check_precedence, positions
from rules.resolver import PLAIN_CRITERIA, Resolver
from rules.types import Counters, Criterion, RankedMatch, TeamStatus

DEFAULT_CROSS_CRITERIA = (
    Criterion.WINS,
    Criterion.GAMES_WON,
    Criterion.POINTS_FOR,
    Criterion.HEAD_TO_HEAD,
    Criterion.LOTS,
)
"""AMB-05: V/J, P/J, T/J, confronto direto (only if they met), sorteio."""


class CrossMethod(str, Enum):
    """How teams from chaves of different sizes are made comparable."""

    AVERAGES = "averages"
    DISCARD_LAST = "discard_last"


@dataclass(frozen=True, slots=True)
class CrossEntry:
    """A team to compare with teams of other chaves.

    ``group_size`` (teams in its chave) and ``counters_without_last`` are needed only
    by ``discard_last``, and the latter only for chaves larger than the smallest.
    """

    team: str
    group: str
    counters: Counters
    group_size: int = 0
    counters_without_last: Counters | None = None


@dataclass(frozen=True, slots=True)
class CrossRow:
    """One team in a cross-chave ranking.

    ``counters`` are the ones compared (without the jogos against the last-placed
    team under ``discard_last``). ``separation`` explains this row over the next one
    (``None`` on the last row); its values are per-jogo averages.
    """

    position: int
    team: str
    group: str
    counters: Counters
    separated_by: Criterion | None
    pending_lots: bool
    separation: Separation | None

    def average(self, criterion: Criterion) -> Fraction:
        """This row's per-jogo average of a plain criterion (0 if it played none)."""
        if criterion not in PLAIN_CRITERIA:
            raise ValueError(f"{criterion.value} has no per-jogo average")
        value: int = getattr(self.counters, criterion.value)
        return Fraction(value, self.counters.played or 1)


def _compared(entries: Sequence[CrossEntry], method: CrossMethod) -> dict[str, Counters]:
    if method is CrossMethod.AVERAGES:
        return {e.team: e.counters for e in entries}
    if any(e.group_size < 1 for e in entries):
        raise ValueError("discard_last needs every entry's group_size")
    smallest = min(e.group_size for e in entries)
    compared: dict[str, Counters] = {}
    for e in entries:
        if e.group_size == smallest:
            compared[e.team] = e.counters
        elif e.counters_without_last is None:
            raise ValueError(f"discard_last: {e.team!r} (chave {e.group}) lacks counters_without_last")
        else:
            compared[e.team] = e.counters_without_last
    return compared


def rank_across_groups(
    entries: Sequence[CrossEntry],
    *,
    criteria: Sequence[Criterion] = DEFAULT_CROSS_CRITERIA,
    method: CrossMethod | str = CrossMethod.AVERAGES,
    lots: Sequence[Sequence[str]] = (),
    head_to_head_matches: Sequence[RankedMatch] = (),
) -> list[CrossRow]:
    """Rank teams of different chaves, best first (competition positions).

    ``head_to_head_matches`` may hold any jogos (e.g. the whole stage): only those
    between teams still tied are used. ``lots`` are recorded sorteios, oldest first.
    """
    precedence = check_precedence(criteria)
    chosen = CrossMethod(method)
    if len({e.team for e in entries}) != len(entries):
        raise ValueError("a team appears twice among the cross-chave entries")
    if not entries:
        return []
    stats = _compared(entries, chosen)
    resolver = Resolver(precedence, stats, head_to_head_matches, lots, averaged=True)
    order, seps = resolver.resolve(list(stats))
    places = positions(seps)
    group = {e.team: e.group for e in entries}
    last = len(order) - 1
    rows: list[CrossRow] = []
    for k, team in enumerate(order):
        sep = seps[k] if k < last else None
        pending_above = k > 0 and seps[k - 1].kind is SeparationKind.PENDING_LOTS
        pending_below = sep is not None and sep.kind is SeparationKind.PENDING_LOTS
        rows.append(
            CrossRow(
                position=places[k],
                team=team,
                group=group[team],
                counters=stats[team],
                separated_by=sep.criterion if sep else None,
                pending_lots=pending_above or pending_below,
                separation=sep,
            )
        )
    return rows


def _last_placed(standings: GroupStandings) -> set[str]:
    # Every active row sharing the last active position (a pending tie for last
    # place discards all of them); expelled teams are already out of the ranking.
    active = [r for r in standings.rows if r.status is TeamStatus.ACTIVE]
    if not active:
        return set()
    worst = active[-1].position
    return {r.team for r in active if r.position == worst}


def counters_without_last(team: str, matches: Sequence[RankedMatch], standings: GroupStandings) -> Counters:
    """``team``'s counters over its chave's jogos, minus those against the last-placed.

    The last-placed team itself keeps all its jogos: there is nobody to discard.
    """
    last = _last_placed(standings) - {team}
    total = Counters()
    for m in matches:
        if m.team_a == team and m.team_b not in last:
            total = total + m.counters_a
        elif m.team_b == team and m.team_a not in last:
            total = total + m.counters_b
    return total


def cross_entries(
    chaves: Mapping[str, tuple[GroupStandings, Sequence[RankedMatch]]],
    place: int,
    *,
    skip: Collection[str] = (),
) -> list[CrossEntry]:
    """The ``place``-th active row (1-based, by row order) of every chave, as entries.

    Chaves with fewer active teams give no entry; ``skip`` names chaves to leave out.
    Both counter sets are filled, so the result suits either method.
    """
    entries: list[CrossEntry] = []
    for name, (standings, matches) in sorted(chaves.items()):
        active = [r for r in standings.rows if r.status is TeamStatus.ACTIVE]
        if name in skip or len(active) < place:
            continue
        row = active[place - 1]
        entries.append(
            CrossEntry(
                team=row.team,
                group=name,
                counters=row.counters,
                group_size=len(standings.rows),
                counters_without_last=counters_without_last(row.team, matches, standings),
            )
        )
    return entries
