"""Public pages, exports, live revision, cache invalidation and query counts."""

from __future__ import annotations

import io
from typing import Any

import openpyxl
import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from core.demo import demo_document
from interchange.load import load_tournament
from scoring.models import ScoreSheet
from scoring.services.contributions import contributions_refresh
from tests.generators import tournament_document
from tournaments.models import Match, Membership, Team, Tournament
from tournaments.revision import bump

pytestmark = pytest.mark.django_db
SLUG = "rodeio-querencia-truco-cego"


@pytest.fixture
def demo() -> Tournament:
    return load_tournament(demo_document()).tournament


@pytest.mark.parametrize(
    "path",
    [
        "",
        "classificacao/",
        "resultados/",
        "programacao/",
        "programacao/?mesa=3",
        "resultados/?rodada=1",
        "equipes/{t1}/",
        "classificacao.json",
        "resultados.json",
        "revisao.json",
    ],
)
def test_public_pages_answer(client: Client, demo: Tournament, path: str) -> None:
    path = path.replace("{t1}", str(demo.teams.get(key="t1").pk))  # teams go by id
    response = client.get(f"/t/{SLUG}/{path}")
    assert response.status_code == 200


def test_standings_page_shows_every_chave_and_team(client: Client, demo: Tournament) -> None:
    body = client.get(f"/t/{SLUG}/classificacao/").content.decode()
    for chave in "ABCD":
        assert f"Chave {chave}" in body
    for team in Team.objects.all():
        assert team.name in body
    assert "Classificados" not in body  # «Somente chaves»: no next phase to qualify for
    Tournament.objects.filter(pk=demo.pk).update(stage_plan=Tournament.StagePlan.GROUPS_KNOCKOUT)
    bump(demo.pk)  # the public pages are cached under the revision
    body = client.get(f"/t/{SLUG}/classificacao/").content.decode()
    assert "Classificados" in body and "provisório" in body


def test_results_page_shows_partida_scores(client: Client, demo: Tournament) -> None:
    sheet = ScoreSheet.objects.select_related("match__team_a").first()
    assert sheet is not None
    body = client.get(f"/t/{SLUG}/resultados/").content.decode()
    first = sheet.result["games"][0]
    assert f"{first[0]}–{first[1]}" in body


def test_results_json_shape(client: Client, demo: Tournament) -> None:
    data = client.get(f"/t/{SLUG}/resultados.json").json()
    assert data["format"] == "tenteio-results/1"
    assert len(data["matches"]) == 24
    played = [m for m in data["matches"] if m["result"] is not None]
    assert len(played) == 16 and all(m["winner"] in m["teams"] for m in played)


def test_exports_csv_and_xlsx_neutralize_formulas(client: Client, demo: Tournament) -> None:
    Team.objects.filter(key="t1").update(name='=HYPERLINK("http://x","clique")')
    csv_text = client.get(f"/t/{SLUG}/classificacao/?_export=csv").content.decode()
    assert "'=HYPERLINK" in csv_text and "\n=HYPERLINK" not in csv_text
    response = client.get(f"/t/{SLUG}/resultados/?_export=xlsx")
    assert response["Content-Disposition"].endswith('.xlsx"')
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    cells = [c.value for row in book.active.iter_rows() for c in row]
    assert any(isinstance(v, str) and v.startswith("'=HYPERLINK") for v in cells)
    assert not any(isinstance(v, str) and v.startswith("=") for v in cells)


def test_homologation_is_visible_on_the_next_public_request(client: Client, demo: Tournament) -> None:
    url = f"/t/{SLUG}/classificacao.json"
    first = client.get(url)
    assert client.get(url)["ETag"] == first["ETag"]
    revision = client.get(f"/t/{SLUG}/revisao.json").json()["revision"]
    pending = Match.objects.filter(sheets__isnull=True).select_related("team_a").first()
    assert pending is not None
    ScoreSheet.objects.create(
        match=pending, version=1, status="homologated", confirmed=True, result={"games": [[24, 3], [24, 4]]}
    )
    contributions_refresh(match=pending)  # what the workflow does in its transaction
    bump(demo.pk)  # as scoring.services.workflow.sheet_homologate does, in its transaction
    after = client.get(url)
    assert after["ETag"] != first["ETag"]
    assert after.content != first.content
    assert client.get(f"/t/{SLUG}/revisao.json").json()["revision"] > revision


