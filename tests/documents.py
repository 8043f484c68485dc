"""Builders of tenteio/1 documents for tests."""

from __future__ import annotations

import copy
from typing import Any


def team(
    key: str, size: int = 3, reserve: bool = False, name: str | None = None, entity: str | None = "CTG Teste"
) -> dict[str, Any]:
    players: list[dict[str, Any]] = [{"name": f"{key} jogador {i + 1}"} for i in range(size)]
    players[0]["captain"] = True
    if reserve:
        players.append({"name": f"{key} reserva", "reserve": True})
    entry: dict[str, Any] = {"key": key, "name": name or f"Trio {key.upper()}", "players": players}
    if entity:
        entry["entity"] = entity
    return entry


def document(
    matches: list[dict[str, Any]],
    *,
    keys: tuple[str, ...] = ("t1", "t2", "t3", "t4"),
    modality: str = "truco-cego-trio",
    size: int = 3,
    slug: str = "teste",
    settings: dict[str, Any] | None = None,
    lots: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    return {
        "format": "tenteio/1",
        "tournament": {
            "name": "Torneio de Teste",
            "slug": slug,
            "modality": modality,
            "settings": settings or {},
            "date": "2026-02-14",
            "venue": "CTG Teste",
        },
        "teams": [team(k, size) for k in keys],
        "stages": [{"key": "chaves", "kind": "groups", "groups": [{"name": "A", "teams": list(keys)}]}],
        "matches": copy.deepcopy(matches),
        "lots": lots or [],
    }


def match(rnd: int, a: str, b: str, result: Any) -> dict[str, Any]:
    return {"stage": "chaves", "group": "A", "round": rnd, "teams": [a, b], "result": result}


# docs/rules.md §5 E15: Truco Cego trios, 4 teams, single round robin.
E15_MATCHES = [
    match(1, "t1", "t2", {"games": [[24, 20], [24, 22]]}),
    match(1, "t3", "t4", {"games": [[24, 10], [15, 24], [24, 23]]}),
    match(2, "t1", "t3", {"games": [[20, 24], [24, 18], [23, 24]]}),
    match(2, "t2", "t4", {"games": [[24, 5], [24, 6]]}),
    match(3, "t1", "t4", {"games": [[24, 12], [24, 20]]}),
    match(3, "t2", "t3", {"games": [[24, 19], [21, 24], [24, 16]]}),
]
