"""``exportcircuit``: the tenteio-circuit/1 JSON (valid against its schema, exact points,
links and sorteios), one ranking as CSV, the three as an XLSX workbook."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import openpyxl
import pytest
from django.contrib.auth.models import User
from jsonschema import Draft202012Validator

from circuits.models import Circuit
from circuits.proposals import player_link_proposals, team_link_proposals
from circuits.selectors import circuit_ranking
from circuits.services.circuits import circuit_create, circuit_etapa_add, circuit_lots_record
from circuits.services.links import player_links_apply, team_links_apply
from tests.circuits.conftest import load_etapa
from tests.commands import run

pytestmark = pytest.mark.django_db

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "interchange" / "tenteio-circuit-1.schema.json").read_text("utf-8")
)
CTG = {"Os Taura": "CTG Tropeiros", "Pealo": "=CTG Fórmula", "Gaudérios": "CTG Rancho", "Xiru": "CTG Rancho"}


@pytest.fixture
def circuit(owner: User) -> Circuit:
    """Two ended etapas, a third still in play; teams and players linked; Os Taura and
    Pealo level (a sorteio recorded), Gaudérios and Xiru level (waiting for one)."""
    c = circuit_create(name="Circuito 2026", slug="circuito-2026", user=owner)
    for slug, finish, played in (
        ("etapa-1", ["Os Taura", "Pealo", "Gaudérios", "Xiru"], 4),
        ("etapa-2", ["Pealo", "Os Taura", "Xiru", "Gaudérios"], 4),
        ("etapa-3", ["Pealo", "Os Taura", "Xiru", "Gaudérios"], 2),
    ):
        circuit_etapa_add(circuit=c, tournament=load_etapa(slug, finish, CTG, played=played), user=owner)
    team_links_apply(circuit=c, proposals=team_link_proposals(c), user=owner)
    player_links_apply(circuit=c, proposals=player_link_proposals(c), user=owner)
    tied = [line.key for line in circuit_ranking(c).lines[:2]]
    circuit_lots_record(circuit=c, ranking="teams", competitors=tied, user=owner)
    return c


def test_json_is_valid_and_exact(circuit: Circuit) -> None:
    code, out, err = run("exportcircuit", "circuito-2026")
    assert code == 0, err
    doc = json.loads(out)
    Draft202012Validator.check_schema(SCHEMA)
    errors = [e.message for e in Draft202012Validator(SCHEMA).iter_errors(doc)]
    assert errors == []
    assert doc["format"] == "tenteio-circuit/1"
    assert [(e["complete"], e["counted"]) for e in doc["etapas"]] == [
        (True, True),
        (True, True),
        (False, False),
    ]
    assert doc["circuit"]["points_table"] == {"places": [25, 21, 17, 15, 13, 13, 13, 13], "participation": 1}
    teams = doc["rankings"]["teams"]
    assert [(line["position"], line["total"]["exact"]) for line in teams["lines"]] == [
        (1, "46"),
        (2, "46"),
        (3, "32"),
        (3, "32"),
    ]
    assert teams["lines"][0]["decided_by"]["criterion"] == "lots"
    assert teams["lines"][1]["decided_by"] == {
        "kind": "criterion",
        "criterion": "points",
        "upper_value": "46",
        "lower_value": "32",
    }
    assert teams["pending_ties"] == [sorted(line["key"] for line in teams["lines"][2:])]
    assert len(doc["links"]["teams"]) == 4 and len(doc["links"]["teams"][0]["teams"]) == 3
    assert doc["lots"][0]["ranking"] == "teams" and doc["lots"][0]["seed"]
    entities = doc["rankings"]["entities"]["lines"]
    assert entities[0]["name"] == "CTG Rancho" and entities[0]["total"]["exact"] == "64"


def test_shared_placings_average_exactly(owner: User) -> None:
    c = circuit_create(name="C", slug="c", user=owner, preset="rodeio")
    # The final not played: the two finalists share the 1º, the others the 3º (12/9/6/3).
    t = load_etapa("etapa-1", ["Os Taura", "Pealo", "Gaudérios", "Xiru"], played=2)
    circuit_etapa_add(circuit=c, tournament=t, user=owner)
    code, out, _ = run("exportcircuit", "c", "--provisional")
    doc = json.loads(out)
    assert [line["total"] for line in doc["rankings"]["teams"]["lines"]] == [
        {"exact": "21/2", "value": 10.5},
        {"exact": "21/2", "value": 10.5},
        {"exact": "9/2", "value": 4.5},
        {"exact": "9/2", "value": 4.5},
    ]
    assert doc["circuit"]["provisional"] is True
    assert list(Draft202012Validator(SCHEMA).iter_errors(doc)) == []


def test_csv_of_one_ranking(circuit: Circuit) -> None:
    code, out, _ = run("exportcircuit", "circuito-2026", "--format", "csv", "--ranking", "entities")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["Posição", "Nome", "Etapa 1", "Etapa 2", "Etapa 3", "Total", "Desempate"]
    assert rows[1][:2] == ["1", "CTG Rancho"]
    assert rows[1][-1] == "CTG Rancho à frente de =CTG Fórmula por pontos (64 × 46)"
    code, out, _ = run("exportcircuit", "circuito-2026", "--format", "csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][2] == "Entidade" and "'=CTG Fórmula" in [row[2] for row in rows]  # no formula


def test_xlsx_has_the_three_rankings(circuit: Circuit, tmp_path: Path) -> None:
    target = tmp_path / "circuito.xlsx"
    code, _, err = run("exportcircuit", "circuito-2026", "--format", "xlsx", "-o", str(target))
    assert code == 0, err
    book = openpyxl.load_workbook(target)
    assert book.sheetnames == ["equipes", "jogadores", "entidades"]
    assert book["equipes"]["G2"].value == 46


def test_refusals(circuit: Circuit) -> None:
    assert run("exportcircuit", "nenhum")[0] == 1
    assert run("exportcircuit", "circuito-2026", "--format", "xlsx")[0] == 2
