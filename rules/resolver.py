"""The tie-resolving engine shared by chave ranking (``rules.ranking``) and the
comparison across chaves (``rules.crossgroup``): ``Resolver`` orders tied teams by a
tiebreak precedence (docs/rules.md §3.2, §3.13) and records one ``Separation`` per
pair of adjacent teams saying what put the upper one ahead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import partial
from itertools import combinations
from operator import attrgetter

from rules.explain import (
    Detail,
    DirectMatches,
    MiniLeague,
    Separation,
    SeparationKind,
    Value,
)
from rules.types import Counters, Criterion, RankedMatch

PLAIN_CRITERIA = frozenset(
    {
        Criterion.WINS,
        Criterion.GAMES_WON,
        Criterion.POINTS_FOR,
        Criterion.POINTS_DIFFERENCE,
        Criterion.GAMES_DIFFERENCE,
    }
)
"""Criteria read straight off a team's counters (each is a ``Counters`` attribute)."""

SWISS_CRITERIA = frozenset({Criterion.BUCHHOLZ, Criterion.BUCHHOLZ_CUT1, Criterion.SONNEBORN_BERGER})
"""Criteria read off the values the caller computed (``rules.swiss_tiebreaks``)."""

ZERO = Counters()


# A cut between two ordered blocks of teams, before the rows at its edges are known:
# (criterion, upper value, lower value, detail).
_Cut = tuple[Criterion, Value, Value, Detail | None]
_Ranked = tuple[list[str], list[Separation]]
_Key = Callable[[str, Counters], tuple[Value, ...]]


def _oriented(match: RankedMatch, team: str) -> tuple[tuple[int, int], ...]:
    if match.team_a == team:
        return match.games
    return tuple((b, a) for a, b in match.games)


def _canonical(team: str, match: RankedMatch) -> tuple[tuple[tuple[int, int], ...], str]:
    return _oriented(match, team), match.winner or ""


class MatchesNeeded(Exception):
    """Ranking reached head-to-head among tied teams, and was given no jogos:
    ``teams`` are all the teams whose jogos among themselves it needs."""

    def __init__(self, teams: frozenset[str]) -> None:
        super().__init__(sorted(teams))
        self.teams = teams


