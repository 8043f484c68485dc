"""The situation a hand is scored in: modality, score before the hand, mão, testa.

Shared by the part scorers (``truco``, ``envido``, ``flor``, ``penalties``) so each of
them reads the same falta, buenos and tie-break rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.hands.types import DEFAULT_OPTIONS, LADDER_3_6_9_12, HandOptions, Variant
from rules.modality_params import Modality
from rules.problems import CODES, ParamValue, Problem
from rules.results import Side


@dataclass(frozen=True, slots=True)
class Ctx:
    modality: Modality
    variant: Variant
    before: tuple[int, int]
    mao: Side
    options: HandOptions = DEFAULT_OPTIONS
    testa: bool = False
    number: int = 1  # the hand's 1-based index in the partida (shown in messages)
    game: int | None = None

    @property
    def target(self) -> int:
        return self.modality.points_to_win

    def score(self, side: Side) -> int:
        return self.before[0] if side is Side.A else self.before[1]

    def falta(self, side: Side) -> int:
        """What ``side`` still needs (001 "uma única falta"; 004 AMB-25)."""
        return self.target - self.score(side)

    @property
    def leader_falta(self) -> int:
        """000: the falta "do trio que vai adiante" [000 L621] (AMB-09)."""
        return self.target - max(self.before)

    @property
    def in_buenos(self) -> bool:
        """A side has completed the malos (Amostra cap and lei do jogo, V-H8)."""
        malos = self.modality.malos
        return malos is not None and max(self.before) >= malos

    @property
    def mao_de_onze(self) -> bool:
        """002/003: a side on target − 1 (11 of 12) plays a mão de onze (§2.4.5, §2.5.5)."""
        return self.variant in LADDER_3_6_9_12 and self.target - 1 in self.before

    @property
    def tie_winner(self) -> Side:
        """Envido / flor / pardas ties: the dealer in 004, the mão elsewhere (AMB-19)."""
        return self.mao.other if self.variant is Variant.URUGUAIO else self.mao

    def problem(self, code: str, **params: ParamValue) -> Problem:
        # Built directly: ``problem(**params)`` cannot be typed with free parameter names.
        merged = {**params, "hand": self.number}
        return Problem(code, CODES[code].severity, tuple(sorted(merged.items())), game=self.game)
