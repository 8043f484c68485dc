"""The knockout stages of a tenteio/1 file read as brackets, and what they break.

:func:`stage_bracket` reads one knockout stage's jogos (rodadas from 1, winners by the
rules engine) and the lines they draw (``knockout.bracket.infer_lines``); the loader
places the jogos with it. :func:`check_brackets` runs before anything is written:
every jogo must be a pairing of that bracket, played by the winners of its feeder jogos,
and a disputa de 3º lugar only where the modality has one (docs/rules.md §3.10, the
mata-mata; V-M18) — the same problems the súmula workflow raises
(``knockout.consistency.check_played``).
"""

from __future__ import annotations

from dataclasses import dataclass

from interchange.checker import Issue
from interchange.document import Document, StageDoc
from interchange.validate import Prepared, problem_issue
from knockout import bracket
from knockout.consistency import check_played
from knockout.selectors import winner_of
from rules.modalities import Modality
from rules.problems import problem


@dataclass
class StageBracket:
    mine: list[int]  # indexes (into ``prepared``) of the stage's jogos, in file order
    played: list[bracket.PlayedMatch]  # the same jogos, rodadas counted from 1
    lines: list[str | None] | None  # None: the jogos draw no bracket


def stage_bracket(modality: Modality, stage: StageDoc, prepared: list[Prepared]) -> StageBracket:
    mine = [i for i, p in enumerate(prepared) if p.match.stage == stage.key]
    first = min((prepared[i].match.round or 1 for i in mine), default=1)
    played = []
    for i in mine:
        p = prepared[i]
        won = winner_of(modality, p.result, *p.match.teams) if p.result is not None else None
        played.append(bracket.PlayedMatch((p.match.round or 1) - first + 1, *p.match.teams, won))
    return StageBracket(mine, played, bracket.infer_lines(stage.teams, played))


def check_brackets(doc: Document, prepared: list[Prepared]) -> list[Issue]:
    modality = doc.modality
    if modality is None:
        return []
    issues: list[Issue] = []
    for s in doc.stages:
        if s.kind != "knockout" or len(s.teams) < 2:
            continue
        found = stage_bracket(modality, s, prepared)
        lines = found.lines
        if lines is None:
            # No bracket fits: every jogo the standard placement cannot hold is named.
            std = bracket.standard_lines(s.teams)
            for i, pm in zip(found.mine, found.played, strict=True):
                if not bracket.fits(std, [pm]):
                    teams, text = (pm.a, pm.b), f"{pm.a} × {pm.b}"
                    bad = problem("knockout.not_in_bracket", teams=teams, round=pm.round, teams_text=text)
                    issues.append(problem_issue(prepared[i].match, bad))
            continue
        for index, p in check_played(
            lines, found.played, third_place=modality.third_place_match, modality=modality.key
        ):
            issues.append(problem_issue(prepared[found.mine[index]].match, p))
    return issues
