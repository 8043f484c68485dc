"""Rank the teams of one chave by a configurable tiebreak precedence (docs/rules.md §3.2, §3.13).

``rank_group`` turns a chave's ``RankedMatch`` list into ``GroupStandings``: one row
per team with its competition position, plus one ``Separation`` per pair of adjacent
rows recording what put the upper row ahead. The tie-resolving engine (``Resolver``)
(``rules.resolver``) is shared with ``rules.crossgroup``, which ranks per-jogo averages
instead of totals.

Decisions where the rulebooks and the brief are silent (see also the report):

- ``lots`` is terminal: a recorded sorteio separates everyone, so a criterion after it
  could only act while no sorteio exists, making the result depend on whether one
  was drawn yet. ``check_precedence`` rejects it (and duplicated criteria).
- Rows still tied when the precedence is exhausted share a position. They are
  flagged ``pending_lots`` only when ``lots`` is in the precedence and no recorded
  order covers the tied set, and only among active teams: expelled teams are out of
  the classification, so no sorteio is ever required for them.
- Between the last active row and the first disqualified one ``separated_by`` is
  ``None``; the separation says ``SeparationKind.STATUS`` and positions continue.
- A mini-league (head-to-head among 3+) uses whatever jogos exist among the tied
  teams; when none exist every mini counter is zero, so it falls through.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from rules.explain import Separation, SeparationKind
from rules.resolver import ZERO, MatchesNeeded, Resolver
from rules.types import Counters, Criterion, RankedMatch, TeamStatus

DEFAULT_PRECEDENCE = (
    Criterion.WINS,
    Criterion.GAMES_WON,
    Criterion.POINTS_FOR,
    Criterion.HEAD_TO_HEAD,
    Criterion.LOTS,
)
"""000 Art. 23 a)–e) (Truco Cego), also the AMB-04 completion for Amostra."""


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One team's line in a chave's standings.

    ``separated_by`` is the criterion that put this row above the next one; ``None``
    on the last row, on a row tied with the next (same position) and on the last
    active row when a disqualified row follows (see ``GroupStandings.separations``).
    """

    position: int
    team: str
    counters: Counters
    status: TeamStatus
    separated_by: Criterion | None
    pending_lots: bool


@dataclass(frozen=True, slots=True)
class GroupStandings:
    """A ranked chave: ``separations[k]`` explains ``rows[k]`` over ``rows[k + 1]``."""

    rows: tuple[StandingRow, ...]
    separations: tuple[Separation, ...]

    @property
    def pending_lots(self) -> bool:
        """Whether some tie waits for a sorteio to be recorded."""
        return any(row.pending_lots for row in self.rows)

    def row_for(self, team: str) -> StandingRow:
        for row in self.rows:
            if row.team == team:
                return row
        raise KeyError(team)


def check_precedence(tiebreakers: Iterable[Criterion | str]) -> tuple[Criterion, ...]:
    """Validate a precedence list; raises ``ValueError`` on duplicates or after lots."""
    precedence = tuple(Criterion(c) for c in tiebreakers)
    if len(set(precedence)) != len(precedence):
        raise ValueError(f"duplicated tiebreak criterion in {[c.value for c in precedence]}")
    if Criterion.LOTS in precedence and precedence[-1] is not Criterion.LOTS:
        raise ValueError("'lots' must be the last tiebreak criterion")
    return precedence


