"""The public page cache (public.caching): a hit, a 304, the parameters it ignores,
a new page after a bump, Redis away, and what it never shares."""

from __future__ import annotations

import gzip
import socket
import time
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from core.demo import demo_document
from interchange.load import load_tournament
from tournaments.models import Membership, Tournament
from tournaments.revision import bump

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo() -> Tournament:
    return load_tournament(demo_document()).tournament


def url(t: Tournament, tail: str = "classificacao/") -> str:
    return f"/t/{t.slug}/{tail}"


def test_a_hit_is_one_query_and_answers_with_validators(client: Client, demo: Tournament) -> None:
    first = client.get(url(demo))
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url(demo))
    # The page's chaves, then the tournament with their revision; the page comes from the cache.
    assert len(queries) == 2
    client.get(url(demo, ""))
    with CaptureQueriesContext(connection) as queries:
        client.get(url(demo, ""))
    assert len(queries) == 1  # the home names its scope without asking the database
    assert again.content == first.content
    assert again["ETag"] == first["ETag"] and again["Last-Modified"]
    assert again["Cache-Control"] == "public, max-age=1"
    # nginx's microcache: until the end of this second (not max-age=1's whole next second).
    assert abs(int(again["X-Accel-Expires"].removeprefix("@")) - time.time()) < 2
    assert "Cookie" in again["Vary"]  # the language and the login travel in cookies


def test_if_none_match_gets_a_304_before_the_page_is_fetched(client: Client, demo: Tournament) -> None:
    etag = client.get(url(demo))["ETag"]
    caches["default"].clear()  # the answer must not need the page
    answer = client.get(url(demo), HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 304 and answer["ETag"] == etag and answer.content == b""
    assert client.get(url(demo), HTTP_IF_NONE_MATCH=etag.removeprefix("W/")).status_code == 304
    assert client.get(url(demo), HTTP_IF_NONE_MATCH='"other"').status_code == 200


def test_browsers_get_the_page_gzipped(client: Client, demo: Tournament) -> None:
    plain = client.get(url(demo))
    zipped = client.get(url(demo), HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert zipped["Content-Encoding"] == "gzip" and "Accept-Encoding" in zipped["Vary"]
    assert gzip.decompress(zipped.content) == plain.content and "Content-Encoding" not in plain
    assert len(zipped.content) * 4 < len(plain.content)


def test_undeclared_parameters_are_redirected_away_and_declared_ones_kept(
    client: Client, demo: Tournament
) -> None:
    plain = client.get(url(demo, "resultados/"))
    with CaptureQueriesContext(connection) as queries:
        noisy = client.get(url(demo, "resultados/?x=123&rodada=1&utm=abc"))
    # Neither the database nor the view: one redirect to the page the cache holds.
    assert noisy.status_code == 302 and len(queries) == 0
    assert noisy["Location"] == f"/t/{demo.slug}/resultados/?rodada=1"
    assert client.get(url(demo, "programacao/?x=%3Cnoise%3E"))["Location"] == f"/t/{demo.slug}/programacao/"
    one = client.get(noisy["Location"])
    assert one.status_code == 200 and one["ETag"] != plain["ETag"] and one.content != plain.content


def test_a_bump_makes_a_new_page_and_etag(client: Client, demo: Tournament) -> None:
    first = client.get(url(demo, "revisao.json"))
    bump(demo.pk)
    again = client.get(url(demo, "revisao.json"), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200 and again["ETag"] != first["ETag"]
    assert again.json()["revision"] > first.json()["revision"]


def test_the_language_is_part_of_the_key(client: Client, demo: Tournament) -> None:
    portuguese = client.get(url(demo))
    client.cookies["django_language"] = "en"
    english = client.get(url(demo))
    assert english["ETag"] != portuguese["ETag"] and english["Content-Language"] == "en"
    assert english.content != portuguese.content


def test_with_redis_away_the_page_is_still_served(client: Client, demo: Tournament, settings: Any) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed at once: nothing listens there
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/0",
        },
    }
    try:
        for _ in range(2):
            response = client.get(url(demo))
            assert response.status_code == 200 and "Chave A" in response.content.decode()
    finally:
        caches["default"].close()


def test_a_private_tournament_is_never_served_from_the_cache(client: Client, demo: Tournament) -> None:
    assert client.get(url(demo)).status_code == 200  # stored while public
    Tournament.objects.filter(pk=demo.pk).update(is_public=False)  # not even a bump
    assert client.get(url(demo)).status_code == 404
    organizer = User.objects.create_user("org", password="x-Senha-Forte-1")
    Membership.objects.create(tournament=demo, user=organizer, role="organizer")
    client.force_login(organizer)
    page = client.get(url(demo))
    assert page.status_code == 200 and page["Cache-Control"] == "private, no-store"
    assert "ETag" not in page


def test_staff_pages_are_neither_stored_nor_served_from_the_cache(client: Client, demo: Tournament) -> None:
    organizer = User.objects.create_user("org", password="x-Senha-Forte-1")
    Membership.objects.create(tournament=demo, user=organizer, role="organizer")
    staff = Client()
    staff.force_login(organizer)
    mine = staff.get(url(demo, ""))
    assert "exportar.json" in mine.content.decode() and mine["Cache-Control"] == "private, no-store"
    public = client.get(url(demo, ""))
    assert "exportar.json" not in public.content.decode()
    assert "exportar.json" in staff.get(url(demo, "")).content.decode()  # not the public's copy
