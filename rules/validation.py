"""Validation of one súmula (docs/rules.md §4.1 partida checks, §4.2 score-related jogo checks).

:func:`validate_match` returns every problem found, never the first only, and never
raises for any value a :class:`MatchReport` can hold (scores are ``object``). Checks on
signatures, rosters, times and hand logs (V-M6/7, V-M10 timestamps, V-M12..V-M21, §4.3)
need data this layer does not receive yet; they belong to later issues.

:func:`clamp_report` is the explicit opt-in normaliser of V-P2 (AMB-08): a winner's
score above the target, but within one legal hand of it, becomes the target, and each
change is returned as a ``game.score_clamped`` log entry.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from rules.modality_params import Family, Modality, TimeLimit
from rules.problems import ParamValue, Problem, Severity, describe_value, problem
from rules.results import (
    Disqualification,
    Ending,
    GameReport,
    MatchReport,
    Scope,
    Side,
    article_scope,
    parse_article,
)

DEFAULT_TEAMS = ("A", "B")


def as_score(value: object) -> int | None:
    """The score as an int ≥ 0, or None (bool is not a score, nor is 7.0 from JSON)."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return None


def game_winner(modality: Modality, a: int, b: int, ending: Ending, offender: Side | None) -> Side | None:
    """Who won a partida with valid scores; None for a tie at time or an unfinished row."""
    if ending is Ending.DISQUALIFICATION:
        return offender.other if offender is not None else None
    leader = Side.A if a > b else Side.B if b > a else None
    if ending is Ending.TIME:
        # Only 003 wins on points at time; in 000 a TIME row is the unfinished last
        # partida of a commission decision, which counts for nobody.
        return leader if modality.time_limit is TimeLimit.HIGHER_SCORE else None
    return leader if max(a, b) >= modality.points_to_win else None


def partida_offender(report: MatchReport) -> Side | None:
    dq = report.disqualification
    return dq.side if dq is not None and dq.scope is Scope.GAME else None


def match_disqualification(report: MatchReport) -> Disqualification | None:
    """The disqualification that decides the whole jogo (tournament or match scope)."""
    dq = report.disqualification
    return dq if dq is not None and dq.scope is not Scope.GAME else None


