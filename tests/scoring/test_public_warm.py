"""The organizer's homologation builds the new public pages, so the public's next
request is a hit; a failure to build them never fails the homologation."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import ScoreSheet, Signature
from scoring.services.workflow import sheet_save
from standings import views
from tests.scoring.conftest import World, win_a

pytestmark = pytest.mark.django_db


def signed(world: World) -> Any:
    m = world.match(1, "1")
    sheet = sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=True)
    for team in (m.team_a, m.team_b):
        Signature.objects.create(sheet=sheet, team=team, method="paper")
    ScoreSheet.objects.filter(pk=sheet.pk).update(status="signed")
    return m


def played(body: bytes, key: str) -> int:
    rows = [r for s in json.loads(body)["stages"] for g in s["groups"] for r in g["rows"]]
    return int(next(r["played"] for r in rows if r["team"] == key))


def test_homologation_builds_the_public_pages(world: World) -> None:
    m = signed(world)
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
    m = signed(world)
    organizer = Client()
    organizer.force_login(world.organizer)
    answer = organizer.post(reverse("scoring:homologate", args=[world.tournament.slug, m.pk]), {"version": 1})
    assert answer.status_code == 303
    assert ScoreSheet.objects.get(match=m, version=1).status == ScoreSheet.Status.HOMOLOGATED
