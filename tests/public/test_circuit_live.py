"""A circuit's page refreshes itself: ``/circuito/SLUG/revisao.json`` moves with a
homologation in any etapa and with a change of the circuit (a link, its rules), in one
query, answered with an ``ETag`` (304 when unchanged); a private circuit is a 404 there
too. And the site's home lists the public circuits and rodeios for everyone."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from circuits.models import Circuit
from circuits.proposals import team_link_proposals
from circuits.services.circuits import circuit_create, circuit_etapa_add, circuit_rules_set
from circuits.services.links import team_links_apply
from scoring.services.workflow import sheet_homologate, sheet_save, sheet_sign
from tests.circuits.conftest import load_etapa
from tests.scoring.conftest import win_a
from tournaments.models import Match, Membership, Tournament
from tournaments.services.organizers import organizer_mark

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]
PASSWORD = "x-Senha-Forte-1"
FINISH = ["Os Taura", "Pealo", "Gaudérios", "Xiru"]


@pytest.fixture
def owner(db: None) -> User:
    user = User.objects.create_user("dono", password=PASSWORD)
    organizer_mark(user)
    return user


def season(owner: User, slug: str = "gaucho", etapas: int = 2, **settings: object) -> Circuit:
    circuit = circuit_create(name=f"Circuito {slug}", slug=slug, user=owner, **settings)  # type: ignore[arg-type]
    for k in range(etapas):
        played = 2 if k == etapas - 1 else 4  # the last etapa's final still to play
        t = load_etapa(f"{slug}-etapa-{k}", FINISH, played=played)
        Membership.objects.create(tournament=t, user=owner, role="organizer")
        circuit_etapa_add(circuit=circuit, tournament=t, user=owner)
    return circuit


def homologate_final(t: Tournament, organizer: User) -> None:
    m = Match.objects.filter(stage__tournament=t, round=2).exclude(sheets__status="homologated")
    m = m.select_related("team_a", "team_b")
    match = m.order_by("pk")[0]
    sheet = sheet_save(match=match, user=organizer, data=win_a(match), base_version=0, submit=True)
    for side in (match.team_a, match.team_b):
        sheet = sheet_sign(match=match, user=organizer, team=side, version=sheet.version)
    sheet_homologate(match=match, user=organizer, version=sheet.version)


def revision(client: Client, slug: str = "gaucho") -> str:
    response = client.get(reverse("public:circuit_revision", args=[slug]))
    assert response.status_code == 200, response.content
    return str(response.json()["revision"])


def test_the_revision_moves_with_a_homologation_in_an_etapa(owner: User) -> None:
    circuit = season(owner)
    client = Client()
    before = revision(client)
    assert revision(client) == before  # nothing changed: the same number
    last = circuit.etapas.order_by("order")[1].tournament
    homologate_final(last, owner)
    assert revision(client) != before


def test_the_revision_moves_with_a_link_and_with_the_rules(owner: User) -> None:
    circuit = season(owner)
    client = Client()
    first = revision(client)
    team_links_apply(circuit=circuit, proposals=team_link_proposals(circuit), user=owner)
    linked = revision(client)
    assert linked != first
    circuit_rules_set(circuit=circuit, user=owner, best_n=1)
    assert revision(client) != linked


def test_an_unchanged_revision_is_a_304_with_its_etag(owner: User) -> None:
    season(owner)
    client = Client()
    url = reverse("public:circuit_revision", args=["gaucho"])
    first = client.get(url)
    assert first["Cache-Control"] == "public, max-age=1"
    etag = first["ETag"]
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again["ETag"] == etag and again.content == b""
    assert client.get(url, HTTP_IF_NONE_MATCH='W/"outra"').status_code == 200


def test_one_query_whatever_the_number_of_etapas(owner: User) -> None:
    counts = []
    for slug, n in (("curto", 1), ("longo", 4)):
        season(owner, slug, etapas=n)
        with CaptureQueriesContext(connection) as queries:
            revision(Client(), slug)
        counts.append(len(queries))
    assert counts[0] == counts[1] == 1


def test_a_private_circuit_revision_is_a_404_but_to_its_organizers(owner: User) -> None:
    circuit = season(owner, etapas=1)
    circuit_rules_set(circuit=circuit, user=owner, is_public=False)
    url = reverse("public:circuit_revision", args=["gaucho"])
    assert Client().get(url).status_code == 404
    assert Client().get(reverse("public:circuit_revision", args=["nenhum"])).status_code == 404
    organizer = Client()
    organizer.force_login(owner)
    answer = organizer.get(url)
    assert answer.status_code == 200 and "public" not in answer.get("Cache-Control", "")


def test_the_circuit_page_polls_its_revision(owner: User) -> None:
    season(owner, etapas=1)
    page = Client().get(reverse("public:circuit", args=["gaucho"])).content.decode()
    assert 'data-revision-url="/circuito/gaucho/revisao.json" data-revision="' in page and "js/live" in page


def test_the_home_lists_the_public_circuits_and_rodeios(owner: User) -> None:
    season(owner, "gaucho", etapas=2)
    hidden = season(owner, "secreto", etapas=1)
    circuit_rules_set(circuit=hidden, user=owner, is_public=False)
    page = Client().get(reverse("home")).content.decode()
    assert "Circuitos e rodeios" in page
    assert 'href="/circuito/gaucho/"' in page and "Circuito gaucho" in page and "2 etapas" in page
    assert "/circuito/secreto/" not in page and "Circuito secreto" not in page
    assert "/circuitos/" not in page  # a visitor organizes nothing


def test_the_home_shows_no_circuit_section_without_circuits(db: None) -> None:
    page = Client().get(reverse("home")).content.decode()
    assert "home-circuits" not in page and "/circuitos/" not in page


def test_an_organizer_of_a_circuit_who_may_not_create_tournaments_gets_the_link(owner: User) -> None:
    circuit = season(owner, etapas=1)
    helper = User.objects.create_user("ajudante", password=PASSWORD)  # not marked organizer
    client = Client()
    client.force_login(helper)
    assert 'href="/circuitos/"' not in client.get(reverse("home")).content.decode()
    circuit.organizers.add(helper)
    assert 'href="/circuitos/"' in client.get(reverse("home")).content.decode()
