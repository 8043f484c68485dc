"""What a stored result contributes to the standings, decided once (at the write).

A súmula is parsed and judged when it is written (:func:`tally`): the answer — the
counters each side earns (``rules.counters``) when the result counts, the sides absent
in a W.O., and why a side would leave the tournament with this jogo — is what the
database keeps, so a standings read adds stored numbers instead of judging every
result again. Only the rules engine decides: this module is the one place that turns a
result into what it contributes, at the write and in the data migration alike.

:func:`evaluate_tallies` is ``rules.group.evaluate_group`` over stored tallies: the same
expulsion walk (§3.13, AMB-07), so a chave with an expulsion ranks the same either way.
A chave where nobody is expelled needs no walk at all: its totals are the sums of its
stored counters (``rules.ranking.rank_totals``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.counters import MatchOutcome
from rules.counting import judge, judge_result
from rules.group import GroupEvaluation, _ranked, walk_group
from rules.modality_params import Modality
from rules.problems import Problem
from rules.results import Absent, MatchReport, Scope, Side
from rules.types import Counters, RankedMatch

WALKOVER_REASON = "W.O. (Art. 20, III)"


@dataclass(frozen=True, slots=True)
class Tally:
    """What one result means for the standings of its chave.

    ``outcome`` is ``None`` when the result does not count (``rules.counting``: an error,
    a score that waits for a normalisation): the jogo then has a result, but adds nothing.
    ``reasons`` say, per side, why it leaves the tournament if this jogo expels it
    (shown beside an expelled team), the first reason of the súmula for that side.
    """

    outcome: MatchOutcome | None
    absent: frozenset[Side] = frozenset()
    reasons: tuple[tuple[Side, str], ...] = ()

    def reason(self, side: Side) -> str:
        return next((text for s, text in self.reasons if s is side), "")


def tally(modality: Modality, result: object, team_a: str, team_b: str) -> Tally | None:
    """What a stored interchange ``result`` contributes; ``None`` when its shape is too
    broken to read, which the standings treat as no result at all."""
    verdict = judge_result(modality, result, team_a, team_b)
    if verdict.report is None:
        return None
    return _tally(verdict.report, verdict.outcome)


def tally_report(modality: Modality, report: MatchReport, teams: tuple[str, str]) -> Tally:
    _, outcome = judge(modality, report, teams)
    return _tally(report, outcome)


def _tally(report: MatchReport, outcome: MatchOutcome | None) -> Tally:
    absent = report.walkover.sides if report.walkover is not None else frozenset()
    return Tally(outcome, absent, _reasons(report))


def _reasons(report: MatchReport) -> tuple[tuple[Side, str], ...]:
    found: dict[Side, str] = {}
    if report.walkover is not None:
        for side in sorted(report.walkover.sides):
            found.setdefault(side, WALKOVER_REASON)
    dq = report.disqualification
    if dq is not None and dq.scope is Scope.TOURNAMENT:
        found.setdefault(dq.side, f"Art. {dq.article}" if dq.article else "desclassificação")
    return tuple(found.items())


@dataclass(frozen=True, slots=True)
class StoredMatch:
    """A chave's fixture with its stored tally (``None``: no result yet)."""

    key: str
    round: int | None
    team_a: str
    team_b: str
    tally: Tally | None


def evaluate_tallies(modality: Modality, matches: Sequence[StoredMatch]) -> GroupEvaluation:
    """``evaluate_group`` over stored tallies: nothing is parsed or validated again,
    except the W.O. an expelled team's unplayed fixture becomes."""

    def absent(t: Tally) -> frozenset[Side]:
        return t.absent

    def walkover(gone: Side) -> Tally:
        return tally_report(modality, MatchReport(walkover=Absent(gone.value)), ("A", "B"))

    def verdict(t: Tally, teams: tuple[str, str]) -> tuple[tuple[Problem, ...], MatchOutcome | None]:
        return (), t.outcome

    fixtures = [(m.key, m.round, m.team_a, m.team_b, m.tally) for m in matches]
    return walk_group(fixtures, absent, walkover, verdict)


def folga_credit(modality: Modality) -> Counters:
    """What a Swiss folga adds (docs/rules.md §3.17): a W.O. win, the modality's credit."""
    outcome = tally_report(modality, MatchReport(walkover=Absent(Side.B.value)), ("A", "B")).outcome
    assert outcome is not None  # a W.O. always counts
    return outcome.counters_a


def ranked_match(team_a: str, team_b: str, outcome: MatchOutcome) -> RankedMatch:
    """A counted jogo as the ranking sees it (head-to-head reads these)."""
    return _ranked(team_a, team_b, outcome)


def expulsion_reasons(matches: Sequence[StoredMatch], expelled: frozenset[str]) -> Mapping[str, str]:
    """Why each expelled team was expelled, in the rulebook's words: the first reason
    its súmulas give, in round order."""
    out: dict[str, str] = {}
    for m in sorted(matches, key=lambda m: (m.round is None, m.round or 0)):
        if m.tally is None:
            continue
        for side, text in m.tally.reasons:
            team = m.team_a if side is Side.A else m.team_b
            if team in expelled:
                out.setdefault(team, text)
    return out
