"""A public page is cached under the revision of what it shows (public.scopes): a
homologation in one chave re-renders that chave's classificação page, its teams' pages
and the lists of jogos, and leaves the other chaves' pages and teams, and the mata-mata,
cached; the live refresh of a page polls exactly its scopes; a set-up change, or a page
that names no scope, moves with everything."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from interchange.load import load_tournament
from rules.hands import Hand, TrucoPart
from rules.results import Side
from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_homologate, sheet_save
from tally.services import hand_record
from tests.generators import tournament_document
from tests.scoring.conftest import win_a
from tournaments.models import Match, Membership, Team, Tournament
from tournaments.revision import bump

pytestmark = pytest.mark.django_db
CHAVES = 18  # two classificação pages: chaves A–P, then Q and R


@pytest.fixture
def event() -> tuple[Tournament, Any]:
    doc = tournament_document("truco-cego-trio", groups=CHAVES, size=4, seed=5, played=1.0, walkovers=0.0)
    for k, m in enumerate(m for m in doc["matches"] if m["round"] == 3):
        m["result"], m["table"] = None, str(k + 1)  # rodada 3 in play
    t = load_tournament(doc).tournament
    organizer = get_user_model().objects.create_user("org")
    Membership.objects.create(tournament=t, user=organizer, role="organizer")
    return t, organizer


def homologate(t: Tournament, organizer: Any, chave: str) -> Match:
    m = Match.objects.filter(stage__tournament=t, group__name=chave, round=3).select_related(
        "team_a", "team_b"
    )[0]
    sheet = sheet_save(match=m, user=organizer, data=win_a(m), base_version=0, submit=True)
    for side in (m.team_a, m.team_b):
        sheet = sheet_sign(match=m, user=organizer, team=side, version=sheet.version)
    sheet_homologate(match=m, user=organizer, version=sheet.version)
    return m


def team_of(t: Tournament, chave: str) -> Team:
    return Team.objects.filter(tournament=t, groups__name=chave).order_by("pk")[0]


def etags(client: Client, urls: dict[str, str]) -> dict[str, str]:
    return {name: client.get(url)["ETag"] for name, url in urls.items()}


def test_a_homologation_moves_only_the_pages_that_show_its_chave(event: tuple[Tournament, Any]) -> None:
    t, organizer = event
    s = t.slug
    urls = {
        "page 1 (A–P)": f"/t/{s}/classificacao/",
        "page 2 (Q, R)": f"/t/{s}/classificacao/?page=2",
        "team in A": reverse("public:team", args=[s, team_of(t, "A").pk]),
        "team in R": reverse("public:team", args=[s, team_of(t, "R").pk]),
        "home": f"/t/{s}/",
        "resultados": f"/t/{s}/resultados/",
        "JSON": f"/t/{s}/classificacao.json",
        "mata-mata": f"/t/{s}/mata-mata/",
    }
    public = Client()
    before = etags(public, urls)
    homologate(t, organizer, "A")
    after = etags(public, urls)
    moved = {name for name in urls if after[name] != before[name]}
    assert moved == {"page 1 (A–P)", "team in A", "home", "resultados", "JSON"}
    kept = public.get(urls["page 2 (Q, R)"], HTTP_IF_NONE_MATCH=before["page 2 (Q, R)"])
    assert kept.status_code == 304  # the browser and nginx keep what they have
    assert public.get(urls["team in R"])["X-Tenteio-Cache"] == "hit"

    bump(t.pk)  # a set-up change (a team renamed, a rodada generated) moves every page
    assert all(v != after[k] for k, v in etags(public, urls).items())


def test_each_page_polls_its_own_scopes(event: tuple[Tournament, Any]) -> None:
    t, organizer = event
    public = Client()
    page2 = public.get(f"/t/{t.slug}/classificacao/?page=2").content.decode()
    poll = page2.split('data-revision-url="')[1].split('"')[0].replace("&amp;", "&")
    q, r = t.stages.get().groups.filter(name__in=["Q", "R"]).order_by("name")
    assert poll == f"/t/{t.slug}/revisao.json?escopo=chave:{q.pk},chave:{r.pk}"
    first = public.get(poll)
    homologate(t, organizer, "A")
    assert public.get(poll, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    whole = public.get(f"/t/{t.slug}/revisao.json").json()["revision"]
    assert whole > first.json()["revision"]  # without escopo: every change of the tournament
    homologate(t, organizer, "R")
    again = public.get(poll, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200 and again.json()["revision"] > whole
    # A scope the site never writes is ignored, not an error.
    assert public.get(f"/t/{t.slug}/revisao.json?escopo=drop table,chave:x").status_code == 200


def test_a_hand_moves_the_live_pages_of_its_jogo_not_the_results(event: tuple[Tournament, Any]) -> None:
    t, organizer = event
    m = Match.objects.filter(stage__tournament=t, group__name="B", round=3).select_related("table")[0]
    public = Client()
    urls = {
        "mesa": reverse("public:mesa", args=[t.slug, m.table_id]),
        "ao vivo": reverse("public:live_board", args=[t.slug]),
        "page 1": f"/t/{t.slug}/classificacao/",
        "team": reverse("public:team", args=[t.slug, m.team_a_id]),
        "resultados": f"/t/{t.slug}/resultados/",
        "page 2": f"/t/{t.slug}/classificacao/?page=2",
    }
    before = etags(public, urls)
    hand_record(match=m, user=organizer, hand=Hand.roda(Side.A, TrucoPart.won(Side.A)), key=uuid.uuid4())
    after = etags(public, urls)
    assert {name for name in urls if after[name] != before[name]} == {"mesa", "ao vivo", "page 1", "team"}
