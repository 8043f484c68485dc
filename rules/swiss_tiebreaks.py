"""Swiss desempates from the finished rodadas (docs/rules.md, "Sistema suíço"). Pure.

Per team: vitórias; Buchholz, the sum of its opponents' vitórias; Buchholz corte 1,
Buchholz less its lowest contribution; Sonneborn-Berger, the sum of the vitórias of
the opponents it beat. Opponents' vitórias are their totals after every rodada given.

A folga is a win (the W.O. credit) and contributes 0 to Buchholz: no opponent is
invented for it (FIDE's "virtual opponent" would be a score nobody played), and the
rule is one line to explain at the mesa. Being 0, a folga's contribution is the one
Buchholz corte 1 drops, so there a team with a folga counts its real opponents only,
as many as the teams it is compared with. A jogo with no winner (a double W.O.)
counts for nobody's vitórias, but each side still had that opponent.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rules.swiss import SortKey
from rules.types import Criterion


@dataclass(frozen=True, slots=True)
class Game:
    """One jogo of a rodada and its winner (a or b), or None when nobody won."""

    a: str
    b: str
    winner: str | None


@dataclass(frozen=True, slots=True)
class FinishedRound:
    """A rodada with its results; also a ``rules.swiss.PairedRound`` (its ``pairs``)."""

    games: tuple[Game, ...] = ()
    bye: str | None = None

    @property
    def pairs(self) -> tuple[tuple[str, str], ...]:
        return tuple((g.a, g.b) for g in self.games)


@dataclass(frozen=True, slots=True)
class SwissLine:
    """A team's vitórias (folgas included), folgas and Swiss desempates."""

    team: str
    wins: int
    byes: int
    buchholz: int
    buchholz_cut1: int
    sonneborn_berger: int

    def value(self, criterion: Criterion) -> int:
        """The value of ``WINS`` or one of ``rules.resolver.SWISS_CRITERIA``."""
        if criterion not in CRITERIA:
            raise ValueError(f"not a Swiss criterion: {criterion!r}")
        value: int = getattr(self, criterion.value)
        return value


CRITERIA = (Criterion.WINS, Criterion.BUCHHOLZ, Criterion.BUCHHOLZ_CUT1, Criterion.SONNEBORN_BERGER)
DEFAULT_ORDER = (Criterion.BUCHHOLZ_CUT1, Criterion.BUCHHOLZ, Criterion.SONNEBORN_BERGER)
"""The Swiss desempates a Swiss phase adds right after vitórias (``with_swiss``)."""


def with_swiss(precedence: Sequence[Criterion]) -> tuple[Criterion, ...]:
    """A preset's tiebreak order for a Swiss phase: ``DEFAULT_ORDER`` right after
    vitórias (first if vitórias is not in it), the rest as the preset orders it.
    An order that already names a Swiss criterion is the organizer's: kept as is."""
    if any(c in DEFAULT_ORDER for c in precedence):
        return tuple(precedence)
    rest = [c for c in precedence if c is not Criterion.WINS]
    head = [Criterion.WINS] if Criterion.WINS in precedence else []
    return (*head, *DEFAULT_ORDER, *rest)


def swiss_tiebreaks(teams: Sequence[str], rounds: Iterable[FinishedRound]) -> dict[str, SwissLine]:
    """Each team's line, in the order of ``teams``; a team that never played has zeros.

    Raises ValueError for a team not in ``teams``, a winner outside its jogo, or a
    team twice in one rodada.
    """
    known = set(teams)
    games: list[tuple[str, str, str | None]] = []
    byes: list[str] = []
    for number, rnd in enumerate(rounds, start=1):
        seen: set[str] = set()
        present = [k for g in rnd.games for k in (g.a, g.b)] + ([rnd.bye] if rnd.bye is not None else [])
        for team in present:
            if team not in known:
                raise ValueError(f"rodada {number}: unknown team {team!r}")
            if team in seen:
                raise ValueError(f"rodada {number}: {team!r} appears twice")
            seen.add(team)
        for g in rnd.games:
            if g.winner not in (g.a, g.b, None):
                raise ValueError(f"rodada {number}: winner {g.winner!r} did not play {g.a!r} × {g.b!r}")
            games.append((g.a, g.b, g.winner))
        if rnd.bye is not None:
            byes.append(rnd.bye)
    return tiebreaks_of(teams, games, byes)


def tiebreaks_of(
    teams: Sequence[str], games: Iterable[tuple[str, str, str | None]], byes: Iterable[str]
) -> dict[str, SwissLine]:
    """:func:`swiss_tiebreaks` from the jogos (team A, team B, winner or ``None``) and the
    folgas alone, in any order: the values do not depend on the rodada of each (a
    standings read has who met whom, not when). Raises ValueError for a team not in
    ``teams`` or a winner outside its jogo; nothing checks a team once per rodada."""
    known = set(teams)
    wins = dict.fromkeys(teams, 0)
    folgas = dict.fromkeys(teams, 0)
    # Per team: (opponent, beaten?) or None for a folga.
    faced: dict[str, list[tuple[str, bool] | None]] = {t: [] for t in teams}
    for a, b, winner in games:
        if a not in known or b not in known:
            raise ValueError(f"unknown team in {a!r} × {b!r}")
        if winner is not None:
            if winner != a and winner != b:
                raise ValueError(f"winner {winner!r} did not play {a!r} × {b!r}")
            wins[winner] += 1
        faced[a].append((b, winner == a))
        faced[b].append((a, winner == b))
    for bye in byes:
        if bye not in known:
            raise ValueError(f"unknown team {bye!r} with a folga")
        wins[bye] += 1
        folgas[bye] += 1
        faced[bye].append(None)
    return {t: _line(t, wins, folgas[t], faced[t]) for t in teams}


def _line(team: str, wins: Mapping[str, int], byes: int, faced: list[tuple[str, bool] | None]) -> SwissLine:
    contributions = [0 if f is None else wins[f[0]] for f in faced]
    buchholz = sum(contributions)
    lowest = min(contributions, default=0)
    beaten = sum(wins[f[0]] for f in faced if f is not None and f[1])
    return SwissLine(team, wins[team], byes, buchholz, buchholz - lowest, beaten)


def criterion_values(lines: Mapping[str, SwissLine]) -> dict[str, dict[Criterion, int]]:
    """``rules.ranking.rank_totals``'s ``values``: each team's Swiss criteria."""
    return {t: {c: line.value(c) for c in CRITERIA[1:]} for t, line in lines.items()}


def sort_keys(
    lines: Mapping[str, SwissLine], order: Sequence[Criterion] = DEFAULT_ORDER
) -> dict[str, SortKey]:
    """``rules.swiss.pair_round``'s sort keys: the values of ``order``, higher better."""
    return {t: tuple(line.value(c) for c in order) for t, line in lines.items()}