def test_private_tournament_pages_are_not_public(client: Client, demo: Tournament) -> None:
    client.get(f"/t/{SLUG}/classificacao/")  # cached while public
    Tournament.objects.filter(pk=demo.pk).update(is_public=False)
    demo.refresh_from_db()
    t1 = demo.teams.get(key="t1").pk
    for path in ("classificacao/", "classificacao.json", "resultados/", f"equipes/{t1}/"):
        response = client.get(f"/t/{SLUG}/{path}")
        assert response.status_code in (302, 404), path


def _queries(client: Client, url: str) -> int:
    # A first request pays the process's one-time look-ups (content types, a revision row
    # made on first use) for whichever page comes first: count the second one.
    assert client.get(url).status_code == 200
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.parametrize(
    "path",
    ["classificacao/", "classificacao/?page=2", "classificados/", "classificacao.json", "resultados.json"],
)
def test_query_count_does_not_grow_with_teams(client: Client, settings: Any, path: str) -> None:
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
        "fragments": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    }
    small = load_tournament(tournament_document("truco-cego-trio", groups=2, size=4, seed=1)).tournament
    large = load_tournament(tournament_document("truco-cego-trio", groups=64, size=8, seed=2)).tournament
    assert large.teams.count() == 512
    # The page of a large stage leaves the qualification to its own page: never more,
    # but for the queries that depend on what happened, not on the size: one for the
    # jogos among tied teams when a tie reaches head-to-head, two for the chaves with an
    # expulsion (standings.chaves) — the small event may have neither.
    assert _queries(client, f"/t/{large.slug}/{path}") <= _queries(client, f"/t/{small.slug}/{path}") + 3


def test_organizer_sees_export_and_judge_does_not(client: Client, demo: Tournament) -> None:
    organizer = User.objects.create_user("org", password="x-Senha-Forte-1")
    Membership.objects.create(tournament=demo, user=organizer, role="organizer")
    judge = User.objects.create_user("juiz", password="x-Senha-Forte-1")
    Membership.objects.create(tournament=demo, user=judge, role="judge")
    client.force_login(judge)
    assert "exportar.json" not in client.get(f"/t/{SLUG}/").content.decode()
    assert client.get(f"/t/{SLUG}/exportar.json").status_code == 403
    client.force_login(organizer)
    assert "exportar.json" in client.get(f"/t/{SLUG}/").content.decode()


def test_large_standings_page_is_paginated_by_chaves(client: Client) -> None:
    big = load_tournament(tournament_document("truco-cego-trio", groups=40, size=4, seed=5)).tournament
    Tournament.objects.filter(pk=big.pk).update(stage_plan=Tournament.StagePlan.GROUPS_KNOCKOUT)
    first = client.get(f"/t/{big.slug}/classificacao/").content.decode()
    assert first.count('class="chave"') == 16 and "chave-040" not in first.replace("#chave-040", "")
    last = client.get(f"/t/{big.slug}/classificacao/?page=3").content.decode()
    assert 'id="chave-040"' in last and last.count('class="chave"') == 8
    qualified = client.get(f"/t/{big.slug}/classificados/").content.decode()
    assert "Classificados" in qualified and "040" in qualified


def test_the_public_home_counts_the_teams_that_play_not_the_ausentes() -> None:
    from tournaments.services.registration import team_set_status

    doc = tournament_document("truco-uruguaio", groups=3, size=4, seed=4, played=0.0)
    t = load_tournament(doc).tournament
    client = Client()
    assert "12 equipes" in client.get(f"/t/{t.slug}/").content.decode()
    team_set_status(team=t.teams.order_by("name").first(), status=Team.Status.ABSENT, reason="não veio")
    page = client.get(f"/t/{t.slug}/").content.decode()
    assert "12 equipes" not in page and "11 equipes (1 ausente)" in page
