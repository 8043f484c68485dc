"""A circuit's public page: its three rankings with points per etapa (those best N leaves
out struck through), «dividido», the words of each tie; the downloads; a private circuit
is a 404 to all but its organizers; ``max-age=1`` as every cached public page. While an
etapa is in play the page shows the provisional ranking, marked so, and ``?ver=final``
the finished etapas only; the downloads follow the reading and say which they are."""

from __future__ import annotations

import csv
import io
import json
import re

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


def in_play(owner: User) -> Circuit:
    """Two etapas: the first ended, the second with its semifinals only (in play)."""
    circuit = circuit_create(name="Circuito Gaúcho", slug="gaucho", user=owner)
    circuit_etapa_add(circuit=circuit, tournament=load_etapa("etapa-1", FINISH), user=owner)
    second = load_etapa("etapa-2", ["Pealo", "Os Taura", "Xiru", "Gaudérios"], played=2)
    circuit_etapa_add(circuit=circuit, tournament=second, user=owner)
    team_links_apply(circuit=circuit, proposals=team_link_proposals(circuit), user=owner)
    return circuit


def totals(page: str) -> list[str]:
    """The teams' totals, best first."""
    teams = page[page.index('<section id="teams"') :]
    return re.findall(r"<strong>([\d.,/]+)</strong>", teams[: teams.index("</section>")])


def test_an_etapa_in_play_counts_provisionally_and_says_so(owner: User) -> None:
    in_play(owner)
    url = reverse("public:circuit", args=["gaucho"])
    page = Client().get(url).content.decode()
    assert "<strong>Classificação provisória</strong>" in page and 'href="?ver=final"' in page
    assert "em andamento: provisória" in page and '<small class="badge in-play">em andamento</small>' in page
    assert 'Equipes <span class="badge">provisória</span>' in page
    assert "Classificação provisória do circuito" in page  # the title
    final = Client().get(url + "?ver=final").content.decode()
    assert "<strong>Classificação das etapas encerradas</strong>" in final
    assert 'href="?ver=provisoria"' in final
    assert "em andamento: ainda não conta" in final and "in-play" not in final
    assert '<span class="badge">provisória</span>' not in final
    # The 1st etapa alone: 25, 21, 17, 15; the semifinals of the 2nd add to each.
    assert totals(final) == ["25", "21", "17", "15"]
    assert totals(page) != totals(final) and len(totals(page)) == 4
    assert totals(Client().get(url + "?ver=provisoria").content.decode()) == totals(page)


def test_with_no_etapa_in_play_there_is_one_reading(owner: User) -> None:
    circuit_of(owner)
    page = Client().get(reverse("public:circuit", args=["gaucho"])).content.decode()
    assert "provisória" not in page and "?ver=" not in page and "em andamento" not in page


def test_the_downloads_say_which_reading_they_are(owner: User) -> None:
    in_play(owner)
    url = reverse("public:circuit", args=["gaucho"])
    c = Client()
    page = c.get(url).content.decode()
    assert 'href="?_export=xlsx"' in page and "Baixar (provisória)" in page
    csv_now = c.get(url + "?_export=csv&ranking=teams")
    assert 'filename="gaucho-teams-provisoria.csv"' in csv_now["Content-Disposition"]
    header = next(csv.reader(io.StringIO(csv_now.content.decode())))
    assert "Etapa 2 (em andamento: provisória)" in header and "Etapa 1" in header
    doc = json.loads(c.get(url + "?_export=json").content)
    assert doc["circuit"]["provisional"] is True and [e["counted"] for e in doc["etapas"]] == [True, True]
    assert [e["complete"] for e in doc["etapas"]] == [True, False]
    book = load_workbook(io.BytesIO(c.get(url + "?_export=xlsx").content))
    assert book.sheetnames == ["equipes (provisória)", "jogadores (provisória)", "entidades (provisória)"]
    final_page = c.get(url + "?ver=final").content.decode()
    assert 'href="?_export=xlsx&amp;ver=final"' in final_page
    csv_final = c.get(url + "?_export=csv&ranking=teams&ver=final")
    assert 'filename="gaucho-teams.csv"' in csv_final["Content-Disposition"]
    assert "Etapa 2" in next(csv.reader(io.StringIO(csv_final.content.decode())))
    doc = json.loads(c.get(url + "?_export=json&ver=final").content)
    assert doc["circuit"]["provisional"] is False and [e["counted"] for e in doc["etapas"]] == [True, False]
    book = load_workbook(io.BytesIO(c.get(url + "?_export=xlsx&ver=final").content))
    assert book.sheetnames == ["equipes", "jogadores", "entidades"]


def test_a_provisional_tie_waits_for_no_sorteio(owner: User) -> None:
    in_play(owner)  # the 2nd etapa's finalists share its 1º for now: Os Taura and Pealo level
    url = reverse("public:circuit", args=["gaucho"])
    page = Client().get(url).content.decode()
    final = Client().get(url + "?ver=final").content.decode()
    assert "empatados por enquanto" in page or "à frente de" in page
    assert "aguardando sorteio" not in page and "empatados por enquanto" not in final
