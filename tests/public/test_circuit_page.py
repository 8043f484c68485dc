"""A circuit's public page: its three rankings with points per etapa (those best N leaves
out struck through), «dividido», the words of each tie; the downloads; a private circuit
is a 404 to all but its organizers; not cached, ``max-age=1`` as the cached pages."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from circuits.models import Circuit
from circuits.proposals import team_link_proposals
from circuits.services.circuits import circuit_create, circuit_etapa_add, circuit_rules_set
from circuits.services.links import team_links_apply
from tests.circuits.conftest import load_etapa
from tournaments.services.organizers import organizer_mark

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]


@pytest.fixture
def owner(db: None) -> User:
    user = User.objects.create_user("dono", password="x-Senha-Forte-1")
    organizer_mark(user)
    return user


FINISH = ["Os Taura", "Pealo", "Gaudérios", "Xiru"]


def circuit_of(owner: User, **settings: object) -> Circuit:
    circuit = circuit_create(name="Circuito Gaúcho", slug="gaucho", user=owner, **settings)  # type: ignore[arg-type]
    etapas = [
        ("etapa-1", FINISH),
        ("etapa-2", ["Pealo", "Os Taura", "Xiru", "Gaudérios"]),
        ("etapa-3", ["Os Taura", "Xiru", "Pealo", "Gaudérios"]),
    ]
    for slug, finish in etapas:
        entities = {"Os Taura": "CTG Sinuelo", "Pealo": "CTG Sinuelo", "Xiru": "CTG Aldeia"}
        circuit_etapa_add(circuit=circuit, tournament=load_etapa(slug, finish, entities), user=owner)
    team_links_apply(circuit=circuit, proposals=team_link_proposals(circuit), user=owner)
    return circuit


def test_the_three_rankings_with_points_per_etapa_and_why(owner: User) -> None:
    circuit_of(owner, best_n=2)
    response = Client().get(reverse("public:circuit", args=["gaucho"]))
    assert response.status_code == 200 and response["Cache-Control"] == "public, max-age=1"
    page = response.content.decode()
    for words in ("Equipes", "Jogadores", "Entidades", "Os Taura", "CTG Sinuelo"):
        assert words in page
    # Os Taura: 25 + 21 + 25 with best 2 → 50, and the 21 struck through.
    assert '<span class="discarded"' in page and "<strong>50</strong>" in page
    assert "à frente de" in page  # the words of what put a line above the next
    assert "ostaura jogador 1" in page  # players ranked too


def test_a_shared_position_says_dividido(owner: User) -> None:
    circuit = circuit_create(name="Empate", slug="empate", user=owner, tiebreakers=["etapas_won"])
    for slug, finish in (("e1", FINISH), ("e2", ["Pealo", "Os Taura", "Xiru", "Gaudérios"])):
        circuit_etapa_add(circuit=circuit, tournament=load_etapa(slug, finish), user=owner)
    team_links_apply(circuit=circuit, proposals=team_link_proposals(circuit), user=owner)
    page = Client().get(reverse("public:circuit", args=["empate"])).content.decode()
    assert "dividido" in page and "empatados em todos os critérios" in page


def test_a_private_circuit_is_a_404_but_to_its_organizers(owner: User) -> None:
    circuit = circuit_of(owner)
    circuit_rules_set(circuit=circuit, user=owner, is_public=False)
    url = reverse("public:circuit", args=["gaucho"])
    assert Client().get(url).status_code == 404
    assert Client().get(url + "?_export=json").status_code == 404
    other = Client()
    other.force_login(User.objects.create_user("outro"))
    assert other.get(url).status_code == 404
    mine = Client()
    mine.force_login(owner)
    response = mine.get(url)
    assert (
        response.status_code == 200
        and reverse("circuits:manage", args=["gaucho"]) in response.content.decode()
    )
    assert Client().get(reverse("public:circuit", args=["nenhum"])).status_code == 404


def test_downloads(owner: User) -> None:
    circuit_of(owner)
    url = reverse("public:circuit", args=["gaucho"])
    c = Client()
    doc = json.loads(c.get(url + "?_export=json").content)
    assert doc["format"] == "tenteio-circuit/1" and len(doc["etapas"]) == 3
    assert doc["links"]["teams"]  # the links go with the file
    rows = list(csv.reader(io.StringIO(c.get(url + "?_export=csv&ranking=entities").content.decode())))
    assert rows[0][:2] == ["Posição", "Nome"] and rows[1][1] == "CTG Sinuelo"
    book = load_workbook(io.BytesIO(c.get(url + "?_export=xlsx").content))
    assert len(book.sheetnames) == 3
    assert c.get(url + "?_export=pdf").status_code == 404
    assert c.get(url + "?_export=csv&ranking=outra").status_code == 404
