"""Is a mata-mata's list of jogos a bracket? (docs/rules.md §3.10, the mata-mata)

Pure, like ``knockout.bracket``: the loader (a tenteio/1 file) and the súmula workflow
(a homologation) call :func:`check_played` on the same lines and jogos, so both refuse
the same things with the same rules-engine problems, rendered by the caller.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from knockout.bracket import (
    Pairing,
    PlayedMatch,
    bracket_rounds,
    loser,
    meeting_round,
    round_count,
    third_place_matches,
)
from rules.problems import Problem, problem


def _lost_round(key: str, matches: Sequence[PlayedMatch], before: int) -> int | None:
    """The rodada (before ``before``) in which ``key`` lost, or left in a double W.O."""
    for m in matches:
        if m.round < before and key in (m.a, m.b) and m.winner is not None and m.winner != key:
            return m.round
    return None


def check_played(
    lines: Sequence[str | None],
    matches: Sequence[PlayedMatch],
    *,
    third_place: bool,
    modality: str,
    third: Collection[int] | None = None,
) -> list[tuple[int, Problem]]:
    """Every jogo that breaks the bracket drawn by ``lines`` (docs/rules.md §3.10, the
    mata-mata), as (index in ``matches``, problem):

    - a disputa de 3º lugar where the modality has none (``third_place`` False, V-M18);
    - a jogo whose two teams do not meet in that rodada of the bracket;
    - a team that lost (or left in a double W.O.) an earlier jogo;
    - a jogo with a result although the jogo that feeds one of its teams has none.

    ``third`` are the indexes of the 3º-lugar jogos (default: those between two losers
    of the previous rodada, as a file has no flag for them). A jogo without result
    whose feeder is still undecided is not a problem: it waits for its teams.
    """
    where = {k: i for i, k in enumerate(lines) if k is not None}
    total = round_count(len(lines))
    third = third_place_matches(matches) if third is None else third
    winners: dict[tuple[int, int], str] = {}
    for i, m in enumerate(matches):
        if i not in third and m.winner is not None and m.a in where:
            winners[(m.round, where[m.a] >> m.round)] = m.winner
    pairings = {(p.round, p.slot): p for level in bracket_rounds(lines, winners) for p in level}
    out: list[tuple[int, Problem]] = []
    for i, m in enumerate(matches):
        teams = (m.a, m.b)
        if i in third:
            if not third_place:
                out.append((i, problem("knockout.third_place_not_allowed", teams=teams, modality=modality)))
                continue
            semis = [p for p in pairings.values() if p.round == total - 1]
            expected = {loser(p, winners) for p in semis}
            if m.round == total and set(teams) == expected:
                continue
            pairing: Pairing | None = None
        elif m.a in where and m.b in where and meeting_round(where[m.a], where[m.b]) == m.round:
            pairing = pairings[(m.round, where[m.a] >> m.round)]
            if {pairing.a, pairing.b} == set(teams):
                continue
        else:
            text = f"{m.a} × {m.b}"
            out.append((i, problem("knockout.not_in_bracket", teams=teams, round=m.round, teams_text=text)))
            continue
        for key in teams:
            if pairing is not None and key in (pairing.a, pairing.b):
                continue
            lost = _lost_round(key, matches, m.round)
            if lost is not None:
                found = problem(
                    "knockout.team_eliminated", teams=teams, team=key, lost_round=lost, round=m.round
                )
                out.append((i, found))
            elif m.winner is not None:
                out.append((i, problem("knockout.feeder_undecided", teams=teams, team=key, round=m.round)))
    return out
