"""Does a result count? The one answer, for every part of Tenteio (docs/rules.md §3.13).

A jogo's result counts — in the classificação, on the results pages, in the mata-mata
(who advances), in the public JSON and on paper — only when its súmula has no problem
but warnings. The one exception is ``game.score_clamped``: it is the log entry of a
score above the target recorded as the target on request (V-P2, AMB-08), and the
clamped score counts. A score still above the target (``game.score_above_target``,
severity N) does not count until it is clamped: V-P2 never fixes a score silently.
Problems of the result's shape (``result.*``, found while reading a stored result)
count like any other problem.

:func:`judge` answers for a parsed report, :func:`judge_result` for a stored
interchange ``result`` object; both return the problems found and, when the result
counts, its :class:`~rules.counters.MatchOutcome` (``None`` when it does not). Nothing
else in Tenteio decides whether a result counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.counters import MatchOutcome, contributions
from rules.modality_params import Modality
from rules.problems import Problem, Severity
from rules.results import MatchReport, from_interchange
from rules.validation import validate_match

# The only non-warning problem a counted result may carry: it says a fix was applied.
ALLOWED = frozenset({"game.score_clamped"})


def stops_counting(p: Problem) -> bool:
    """Whether this problem keeps a result out of every count."""
    return p.severity is not Severity.WARNING and p.code not in ALLOWED


def counts(problems: Iterable[Problem]) -> bool:
    """Whether a result with these problems counts."""
    return not any(stops_counting(p) for p in problems)


def judge(
    modality: Modality,
    report: MatchReport,
    teams: tuple[str, str],
    noted: tuple[Problem, ...] = (),
) -> tuple[tuple[Problem, ...], MatchOutcome | None]:
    """A report's problems (``noted`` first: what reading or clamping it found) and,
    when it counts, what it contributes."""
    found = (*noted, *validate_match(modality, report, teams))
    if not counts(found):
        return found, None
    return found, contributions(modality, report)


@dataclass(frozen=True, slots=True)
class Verdict:
    """A stored result judged: its report (``None`` when unreadable), every problem, and
    its outcome when it counts."""

    report: MatchReport | None
    problems: tuple[Problem, ...]
    outcome: MatchOutcome | None

    @property
    def counted(self) -> bool:
        return self.outcome is not None


def judge_result(modality: Modality, result: object, team_a: str, team_b: str) -> Verdict:
    """:func:`judge` for a stored interchange ``result``: its shape problems count too."""
    report, read = from_interchange(result, team_a, team_b)
    if report is None:
        return Verdict(None, tuple(read), None)
    found, outcome = judge(modality, report, (team_a, team_b), tuple(read))
    return Verdict(report, found, outcome)
