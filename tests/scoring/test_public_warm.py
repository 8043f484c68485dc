"""The organizer's homologation builds the new public pages, so the public's next
request is a hit; a failure to build them never fails the homologation."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import ScoreSheet
from scoring.services.workflow import sheet_save
from standings import views
from tests.scoring.conftest import World, win_a

pytestmark = pytest.mark.django_db


def played(body: bytes, key: str) -> int:
    rows = [r for s in json.loads(body)["stages"] for g in s["groups"] for r in g["rows"]]
    return int(next(r["played"] for r in rows if r["team"] == key))


def test_homologation_builds_the_public_pages(world: World) -> None:
    m, _ = world.signed()
    slug = world.tournament.slug
    public = Client()
    json_url = reverse("standings:standings_json", args=[slug])
    before = played(public.get(json_url).content, m.team_a.key)
    organizer = Client()
    organizer.force_login(world.organizer)
    answer = organizer.post(reverse("scoring:homologate", args=[slug, m.pk]), {"version": 1})
    assert answer.status_code == 303
    fresh = public.get(json_url)
    assert fresh["X-Tenteio-Cache"] == "hit"  # built by the organizer's request
    assert played(fresh.content, m.team_a.key) == before + 1
    page = public.get(reverse("standings:standings", args=[slug]))
    assert page["X-Tenteio-Cache"] == "hit" and m.team_a.name in page.content.decode()


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
    table_url = reverse("standings:standings", args=[slug])
    results_url = reverse("standings:results", args=[slug])
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
    assert played(public.get(reverse("standings:standings_json", args=[slug])).content, m.team_a.key) == 1
    sheet_revert(match=m, user=world.organizer, version=1, reason="Placar trocado.")
    all4, table4 = revisions(world)
    assert all4 > all3 and table4 > table3
    assert played(public.get(reverse("standings:standings_json", args=[slug])).content, m.team_a.key) == 0
    # Showing provisional results: a signed súmula counts, and the setting itself is news.
    ScoringSettings.objects.update_or_create(tournament=world.tournament, defaults={"show_provisional": True})
    all5, table5 = revisions(world)
    assert table5 > table4
    assert played(public.get(reverse("standings:standings_json", args=[slug])).content, m.team_a.key) == 1
    other = world.match(1, "2")
    sheet_save(match=other, user=world.organizer, data=win_a(other), base_version=0, submit=True)
    assert revisions(world)[1] > table5  # a submitted súmula counts now
