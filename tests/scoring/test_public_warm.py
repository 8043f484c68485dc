"""The organizer's homologation builds the new public pages, so the public's next
request is a hit; a failure to build them never fails the homologation."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from public import views
from scoring.models import ScoreSheet
from scoring.services.workflow import sheet_save
from tests.scoring.conftest import World, win_a

pytestmark = pytest.mark.django_db


def played(body: bytes, key: str) -> int:
    rows = [r for s in json.loads(body)["stages"] for g in s["groups"] for r in g["rows"]]
    return int(next(r["played"] for r in rows if r["team"] == key))


def test_homologation_builds_the_public_pages(world: World) -> None:
    m, _ = world.signed()
    slug = world.tournament.slug
    public = Client()
    json_url = reverse("public:standings_json", args=[slug])
    before = played(public.get(json_url).content, m.team_a.key)
    organizer = Client()
    organizer.force_login(world.organizer)
    answer = organizer.post(reverse("scoring:homologate", args=[slug, m.pk]), {"version": 1})
    assert answer.status_code == 303
    fresh = public.get(json_url)
    assert fresh["X-Tenteio-Cache"] == "hit"  # built by the organizer's request
    assert played(fresh.content, m.team_a.key) == before + 1
    page = public.get(reverse("public:standings", args=[slug]))
    assert page["X-Tenteio-Cache"] == "hit" and m.team_a.name in page.content.decode()


def test_the_classificacao_and_its_json_share_one_computation(world: World, monkeypatch: Any) -> None:
    from standings import selectors

    computed: list[int] = []
    real = selectors._standings

    def counted(*args: Any) -> Any:
        computed.append(1)
        return real(*args)

    monkeypatch.setattr(selectors, "_standings", counted)
    m, _ = world.signed()
    slug = world.tournament.slug
    organizer = Client()
    organizer.force_login(world.organizer)
    assert organizer.post(reverse("scoring:homologate", args=[slug, m.pk]), {"version": 1}).status_code == 303
    assert computed == [1]  # the JSON, then the page, under the same revision
    public = Client()
    assert public.get(reverse("public:standings", args=[slug]))["X-Tenteio-Cache"] == "hit"
    assert played(public.get(reverse("public:standings_json", args=[slug])).content, m.team_a.key) == 1
    # Outside a page's build (services, exports, staff pages) nothing is shared.
    selectors.tournament_standings(world.tournament)
    selectors.tournament_standings(world.tournament)
    assert computed == [1, 1, 1]


def test_a_failed_build_does_not_fail_the_homologation(world: World, monkeypatch: Any) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(views.StandingsJsonView, "get", broken)
    m, _ = world.signed()
    organizer = Client()
    organizer.force_login(world.organizer)
    answer = organizer.post(reverse("scoring:homologate", args=[world.tournament.slug, m.pk]), {"version": 1})
    assert answer.status_code == 303
    assert ScoreSheet.objects.get(match=m, version=1).status == ScoreSheet.Status.HOMOLOGATED


def revisions(world: World) -> tuple[int, int]:
    from standings.models import ALL, TABLE, current

    return current(world.tournament.pk, ALL), current(world.tournament.pk, TABLE)


def test_only_counted_results_change_the_classificacao_revision(world: World) -> None:
    """Submitting and signing change the jogo's state on the results pages, not the
    classificação, which stays cached; homologating and reverting change both."""
    from scoring.models import ScoringSettings
    from scoring.services.workflow import sheet_homologate, sheet_revert, sheet_sign

    m = world.match(1, "1")
    slug = world.tournament.slug
    public = Client()
    table_url = reverse("public:standings", args=[slug])
    results_url = reverse("public:results", args=[slug])
    public.get(table_url)
    public.get(results_url)
    all0, table0 = revisions(world)
    sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=True)
    all1, table1 = revisions(world)
    assert all1 > all0 and table1 == table0
    assert public.get(table_url)["X-Tenteio-Cache"] == "hit"  # still the right page
    assert public.get(results_url).get("X-Tenteio-Cache") is None  # the jogo's state changed
    for team in (m.team_a, m.team_b):
        sheet_sign(match=m, user=world.judge, team=team, version=1)
    all2, table2 = revisions(world)
    assert all2 > all1 and table2 == table0
    sheet_homologate(match=m, user=world.organizer, version=1)
    all3, table3 = revisions(world)
    assert all3 > all2 and table3 > table2
    assert played(public.get(reverse("public:standings_json", args=[slug])).content, m.team_a.key) == 1
    sheet_revert(match=m, user=world.organizer, version=1, reason="Placar trocado.")
    all4, table4 = revisions(world)
    assert all4 > all3 and table4 > table3
    assert played(public.get(reverse("public:standings_json", args=[slug])).content, m.team_a.key) == 0
    # Showing provisional results: a signed súmula counts, and the setting itself is news.
    ScoringSettings.objects.update_or_create(tournament=world.tournament, defaults={"show_provisional": True})
    all5, table5 = revisions(world)
    assert table5 > table4
    assert played(public.get(reverse("public:standings_json", args=[slug])).content, m.team_a.key) == 1
    other = world.match(1, "2")
    sheet_save(match=other, user=world.organizer, data=win_a(other), base_version=0, submit=True)
    assert revisions(world)[1] > table5  # a submitted súmula counts now


@pytest.mark.django_db(transaction=True)  # the mark is set when the homologation commits
def test_the_decisions_commit_marks_its_pages_as_coming_before_they_are_built(
    world: World, monkeypatch: Any
) -> None:
    from django.core.cache import cache

    from scoring import views_organizer
    from standings.models import warming_key

    seen: list[Any] = []
    real = views_organizer.warm

    def build(*args: Any) -> int:
        seen.append(cache.get(warming_key(world.tournament.pk)))
        return real(*args)

    monkeypatch.setattr(views_organizer, "warm", build)
    m, _ = world.signed()
    organizer = Client()
    organizer.force_login(world.organizer)
    answer = organizer.post(reverse("scoring:homologate", args=[world.tournament.slug, m.pk]), {"version": 1})
    assert answer.status_code == 303
    slug = world.tournament.slug
    named = [f":pt-br:{reverse(name, args=[slug])}" for name in ("public:standings_json", "public:standings")]
    assert seen == [named]  # marked when the homologation committed, before the pages were built
    cache.delete(warming_key(world.tournament.pk))
    public = Client()
    assert public.get(reverse("public:standings", args=[slug]))["X-Tenteio-Cache"] == "hit"
    # A change no request builds, made without the mark, is on the next request.
    before = public.get(reverse("public:standings_json", args=[slug])).content
    world.tournament.teams.filter(pk=m.team_a_id).update(name="Renomeada")
    from standings.models import bump

    bump(world.tournament.pk)
    after = public.get(reverse("public:standings_json", args=[slug]))
    assert after.get("X-Tenteio-Cache") is None and after.content != before


def test_while_a_decisions_pages_are_coming_visitors_get_the_page_built_before(world: World) -> None:
    from django.core.cache import cache

    from standings.models import WARMING_SECONDS, bump, warming_key

    slug = world.tournament.slug
    url = reverse("public:standings_json", args=[slug])
    visitor = Client()
    before = visitor.get(url).content
    bump(world.tournament.pk)
    cache.set(warming_key(world.tournament.pk), [f":pt-br:{url}"], WARMING_SECONDS)  # a decision committed
    stale = visitor.get(url)
    assert (stale["X-Tenteio-Cache"], stale.content) == ("stale", before)
    cache.delete(warming_key(world.tournament.pk))  # its request built them, or gave up
    fresh = visitor.get(url)
    assert fresh.get("X-Tenteio-Cache") is None and fresh.status_code == 200
