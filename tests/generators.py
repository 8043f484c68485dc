"""Generated tenteio/1 tournaments: every modality, realistic valid results."""

from __future__ import annotations

import random
from typing import Any

from core.demo import circle_rounds
from rules.modalities import get_modality
from rules.modality_params import TimeLimit


def _played(rng: random.Random, key: str) -> dict[str, Any]:
    m = get_modality(key)
    target, need = m.points_to_win, m.wins_needed
    if m.time_limit is TimeLimit.HIGHER_SCORE and rng.random() < 0.3:
        # a partida decided on points at the time limit (goiano)
        first = sorted(rng.sample(range(0, target), 2), reverse=True)
        games = [first if rng.random() < 0.5 else first[::-1]]
        endings = ["time"]
    else:
        games, endings = [], []
    wins = [0, 0]
    for g in games:
        wins[0 if g[0] > g[1] else 1] += 1
    favourite = rng.randrange(2)
    while max(wins) < need:
        side = favourite if rng.random() < 0.6 else 1 - favourite
        loser = rng.randrange(0, target)
        games.append([target, loser] if side == 0 else [loser, target])
        endings.append("target")
        wins[side] += 1
    result: dict[str, Any] = {"games": games}
    if "time" in endings:
        result["endings"] = endings
    return result


def tournament_document(
    key: str, *, groups: int = 2, size: int = 4, seed: int = 1, played: float = 0.8, walkovers: bool = True
) -> dict[str, Any]:
    rng = random.Random(f"{key}-{seed}")
    m = get_modality(key)
    teams = []
    for i in range(groups * size):
        players: list[dict[str, Any]] = [{"name": f"Jogador {i + 1}.{j + 1}"} for j in range(m.players)]
        players[0]["captain"] = True
        teams.append(
            {"key": f"e{i + 1}", "name": f"Equipe {i + 1}", "entity": f"CTG {i % 5}", "players": players}
        )
    keys = [t["key"] for t in teams]
    chaves = {f"{chr(65 + g)}": keys[g * size : (g + 1) * size] for g in range(groups)}
    matches = []
    expelled: set[str] = set()  # a W.O. expels in the 000 family: later jogos stay unplayed
    for name, members in chaves.items():
        for rnd, pairs in enumerate(circle_rounds(members), start=1):
            for a, b in pairs:
                result: Any = None
                if rng.random() < played and not {a, b} & expelled:
                    result = _played(rng, key)
                    if walkovers and rng.random() < 0.04:
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
            "name": f"Gerado {key}",
            "slug": f"gerado-{key}-{seed}",
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
        "lots": [],
    }
