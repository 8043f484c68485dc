"""Value types shared by every part of the rules engine.

Validation and counters (``rules.validation``, ``rules.counters``, ``rules.group``)
produce them; ranking (``rules.ranking``, ``rules.crossgroup``) consumes them. Team ids
are opaque strings (the interchange file's team keys, or database ids as text).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum


class TeamStatus(str, Enum):
    """Whether a team is still ranked among the active ones of its chave."""

    ACTIVE = "active"
    DISQUALIFIED = "disqualified"


class Criterion(str, Enum):
    """Tiebreak criteria, by the names used in settings and interchange files."""

    WINS = "wins"
    GAMES_WON = "games_won"
    POINTS_FOR = "points_for"
    POINTS_DIFFERENCE = "points_difference"
    GAMES_DIFFERENCE = "games_difference"
    HEAD_TO_HEAD = "head_to_head"
    # Swiss (rules.swiss_tiebreaks): from the opponents' vitórias, not the team's counters.
    BUCHHOLZ = "buchholz"
    BUCHHOLZ_CUT1 = "buchholz_cut1"
    SONNEBORN_BERGER = "sonneborn_berger"
    LOTS = "lots"


@dataclass(frozen=True, slots=True)
class Counters:
    """Standings counters (docs/rules.md §3): J, V, D, P (and partidas lost), T, TC."""

    played: int = 0
    wins: int = 0
    losses: int = 0
    games_won: int = 0
    games_lost: int = 0
    points_for: int = 0
    points_against: int = 0

    def __add__(self, other: Counters) -> Counters:
        return Counters(
            played=self.played + other.played,
            wins=self.wins + other.wins,
            losses=self.losses + other.losses,
            games_won=self.games_won + other.games_won,
            games_lost=self.games_lost + other.games_lost,
            points_for=self.points_for + other.points_for,
            points_against=self.points_against + other.points_against,
        )

    def as_dict(self) -> dict[str, int]:
        """The seven counters by name, in this order (the rows stored and the JSON served)."""
        return {name: getattr(self, name) for name in COUNTER_NAMES}

    @property
    def points_difference(self) -> int:
        return self.points_for - self.points_against

    @property
    def games_difference(self) -> int:
        return self.games_won - self.games_lost


# The counters' names in their order: the stored rows' columns and the CSV's.
COUNTER_NAMES = tuple(f.name for f in fields(Counters))


@dataclass(frozen=True, slots=True)
class RankedMatch:
    """One match as the ranking sees it: who played, what each earned, who won.

    ``games`` are the partida scores as played, ``(team_a, team_b)`` each, used only to
    explain a head-to-head decision ("24–13, 24–20"). ``winner`` is ``None`` when the
    match gives nobody the win (a double W.O.).
    """

    team_a: str
    team_b: str
    counters_a: Counters
    counters_b: Counters
    winner: str | None
    games: tuple[tuple[int, int], ...] = ()
