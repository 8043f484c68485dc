"""A circuit's page refreshes itself: ``/circuito/SLUG/revisao.json`` — a number that only
grows — moves with a homologation in any etapa (once it commits, the etapa's placings are
read again) and with a change of the circuit (a link, its rules), in one query, answered
with an ``ETag`` (304 when unchanged); a private circuit is a 404 there too. The page and
its number are in the public cache under that number; a reader writes nothing. And the
site's home lists the public circuits and rodeios for everyone."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.db.models import F
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from circuits.models import Circuit, EtapaPlacing
from circuits.proposals import team_link_proposals
from circuits.selectors import circuit_ranking
from circuits.services.circuits import circuit_create, circuit_etapa_add, circuit_rules_set
from circuits.services.links import team_links_apply
from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_homologate, sheet_save
from tests.circuits.conftest import load_etapa
from tests.scoring.conftest import win_a
from tournaments.models import Match, Membership, PublicRevision, Tournament
from tournaments.revision import AO_VIVO, bump
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


def circuit_number(slug: str = "gaucho") -> int:
    return int(Circuit.objects.values_list("revision", flat=True).get(slug=slug))


def test_the_revision_is_a_number_that_grows_with_every_change(owner: User) -> None:
    circuit = season(owner)
    first = Client().get(reverse("public:circuit_revision", args=["gaucho"])).json()["revision"]
    assert isinstance(first, int) and first == circuit_number() > 0
    team_links_apply(circuit=circuit, proposals=team_link_proposals(circuit), user=owner)
    linked = circuit_number()
    circuit_rules_set(circuit=circuit, user=owner, best_n=1)
    assert first < linked < circuit_number()


def test_homologating_the_last_jogos_of_an_etapa_moves_the_circuit_and_its_cached_page(owner: User) -> None:
    circuit = season(owner)
    client = Client()
    url = reverse("public:circuit", args=["gaucho"])
    before = client.get(url)
    assert client.get(url)["X-Tenteio-Cache"] == "hit"
    assert "em andamento: provisória" in before.content.decode()
    number = revision(client)
    last = circuit.etapas.order_by("order")[1].tournament
    homologate_final(last, owner)  # the final (or the 3rd place): still in play
    moved = revision(client)
    assert int(moved) > int(number)
    homologate_final(last, owner)  # the other: the etapa has ended
    assert int(revision(client)) > int(moved)
    after = client.get(url)
    assert after.status_code == 200 and "X-Tenteio-Cache" not in after
    assert after["ETag"] != before["ETag"] and after["ETag"].startswith(f'W/"{revision(client)}-')
    page = after.content.decode()
    assert "em andamento" not in page and "Classificação provisória" not in page
    assert all(c.complete for c in circuit_ranking(circuit).columns)  # read when it ended


def test_the_hands_of_a_jogo_in_play_leave_the_circuit_as_it_is(owner: User) -> None:
    circuit = season(owner)
    number = circuit_number()
    last = circuit.etapas.order_by("order")[1].tournament
    bump(last.pk, [AO_VIVO])  # what the judge's tenteio bumps, hand by hand
    assert circuit_number() == number
    bump(last.pk)  # a change of every page (a name, a rule)
    assert circuit_number() > number


def test_a_reader_writes_nothing_and_a_missed_refresh_is_caught_up(owner: User) -> None:
    circuit = season(owner)
    etapa = circuit.etapas.order_by("order")[0]
    EtapaPlacing.objects.filter(etapa=etapa).delete()  # as if kept from before its results
    PublicRevision.objects.filter(tournament_id=etapa.tournament_id).update(value=F("value") + 1)  # no hook
    with CaptureQueriesContext(connection) as queries:
        page = Client().get(reverse("public:circuit", args=["gaucho"]))
    writes = [q["sql"] for q in queries if q["sql"].split()[0] in ("INSERT", "UPDATE", "DELETE")]
    assert page.status_code == 200 and writes == [] and "FOR UPDATE" not in str(queries.captured_queries)
    assert not EtapaPlacing.objects.filter(etapa=etapa).exists()  # shown as kept: the reader wrote nothing
    number = circuit_number()
    call_command("refreshcircuits", stdout=io.StringIO())
    assert EtapaPlacing.objects.filter(etapa=etapa).count() == 4 and circuit_number() > number


def test_an_etapa_deleted_with_its_tournament_moves_the_circuit(owner: User) -> None:
    circuit = season(owner)
    number = circuit_number()
    circuit.etapas.order_by("order")[1].tournament.delete()
    assert circuit_number() > number and circuit.etapas.count() == 1


def test_the_circuit_page_is_in_the_public_cache(owner: User) -> None:
    season(owner)
    client = Client()
    url = reverse("public:circuit", args=["gaucho"])
    first = client.get(url)
    assert first["Cache-Control"] == "public, max-age=1" and "X-Accel-Expires" in first
    assert first["ETag"].startswith(f'W/"{circuit_number()}-')
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    assert client.get(url + "?x=1").status_code == 302  # a parameter it does not read
    final = client.get(url + "?ver=final")
    assert final.status_code == 200 and final["ETag"] != first["ETag"]  # its own page
    json_url = reverse("public:circuit_revision", args=["gaucho"])
    client.get(json_url)
    assert client.get(json_url)["X-Tenteio-Cache"] == "hit"
    organizer = Client()
    organizer.force_login(owner)
    assert "X-Tenteio-Cache" not in organizer.get(url) and "X-Tenteio-Cache" not in organizer.get(url)