def sum_counters(teams: Sequence[str], matches: Iterable[RankedMatch]) -> dict[str, Counters]:
    """Every team's totals over ``matches`` (zero if it played none).

    Accumulates plain ints and builds one ``Counters`` per team, instead of a new
    frozen object per addition. Raises ``ValueError`` for a team outside ``teams``.
    """
    acc = {t: [0, 0, 0, 0, 0, 0, 0] for t in teams}
    for m in matches:
        ra, rb = acc.get(m.team_a), acc.get(m.team_b)
        if ra is None or rb is None:
            stranger = m.team_a if ra is None else m.team_b
            raise ValueError(f"match {m.team_a} v {m.team_b}: team {stranger!r} is not in the chave")
        # Unrolled on purpose: this loop is most of the cost of ranking a chave.
        c = m.counters_a
        ra[0] += c.played
        ra[1] += c.wins
        ra[2] += c.losses
        ra[3] += c.games_won
        ra[4] += c.games_lost
        ra[5] += c.points_for
        ra[6] += c.points_against
        c = m.counters_b
        rb[0] += c.played
        rb[1] += c.wins
        rb[2] += c.losses
        rb[3] += c.games_won
        rb[4] += c.games_lost
        rb[5] += c.points_for
        rb[6] += c.points_against
    return {t: Counters(*v) for t, v in acc.items()}


def positions(separations: Sequence[Separation]) -> list[int]:
    """Competition ranking (1, 2, 2, 4): a tie keeps the position of the row above."""
    result = [1]
    for k, sep in enumerate(separations, start=2):
        tied = sep.kind in (SeparationKind.TIED, SeparationKind.PENDING_LOTS)
        result.append(result[-1] if tied else k)
    return result


def rank_group(
    teams: Sequence[str],
    matches: Sequence[RankedMatch],
    *,
    tiebreakers: Sequence[Criterion],
    lots: Sequence[Sequence[str]] = (),
    disqualified: Collection[str] = (),
    values: Mapping[str, Mapping[Criterion, int]] | None = None,
) -> GroupStandings:
    """Rank one chave. Active teams first, then the disqualified ones (AMB-07).

    ``lots`` are recorded sorteios, each an order best first, oldest first.
    ``disqualified`` may name teams of other chaves; they are ignored here.
    ``values``: each team's Swiss criteria (``rules.swiss_tiebreaks.criterion_values``).
    """
    ids = sorted(teams)
    return rank_totals(
        ids,
        sum_counters(ids, matches),
        matches,
        tiebreakers=tiebreakers,
        lots=lots,
        disqualified=disqualified,
        values=values,
    )


def rank_totals(
    teams: Sequence[str],
    totals: Mapping[str, Counters],
    matches: Sequence[RankedMatch] | None,
    *,
    tiebreakers: Sequence[Criterion],
    lots: Sequence[Sequence[str]] = (),
    disqualified: Collection[str] = (),
    values: Mapping[str, Mapping[Criterion, int]] | None = None,
) -> GroupStandings:
    """``rank_group`` from each team's totals, already summed (a team without any is
    at zero). ``matches`` are only read by head-to-head: pass ``None`` to rank without
    them, and :class:`MatchesNeeded` is raised, naming the teams whose jogos among
    themselves are needed, if a tie needs them after all."""
    precedence = check_precedence(tiebreakers)
    ids = sorted(teams)
    if len(set(ids)) != len(ids):
        raise ValueError("a team appears twice in the chave")
    totals = {t: totals.get(t, ZERO) for t in ids}
    out = set(disqualified)
    resolver = Resolver(precedence, totals, matches, lots, values=values)
    order, seps = resolver.resolve([t for t in ids if t not in out])
    expelled = [t for t in ids if t in out]
    if expelled:
        low_order, low_seps = resolver.resolve(expelled, pending=False)
    if resolver.wanted:
        raise MatchesNeeded(frozenset(resolver.wanted))
    if expelled:
        if order:
            seps.append(Separation(order[-1], low_order[0], None, kind=SeparationKind.STATUS))
        order.extend(low_order)
        seps.extend(low_seps)
    places = positions(seps)
    pending = [s.kind is SeparationKind.PENDING_LOTS for s in seps]
    last = len(order) - 1
    rows = tuple(
        StandingRow(
            position=places[k],
            team=team,
            counters=totals[team],
            status=TeamStatus.DISQUALIFIED if team in out else TeamStatus.ACTIVE,
            separated_by=seps[k].criterion if k < last else None,
            pending_lots=(k > 0 and pending[k - 1]) or (k < last and pending[k]),
        )
        for k, team in enumerate(order)
    )
    return GroupStandings(rows, tuple(seps))
