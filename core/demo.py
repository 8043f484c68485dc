"""The demo event of ``make run``: a Truco Cego trio rodeio, as a tenteio/1 document.

16 trios of real-sounding CTGs in 4 chaves of 4, a single round robin by the circle
method, rodadas 1 and 2 played (súmulas homologated) and rodada 3 in play, each rodada
on mesas 1 to 8 in order of chave. Deterministic: the same seed always gives the same
event. The ``demo`` command then closes the inscrições and checks every trio in, as
they were before the sorteio (the file format does not carry either).
"""

from __future__ import annotations

import random
from typing import Any

CTGS = [
    "CTG Sentinela dos Pampas",
    "CTG Rancho Crioulo",
    "CTG Porteira do Rio Grande",
    "CTG Galpão de Estância",
    "CTG Querência Amada",
    "CTG Tropeiros da Serra",
    "CTG Lanceiros de Santa Cruz",
    "CTG Chaleira Preta",
]
TRIOS = [
    "Trio Galponeiro",
    "Os Mateadores",
    "Trio da Coxilha",
    "Os Taura",
    "Trio Pingo de Ouro",
    "Os Campeiros",
    "Trio Quero-Quero",
    "Os Guapos",
    "Trio Chimarrão",
    "Os Tauras do Sul",
    "Trio Cancela",
    "Os Fronteiriços",
    "Trio Minuano",
    "Os Bombachudos",
    "Trio Candeeiro",
    "Os Patrões",
]
FIRST = [
    "João",
    "Pedro",
    "Luís",
    "Antônio",
    "Sebastião",
    "Valdir",
    "Jacó",
    "Ari",
    "Élio",
    "Nilo",
    "Osmar",
    "Darci",
    "Ênio",
    "Adão",
    "Teodoro",
    "Gaspar",
    "Zeca",
    "Tião",
    "Moacir",
    "Ivo",
]
LAST = [
    "da Silva",
    "Bittencourt",
    "Fagundes",
    "Carvalho",
    "Machado",
    "Ortiz",
    "Brum",
    "Pacheco",
    "Vargas",
    "Nunes",
    "Rodrigues",
    "Escobar",
    "Prestes",
    "Lemos",
    "Dorneles",
    "Goulart",
]


def circle_rounds(keys: list[str]) -> list[list[tuple[str, str]]]:
    """Single round robin by the circle method (a bye slot when the count is odd)."""
    slots: list[str | None] = list(keys) + ([None] if len(keys) % 2 else [])
    rounds = []
    for _ in range(len(slots) - 1):
        pairs = [(slots[i], slots[-1 - i]) for i in range(len(slots) // 2)]
        rounds.append([(a, b) for a, b in pairs if a is not None and b is not None])
        slots = [slots[0], slots[-1], *slots[1:-1]]
    return rounds


def _result(rng: random.Random, target: int) -> dict[str, Any]:
    winner_first = rng.random() < 0.5
    games = []
    wins = [0, 0]
    sequence = rng.choice([[0, 0], [0, 1, 0], [1, 0, 0]])
    for loser_side_flip in sequence:
        side = 0 if (loser_side_flip == 0) == winner_first else 1
        loser = rng.randint(6, target - 1)
        games.append([target, loser] if side == 0 else [loser, target])
        wins[side] += 1
        if max(wins) == 2:
            break
    return {"games": games}


def demo_document(seed: int = 2026, played_rounds: int = 2) -> dict[str, Any]:
    rng = random.Random(seed)
    teams: list[dict[str, Any]] = []
    for i, name in enumerate(TRIOS):
        people = rng.sample([f"{f} {s}" for f in FIRST for s in LAST], 4)
        players = [{"name": people[0], "captain": True}, {"name": people[1]}, {"name": people[2]}]
        if i % 3 == 0:
            players.append({"name": people[3], "reserve": True})
        teams.append({"key": f"t{i + 1}", "name": name, "entity": CTGS[i % len(CTGS)], "players": players})
    keys = [f"t{i + 1}" for i in range(len(TRIOS))]
    rng.shuffle(keys)
    chaves = {"ABCD"[g]: keys[g * 4 : (g + 1) * 4] for g in range(4)}
    groups = [{"name": name, "teams": members} for name, members in chaves.items()]
    matches = []
    for name, members in chaves.items():
        for rnd, pairs in enumerate(circle_rounds(members), start=1):
            for a, b in pairs:
                result = _result(rng, 24) if rnd <= played_rounds else None
                matches.append(
                    {"stage": "chaves", "group": name, "round": rnd, "teams": [a, b], "result": result}
                )
    matches.sort(key=lambda m: (m["round"], m["group"]))
    # Every rodada on mesas 1, 2, 3… in the order of its jogos (chave A first).
    seen: dict[int, int] = {}
    for m in matches:
        rnd = int(str(m["round"]))
        seen[rnd] = seen.get(rnd, 0) + 1
        m["table"] = str(seen[rnd])
    return {
        "format": "tenteio/1",
        "tournament": {
            "name": "Rodeio Crioulo da Querência — Truco Cego",
            "slug": "rodeio-querencia-truco-cego",
            "modality": "truco-cego-trio",
            "settings": {},
            "date": "2026-12-12",
            "venue": "CTG Sentinela dos Pampas, Santa Maria — RS",
        },
        "teams": teams,
        "stages": [{"key": "chaves", "kind": "groups", "groups": groups}],
        "matches": matches,
        "lots": [],
    }
