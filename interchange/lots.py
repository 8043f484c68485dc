"""The recorded tiebreak sorteios of a tenteio/1 file, checked before anything is written.

A chave's sorteio must order exactly the teams of one tie of that chave, as its results
leave it (docs/rules.md §3.2 "Recorded sorteios"): the same ``rules.lots.lot_problem`` the
organizer's page applies, so a file cannot record what the page refuses. Sorteios across
the chaves of a stage (best 2nds) are not checked here.
"""

from __future__ import annotations

from interchange.schema import Document, Issue
from interchange.validate import Prepared
from rules.group import GroupMatch, evaluate_group
from rules.lots import lot_problem, pending_ties
from rules.messages import render
from rules.ranking import rank_group


def check_lots(doc: Document, prepared: list[Prepared]) -> list[Issue]:
    modality = doc.modality
    if modality is None:
        return []
    groups = {(s.key, g.name): g.teams for s in doc.stages for g in s.groups}
    issues: list[Issue] = []
    for i, lot in enumerate(doc.lots):
        if lot.purpose != "tiebreak" or lot.stage is None or lot.group is None:
            continue
        where = (lot.stage, lot.group)
        matches = [
            GroupMatch(str(k), p.match.round, *p.match.teams, p.report)
            for k, p in enumerate(prepared)
            if (p.match.stage, p.match.group) == where
        ]
        evaluation = evaluate_group(modality, matches)
        teams = groups.get(where, [])
        standings = rank_group(
            teams,
            evaluation.ranked,
            tiebreakers=modality.tiebreakers,
            disqualified=evaluation.disqualified & set(teams),
        )
        wrong = lot_problem(lot.order, pending_ties(standings))
        if wrong is not None:
            issues.append(Issue(f"lots[{i}]", render(wrong), wrong.code))
    return issues
