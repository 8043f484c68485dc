"""Final placings of a tournament from bands of teams (docs/rules.md §3.15). Pure.

A *band* is a set of teams that went equally far: the champion, the runner-up, the
semifinal losers without a disputa de 3º lugar, the teams out in the quartas, the 3ºs
of every chave, the teams out in the chaves... Bands come best first; the selector
(``knockout.placings``) builds them from the bracket and the classificação.

Inside a band the teams are ordered by ``breaker`` (a rank: lower is better, e.g. the
cross-chave position or the team's placing in the chaves); teams with an equal
breaker — or a band without one — share the position, and are marked ``shared``.
Positions are competition ranks over every team before: 1, 2, 3, 3, 5, 5, 5, 5, 9.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Band:
    """Teams that reached the same point, with ``label`` saying which («Semifinais»)."""

    teams: tuple[str, ...]
    label: str = ""
    breaker: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class FinalPlacing:
    position: int
    team: str
    shared: bool
    label: str = ""


def rank_bands(bands: Sequence[Band]) -> list[FinalPlacing]:
    """Every team of ``bands`` with its final position, best first.

    A team listed twice is placed where it first appears (a better band wins); a team
    missing from a band's ``breaker`` (when the band has one) comes after those in it,
    sharing with the others missing.
    """
    seen: set[str] = set()
    out: list[FinalPlacing] = []
    before = 0
    for band in bands:
        teams = [t for t in dict.fromkeys(band.teams) if t not in seen]
        seen.update(teams)
        if not teams:
            continue
        missing = 1 + max(band.breaker.values(), default=0)
        key = {t: band.breaker.get(t, missing) if band.breaker else 0 for t in teams}
        ordered = sorted(teams, key=lambda t: key[t])  # stable: the band's own order among equals
        # How many share each key, and how many come before it: counted once, not per
        # team (a 512-team band would be 512 × 512 comparisons).
        equal = Counter(key.values())
        better: dict[int, int] = {}
        ahead = 0
        for k in sorted(equal):
            better[k], ahead = ahead, ahead + equal[k]
        for t in ordered:
            out.append(FinalPlacing(before + better[key[t]] + 1, t, equal[key[t]] > 1, band.label))
        before += len(teams)
    return out


def positions_of(placings: Sequence[FinalPlacing]) -> dict[str, int]:
    """Team → final position: the ``breaker`` of a band built from earlier placings."""
    return {p.team: p.position for p in placings}


def chave_bands(tiers: Sequence[Sequence[tuple[str, int]]], labels: Sequence[str] = ()) -> list[Band]:
    """The bands of a phase of chaves: tier *k* holds the *k*-th placed team of every
    chave with its cross-chave position (``rules.crossgroup``: 1 best; equal positions
    wait for a sorteio and so share). ``labels[k]`` names the tier («2º da chave»)."""
    return [
        Band(tuple(team for team, _ in tier), labels[k] if k < len(labels) else "", dict(tier))
        for k, tier in enumerate(tiers)
    ]
