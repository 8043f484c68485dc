"""Web hardening: URLs by id, a locked PIN, hidden private tournaments, LAN mode without
DEBUG, error pages in the site's layout, and the security headers (Content-Security-Policy
among them) on every kind of page, the public fast path's answers included.

Each test names the finding it guards; each failed on the code before the fix.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse

from interchange.load import load_tournament
from rules.results import Side
from scoring.models import Signature, TeamPin
from scoring.services.errors import NotAllowed
from scoring.services.pins import pins_generate
from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_save
from tally.services import hand_record
from tests.documents import document, match
from tests.scoring.conftest import win_a
from tests.tally.conftest import truco
from tests.trust.conftest import PASSWORD, Site
from tournaments.models import Match, Table, Tournament

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)


def first_match(t: Tournament, table: str | None = None) -> Match:
    found = Match.objects.select_related("team_a", "team_b", "table", "stage__tournament").filter(
        stage__tournament=t, round=1
    )
    if table is not None:
        found = found.filter(table__name=table)
    m = found.order_by("id").first()
    assert m is not None
    return m


def loose(role: str, site: Site) -> Client:
    """A client that answers a server error with its page instead of raising it."""
    c = Client(raise_request_exception=False)
    if site.users.get(role) is not None:
        c.force_login(site.users[role])
    return c


# ---- 3. URLs carry ids, never names ------------------------------------------------


def test_a_mesa_named_one_slash_two_has_its_live_pages(site: Site) -> None:
    t = site.public
    Table.objects.filter(tournament=t, name="1").update(name="1/2")
    m = first_match(t, "1/2")
    hand_record(match=m, user=site.users["judge"], hand=truco(Side.A), key=uuid.uuid4())
    anon = loose("anonymous", site)
    board = anon.get(f"/t/{t.slug}/ao-vivo/")
    assert board.status_code == 200, board.status_code
    assert "Mesa 1/2" in board.text
    link = re.search(rf'href="(/t/{t.slug}/mesas/[^"]+)"', board.text)
    assert link is not None
    mesa = anon.get(link.group(1))
    assert mesa.status_code == 200 and "Mesa 1/2" in mesa.text and f"truco {m.team_a.name} +2" in mesa.text
    judge = loose("judge", site)
    assert judge.get(reverse("tally:tenteio", args=[t.slug, m.pk])).status_code == 200


def test_a_team_key_with_a_slash_has_its_page() -> None:
    doc = document(
        [match(1, "a/b", "t2", {"games": [[24, 13], [24, 20]]})], keys=("a/b", "t2", "t3", "t4"), slug="barra"
    )
    t = load_tournament(doc).tournament
    anon = Client(raise_request_exception=False)
    for page in ("", "classificacao/"):
        response = anon.get(f"/t/{t.slug}/{page}")
        assert response.status_code == 200, (page, response.status_code)
    team = t.teams.get(key="a/b")
    link = re.search(
        rf'href="(/t/{t.slug}/equipes/[^"]+)"[^>]*>{re.escape(team.name)}<', anon.get(f"/t/{t.slug}/").text
    )
    assert link is not None
    assert team.name in anon.get(link.group(1)).text


# ---- 5b. A locked PIN: the team's signature waits for the organizer ----------------


def submitted_with_pins(site: Site) -> tuple[Match, int]:
    t = site.public
    m = first_match(t, "1")
    sheet = sheet_save(match=m, user=site.users["judge"], data=win_a(m), base_version=0, submit=True)
    pins_generate(tournament=t, user=site.users["organizer"])
    return m, sheet.version


def lock_team_a(site: Site, m: Match, version: int) -> Client:
    judge = site.client("judge")
    sign = reverse("scoring:sign", args=[m.stage.tournament.slug, m.pk])
    for _ in range(TeamPin.MAX_ATTEMPTS):
        judge.post(sign, {"team": "a", "version": version, "method": "pin", "pin": "no"})
    assert TeamPin.objects.get(team=m.team_a).locked_until is not None
    return judge


def test_a_judge_cannot_sign_on_paper_for_a_team_whose_pin_is_locked(site: Site) -> None:
    m, version = submitted_with_pins(site)
    judge = lock_team_a(site, m, version)
    sign = reverse("scoring:sign", args=[m.stage.tournament.slug, m.pk])
    refused = judge.post(sign, {"team": "a", "version": version, "method": "paper"}, follow=True)
    assert not Signature.objects.filter(team=m.team_a).exists()
    assert "bloqueado" in refused.text and "comissão organizadora" in refused.text
    page = judge.get(reverse("scoring:entry", args=[m.stage.tournament.slug, m.pk])).text
    assert page.count("Assinada em papel") == 1  # only team B's
    # The other team is not locked: its paper signature is recorded.
    assert judge.post(sign, {"team": "b", "version": version, "method": "paper"}).status_code == 303
    assert Signature.objects.filter(team=m.team_b).exists()
    with pytest.raises(NotAllowed):
        sheet_sign(match=m, user=site.users["judge"], team=m.team_a, version=version, method="paper")
    # The organizer may record the paper signature they saw.
    organizer = site.client("organizer")
    assert organizer.post(sign, {"team": "a", "version": version, "method": "paper"}).status_code == 303
    assert Signature.objects.get(team=m.team_a).recorded_by == site.users["organizer"]


def test_the_organizer_unlocks_a_pin_and_the_judge_may_sign_again(site: Site) -> None:
    m, version = submitted_with_pins(site)
    judge = lock_team_a(site, m, version)
    slug = m.stage.tournament.slug
    unlock = reverse("scoring:pin_unlock", args=[slug, m.team_a.pk])
    assert judge.post(unlock).status_code == 403
    assert TeamPin.objects.get(team=m.team_a).locked_until is not None
    pins_page = site.client("organizer").get(reverse("scoring:pins", args=[slug])).text
    assert "bloqueado" in pins_page and unlock in pins_page
    assert site.client("organizer").post(unlock).status_code == 303
    assert TeamPin.objects.get(team=m.team_a).locked_until is None
    sign = reverse("scoring:sign", args=[slug, m.pk])
    assert judge.post(sign, {"team": "a", "version": version, "method": "paper"}).status_code == 303
    assert Signature.objects.filter(team=m.team_a, method="paper").exists()


# ---- 6. A private tournament is indistinguishable from a missing one ---------------


def same_page(text: str) -> str:
    """The page without its CSRF token (masked anew at each answer)."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", text)


