"""Problems found in settings and súmulas: a stable code, a severity, and the numbers.

Every check of the rules engine reports a :class:`Problem` instead of raising, so a caller
feeding raw input gets the full list at once. A problem carries no text: the edge (a
Django view, a command) renders it through gettext, in the active language, with
``core.problem_text.render``.

``CODES`` is the registry of every code, its fixed severity and the docs/rules.md check it
implements; :func:`problem` refuses an unregistered code, and a test holds the messages
(``core.problem_text.MESSAGES``) to exactly these codes, so they cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

ParamValue = str | int | None


class Severity(str, Enum):
    """docs/rules.md §4: E rejects the súmula, W flags it, N is fixable on explicit request."""

    ERROR = "error"
    WARNING = "warning"
    NORMALIZE = "normalize"


@dataclass(frozen=True, slots=True)
class CodeInfo:
    severity: Severity
    check: str  # the docs/rules.md check id, for the audit trail ("" when it is data shape)


_E = Severity.ERROR
_N = Severity.NORMALIZE

CODES: dict[str, CodeInfo] = {
    # Tournament settings (overrides of a modality preset).
    "settings.unknown": CodeInfo(_E, ""),
    "settings.type_invalid": CodeInfo(_E, ""),
    "settings.best_of_invalid": CodeInfo(_E, "V-M1"),
    "settings.points_to_win_invalid": CodeInfo(_E, "V-P3"),
    "settings.value_too_small": CodeInfo(_E, ""),
    "settings.choice_invalid": CodeInfo(_E, ""),
    "settings.tiebreaker_unknown": CodeInfo(_E, "§3.2"),
    "settings.tiebreaker_duplicate": CodeInfo(_E, "§3.2"),
    "settings.tiebreakers_empty": CodeInfo(_E, "§3.2"),
    "settings.partida_minutes_required": CodeInfo(_E, "V-P6"),
    # Shape of an interchange ``result`` object.
    "result.not_object": CodeInfo(_E, ""),
    "result.unknown_key": CodeInfo(_E, ""),
    "result.field_invalid": CodeInfo(_E, ""),
    "result.endings_length": CodeInfo(_E, ""),
    "game.malformed": CodeInfo(_E, ""),
    "game.ending_unknown": CodeInfo(_E, ""),
    # Partida-level checks (docs/rules.md §4.1).
    "game.score_not_integer": CodeInfo(_E, "V-P1"),
    "game.score_negative": CodeInfo(_E, "V-P1"),
    "game.score_above_target": CodeInfo(_N, "V-P2"),
    "game.score_far_above_target": CodeInfo(_E, "V-P2"),
    "game.score_clamped": CodeInfo(_N, "V-P2"),
    "game.winner_not_at_target": CodeInfo(_E, "V-P3"),
    "game.no_winner": CodeInfo(_E, "V-P3"),
    "game.tied_at_target": CodeInfo(_E, "V-P4"),
    "game.time_not_allowed": CodeInfo(_E, "V-P6/V-P8"),
    "game.time_at_target": CodeInfo(_E, "V-P6"),
    "game.time_tie_not_allowed": CodeInfo(_E, "V-P7"),
    "game.dq_not_allowed": CodeInfo(_E, "V-P9"),
    "game.dq_offender_required": CodeInfo(_E, "V-P9"),
    "game.dq_at_target": CodeInfo(_E, "V-P9"),
    # Jogo / match-level checks (docs/rules.md §4.2).
    "match.no_games": CodeInfo(_E, "V-M4"),
    "match.game_after_decided": CodeInfo(_E, "V-M1/V-M2"),
    "match.too_many_games": CodeInfo(_E, "V-M3"),
    "match.tiebreak_not_allowed": CodeInfo(_E, "V-M3"),
    "match.undecided": CodeInfo(_E, "V-M4"),
    "match.conflicting_outcomes": CodeInfo(_E, "V-M5"),
    "match.walkover_with_games": CodeInfo(_E, "V-M8"),
    "match.walkover_unknown_team": CodeInfo(_E, "V-M8"),
    "match.disqualification_unknown_team": CodeInfo(_E, "V-M9"),
    "match.disqualification_article_required": CodeInfo(_E, "V-M9"),
    "match.disqualification_article_invalid": CodeInfo(_E, "V-M9"),
    "match.disqualification_scope_mismatch": CodeInfo(_E, "V-M9"),
    "match.disqualification_scope_unknown": CodeInfo(_E, "V-M9"),
    "match.disqualification_after_decided": CodeInfo(_E, "V-M10"),
    "match.disqualification_game_missing": CodeInfo(_E, "V-P9"),
    "match.game_disqualification_not_allowed": CodeInfo(_E, "V-P9"),
    "match.commission_not_allowed": CodeInfo(_E, "V-P8/AMB-10"),
    "match.commission_winner_required": CodeInfo(_E, "AMB-10"),
    "match.commission_unknown_team": CodeInfo(_E, "AMB-10"),
    "match.commission_after_decided": CodeInfo(_E, "AMB-10"),
    # Chave-level checks (rules.group).
    "match.same_team": CodeInfo(_E, ""),
    "match.expelled_team_played": CodeInfo(_E, "V-M11"),
    # Knockout checks (docs/rules.md §3.10, the mata-mata; knockout.bracket).
    "knockout.third_place_not_allowed": CodeInfo(_E, "V-M18"),
    "knockout.team_eliminated": CodeInfo(_E, "§3.10"),
    "knockout.feeder_undecided": CodeInfo(_E, "§3.10"),
    "knockout.not_in_bracket": CodeInfo(_E, "§3.10"),
    # Recorded sorteios (docs/rules.md §3.2 "Recorded sorteios").
    "lots.not_a_tie": CodeInfo(_E, "§3.2"),
    # Hand-level checks (docs/rules.md §4.3; rules.hands).
    "hand.score_invalid": CodeInfo(_E, "V-H1"),
    "hand.award_mismatch": CodeInfo(_E, "V-H1"),
    "hand.final_score_mismatch": CodeInfo(_E, "V-H1"),
    "hand.after_target": CodeInfo(_E, "V-H2"),
    "hand.truco_after_close": CodeInfo(_E, "V-H2"),
    "hand.truco_level_invalid": CodeInfo(_E, "V-H3/V-H4"),
    "hand.truco_side_invalid": CodeInfo(_E, "V-H3/V-H4"),
    "hand.truco_refused_without_call": CodeInfo(_E, "V-H3/V-H4"),
    "hand.envido_not_in_modality": CodeInfo(_E, "V-H3"),
    "hand.flor_not_in_modality": CodeInfo(_E, "V-H3"),
    "hand.flor_and_envido": CodeInfo(_E, "V-H4"),
    "hand.flor_chain_invalid": CodeInfo(_E, "V-H4"),
    "hand.flor_count_invalid": CodeInfo(_E, "V-H4"),
    "hand.flor_winner_invalid": CodeInfo(_E, "V-H4"),
    "hand.envido_chain_invalid": CodeInfo(_E, "V-H5"),
    "hand.envido_winner_invalid": CodeInfo(_E, "V-H5"),
    "hand.a_minha_falta_invalid": CodeInfo(_E, "V-H6"),
    "hand.volta_type_invalid": CodeInfo(_E, "V-H7"),
    "hand.testa_not_in_modality": CodeInfo(_E, "V-H7"),
    "hand.testa_duels_invalid": CodeInfo(_E, "V-H7"),
    "hand.testa_bet_above_max": CodeInfo(_E, "V-H7"),
    "hand.envido_above_cap": CodeInfo(_E, "V-H8"),
    "hand.advantage_bet_invalid": CodeInfo(_E, "V-H8"),
    "hand.lei_do_jogo_invalid": CodeInfo(_E, "V-H8"),
    "hand.cfr_needs_a_point": CodeInfo(_E, "V-H8"),
    "hand.mao_de_onze_truco": CodeInfo(_E, "V-H9"),
    "hand.mao_de_onze_refusal_invalid": CodeInfo(_E, "V-H9/V-H10"),
    "hand.tento_value_invalid": CodeInfo(_E, "V-H11"),
    "hand.penalty_not_in_modality": CodeInfo(_E, "AMB-17"),
    "hand.penalty_value_invalid": CodeInfo(_E, "AMB-17"),
    "hand.penalty_article_required": CodeInfo(_E, "AMB-17"),
    "hand.flor_disabled": CodeInfo(_E, "V-H12"),
    "hand.flor_limit": CodeInfo(_E, "V-H12"),
}


@dataclass(frozen=True, slots=True)
class Problem:
    """One finding. ``game`` is the 1-based partida index; ``teams`` the match's teams."""

    code: str
    severity: Severity
    params: tuple[tuple[str, ParamValue], ...] = ()
    game: int | None = None
    teams: tuple[str, ...] = ()

    def param(self, name: str) -> ParamValue:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    @property
    def params_dict(self) -> dict[str, ParamValue]:
        return dict(self.params)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR


def problem(
    code: str,
    *,
    game: int | None = None,
    teams: Sequence[str] = (),
    **params: ParamValue,
) -> Problem:
    """Build a problem of a registered code; its severity comes from ``CODES``."""
    info = CODES[code]  # a KeyError here is a programming error, not bad input
    return Problem(
        code=code,
        severity=info.severity,
        params=tuple(sorted(params.items())),
        game=game,
        teams=tuple(teams),
    )


def describe_value(value: object) -> str:
    """A short, safe text for a bad input value (never a huge repr in a message)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def has_errors(problems: Sequence[Problem]) -> bool:
    return any(p.severity is Severity.ERROR for p in problems)


class RulesError(Exception):
    """Raised where a return value cannot carry problems (applying settings)."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__(", ".join(p.code for p in self.problems))
