"""The telão (``/t/SLUG/telao/``) and the live refresh every public page carries."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from core.demo import demo_document
from interchange.load import load_tournament
from public.telao import chaves_per_screen, current_round, cycle_seconds, telao_screens
from tests.knockout.test_placings import GOIANO, event
from tournaments.models import Team, Tournament
from tournaments.revision import bump

pytestmark = pytest.mark.django_db
SLUG = "rodeio-querencia-truco-cego"
LIVE = re.compile(r'<script src="[^"]*js/live\.js" data-revision-url="([^"]*)" data-revision="(\d*)"')


@pytest.fixture
def demo() -> Tournament:
    return load_tournament(demo_document()).tournament


def test_cycle_seconds_is_a_whole_number_within_limits() -> None:
    assert cycle_seconds(None) == 12 and cycle_seconds("abc") == 12 and cycle_seconds("-3") == 12
    assert cycle_seconds("1") == 2 and cycle_seconds("5") == 5 and cycle_seconds("9999") == 120
    assert [chaves_per_screen(n) for n in (4, 5, 6, 8, 9)] == [6, 6, 4, 4, 2]


def test_the_telao_shows_chaves_mesas_and_next_jogos(client: Client, demo: Tournament) -> None:
    kinds = [s.kind for s in telao_screens(demo)]
    assert kinds == ["chaves", "mesas", "proximos"]  # «Somente chaves», rodada 3 in play
    response = client.get(f"/t/{SLUG}/telao/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "<nav" not in body and "<form" not in body and "<a " not in body  # nothing to click
    assert body.count('class="tl-screen"') == 3
    for chave in "ABCD":
        assert f"Chave {chave}</h2>" in body
    assert "Rodada 3</h1>" in body and "Próximos jogos" in body
    assert 'data-cycle="12"' in body and 'data-reload="3600"' in body and 'data-target="#telao"' in body
    # Every change of the tournament is the telão's: the poll names no scope.
    url, revision = LIVE.search(body).groups()  # type: ignore[union-attr]
    assert url == f"/t/{SLUG}/revisao.json" and int(revision) == client.get(url).json()["revision"]


def test_the_telao_is_a_cached_public_page(client: Client, demo: Tournament) -> None:
    first = client.get(f"/t/{SLUG}/telao/?ciclo=3")
    assert first["Cache-Control"] == "public, max-age=1" and 'data-cycle="3"' in first.content.decode()
    again = client.get(f"/t/{SLUG}/telao/?ciclo=3", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert client.get(f"/t/{SLUG}/telao/?x=1").status_code == 302  # a parameter it does not read
    bump(demo.pk, ["ao-vivo"])  # a hand on a mesa moves the telão too
    assert client.get(f"/t/{SLUG}/telao/?ciclo=3", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200
    Tournament.objects.filter(pk=demo.pk).update(is_public=False)
    bump(demo.pk)
    assert client.get(f"/t/{SLUG}/telao/").status_code == 404


def test_current_round_is_the_first_with_a_jogo_not_homologated() -> None:
    rows = [
        {"stage": "c", "round": 1, "homologated": True},
        {"stage": "c", "round": 2, "homologated": False},
        {"stage": "c", "round": 2, "homologated": True},
        {"stage": "c", "round": 3, "homologated": False},
    ]
    assert current_round(rows) == rows[1:3] and current_round(rows[:1]) == []


def test_the_telao_opens_with_the_podium_when_the_event_ends(client: Client) -> None:
    keys = ["t1", "t2", "t3", "t4"]
    ko = [(1, "t1", "t4", GOIANO), (1, "t2", "t3", GOIANO), (2, "t1", "t2", GOIANO)]
    done = event("copa-fim", chaves=False, knockout=keys, ko_matches=ko, modality="truco-goiano", keys=keys)
    assert [s.kind for s in telao_screens(done)] == ["podium", "mata-mata"]
    body = client.get(f"/t/{done.slug}/telao/").content.decode()
    # a goiano dupla: «a campeã»
    assert "Campeã: Trio T1" in body and 'class="tl-podium"' in body and 'class="bracket"' in body


@pytest.mark.parametrize(
    ("path", "scopes"),
    [
        ("", "jogos"),
        ("classificacao/", "chave:"),
        ("resultados/", "jogos"),
        ("programacao/", "jogos"),
        ("equipes/{t1}/", "equipe:{t1}"),
    ],
)
def test_every_public_page_polls_its_own_scopes(
    client: Client, demo: Tournament, path: str, scopes: str
) -> None:
    t1 = str(Team.objects.get(tournament=demo, key="t1").pk)
    body = client.get(f"/t/{SLUG}/{path.replace('{t1}', t1)}").content.decode()
    url, revision = LIVE.search(body).groups()  # type: ignore[union-attr]
    assert f"?escopo={scopes.replace('{t1}', t1)}" in url
    # The page's revision is the one its poll answers: nothing to swap until a change.
    assert int(revision) == client.get(url.replace("&amp;", "&")).json()["revision"]


def test_the_final_rodadas_screen_names_the_3o_lugar_jogo(client: Client) -> None:
    from knockout.services.advance import bracket_sync
    from tests.knockout.test_placings import SEMIS_AND_FINAL
    from tournaments.models import Match

    semis = SEMIS_AND_FINAL[:2]
    t = event("tl-3o", chaves=True, knockout=["a1", "b1", "a2", "b2"], ko_matches=semis)
    bracket_sync(stage=t.stages.get(kind="knockout"))  # the final and the disputa de 3º lugar
    assert Match.objects.filter(stage__kind="knockout", stage__tournament=t, round=2).count() == 2
    bump(t.pk)
    mesas = [s for s in telao_screens(t) if s.kind == "mesas"]
    assert [s.title for s in mesas] == ["Final e 3º lugar"]
    assert sorted(m["phase"] for m in mesas[0].items) == ["3º lugar", "Final"]
    body = client.get(f"/t/{t.slug}/telao/").content.decode()
    assert "<strong>3º lugar</strong>" in body and "<strong>Final</strong>" in body