PRIVATE_PATHS = [
    "/t/{}/",
    "/t/{}/classificacao/",
    "/t/{}/ao-vivo/",
    "/t/{}/gestao/",
    "/t/{}/sumulas/",
    "/juiz/{}/",
]


@pytest.mark.parametrize("role", ["anonymous", "stranger"])
def test_a_private_slug_answers_like_a_missing_one(site: Site, role: str) -> None:
    private = site.private.slug
    missing = private[:-1] + "x"
    assert not Tournament.objects.filter(slug=missing).exists()
    client = site.client(role)
    for path in PRIVATE_PATHS:
        hidden, absent = client.get(path.format(private)), client.get(path.format(missing))
        assert hidden.status_code == absent.status_code == 404, (path, hidden.status_code)
        assert same_page(hidden.text.replace(private, missing)) == same_page(absent.text), path


def test_an_organizer_logged_out_reaches_a_private_page_through_the_login_link(site: Site) -> None:
    page = f"/t/{site.private.slug}/gestao/"
    client = Client()
    answer = client.get(page)
    assert answer.status_code == 404
    login = re.search(r'href="(/entrar/\?next=[^"]+)"', answer.text)
    assert login is not None
    url = login.group(1).replace("&amp;", "&")
    done = client.post(url, {"username": "org", "password": PASSWORD})
    assert done.status_code == 302 and done.url == page
    assert client.get(page).status_code == 200


# ---- 6. LAN mode: DEBUG off, static files served ------------------------------------


def run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "DJANGO_SETTINGS_MODULE"}}
    full.update(env)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=full, capture_output=True, text=True, timeout=120
    )


LAN_PROBE = """
import django
django.setup()
from django.conf import settings
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()
c = Client()
css = c.get("/static/css/tenteio.css")
missing = c.get("/nao-existe/")
print("DEBUG", settings.DEBUG)
print("CSS", css.status_code, b"".join(css.streaming_content)[:200].decode() if css.streaming else "")
print("MISSING", missing.status_code, "URLconf" in missing.content.decode(), missing.content.decode())
"""


