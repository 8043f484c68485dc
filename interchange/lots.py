"""The recorded tiebreak sorteios of a tenteio/1 file, checked before anything is written.

A chave's sorteio must order exactly the teams of one tie of that chave, as its results
leave it (docs/rules.md §3.2 "The sorteio"): the same ``rules.lots.lot_problem`` the
organizer's page applies, so a file cannot record what the page refuses. A sorteio
marked ``stale`` was recorded before a correction changed the tie (the application
keeps it in its history and writes it so, ``export.py``): it is loaded as recorded and
not held to the ties. Sorteios across the chaves of a stage (best 2nds) are not checked
here.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from core.problem_text import render
from interchange.checker import Issue
from interchange.document import Document
from interchange.validate import Prepared
from rules.group import GroupMatch, evaluate_group
from rules.lots import lot_problem, pending_ties
from rules.problems import Problem
from rules.ranking import rank_group
from standings.swiss import swiss_replay
from tournaments.models import DrawOfLots


def tie_problems(doc: Document, prepared: list[Prepared]) -> dict[int, Problem]:
    """``lots.not_a_tie`` for each chave tiebreak sorteio (by its index in the file's
    ``lots``) that does not order exactly the teams of one tie its chave's results
    leave, ``stale`` or not."""
    modality = doc.modality
    if modality is None:
        return {}
    groups = {(s.key, g.name): g.teams for s in doc.stages for g in s.groups}
    found: dict[int, Problem] = {}
    ties: dict[tuple[str, str], list[frozenset[str]]] = {}
    for lot in doc.lots:
        if lot.purpose != "tiebreak" or lot.stage is None or lot.group is None:
            continue
        where = (lot.stage, lot.group)
        if where not in ties:
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
            ties[where] = pending_ties(standings)
        wrong = lot_problem(lot.order, ties[where])
        if wrong is not None:
            found[lot.index] = wrong
    return found


def check_lots(doc: Document, prepared: list[Prepared]) -> list[Issue]:
    stale = {lot.index for lot in doc.lots if lot.stale}
    return [
        Issue(f"lots[{i}]", render(wrong), wrong.code)
        for i, wrong in tie_problems(doc, prepared).items()
        if i not in stale
    ]


def check_swiss(doc: Document) -> list[Issue]:
    """``file.swiss_replay`` for each Swiss pairing whose inputs, paired again with its
    seed, do not give its recorded result (or cannot be paired at all)."""
    issues = []
    for lot in doc.lots:
        if lot.purpose != "swiss":
            continue
        replayed: Any
        try:
            replayed = swiss_replay(DrawOfLots(inputs=lot.inputs, seed=lot.seed))
        except Exception:  # inputs the pairing cannot read: not the recorded result either
            replayed = None
        if replayed != lot.result:
            number = lot.inputs.get("round") if isinstance(lot.inputs, dict) else None
            message = _(
                "o pareamento da rodada %(n)s do suíço, refeito com a semente e as entradas "
                "registradas, não dá o resultado registrado"
            ) % {"n": number}
            issues.append(Issue(f"lots[{lot.index}]", message, "file.swiss_replay"))
    return issues
