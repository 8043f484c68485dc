"""The hostile tenteio/1 files of ``bench/hostile_imports.py``: each a generator of bytes.

A file with a bad character in a name, one past the file's bounds of objects, of the
schedule, of a jogo's history and of the hand logs a file may hold, and one just inside
the bounds. ``bench/hostile_imports.py`` posts them to the import page and measures.
"""

from __future__ import annotations

import json

MB = 1024 * 1024


def tenteio(team_name: str, slug: str = "rodeio-hostil") -> bytes:
    """A correct tenteio/1 file but for its one trio's name (escaped as JSON writes it)."""
    doc = {
        "format": "tenteio/1",
        "tournament": {"name": "Rodeio", "slug": slug, "modality": "truco-cego-trio"},
        "teams": [
            {
                "key": "t1",
                "name": team_name,
                "players": [{"name": "João", "captain": True}, {"name": "Pedro"}, {"name": "Ana"}],
            }
        ],
    }
    return json.dumps(doc).encode()


def json_objects(size: int = 20 * MB) -> bytes:
    """The largest upload the tenteio/1 import takes, all empty objects: ``[{},{},…]``."""
    count = (size - 2) // 3
    return b"[" + b"{}," * (count - 1) + b"{}]"


def json_times(count: int = 5_000) -> bytes:
    """A tenteio/1 file past the bounds of the schedule: a phase of ``count`` rodadas
    (1,000 at most), each with a start and a limite, and a jogo's horário of 1 MB."""
    doc = json.loads(tenteio("Os Taura", "horarios"))
    moment = "2026-12-12T09:00-03:00"
    rounds = [{"number": n, "starts_at": moment, "deadline": moment} for n in range(1, count + 1)]
    doc["stages"] = [
        {"key": "chaves", "kind": "groups", "groups": [{"name": "A", "teams": ["t1"]}], "rounds": rounds}
    ]
    doc["matches"] = [
        {"stage": "chaves", "group": "A", "teams": ["t1", "t1"], "time": "2" * MB, "result": None}
    ]
    return json.dumps(doc).encode()


def json_history(hands: int = 2_001) -> bytes:
    """A jogo's history past its bounds: ``hands`` hands (2,000 at most), 201 súmula
    versions (200 at most) with a 50 KB note, and an audit entry of an unknown person."""
    doc = json.loads(tenteio("Os Taura", "historico"))
    doc["teams"].append({**doc["teams"][0], "key": "t2", "name": "Os Guris"})
    doc["stages"] = [{"key": "chaves", "kind": "groups", "groups": [{"name": "A", "teams": ["t1", "t2"]}]}]
    moment = "2026-12-12T09:00-03:00"
    hand = {"kind": "roda", "deals": [{"truco": {"level": "truco", "winner": "a"}}]}
    sheets = [
        {
            "version": v,
            "status": "superseded",
            "result": {"games": [[24, 0]]},
            "at": moment,
            "note": "x" * 50_000,
        }
        for v in range(1, 202)
    ]
    history = {
        "sheets": sheets,
        "hands": [{"game": 1, "sequence": n, "hand": hand, "at": moment} for n in range(1, hands + 1)],
    }
    doc["matches"] = [
        {"stage": "chaves", "group": "A", "teams": ["t1", "t2"], "result": None, "history": history}
    ]
    doc["audit"] = [
        {
            "at": moment,
            "by": "ninguem",
            "label": "x",
            "action": "create",
            "kind": "sumulas",
            "model": "m",
            "summary": "s",
        }
    ]
    return json.dumps(doc).encode()


def json_hand_logs(jogos: int = 240, hands: int = 200) -> bytes:
    """Hand logs just inside the bounds a jogo has, in as many jogos as the file's bounds
    allow: ``jogos`` Paulista jogos, each a partida of ``hands`` pardas (none scores)."""
    doc = json.loads(tenteio("Os Taura", "maos"))
    doc["tournament"]["modality"] = "truco-paulista"
    doc["teams"] = [
        {"key": k, "name": n, "players": [{"name": "João", "captain": True}, {"name": "Pedro"}]}
        for k, n in (("t1", "Os Taura"), ("t2", "Os Guris"))
    ]
    doc["stages"] = [{"key": "chaves", "kind": "groups", "groups": [{"name": "A", "teams": ["t1", "t2"]}]}]
    moment = "2026-12-12T09:00-03:00"
    pardas = {"kind": "roda", "deals": [{"mao": "a", "truco": {"end": "tied", "level": "none"}}]}
    log = [{"game": 1, "sequence": n, "hand": pardas, "at": moment} for n in range(1, hands + 1)]
    doc["matches"] = [
        {
            "stage": "chaves",
            "group": "A",
            "round": r,
            "teams": ["t1", "t2"],
            "result": None,
            "history": {"hands": log},
        }
        for r in range(1, jogos + 1)
    ]
    return json.dumps(doc).encode()


def json_at_the_bounds() -> bytes:
    """Just inside the tenteio/1 bounds: 299,990 one-key objects and 299,990 numbers."""
    objects = b",".join([b'{"a":1.5}'] * 299_990)
    numbers = b",".join([b"2.5"] * 299_990)
    return b'{"format":"tenteio/1","objetos":[' + objects + b'],"numeros":[' + numbers + b"]}"