def test_lan_settings_serve_static_files_with_debug_off(tmp_path: Path) -> None:
    proc = run_python(
        LAN_PROBE, DJANGO_SETTINGS_MODULE="config.settings.lan", TENTEIO_DATA_DIR=str(tmp_path), DEBUG="1"
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "DEBUG False" in out
    assert re.search(r"CSS 200 \S", out), out
    assert "MISSING 404 False" in out and 'class="topbar"' in out


def make_dry_run(*args: str) -> str:
    proc = subprocess.run(
        ["make", "-n", "run", *args], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_make_run_beyond_loopback_serves_with_debug_off() -> None:
    lan = make_dry_run("HOST=0.0.0.0")
    assert "config.settings.lan" in lan and "gunicorn" in lan and "runserver" not in lan
    assert "core.lan" in lan  # prints the addresses the phones use
    local = make_dry_run()
    assert "runserver" in local and "config.settings.lan" not in local


def test_lan_addresses_are_printed_as_urls(capsys: pytest.CaptureFixture[str]) -> None:
    from core import lan

    found = lan.addresses()
    assert lan.main(["8123"]) == 0
    out = capsys.readouterr().out
    assert all(not a.startswith("127.") and f"http://{a}:8123/" in out for a in found), out
    assert found or "Nenhum endereço" in out


# ---- 6. Error pages: the site's layout, translated, with a way back -----------------


def in_language(client: Client, lang: str) -> Client:
    client.cookies["django_language"] = lang
    return client


TITLES = {
    400: {"pt-br": "Pedido inválido", "en": "Bad request"},
    403: {"pt-br": "Acesso negado", "en": "Access denied"},
    404: {"pt-br": "Página não encontrada", "en": "Page not found"},
    500: {"pt-br": "Algo deu errado", "en": "Something went wrong"},
    503: {"pt-br": "Sistema temporariamente indisponível", "en": "System temporarily unavailable"},
}


def laid_out(response: Any, status: int, lang: str) -> str:
    text = response.content.decode()
    assert response.status_code == status, (status, response.status_code)
    assert 'class="topbar"' in text and 'href="/"' in text, text[:400]
    assert f'<html lang="{lang}">' in text
    assert TITLES[status][lang] in text, text
    assert "style=" not in text and "javascript:" not in text
    return text


@pytest.mark.parametrize("lang", ["pt-br", "en"])
def test_error_pages_are_in_the_layout_and_translated(
    site: Site, lang: str, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    laid_out(in_language(Client(), lang).get("/nao-existe/"), 404, lang)
    # 403: a judge on an organizer page of a tournament they see; the way back is the tournament.
    judge = in_language(site.client("judge"), lang)
    text = laid_out(judge.get(f"/t/{site.public.slug}/gestao/"), 403, lang)
    assert f'href="/t/{site.public.slug}/"' in text
    # CSRF refused (a form left open too long): the same 403 page.
    csrf = in_language(Client(enforce_csrf_checks=True), lang)
    laid_out(csrf.post("/entrar/", {"username": "x", "password": "y"}), 403, lang)
    # 400: a host the site does not serve.
    settings.ALLOWED_HOSTS = ["testserver"]
    laid_out(in_language(Client(), lang).get("/", HTTP_HOST="evil.example"), 400, lang)
    settings.ALLOWED_HOSTS = ["*"]

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("public.views_site.visible_tournaments", broken)
    laid_out(in_language(Client(raise_request_exception=False), lang).get("/"), 500, lang)

    from django.db import OperationalError

    def outage(*args: object, **kwargs: object) -> None:
        raise OperationalError("connection to server failed: Connection refused")

    monkeypatch.setattr("public.views_site.visible_tournaments", outage)
    laid_out(in_language(Client(), lang).get("/"), 503, lang)


def test_the_500_page_needs_neither_the_database_nor_the_session(
    django_assert_max_num_queries: Any,
) -> None:
    from public.views_site import error_500

    class Exploding:
        def __getattr__(self, name: str) -> Any:
            raise RuntimeError("the session store is down")

    request = RequestFactory().get("/t/x/")
    request.user = Exploding()  # type: ignore[assignment]
    request.session = Exploding()  # type: ignore[assignment]
    with django_assert_max_num_queries(0):
        response = error_500(request)
    assert response.status_code == 500 and 'class="topbar"' in response.content.decode()
