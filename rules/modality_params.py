"""Types of a modality's match parameters: the :class:`Modality` record and its enums.

Kept apart from the presets (``rules.modalities``) so that ``rules.settings`` (the
per-tournament overrides) can import them without a cycle.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rules.types import Criterion


class Family(str, Enum):
    """Which rulebook a modality comes from; family-specific checks key on it."""

    GAUCHO_000 = "gaucho_000"
    CEGO_DUPLA_001 = "cego_dupla_001"
    PAULISTA_002 = "paulista_002"
    GOIANO_003 = "goiano_003"
    URUGUAIO_004 = "uruguaio_004"


class TimeLimit(str, Enum):
    """What happens when the clock runs out (docs/rules.md §3.8)."""

    NONE = "none"
    # 000: forced falta until the partida ends, then the commission names the winner.
    COMMISSION = "commission"
    # 003: at partida_minutes the higher score wins the partida; equal means no winner.
    HIGHER_SCORE = "higher_score"


class FaltaBasis(str, Enum):
    """Whose remaining points a falta envido measures (AMB-09). Hand level only."""

    LEADER = "leader"
    PROPOSER = "proposer"
    NONE = "none"  # modalities without envido


class CrossGroupMethod(str, Enum):
    """How teams of chaves of different sizes are compared (AMB-05)."""

    AVERAGES = "averages"
    DISCARD_LAST = "discard_last"


DEFAULT_TIEBREAKERS: tuple[Criterion, ...] = (
    Criterion.WINS,
    Criterion.GAMES_WON,
    Criterion.POINTS_FOR,
    Criterion.HEAD_TO_HEAD,
    Criterion.LOTS,
)
# Same names; with CrossGroupMethod.AVERAGES the first three are read per jogo played
# (V/J, P/J, T/J), the completion of the truncated rule [000 L1577] (AMB-05).
DEFAULT_CROSS_GROUP: tuple[Criterion, ...] = DEFAULT_TIEBREAKERS


@dataclass(frozen=True, slots=True)
class Modality:
    """Match-level parameters of one modality (or of one tournament after overrides)."""

    key: str
    name: str  # pt-BR display name
    family: Family
    players: int  # starters per side
    max_reserves: int
    points_to_win: int
    malos: int | None  # display only: the first half of the target, where the rulebook has it
    buenos: int | None
    best_of: int
    sweep_bonus: bool  # a clean sweep credits best_of partidas and best_of × target tentos
    walkover_expels: bool  # Art. 20 III + §1º: the absent side leaves the tournament
    time_limit: TimeLimit
    match_minutes: int | None  # per jogo (000: 2 h)
    partida_minutes: int | None  # per partida (003: 45)
    tiebreak_minutes: int | None  # the extra tiebreak partida (003: 25)
    tiebreak_game: bool  # an extra partida after best_of when partida wins are tied
    game_disqualification: bool  # a side may be disqualified from one partida (001)
    tiebreakers: tuple[Criterion, ...]
    cross_group_criteria: tuple[Criterion, ...]
    cross_group_method: CrossGroupMethod
    third_place_match: bool
    knockout_only: bool
    exclusive_registration: bool
    max_single_award: int  # largest award of a partida's last hand (rules.modalities)
    falta_basis: FaltaBasis
    mao_de_onze: bool
    deck_cards: int
    score_unit: str  # "tento" or "ponto", for display
    # Vocabulary of the modality (display only; the rules key on the fields above):
    has_envido: bool = False  # envido and its cadeias (E-RE-F…) exist in the hands
    has_flor: bool = False  # flor and contra-flor exist in the hands
    # The article a disqualification item refers to ("Art. 20" in the 000 rulebook, with
    # §1º: out of the tournament, §2º: only this jogo); None where no rulebook numbers them.
    disqualification_article: str | None = None
    tiebreak_game_name: str | None = None  # the extra partida's name («desempate», 003)

    @property
    def points_word(self) -> str:
        """The rulebook's word for its points, plural: «tentos» (000/001/002), «pontos» (003/004)."""
        return f"{self.score_unit}s"

    @property
    def wins_needed(self) -> int:
        return self.best_of // 2 + 1

    @property
    def max_games(self) -> int:
        """Rows a súmula may hold: best_of, plus the tiebreak partida where allowed."""
        return self.best_of + (1 if self.tiebreak_game else 0)

    @property
    def sweep_points(self) -> int:
        """Tentos credited by a sweep with the sweep credit on (§3.1): best_of × target."""
        return self.best_of * self.points_to_win

    @property
    def award_games(self) -> int:
        """Partidas credited by a W.O., a disqualification or a stalling award (§3.5, §3.6).

        A clean 2–0 of the modality: with the sweep credit the phantom partidas count
        (best_of), without it only the partidas a real sweep wins (wins_needed), so an
        award is never worth more than the best real win (Paulista: 2, not 3).
        """
        return self.best_of if self.sweep_bonus else self.wins_needed

    @property
    def award_points(self) -> int:
        """Tentos credited with :attr:`award_games`: each of those partidas at the target."""
        return self.award_games * self.points_to_win

    @property
    def score_ceiling(self) -> int:
        """Highest legal raw score: a side on target − 1 winning the largest award."""
        return self.points_to_win - 1 + self.max_single_award
