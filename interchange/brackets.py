"""The knockout stages of a tenteio/1 file read as brackets, and what they break.

:func:`stage_bracket` reads one knockout stage's jogos (rodadas from 1, winners by the
rules engine) and the lines they draw (``knockout.bracket.infer_lines``); the loader
places the jogos with it. :func:`check_brackets` runs before anything is written:
every jogo must be a pairing of that bracket, played by the winners of its feeder jogos,
and a disputa de 3º lugar only where the modality has one (docs/rules.md §3.10, the
mata-mata; V-M18) — the same problems the súmula workflow raises
(``knockout.consistency.check_played``).

A tournament of double elimination (``tournament.double_elimination``) is held to the
pure :mod:`knockout.double_bracket` instead (:func:`double_places`): the winners'
bracket jogos («W») draw the lines as a single elimination does, the structure is built
from them, and each jogo must be, in the file's order of play, a jogo the bracket gives
from the results before it — its «bracket», rodada and both teams — or the file is
refused (``knockout.not_in_bracket``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from dataclasses import replace as copy

from interchange.checker import Issue
from interchange.document import Document, StageDoc
from interchange.validate import Prepared, problem_issue
from knockout import bracket
from knockout import double_bracket as d
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


@dataclass
class DoublePlaces:
    lines: list[str | None]
    jogos: dict[int, d.JogoId] = field(default_factory=dict)  # index into ``prepared`` -> its jogo
    wrong: list[int] = field(default_factory=list)  # indexes of jogos the bracket does not give


def double_places(
    modality: Modality, stage: StageDoc, prepared: list[Prepared], reset: bool
) -> DoublePlaces | None:
    """Each jogo of a double-elimination stage placed in the structure of
    ``knockout.double_bracket`` (None: its «W» jogos draw no bracket)."""
    mine = [i for i, p in enumerate(prepared) if p.match.stage == stage.key]
    won: dict[int, str | None] = {}
    for i in mine:
        p = prepared[i]
        won[i] = winner_of(modality, p.result, *p.match.teams) if p.result is not None else None
    wb = [i for i in mine if prepared[i].match.bracket == d.WB]
    played = [bracket.PlayedMatch(prepared[i].match.round or 1, *prepared[i].match.teams, won[i]) for i in wb]
    lines = bracket.infer_lines(stage.teams, played)
    if lines is None:
        return None
    seeds = bracket.seed_lines(len(lines))
    keys = [k for _seed, k in sorted((seeds[i], k) for i, k in enumerate(lines) if k is not None)]
    structure = d.build(keys, reset=reset)
    if list(structure.lines) != lines:  # as knockout.services.double._structure reads it back
        shell = copy(structure, lines=tuple(lines), played=frozenset())
        empty = d.play(shell, {})
        structure = copy(
            shell, played=frozenset(s.id for s in empty.jogos if bracket.Open.BYE not in (s.a, s.b))
        )
    out = DoublePlaces(lines)
    free = list(mine)
    winners: dict[d.JogoId, str] = {}
    taken: set[d.JogoId] = set()
    changed = True
    while changed:
        changed = False
        for state in d.play(structure, winners).jogos:
            if not state.is_match or state.id in taken:
                continue
            side, number, _slot = state.id
            pair = {str(state.a), str(state.b)}
            here = next(
                (
                    j
                    for j in free
                    if prepared[j].match.bracket == side
                    and (prepared[j].match.round or 1) == number
                    and set(prepared[j].match.teams) == pair
                ),
                None,
            )
            if here is None:
                continue
            free.remove(here)
            taken.add(state.id)
            out.jogos[here] = state.id
            if won[here] is not None and won[here] != bracket.NO_WINNER:
                winners[state.id] = str(won[here])
            changed = True
    out.wrong = free
    return out


def _double_issues(modality: Modality, s: StageDoc, prepared: list[Prepared], reset: bool) -> list[Issue]:
    found = double_places(modality, s, prepared, reset)
    mine = [i for i, p in enumerate(prepared) if p.match.stage == s.key]
    wrong = mine if found is None else found.wrong
    issues = []
    for i in wrong:
        m = prepared[i].match
        teams, text = m.teams, f"{m.teams[0]} × {m.teams[1]}"
        bad = problem("knockout.not_in_bracket", teams=teams, round=m.round or 1, teams_text=text)
        issues.append(problem_issue(m, bad))
    return issues


def check_brackets(doc: Document, prepared: list[Prepared]) -> list[Issue]:
    modality = doc.modality
    if modality is None:
        return []
    issues: list[Issue] = []
    for s in doc.stages:
        if s.kind != "knockout" or len(s.teams) < 2:
            continue
        if doc.double_elimination:
            issues += _double_issues(modality, s, prepared, doc.grand_final_reset)
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
