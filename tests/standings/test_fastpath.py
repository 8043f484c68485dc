"""The public fast path (standings.fastpath) gives the answer the whole stack gives.

Each case compares an answer of the fast path with the same page through the whole
middleware stack (a harmless extra cookie sends a request there), or checks that a
request the fast path must not answer — logged in, a refused host, plain HTTP on an
HTTPS site, a page whose revision moved — gets the whole stack's answer.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from core.demo import demo_document
from scoring.models import ScoreSheet
from scoring.services.contributions import contributions_refresh
from standings import caching, fastpath
from tournaments.interchange.load import load_tournament
from tournaments.models import Match, Membership, Tournament

pytestmark = pytest.mark.django_db
SLUG = "rodeio-querencia-truco-cego"
PAGES = ["", "classificacao/", "classificacao.json", "resultados/?rodada=1", "equipes/{t1}/", "mata-mata/"]


@pytest.fixture
def demo() -> Tournament:
    return load_tournament(demo_document()).tournament


def fast(client: Client, path: str, **headers: Any) -> Any:
    """GET ``path`` and require that the fast path answered it."""
    before = fastpath.served
    response = client.get(path, **headers)
    assert fastpath.served == before + 1, f"{path} went down the whole stack"
    return response


def whole(path: str, cookies: dict[str, str] | None = None, **headers: Any) -> Any:
    """GET ``path`` through the whole stack (a cookie the fast path does not know)."""
    client = Client()
    client.cookies["analytics"] = "1"
    for name, value in (cookies or {}).items():
        client.cookies[name] = value
    before = fastpath.served
    response = client.get(path, **headers)
    assert fastpath.served == before
    return response


def same(a: Any, b: Any) -> None:
    assert a.status_code == b.status_code == 200
    assert a.content == b.content
    ours = {k: v for k, v in a.items() if k != "Date"}
    theirs = {k: v for k, v in b.items() if k != "Date"}
    assert ours == theirs


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("gzip", [True, False])
def test_a_hit_is_answered_with_the_whole_stacks_bytes_and_headers(
    demo: Tournament, page: str, gzip: bool
) -> None:
    path = f"/t/{SLUG}/{page}".replace("{t1}", str(demo.teams.get(key="t1").pk))  # teams go by id
    headers = {"HTTP_ACCEPT_ENCODING": "gzip, deflate"} if gzip else {}
    visitor = Client()
    visitor.get(path, **headers)  # built through the whole stack, and learned
    same(fast(visitor, path, **headers), whole(path, **headers))


def test_each_language_and_query_is_its_own_page(demo: Tournament) -> None:
    path = f"/t/{SLUG}/classificacao/"
    pt, en = Client(), Client()
    en.cookies["django_language"] = "en"
    pt.get(path)
    en.get(path)
    english = fast(en, path)
    assert english["Content-Language"] == "en"
    assert b"Standings" in english.content
    same(english, whole(path, {"django_language": "en"}))
    portuguese = fast(pt, path)
    assert portuguese["Content-Language"] == "pt-br" and "Classificação" in portuguese.content.decode()
    before = fastpath.served
    assert pt.get(path + "?page=1").status_code == 200  # another query: learned first
    assert fastpath.served == before


def test_a_homologation_is_on_the_next_request(demo: Tournament) -> None:
    path = f"/t/{SLUG}/classificacao.json"
    visitor = Client()
    visitor.get(path)
    old = fast(visitor, path).content
    pending = Match.objects.filter(sheets__isnull=True).first()
    assert pending is not None
    ScoreSheet.objects.create(
        match=pending, version=1, status="homologated", confirmed=True, result={"games": [[24, 3], [24, 4]]}
    )
    contributions_refresh(match=pending)  # what the workflow does in its transaction
    before = fastpath.served
    after = visitor.get(path)
    assert fastpath.served == before  # the new revision's page is not built yet
    assert after.content != old
    assert fast(visitor, path).content == after.content


def test_a_logged_in_organizer_is_never_answered_from_it(demo: Tournament) -> None:
    path = f"/t/{SLUG}/classificacao/"
    Client().get(path)
    user = User.objects.create_user("org-fast", password="senha-forte-123")
    Membership.objects.create(tournament=demo, user=user, role="organizer")
    organizer = Client()
    organizer.force_login(user)
    before = fastpath.served
    response = organizer.get(path)
    assert fastpath.served == before
    assert response["Cache-Control"] == "private, no-store"
    assert "X-Tenteio-Cache" not in response


def test_refused_hosts_and_plain_http_get_the_whole_stacks_answer(demo: Tournament, settings: Any) -> None:
    settings.ALLOWED_HOSTS = ["testserver"]
    path = f"/t/{SLUG}/classificacao/"
    visitor = Client()
    visitor.get(path)
    fast(visitor, path)
    before = fastpath.served
    assert visitor.get(path, HTTP_HOST="evil.example").status_code == 400
    settings.SECURE_SSL_REDIRECT = True
    assert Client().get(path).status_code == 301  # a new client: middleware read anew
    assert fastpath.served == before


def test_an_unreadable_revision_leaves_the_answer_to_the_whole_stack(
    demo: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = f"/t/{SLUG}/classificacao.json"
    visitor = Client()
    visitor.get(path)

    def broken(*args: Any) -> str:
        raise ConnectionError("redis and the database are away")

    stand_in = SimpleNamespace(**{**vars(caching), "page_key": broken})
    monkeypatch.setattr(fastpath, "caching", stand_in)
    before = fastpath.served
    assert visitor.get(path).status_code == 200  # the whole stack still has its page
    assert fastpath.served == before


def test_a_session_or_message_cookie_goes_down_the_whole_stack(demo: Tournament) -> None:
    path = f"/t/{SLUG}/classificacao/"
    Client().get(path)
    for cookie in ("sessionid", "messages"):
        visitor = Client()
        visitor.cookies[cookie] = "x"
        before = fastpath.served
        assert visitor.get(path).status_code == 200
        assert fastpath.served == before, cookie


def test_a_page_that_is_not_found_is_never_answered_from_it(demo: Tournament) -> None:
    path = f"/t/{SLUG}/mata-mata.json"  # the demo has no mata-mata yet
    visitor = Client()
    before = fastpath.served
    assert [visitor.get(path).status_code for _ in range(3)] == [404, 404, 404]
    assert fastpath.served == before


def test_while_a_decisions_pages_are_coming_it_answers_as_the_whole_stack(
    demo: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page the decision's request is building is answered with the page before,
    however old; a page the mark does not name (another language, page 2) is not."""
    from django.core.cache import cache

    from standings.models import WARMING_SECONDS, bump, clock, warming_key

    named, other = f"/t/{SLUG}/classificacao.json", f"/t/{SLUG}/classificacao/?page=1"
    visitor = Client()
    for path in (named, other):
        visitor.get(path)
    old = fast(visitor, named).content
    bump(demo.pk)
    cache.set(warming_key(demo.pk), [f":pt-br:{named}"], WARMING_SECONDS)
    later = clock() + (caching.STALE_SECONDS + 60) * 1_000_000  # a quiet minute before
    monkeypatch.setattr(caching, "clock", lambda: later)
    stale = fast(visitor, named)
    assert (stale["X-Tenteio-Cache"], stale.content) == ("stale", old)
    same(stale, whole(named))
    before = fastpath.served
    built = visitor.get(other)
    assert built.get("X-Tenteio-Cache") is None  # not named: built for this request
    assert fastpath.served == before
