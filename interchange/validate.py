"""Every result of a tenteio/1 file through the rules engine, before any write.

Each match's ``result`` is parsed and validated by ``rules``; chave-level rules (a team
expelled under Art. 20 §1º may not play again, V-M11) are checked per chave. With
``clamp`` a winner's score above the target is recorded as the target (V-P2) and the
change is reported; without it, it is a problem like any other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from core.problem_text import render, site_language
from interchange.checker import Issue
from interchange.document import Document, MatchDoc
from rules.group import GroupMatch, evaluate_group
from rules.modalities import Modality
from rules.problems import Problem, Severity
from rules.results import MatchReport, from_interchange, to_interchange
from rules.validation import clamp_report, validate_match

GROUP_LEVEL_CODES = frozenset({"match.expelled_team_played"})


@dataclass
class Prepared:
    """What will be stored for one match: the (normalised) result and its log."""

    match: MatchDoc
    result: dict[str, Any] | None
    report: MatchReport | None
    normalizations: list[str] = field(default_factory=list)


def problem_issue(match: MatchDoc, p: Problem, modality: Modality | str = "tento") -> Issue:
    message = render(p, modality)
    where = match.where()
    if p.game and not message.startswith(f"Partida {p.game}"):
        where += f" / partida {p.game}"
    severity = "warning" if p.severity is Severity.WARNING else "error"
    return Issue(where, message, p.code, severity, match=match.index)


def check_results(doc: Document, *, clamp: bool = False) -> tuple[list[Prepared], list[Issue], list[str]]:
    """Returns the prepared results, the issues (errors and warnings) and the notes of
    what ``clamp`` changed."""
    modality = doc.modality
    prepared: list[Prepared] = []
    issues: list[Issue] = []
    notes: list[str] = []
    if modality is None:
        return prepared, issues, notes
    for match in doc.matches:
        prepared.append(_check_one(modality, match, clamp, issues, notes))
    _check_groups(modality, doc, prepared, issues)
    return prepared, issues, notes


def _check_one(
    modality: Modality, match: MatchDoc, clamp: bool, issues: list[Issue], notes: list[str]
) -> Prepared:
    if match.result is None:
        return Prepared(match, None, None)
    a, b = match.teams
    report, problems = from_interchange(match.result, a, b)
    if report is None:
        issues.extend(problem_issue(match, p, modality) for p in problems)
        return Prepared(match, None, None)
    # The file's keys name the teams in every message, never the sides "A" and "B".
    problems = problems + validate_match(modality, report, (a, b))
    fixable = [p for p in problems if p.severity is Severity.NORMALIZE]
    log: list[str] = []
    if clamp and fixable and not any(p.severity is Severity.ERROR for p in problems):
        report, changes = clamp_report(modality, report, (a, b))
        with site_language():  # kept with the súmula
            log = [problem_issue(match, p, modality).line() for p in changes]
        notes.extend(log)
        problems = validate_match(modality, report, (a, b))
    for p in problems:
        issue = problem_issue(match, p, modality)
        if p.severity is Severity.NORMALIZE:
            issue = Issue(
                issue.where,
                issue.message + _(" (use --clamp para registrar o alvo)"),
                p.code,
                match=match.index,
            )
        issues.append(issue)
    return Prepared(match, to_interchange(report, a, b), report, log)


def _check_groups(modality: Modality, doc: Document, prepared: list[Prepared], issues: list[Issue]) -> None:
    by_group: dict[tuple[str, str], list[Prepared]] = {}
    for item in prepared:
        if item.match.group is not None:
            by_group.setdefault((item.match.stage, item.match.group), []).append(item)
    for items in by_group.values():
        group_matches = [
            GroupMatch(str(i), item.match.round, item.match.teams[0], item.match.teams[1], item.report)
            for i, item in enumerate(items)
        ]
        evaluation = evaluate_group(modality, group_matches)
        for key, p in evaluation.problems:
            if p.code in GROUP_LEVEL_CODES:
                issues.append(problem_issue(items[int(key)].match, p))
