"""Realistic tenteio/1 tournaments for benchmarks and tests (loaded through the services).

Every modality; partida scores a table would write (the loser's tentos spread over the
whole range, 2–0 and 2–1 jogos); a few W.O.s (the 000 family expels the absent team,
so its later jogos stay unplayed); and chaves built to tie on every counter, so that
head-to-head decides some and others need a sorteio (some recorded, some pending).
"""

from __future__ import annotations

import random
from typing import Any

from core.demo import circle_rounds
from rules.modalities import get_modality
from rules.modality_params import Modality, TimeLimit

SAME = "same"  # marker: the fixed 2–1 result used to build exact ties


def _same(m: Modality) -> list[list[int]]:
    t = m.points_to_win
    low = max(t - 4, 0)
    games = [[t, low], [low, t], [t, low]]
    return games[: 2 * m.wins_needed - 1] if m.wins_needed > 1 else games[:1]


def _played(rng: random.Random, m: Modality, favourite: int) -> dict[str, Any]:
    target, need = m.points_to_win, m.wins_needed
    games: list[list[int]] = []
    endings: list[str] = []
    wins = [0, 0]
    if m.time_limit is TimeLimit.HIGHER_SCORE and rng.random() < 0.3:
        hi, lo = sorted(rng.sample(range(0, target), 2), reverse=True)
        side = rng.randrange(2)
        games.append([hi, lo] if side == 0 else [lo, hi])
        endings.append("time")
        wins[side] += 1
    while max(wins) < need:
        side = favourite if rng.random() < 0.65 else 1 - favourite
        loser = min(int(rng.triangular(0, target - 1, target * 0.7)), target - 1)
        games.append([target, loser] if side == 0 else [loser, target])
        endings.append("target")
        wins[side] += 1
    result: dict[str, Any] = {"games": games}
    if "time" in endings:
        result["endings"] = endings
    return result


def _oriented(games: list[list[int]], a_wins: bool) -> dict[str, Any]:
    return {"games": [g if a_wins else [g[1], g[0]] for g in games]}


def _tie_plan(rng: random.Random, members: list[str], kind: str) -> dict[frozenset[str], str]:
    """Who beats whom with the SAME result, so that some teams end level on everything.

    ``triangle``: A→B→C→A with equal results against everyone else → tied after the
    mini-league (sorteio). ``pair``: A beats B, C beats A, B beats C, and C beats the
    rest; A and B share results against the rest → level, decided by head-to-head.
    """
    a, b, c, *rest = members
    plan: dict[frozenset[str], str] = {frozenset((a, b)): a, frozenset((b, c)): b, frozenset((c, a)): c}
    if kind == "pair":
        plan[frozenset((b, c))] = b
        for other in rest:
            plan[frozenset((c, other))] = c
    split = rng.randrange(len(rest) + 1)
    for k, other in enumerate(rest):
        for team in (a, b) if kind == "pair" else (a, b, c):
            plan[frozenset((team, other))] = team if k < split else other
    return plan


def tournament_document(
    key: str,
    *,
    groups: int = 2,
    size: int = 4,
    seed: int = 1,
    played: float = 0.8,
    walkovers: float = 0.04,
    ties: float = 0.0,
    slug: str | None = None,
) -> dict[str, Any]:
    rng = random.Random(f"{key}-{seed}")
    m = get_modality(key)
    teams = []
    for i in range(groups * size):
        players: list[dict[str, Any]] = [{"name": f"Jogador {i + 1}.{j + 1}"} for j in range(m.players)]
        players[0]["captain"] = True
        teams.append(
            {"key": f"e{i + 1}", "name": f"Equipe {i + 1}", "entity": f"CTG {i % 37}", "players": players}
        )
    keys = [t["key"] for t in teams]
    chaves = {
        f"{k + 1:03d}" if groups > 26 else chr(65 + k): keys[k * size : (k + 1) * size] for k in range(groups)
    }
    strength = {k: rng.random() for k in keys}
    matches: list[dict[str, Any]] = []
    lots: list[dict[str, Any]] = []
    expelled: set[str] = set()
    for name, members in chaves.items():
        plan: dict[frozenset[str], str] = {}
        if size >= 4 and rng.random() < ties:
            kind = rng.choice(["triangle", "pair"])
            plan = _tie_plan(rng, members, kind)
            if kind == "triangle" and rng.random() < 0.5:
                lots.append(
                    {
                        "purpose": "tiebreak",
                        "stage": "chaves",
                        "group": name,
                        "order": rng.sample(members[:3], 3),
                    }
                )
        for rnd, pairs in enumerate(circle_rounds(members), start=1):
            for a, b in pairs:
                result: Any = None
                pair = frozenset((a, b))
                if pair & expelled:
                    result = None  # an expelled team's jogos become W.O.s on their own
                elif pair in plan:
                    result = _oriented(_same(m), plan[pair] == a)
                elif rng.random() < played:
                    result = _played(rng, m, 0 if strength[a] >= strength[b] else 1)
                    # No W.O. in a chave built to tie: an expelled team's unplayed jogos
                    # would break the tie its recorded sorteio is for.
                    if rng.random() < walkovers and not plan:
                        absent = rng.choice([a, b])
                        result = {"walkover": absent}
                        if m.walkover_expels:
                            expelled.add(absent)
                matches.append(
                    {"stage": "chaves", "group": name, "round": rnd, "teams": [a, b], "result": result}
                )
    return {
        "format": "tenteio/1",
        "tournament": {
            "name": f"Gerado {m.name}",
            "slug": slug or f"gerado-{key}-{seed}",
            "modality": key,
            "settings": {},
        },
        "teams": teams,
        "stages": [
            {
                "key": "chaves",
                "kind": "groups",
                "groups": [{"name": n, "teams": t} for n, t in chaves.items()],
            }
        ],
        "matches": matches,
        "lots": lots,
    }
