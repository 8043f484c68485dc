"""``loadcircuit``: a circuit exported with ``exportcircuit`` comes back with its settings,
etapas, links of teams and people and every sorteio — among teams and players not linked
too —, ranks the same and exports the same file again (its ids aside); a file naming a
tournament or a team this site lacks, or a sorteio it cannot name or replay, is refused
line by line, nothing written."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from circuits.export import circuit_document
from circuits.models import Circuit, CircuitLots
from circuits.proposals import player_link_proposals, team_link_proposals
from circuits.selectors import circuit_ranking
from circuits.services.circuits import circuit_create, circuit_etapa_add, circuit_lots_record
from circuits.services.links import player_links_apply, team_links_apply
from interchange.export import export_tournament
from interchange.load import load_tournament
from tests.circuits.conftest import load_etapa
from tests.commands import run
from tournaments.models import Player, Team, Tournament
from tournaments.services.organizers import organizer_mark

pytestmark = pytest.mark.django_db


def rankings(circuit: Circuit) -> dict[str, list[tuple[int, str, str]]]:
    out = {}
    for ranking in ("teams", "players", "entities"):
        table = circuit_ranking(circuit, ranking)
        # Lines of one position follow their keys, which are new ids in the copy.
        out[ranking] = sorted((line.position, line.name, str(line.total)) for line in table.lines)
    return out


def test_a_circuit_round_trips(tmp_path: Path) -> None:
    owner = User.objects.create_user("dono")
    organizer_mark(owner)
    circuit = circuit_create(name="Circuito", slug="circuito", user=owner, best_n=1)
    finishes = (["Os Taura", "Pealo", "Gaudérios", "Xiru"], ["Pealo", "Os Taura", "Xiru", "Gaudérios"])
    for k, finish in enumerate(finishes):
        entities = {"Os Taura": "CTG A", "Pealo": "CTG B"}
        circuit_etapa_add(circuit=circuit, tournament=load_etapa(f"etapa-{k}", finish, entities), user=owner)
    team_links_apply(circuit=circuit, proposals=team_link_proposals(circuit), user=owner)
    player_links_apply(circuit=circuit, proposals=player_link_proposals(circuit), user=owner)
    tied = circuit_ranking(circuit).pending_ties[0]
    circuit_lots_record(circuit=circuit, ranking="teams", competitors=tied, user=owner)
    before = rankings(circuit)
    doc = circuit_document(circuit)
    path = tmp_path / "c.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run("loadcircuit", str(path), "--slug", "copia")
    assert code == 0, err
    copy = Circuit.objects.get(slug="copia")
    assert rankings(copy) == before
    assert copy.teams.count() == circuit.teams.count() and copy.people.count() == circuit.people.count()
    assert CircuitLots.objects.filter(circuit=copy).count() == 1
    again = circuit_document(copy)
    assert again["circuit"] == {**doc["circuit"], "slug": "copia"}
    names = lambda d: sorted((t["name"], len(t["teams"])) for t in d["links"]["teams"])  # noqa: E731
    assert names(again) == names(doc)

    doc["etapas"][1]["tournament"]["slug"] = "nenhum"
    doc["links"]["teams"][0]["teams"][0]["team"] = "fantasma"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run("loadcircuit", str(path), "--slug", "outra")
    assert code == 1 and "etapas[1]: o torneio «nenhum» não existe" in err
    assert not Circuit.objects.filter(slug="outra").exists()
    code, out, err = run("loadcircuit", str(path))
    assert code == 1 and "já existe um circuito «circuito»" in err


ID = re.compile(r"^([ctpje])([0-9]+)$")


def canonical(doc: dict[str, Any]) -> Any:
    """``doc`` with every id of this site (etapas ``e``, circuit teams ``c``, people ``p``,
    teams ``t`` and players ``j`` not linked) replaced by what it stands for, and the lines
    of one position (ordered by their keys) in that order: two sites' files compare."""
    names = {e["key"]: f"E:{e['tournament']['slug']}" for e in doc["etapas"]}
    names |= {t["key"]: f"C:{k}:{t['name']}" for k, t in enumerate(doc["links"]["teams"])}
    names |= {p["key"]: f"P:{k}:{p['name']}" for k, p in enumerate(doc["links"]["players"])}

    def name(key: str) -> str:
        found = ID.match(key)
        if found is None:
            return key
        kind, pk = found[1], int(found[2])
        if kind == "t":
            team = Team.objects.select_related("tournament").get(pk=pk)
            return f"T:{team.tournament.slug}/{team.key}"
        if kind == "j":
            player = Player.objects.select_related("team__tournament").get(pk=pk)
            return f"J:{player.team.tournament.slug}/{player.team.key}/{player.name}"
        return names[key]

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            return {name(k): walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return name(value) if isinstance(value, str) else value

    out = walk(doc)
    for ranking in out["rankings"].values():
        ranking["lines"].sort(key=lambda line: (line["position"], line["key"]))
        ranking["pending_ties"] = sorted(sorted(tie) for tie in ranking["pending_ties"])
    return out


def unlinked_circuit(owner: User) -> Circuit:
    """Two etapas, nobody linked: teams, players and entities tied (the champions of each
    etapa, their six players, the two CTGs…), every tie decided by a sorteio, the
    players' feito à mão."""
    circuit = circuit_create(name="Circuito", slug="circuito", user=owner, best_n=1)
    finishes = (["Os Taura", "Pealo", "Gaudérios", "Xiru"], ["Pealo", "Os Taura", "Xiru", "Gaudérios"])
    for k, finish in enumerate(finishes):
        entities = {"Os Taura": "CTG A", "Pealo": "CTG B"}
        circuit_etapa_add(circuit=circuit, tournament=load_etapa(f"etapa-{k}", finish, entities), user=owner)
    for ranking in ("teams", "players", "entities"):
        while ties := circuit_ranking(circuit, ranking).pending_ties:
            manual = list(reversed(ties[0])) if ranking == "players" else None
            circuit_lots_record(
                circuit=circuit, ranking=ranking, competitors=ties[0], user=owner, manual_order=manual
            )
    return circuit


def test_sorteios_among_competitors_not_linked_round_trip(tmp_path: Path) -> None:
    owner = User.objects.create_user("dono")
    organizer_mark(owner)
    circuit = unlinked_circuit(owner)
    keys = {lot.ranking: lot.inputs[0][0] for lot in circuit.lots.all()}
    assert keys == {"teams": "t", "players": "j", "entities": "e"}
    doc = circuit_document(circuit)
    assert set(doc["lots"][0]["competitors"]) == set(doc["lots"][0]["inputs"])
    want = canonical(doc)
    etapas = [export_tournament(e.tournament) for e in circuit.etapas.all()]
    path = tmp_path / "c.json"
    path.write_text(json.dumps(doc), encoding="utf-8")

    # Another site: the etapas loaded from their files (new rows, new ids), then the circuit.
    circuit.delete()
    Tournament.objects.filter(slug__in=[e["tournament"]["slug"] for e in etapas]).delete()
    for etapa in etapas:
        load_tournament(etapa)
    code, out, err = run("loadcircuit", str(path))
    assert code == 0, err
    assert err == ""
    copy = Circuit.objects.get(slug="circuito")
    again = circuit_document(copy)
    assert again["lots"][0]["inputs"] != doc["lots"][0]["inputs"]  # renamed to this site's rows
    assert canonical(again) == want
    for ranking in ("teams", "players", "entities"):
        assert circuit_ranking(copy, ranking).pending_ties == []
    for lot in copy.lots.filter(manual=False):  # each replays from its inputs in their order
        replay = list(lot.inputs)
        random.Random(lot.seed).shuffle(replay)
        assert replay == lot.result


def test_a_sorteio_the_site_cannot_name_or_replay_is_refused(tmp_path: Path) -> None:
    owner = User.objects.create_user("dono")
    organizer_mark(owner)
    doc = circuit_document(unlinked_circuit(owner))
    teams = next(lot for lot in doc["lots"] if lot["ranking"] == "teams")
    players = next(lot for lot in doc["lots"] if lot["ranking"] == "players")
    drawn = next(k for k, lot in enumerate(doc["lots"]) if lot["ranking"] == "entities")
    first = teams["inputs"][0]
    teams["competitors"][first]["team"] = "fantasma"
    del players["competitors"][players["inputs"][0]]
    # The entities' sorteio was drawn: another order than its seed gives does not replay.
    doc["lots"][drawn]["result"] = list(reversed(doc["lots"][drawn]["result"]))
    doc["lots"].append({**teams, "result": teams["result"][:1] + ["c999"], "performed_at": "ontem"})
    path = tmp_path / "c.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run("loadcircuit", str(path), "--slug", "outra")
    assert code == 1
    lines = err.strip().splitlines()
    n = len(doc["lots"]) - 1
    assert f"lots[0].competitors.{first}: o torneio «etapa-0» não tem a equipe «fantasma»" in lines[0]
    assert any(line.startswith("lots[") and ".competitors: falta «j" in line for line in lines)
    assert f"lots[{drawn}].seed: o sorteio com esta semente não dá a ordem de «result»" in lines
    assert f"lots[{n}].result: deve ordenar exatamente os competidores de «inputs»" in lines
    assert f"lots[{n}].performed_at: «ontem» não é uma data e hora ISO 8601" in lines
    assert f"lots[{n}]: «c999» não está em «links»" in lines
    assert not Circuit.objects.filter(slug="outra").exists()
