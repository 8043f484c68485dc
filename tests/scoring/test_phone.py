"""The server's side of the judge's phone offline (``scoring.phone``): the service
worker's script at ``/juiz/sw.js`` with Workbox from the site's own static files, who is
logged in and a fresh CSRF token at ``/juiz/eu.json``, the ``X-Tenteio-Judge`` header on
the pages the worker keeps, and the marks the pages give to the phone's scripts. The
browser side is ``tests/e2e/test_judge_offline.py``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from scoring.models import ScoreSheet
from scoring.phone import MODULES, SHELL, WORKBOX, judge_key
from scoring.services.links import link_create
from tests.scoring.conftest import PASSWORD, World
from tests.scoring.test_views import entry_url, post_data

pytestmark = pytest.mark.django_db
HEADER = "X-Tenteio-Judge"


def client_for(user: object, **kwargs: object) -> Client:
    c = Client(**kwargs)  # type: ignore[arg-type]
    assert c.login(username=user.username, password=PASSWORD)  # type: ignore[attr-defined]
    return c


def test_the_worker_script_loads_workbox_from_the_sites_static_files() -> None:
    response = Client().get("/juiz/sw.js")
    body = response.content.decode()
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert "script-src 'self'" in response["Content-Security-Policy"]
    config = json.loads(re.match(r"self\.TENTEIO_SW = (\{.*\});", body).group(1))  # type: ignore[union-attr]
    assert config["workbox"] == f"/static/{WORKBOX}/workbox-sw.js"
    assert set(config["modules"]) == set(MODULES)
    assert config["who"] == "/juiz/eu.json" and config["static"] == "/static/"
    assert 'importScripts("/static/js/judge-sw.js")' in body
    assert "http" not in body  # nothing from another host


def test_every_file_the_worker_loads_is_in_static_with_workbox_licence() -> None:
    for path in [f"{WORKBOX}/workbox-sw.js", *(f"{WORKBOX}/{m}.prod.js" for m in MODULES), *SHELL]:
        assert finders.find(path), path
    licence = Path(finders.find(f"{WORKBOX}/LICENSE"))  # type: ignore[arg-type]
    assert "Google" in licence.read_text()
    # workbox-sw asks for its modules by name: the worker maps every name it may load.
    sw = Path(finders.find("js/judge-sw.js")).read_text()  # type: ignore[arg-type]
    used = set(re.findall(r"workbox\.(\w+)\b", sw)) - {"setConfig"}
    assert {f"workbox-{name}" for name in used} <= set(MODULES)
    # debug off: the production builds, which are the only ones vendored.
    assert "debug: false" in sw and "storage.googleapis" not in sw


def test_who_says_the_judge_and_gives_a_csrf_token(world: World) -> None:
    anonymous = Client().get("/juiz/eu.json")
    assert anonymous.json()["judge"] == "" and anonymous.json()["csrf"]
    c = client_for(world.judge)
    response = c.get("/juiz/eu.json")
    assert response.status_code == 200 and response["Cache-Control"] == "private, no-store"
    assert response.json()["judge"] == judge_key(world.judge) != judge_key(world.judge2)
    key = judge_key(world.judge)
    assert str(world.judge.pk) != key and world.judge.username not in key


def test_a_send_with_the_token_from_who_passes_csrf_whatever_the_cached_form_held(world: World) -> None:
    """The queue drops the form's (maybe stale) token and sends the fresh one in a header."""
    m = world.match(1, "1")
    c = client_for(world.judge, enforce_csrf_checks=True)
    stale = {"csrfmiddlewaretoken": "x" * 64}
    data = {**post_data(m, action="submit"), **stale}
    refused = c.post(entry_url(world, m), data, HTTP_ACCEPT="application/json")
    assert refused.status_code == 403 and not ScoreSheet.objects.filter(match=m).exists()
    token = c.get("/juiz/eu.json").json()["csrf"]
    response = c.post(
        entry_url(world, m),
        {**post_data(m, action="submit"), "client_key": "8a1c7f55-3b0e-4d43-9a55-1d5c2f1c8b10"},
        HTTP_ACCEPT="application/json",
        HTTP_X_CSRFTOKEN=token,
    )
    assert response.status_code == 200, response.content[:300]
    assert response.json()["ok"] and response.json()["version"] == 1


def test_a_judge_link_session_is_a_judge_for_the_phone_too(world: World) -> None:
    link, token = link_create(tournament=world.tournament, by=world.organizer, judge=world.free_judge)
    c = Client()
    assert c.get(reverse("scoring:link_open", args=[token])).status_code == 302
    assert c.get("/juiz/eu.json").json()["judge"] == judge_key(world.free_judge)
    home = c.get(reverse("scoring:judge_home", args=[world.tournament.slug]))
    assert home[HEADER] == judge_key(world.free_judge)


def test_the_pages_the_worker_keeps_say_whose_they_are(world: World) -> None:
    m = world.match(1, "1")
    c = client_for(world.judge)
    key = judge_key(world.judge)
    slug = world.tournament.slug
    for url in (
        reverse("scoring:judge_home", args=[slug]),
        entry_url(world, m),
        reverse("tally:tenteio", args=[slug, m.pk]),
    ):
        response = c.get(url)
        assert response.status_code == 200 and response[HEADER] == key, url
    # Not on JSON, a search redirect, an organizer page or for a visitor.
    assert HEADER not in c.get(reverse("tally:state", args=[slug, m.pk]))
    assert HEADER not in client_for(world.organizer).get(reverse("scoring:round", args=[slug]))
    assert HEADER not in Client().get(reverse("scoring:judge_home", args=[slug]))


def test_the_pages_give_the_phone_its_queue_and_the_pages_to_keep(world: World) -> None:
    m = world.match(1, "1")
    c = client_for(world.judge)
    key = judge_key(world.judge)
    slug = world.tournament.slug
    home = c.get(reverse("scoring:judge_home", args=[slug])).content.decode()
    assert f'data-judge="{key}"' in home and 'id="phone-queue"' in home and "js/judge-page.js" in home
    assert f'data-warm="{entry_url(world, m)} {reverse("tally:tenteio", args=[slug, m.pk])}"' in home
    entry = c.get(entry_url(world, m)).content.decode()
    assert 'data-phone-queue="sumula"' in entry and f'data-match="{m.pk}"' in entry and "data-reload" in entry
    assert entry.index("js/judge-queue.js") < entry.index("js/judge-page.js") < entry.index("js/sumula.js")
    tenteio = c.get(reverse("tally:tenteio", args=[slug, m.pk])).content.decode()
    assert 'data-kinds="sumula,check,signature"' in tenteio
    assert tenteio.index("js/judge-queue.js") < tenteio.index("tally/tenteio.js")
    # «Sair» clears the phone's cached pages first (static/js/logout.js).
    assert "data-logout" in home and "js/logout.js" in home
    assert "js/logout.js" not in Client().get("/").content.decode()


def test_the_signature_forms_go_through_the_queue(world: World) -> None:
    m = world.match(1, "1")
    c = client_for(world.judge)
    assert c.post(entry_url(world, m), post_data(m, action="submit")).status_code == 303
    entry = c.get(entry_url(world, m)).content.decode()
    assert entry.count('data-phone-queue="signature"') == 4  # paper and PIN, two teams


def test_settings_keep_the_csrf_cookie_for_the_queue() -> None:
    # The queue takes its token from /juiz/eu.json, which needs the cookie-based CSRF.
    assert not getattr(settings, "CSRF_USE_SESSIONS", False)
