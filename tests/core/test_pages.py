"""Core pages: home, login, language, errors and permissions of the tournament pages."""

from __future__ import annotations

import html
import re
from urllib.parse import unquote

import pytest
from django.contrib.auth.models import User
from django.test import Client

from core.demo import demo_document
from interchange.load import load_tournament
from tournaments.models import Membership, Tournament
from tournaments.permissions import Action, can

pytestmark = pytest.mark.django_db
SLUG = "rodeio-querencia-truco-cego"


@pytest.fixture
def tournament() -> Tournament:
    return load_tournament(demo_document()).tournament


def user(name: str, *, superuser: bool = False) -> User:
    if superuser:
        return User.objects.create_superuser(name, password="x-Senha-Forte-1")
    return User.objects.create_user(name, password="x-Senha-Forte-1")


def test_home_lists_public_tournament_in_portuguese(client: Client, tournament: Tournament) -> None:
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en")
    assert response.status_code == 200
    body = response.content.decode()
    assert "Torneios" in body and tournament.name in body
    assert response["Content-Language"] == "pt-br"


def test_language_switch_to_english(client: Client, tournament: Tournament) -> None:
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    body = client.get(f"/t/{SLUG}/classificacao/").content.decode()
    assert "Standings" in body


def test_language_link_on_a_cached_page_works_for_every_visitor(tournament: Tournament) -> None:
    """Public pages are cached and shared: their switch must not depend on a token of
    the visitor who happened to build the page (CSRF checks on, as in production)."""
    page = f"/t/{SLUG}/classificacao/"
    Client(enforce_csrf_checks=True).get(page)  # the first visitor builds the page
    second = Client(enforce_csrf_checks=True)
    hit = second.get(page)
    assert hit["X-Tenteio-Cache"] == "hit"
    body = hit.content.decode()
    assert "csrfmiddlewaretoken" not in body
    found = re.search(r'href="(/idioma/en/\?next=[^"]+)"', body)
    assert found is not None
    link = html.unescape(found.group(1))
    assert unquote(link.split("next=", 1)[1]) == page
    response = second.get(link)
    assert response.status_code == 302 and response.url == page
    assert "Standings" in second.get(page).content.decode()
    assert second.get("/idioma/en/?next=https://evil.example/").url == "/"
    assert second.get("/idioma/xx/").status_code == 404


def test_private_tournament_hidden_from_public(client: Client, tournament: Tournament) -> None:
    tournament.is_public = False
    tournament.save()
    assert tournament.name not in client.get("/").content.decode()
    assert client.get(f"/t/{SLUG}/").status_code == 404  # as a missing slug: not revealed
    judge_elsewhere = user("outro")
    client.force_login(judge_elsewhere)
    assert client.get(f"/t/{SLUG}/").status_code == 404


def test_export_needs_organizer(client: Client, tournament: Tournament) -> None:
    url = f"/t/{SLUG}/exportar.json"
    assert client.get(url).status_code == 302
    judge = user("juiz")
    Membership.objects.create(tournament=tournament, user=judge, role="judge")
    client.force_login(judge)
    assert client.get(url).status_code == 403
    organizer = user("org")
    Membership.objects.create(tournament=tournament, user=organizer, role="organizer")
    client.force_login(organizer)
    response = client.get(url)
    assert response.status_code == 200
    assert response.json()["format"] == "tenteio/1"


def test_permission_rules(tournament: Tournament) -> None:
    judge, organizer, admin, nobody = user("j"), user("o"), user("a", superuser=True), user("n")
    Membership.objects.create(tournament=tournament, user=judge, role="judge")
    Membership.objects.create(tournament=tournament, user=organizer, role="organizer")
    assert can(judge, Action.ENTER_RESULTS, tournament) and not can(judge, Action.MANAGE, tournament)
    assert can(organizer, Action.MANAGE, tournament)
    assert can(admin, Action.MANAGE, tournament)
    assert can(nobody, Action.VIEW_PUBLIC, tournament) and not can(nobody, Action.VIEW_PRIVATE, tournament)


def test_standings_page_and_json(client: Client, tournament: Tournament) -> None:
    page = client.get(f"/t/{SLUG}/classificacao/")
    assert page.status_code == 200
    assert "Chave A" in page.content.decode()
    data = client.get(f"/t/{SLUG}/classificacao.json").json()
    assert data["format"] == "tenteio-standings/1"
    assert len(data["stages"][0]["groups"]) == 4


def test_login_page_and_unknown_page(client: Client) -> None:
    assert "Senha" in client.get("/entrar/").content.decode()
    response = client.get("/t/nao-existe/")
    assert response.status_code == 404
    assert "Página não encontrada" in response.content.decode()


def test_database_outage_gives_503(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    from django.db import OperationalError

    def broken(*args: object, **kwargs: object) -> None:
        raise OperationalError('connection to server at "127.0.0.1", port 5432 failed: Connection refused')

    monkeypatch.setattr("public.views_site.visible_tournaments", broken)
    response = client.get("/")
    assert response.status_code == 503
    assert "temporariamente indisponível" in response.content.decode()


def test_health(client: Client) -> None:
    assert client.get("/saude/").json() == {"status": "ok"}


def test_every_page_names_its_icon_and_favicon_ico_is_no_404(client: Client, tournament: Tournament) -> None:
    from django.contrib.staticfiles import finders

    chave = tournament.stages.get(kind="groups").groups.first()
    for path in ("/", f"/t/{SLUG}/", f"/t/{SLUG}/telao/", f"/t/{SLUG}/embed/classificacao/{chave.pk}/"):
        response = client.get(path)
        assert response.status_code == 200, path
        icon = re.search(r'<link rel="icon" href="([^"]+)"', response.content.decode())
        assert icon, path
        assert finders.find(unquote(icon.group(1)).removeprefix("/static/"))
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("favicon.svg")
