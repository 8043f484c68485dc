"""``loadcircuit``: a circuit exported with ``exportcircuit`` comes back with its settings,
etapas, links of teams and people and its sorteios, and ranks the same; a file naming a
tournament or a team this site lacks is refused line by line, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from circuits.export import circuit_document
from circuits.models import Circuit, CircuitLots
from circuits.proposals import player_link_proposals, team_link_proposals
from circuits.selectors import circuit_ranking
from circuits.services.circuits import circuit_create, circuit_etapa_add, circuit_lots_record
from circuits.services.links import player_links_apply, team_links_apply
from tests.circuits.conftest import load_etapa
from tests.commands import run
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