@dataclass(slots=True)
class _Checker:
    modality: Modality
    report: MatchReport
    teams: tuple[str, str]
    problems: list[Problem] = dataclasses.field(default_factory=list)
    undecided_explained: bool = False  # a reported row already says why nobody won
    offender: Side | None = None  # the side disqualified from a partida (001), if any
    unfinished_row: int | None = None  # the partida in progress when the jogo was decided

    def add(self, code: str, game: int | None = None, **params: ParamValue) -> None:
        self.problems.append(problem(code, game=game, teams=self.teams, **params))

    def team(self, side: Side) -> str:
        return self.teams[0] if side is Side.A else self.teams[1]

    # -- jogo-level outcome fields -------------------------------------------------

    def check_outcome_fields(self) -> None:
        report = self.report
        match_dq = match_disqualification(report)
        present = [
            name
            for name, flag in (
                ("walkover", report.walkover is not None),
                ("disqualification", match_dq is not None),
                ("commission", report.commission_winner is not None),
            )
            if flag
        ]
        if len(present) > 1:
            self.add("match.conflicting_outcomes", outcomes=", ".join(present))
        if report.commission_stalling and report.commission_winner is None:
            self.add("match.commission_winner_required")
        if report.commission_winner is not None and self.modality.time_limit is not TimeLimit.COMMISSION:
            self.add("match.commission_not_allowed", modality=self.modality.key)
        if report.disqualification is not None:
            self.check_disqualification(report.disqualification)

    def check_disqualification(self, dq: Disqualification) -> None:
        team = self.team(dq.side)
        if dq.scope is Scope.GAME:
            if not self.modality.game_disqualification:
                self.add("match.game_disqualification_not_allowed", team=team, modality=self.modality.key)
            elif not any(g.ending is Ending.DISQUALIFICATION for g in self.report.games):
                self.add("match.disqualification_game_missing", team=team)
            return
        if self.modality.family is not Family.GAUCHO_000:
            return  # outside 000 the article is free text and the scope is as given
        if dq.article is None or not dq.article.strip():
            self.add("match.disqualification_article_required", team=team)
            return
        item = parse_article(dq.article)
        if item is None:
            self.add("match.disqualification_article_invalid", team=team, article=dq.article)
        elif article_scope(item) is not dq.scope:
            self.add(
                "match.disqualification_scope_mismatch",
                team=team,
                article=dq.article,
                scope=dq.scope.value,
                expected=article_scope(item).value,
            )

    # -- partida rows --------------------------------------------------------------

    def check_game(self, index: int, game: GameReport, unfinished_ok: bool) -> tuple[bool, Side | None]:
        """Checks one row; returns (winner is known, winner)."""
        target = self.modality.points_to_win
        scores: list[int] = []
        for side, value in ((Side.A, game.a), (Side.B, game.b)):
            score = as_score(value)
            if score is not None:
                scores.append(score)
            elif isinstance(value, int) and not isinstance(value, bool):
                self.add("game.score_negative", index, team=self.team(side), value=value)
            else:
                self.add("game.score_not_integer", index, team=self.team(side), value=describe_value(value))
        if len(scores) < 2:
            return False, None
        a, b = scores
        high = a if a > b else b
        numbers: dict[str, ParamValue] = {"a": a, "b": b, "target": target}
        offender = self.offender
        if game.ending is Ending.DISQUALIFICATION:
            if not self.modality.game_disqualification:
                self.add("game.dq_not_allowed", index, modality=self.modality.key)
                return False, None
            if offender is None:
                self.add("game.dq_offender_required", index)
                return False, None
            if high >= target:
                self.add("game.dq_at_target", index, **numbers)
                return False, None
            return True, offender.other
        if game.ending is Ending.TIME:
            if self.modality.time_limit is not TimeLimit.HIGHER_SCORE and not unfinished_ok:
                self.add("game.time_not_allowed", index, modality=self.modality.key, **numbers)
                return False, None
            if high >= target:
                self.add("game.time_at_target", index, **numbers)
                return False, None
            return True, game_winner(self.modality, a, b, game.ending, offender)
        if min(a, b) >= target:
            self.add("game.tied_at_target", index, **numbers)
            return False, None
        if high < target:
            if unfinished_ok:
                self.unfinished_row = index
                return True, None  # the partida in progress when the jogo was decided
            self.add("game.no_winner" if a == b else "game.winner_not_at_target", index, **numbers)
            return False, None
        if high > self.modality.score_ceiling:
            self.add("game.score_far_above_target", index, ceiling=self.modality.score_ceiling, **numbers)
        elif high > target:
            self.add("game.score_above_target", index, **numbers)
        return True, game_winner(self.modality, a, b, game.ending, offender)

    # -- the sequence of partidas ----------------------------------------------------

    def check_sequence(self, winners: Sequence[Side | None]) -> Side | None:
        """V-M1..V-M4 on the known winners; returns the side that won on partidas."""
        modality = self.modality
        wins = {Side.A: 0, Side.B: 0}
        decided: Side | None = None
        flagged: set[int] = set()  # rows already reported; too_many_games covers the rest
        for index, winner in enumerate(winners, start=1):
            if decided is not None:
                self.add("match.game_after_decided", index, winner=self.team(decided))
                flagged.add(index)
                continue
            tiebreak = index == modality.best_of + 1
            if tiebreak and not modality.tiebreak_game:
                self.add("match.tiebreak_not_allowed", index, modality=modality.key)
                flagged.add(index)
            if tiebreak and winner is None and self.report.games[index - 1].ending is Ending.TIME:
                self.add("game.time_tie_not_allowed", index)
                self.undecided_explained = True
            if winner is not None:
                wins[winner] += 1
                if wins[winner] >= modality.wins_needed or index > modality.best_of:
                    decided = winner
            finished = index != self.unfinished_row  # a partida in progress decides nothing
            if index == modality.best_of and finished and decided is None and wins[Side.A] != wins[Side.B]:
                # 003 ties: after best_of partidas, more partida wins takes the jogo (AMB-12).
                decided = Side.A if wins[Side.A] > wins[Side.B] else Side.B
        if any(i not in flagged for i in range(modality.max_games + 1, len(winners) + 1)):
            self.add("match.too_many_games", count=len(winners), maximum=modality.max_games)
        return decided

    def run(self) -> list[Problem]:
        report = self.report
        self.offender = partida_offender(report)
        self.check_outcome_fields()
        if report.walkover is not None:
            if report.games:
                self.add("match.walkover_with_games", count=len(report.games))
            return self.problems
        special = match_disqualification(report) is not None or report.commission_winner is not None
        if not report.games:
            if not special:
                self.add("match.no_games")
            return self.problems
        winners: list[Side | None] = []
        known = True
        last = len(report.games)
        for index, game in enumerate(report.games, start=1):
            ok, winner = self.check_game(index, game, unfinished_ok=special and index == last)
            known = known and ok
            winners.append(winner)
        if not known:
            return self.problems  # a row with an unknowable winner makes the sequence moot
        decided = self.check_sequence(winners)
        if decided is not None and match_disqualification(report) is not None:
            self.add("match.disqualification_after_decided", winner=self.team(decided))
        elif decided is not None and report.commission_winner is not None:
            self.add("match.commission_after_decided", winner=self.team(decided))
        elif decided is None and not special and not self.undecided_explained:
            wins_a = sum(1 for w in winners if w is Side.A)
            wins_b = sum(1 for w in winners if w is Side.B)
            self.add("match.undecided", wins_a=wins_a, wins_b=wins_b, needed=self.modality.wins_needed)
        return self.problems


def validate_match(
    modality: Modality, report: MatchReport, teams: tuple[str, str] = DEFAULT_TEAMS
) -> list[Problem]:
    """Every problem of ``report`` under ``modality``; ``teams`` name sides in messages."""
    return _Checker(modality, report, teams).run()


def clamp_report(
    modality: Modality, report: MatchReport, teams: tuple[str, str] = DEFAULT_TEAMS
) -> tuple[MatchReport, list[Problem]]:
    """Clamp each fixable above-target winner score to the target (V-P2 N cases only).

    Returns the new report and one ``game.score_clamped`` entry per change; rows with
    any other problem (including a score beyond one legal hand) are left untouched.
    """
    fixable = {
        p.game
        for p in validate_match(modality, report, teams)
        if p.code == "game.score_above_target" and p.severity is Severity.NORMALIZE
    }
    target = modality.points_to_win
    games: list[GameReport] = []
    log: list[Problem] = []
    for index, game in enumerate(report.games, start=1):
        a, b = as_score(game.a), as_score(game.b)
        if index in fixable and a is not None and b is not None:
            side = Side.A if a > b else Side.B
            before = (a, b)
            game = dataclasses.replace(game, a=min(a, target), b=min(b, target))
            log.append(
                problem(
                    "game.score_clamped",
                    game=index,
                    teams=teams,
                    team=teams[0] if side is Side.A else teams[1],
                    a=before[0],
                    b=before[1],
                    target=target,
                )
            )
        games.append(game)
    return dataclasses.replace(report, games=tuple(games)), log
