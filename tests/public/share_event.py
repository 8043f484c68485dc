"""A finished event to draw pictures from: the demo's rodeio (16 trios of CTGs in 4 chaves
of 4, every rodada played), then a mata-mata of the 2 first of each chave — quartas,
semifinais, final and disputa de 3º lugar — all loaded through ``load_tournament``
(loaded results are homologated), so it has a champion and a podium."""

from __future__ import annotations

from typing import Any

from core.demo import demo_document
from interchange.load import load_tournament
from standings.selectors import tournament_standings
from tournaments.models import Tournament

WIN_A = {"games": [[24, 17], [24, 20]]}
WIN_B = {"games": [[24, 21], [15, 24], [19, 24]]}


def finished_event(slug: str = "rodeio", *, knockout: bool = True, ended: bool = True) -> Tournament:
    doc = demo_document(played_rounds=3)
    doc["tournament"]["slug"] = slug
    t = load_tournament(doc).tournament
    if not knockout:
        return t
    (stage,) = tournament_standings(t)
    first = {gt.group.name: [line.team.key for line in gt.lines][:2] for gt in stage.groups}
    # Quartas crossed: 1º A × 2º B, 1º B × 2º A, 1º C × 2º D, 1º D × 2º C.
    seeds = [first["A"][0], first["B"][1], first["B"][0], first["A"][1]]
    seeds += [first["C"][0], first["D"][1], first["D"][0], first["C"][1]]
    quartas = [(seeds[i], seeds[i + 1]) for i in range(0, 8, 2)]
    ko: list[dict[str, Any]] = []
    semis = []
    for k, (a, b) in enumerate(quartas):
        result = WIN_A if k % 2 == 0 else WIN_B
        ko.append(_jogo(1, a, b, result))
        semis.append(a if result is WIN_A else b)
    ko += [_jogo(2, semis[0], semis[1], WIN_A), _jogo(2, semis[2], semis[3], WIN_B)]
    final = (semis[0], semis[3])
    third = (semis[1], semis[2])
    ko += [_jogo(3, *final, WIN_B if ended else None), _jogo(3, *third, WIN_A if ended else None)]
    doc["stages"].append({"key": "mata-mata", "kind": "knockout", "teams": seeds})
    doc["tournament"]["settings"] = {"third_place_match": True}
    doc["matches"] += ko
    doc["tournament"]["slug"] = slug
    doc["tournament"]["stage_plan"] = "groups_knockout"
    t.delete()
    return load_tournament(doc).tournament


def _jogo(rnd: int, a: str, b: str, result: Any) -> dict[str, Any]:
    return {"stage": "mata-mata", "round": rnd, "teams": [a, b], "result": result}