class Resolver:
    """Orders tied teams by a precedence; shared by chave and cross-chave ranking.

    ``averaged`` compares per-jogo averages (exact Fractions) instead of totals.
    ``matches`` feed head-to-head only; they are indexed by pair on first use, so
    chaves decided by the plain criteria never pay for the index. ``None`` means "not
    fetched": head-to-head then finds no jogo and records in ``wanted`` the teams whose
    jogos it asked for (the teams a tie brought to head-to-head do not depend on
    head-to-head itself, so one such pass names every team the real one needs).
    ``values`` holds each team's Swiss criteria (``SWISS_CRITERIA``), 0 when missing; a
    mini-league reads them as they are, since they come from the whole phase.
    """

    def __init__(
        self,
        precedence: Sequence[Criterion],
        stats: Mapping[str, Counters],
        matches: Sequence[RankedMatch] | None,
        lots: Sequence[Sequence[str]],
        *,
        averaged: bool = False,
        values: Mapping[str, Mapping[Criterion, int]] | None = None,
    ) -> None:
        self.precedence = tuple(precedence)
        self.values = values or {}
        self.stats = stats
        self.averaged = averaged
        self._matches = matches
        self._lots = lots
        self._index: dict[tuple[str, str], list[RankedMatch]] | None = None
        self.wanted: set[str] = set()
        self._keys: dict[tuple[Criterion, ...], _Key] = {}

    # -- public entry -------------------------------------------------------------
    def resolve(self, teams: Sequence[str], *, pending: bool = True) -> _Ranked:
        """Rank ``teams`` (any order); ties left unresolved keep team-id order."""
        return self._resolve(sorted(teams), 0, pending)

    # -- criteria -----------------------------------------------------------------
    def _resolve(self, teams: list[str], i: int, pending: bool) -> _Ranked:
        if len(teams) < 2:
            return teams, []
        precedence = self.precedence
        if i >= len(precedence):
            return self._tie(teams, SeparationKind.TIED)
        criterion = precedence[i]
        if criterion is Criterion.LOTS:
            ordered = self._lots_order(teams)
            if ordered is None:
                kind = SeparationKind.PENDING_LOTS if pending else SeparationKind.TIED
                return self._tie(teams, kind)
            order, places = ordered
            seps = [
                Separation(u, lo, Criterion.LOTS, places[u], places[lo])
                for u, lo in zip(order, order[1:], strict=False)
            ]
            return order, seps
        if criterion is Criterion.HEAD_TO_HEAD:
            blocks, cuts = self._head_to_head(teams, i)
            if not cuts:
                return self._resolve(teams, i + 1, pending)
            return self._join(
                [self._resolve(b, i + 1, pending) if len(b) > 1 else (b, []) for b in blocks], cuts
            )
        # A maximal run of plain criteria is one sort on a key tuple: the costly work
        # (head-to-head, lots) only ever happens inside the blocks it leaves tied.
        j = i
        while j < len(precedence) and (precedence[j] in PLAIN_CRITERIA or precedence[j] in SWISS_CRITERIA):
            j += 1
        blocks, raw = self._split(teams, precedence[i:j], self.stats)
        cuts = [(c, u, lo, None) for c, u, lo in raw]
        return self._join([self._resolve(b, j, pending) if len(b) > 1 else (b, []) for b in blocks], cuts)

    def _key(self, run: tuple[Criterion, ...]) -> _Key:
        key = self._keys.get(run)
        if key is None:
            values = self.values
            nothing: Mapping[Criterion, int] = {}
            if any(c in SWISS_CRITERIA for c in run):

                def key(team: str, c: Counters) -> tuple[Value, ...]:
                    own = values.get(team, nothing)
                    return tuple(own.get(k, 0) if k in SWISS_CRITERIA else getattr(c, k.value) for k in run)

            elif self.averaged:
                names = [c.value for c in run]

                def key(team: str, c: Counters) -> tuple[Value, ...]:
                    n = c.played or 1  # a team that never played averages 0
                    return tuple(Fraction(getattr(c, name), n) for name in names)

            elif len(run) == 1:
                one = attrgetter(run[0].value)

                def key(team: str, c: Counters) -> tuple[Value, ...]:
                    return (one(c),)

            else:
                many = attrgetter(*(c.value for c in run))

                def key(team: str, c: Counters) -> tuple[Value, ...]:
                    got: tuple[Value, ...] = many(c)
                    return got

            self._keys[run] = key
        return key

    def _split(
        self, teams: list[str], run: tuple[Criterion, ...], stats: Mapping[str, Counters]
    ) -> tuple[list[list[str]], list[tuple[Criterion, Value, Value]]]:
        """Sort by the run's key tuple (best first) into blocks of equal keys."""
        key = self._key(run)
        keys = {t: key(t, stats.get(t, ZERO)) for t in teams}
        ordered = sorted(teams, key=keys.__getitem__, reverse=True)  # stable: id order
        blocks: list[list[str]] = [[ordered[0]]]
        cuts: list[tuple[Criterion, Value, Value]] = []
        previous = keys[ordered[0]]
        for team in ordered[1:]:
            current = keys[team]
            if current == previous:
                blocks[-1].append(team)
                continue
            k = next(k for k, (a, b) in enumerate(zip(previous, current, strict=True)) if a != b)
            cuts.append((run[k], previous[k], current[k]))
            blocks.append([team])
            previous = current
        return blocks, cuts

    def _head_to_head(self, teams: list[str], i: int) -> tuple[list[list[str]], list[_Cut]]:
        """Split tied ``teams`` by their jogos among themselves; no cuts = no split."""
        if len(teams) == 2:
            a, b = teams
            between = self._between(a, b)
            wins_a = sum(1 for m in between if m.winner == a)
            wins_b = sum(1 for m in between if m.winner == b)
            if wins_a == wins_b:
                return [teams], []
            (upper, uw), (lower, lw) = sorted(((a, wins_a), (b, wins_b)), key=lambda p: -p[1])
            scores = DirectMatches(tuple(_oriented(m, upper) for m in between))
            return [[upper], [lower]], [(Criterion.HEAD_TO_HEAD, uw, lw, scores)]
        # Mini-league: only the jogos among the tied teams, judged by the criteria
        # that come before head-to-head (wins when head-to-head is first).
        run = self.precedence[:i] or (Criterion.WINS,)  # all plain: lots is last
        blocks, raw = self._split(teams, run, self._mini_table(teams))
        if not raw:
            return [teams], []
        league = tuple(teams)
        out_blocks: list[list[str]] = []
        out_cuts: list[_Cut] = []
        for n, block in enumerate(blocks):
            if n:
                c, u, lo = raw[n - 1]
                out_cuts.append((Criterion.HEAD_TO_HEAD, u, lo, MiniLeague(league, c)))
            # Every block here is smaller than the league: recurse (a pair uses its
            # direct jogo, 3+ a fresh mini-league) until nobody is separated.
            sub_blocks, sub_cuts = self._head_to_head(block, i) if len(block) > 1 else ([block], [])
            out_blocks.extend(sub_blocks)
            out_cuts.extend(sub_cuts)
        return out_blocks, out_cuts

    def _lots_order(self, teams: list[str]) -> tuple[list[str], dict[str, int]] | None:
        """The most recent recorded sorteio of exactly these tied teams, if any: one made
        for another tie (before a correction changed it) no longer applies, and the tie
        waits for a sorteio again (docs/rules.md, "The sorteio")."""
        for order in reversed(self._lots):
            places: dict[str, int] = {}
            for place, team in enumerate(order, start=1):
                places.setdefault(team, place)
            if places.keys() == set(teams):
                return sorted(teams, key=places.__getitem__), places
        return None

    # -- head-to-head data --------------------------------------------------------
    def _between(self, a: str, b: str) -> list[RankedMatch]:
        if self._matches is None:
            self.wanted.update((a, b))
            return []
        if self._index is None:
            index: dict[tuple[str, str], list[RankedMatch]] = {}
            for m in self._matches:
                pair = (m.team_a, m.team_b) if m.team_a < m.team_b else (m.team_b, m.team_a)
                index.setdefault(pair, []).append(m)
            for (first, _), found in index.items():
                # Canonical order so explanations do not depend on the input order.
                found.sort(key=partial(_canonical, first))
            self._index = index
        return self._index.get((a, b) if a < b else (b, a), [])

    def _mini_table(self, teams: list[str]) -> dict[str, Counters]:
        table = dict.fromkeys(teams, ZERO)
        for a, b in combinations(teams, 2):
            for m in self._between(a, b):
                table[m.team_a] = table[m.team_a] + m.counters_a
                table[m.team_b] = table[m.team_b] + m.counters_b
        return table

    # -- assembling -----------------------------------------------------------------
    @staticmethod
    def _tie(teams: list[str], kind: SeparationKind) -> _Ranked:
        return teams, [Separation(u, lo, None, kind=kind) for u, lo in zip(teams, teams[1:], strict=False)]

    def _join(self, parts: list[_Ranked], cuts: Sequence[_Cut]) -> _Ranked:
        order, seps = parts[0]
        for (criterion, uv, lv, detail), (sub_order, sub_seps) in zip(cuts, parts[1:], strict=True):
            seps.append(
                Separation(order[-1], sub_order[0], criterion, uv, lv, detail, averaged=self.averaged)
            )
            order.extend(sub_order)
            seps.extend(sub_seps)
        return order, seps
