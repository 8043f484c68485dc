"""The súmula workflow moves the public revision exactly when a public page changes: a
homologation and its reversal always; a súmula sent (its state, and its score once
confirmed) and a double entry confirmed only where the tournament shows scores waiting
for homologation (docs/rules.md §3.14), and changing that switch. A judge's draft and a
capataz's signature show on no public page and bump nothing, so no open page reloads
for them (static/js/live.js)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_check, sheet_homologate, sheet_revert, sheet_save
from standings.results import match_rows
from tests.scoring.conftest import World, win_a
from tournaments.revision import current

pytestmark = pytest.mark.django_db


def played(body: bytes, key: str) -> int:
    rows = [r for s in json.loads(body)["stages"] for g in s["groups"] for r in g["rows"]]
    return int(next(r["played"] for r in rows if r["team"] == key))


def moved(world: World, step: Callable[[], object]) -> bool:
    before = current(world.tournament.pk)
    step()
    return current(world.tournament.pk) > before


def show_pending(world: World, on: bool) -> None:
    world.tournament.show_pending_results = on
    world.tournament.save(update_fields=["show_pending_results"])


@pytest.mark.parametrize("pending_shown", [False, True])
def test_the_judges_steps_bump_only_when_the_public_sees_them(world: World, pending_shown: bool) -> None:
    show_pending(world, pending_shown)
    m = world.match(1, "1")
    state = lambda: next(r["state"] for r in match_rows(world.tournament) if r["pk"] == m.pk)  # noqa: E731
    sent = "aguardando homologação" if pending_shown else "a jogar"
    assert not moved(
        world, lambda: sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=False)
    )
    assert state() == "a jogar"  # a draft is the judge's own
    # Sent (and confirmed): public only where the tournament shows pending scores.
    assert (
        moved(
            world, lambda: sheet_save(match=m, user=world.judge, data=win_a(m), base_version=1, submit=True)
        )
        is pending_shown
    )
    assert state() == sent
    assert not moved(world, lambda: sheet_sign(match=m, user=world.judge, team=m.team_a, version=2))
    assert not moved(world, lambda: sheet_sign(match=m, user=world.judge, team=m.team_b, version=2))
    assert state() == sent  # signed: the same for the public
    assert moved(world, lambda: sheet_homologate(match=m, user=world.organizer, version=2))
    assert state() == "homologada"
    assert moved(
        world, lambda: sheet_revert(match=m, user=world.organizer, version=2, reason="Placar trocado.")
    )
    assert state() == sent


@pytest.mark.parametrize("pending_shown", [False, True])
def test_double_entry_bumps_when_the_result_is_confirmed(world: World, pending_shown: bool) -> None:
    show_pending(world, pending_shown)
    world.double_entry()
    m = world.match(1, "1")
    assert (
        moved(
            world, lambda: sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=True)
        )
        is pending_shown
    )
    other = win_a(m)
    other.result["games"] = [[24, 1], [24, 2]]
    assert not moved(
        world, lambda: sheet_check(match=m, user=world.judge2, data=other, version=1)
    )  # mismatch
    assert (
        moved(world, lambda: sheet_check(match=m, user=world.judge2, data=win_a(m), version=1))
        is pending_shown
    )


def test_changing_the_switch_bumps(world: World) -> None:
    from tournaments.services.tournaments import publication_set

    assert moved(world, lambda: publication_set(tournament=world.tournament, show_pending_results=True))
    assert moved(world, lambda: publication_set(tournament=world.tournament, show_pending_results=False))


def test_a_homologation_is_on_the_next_public_request(world: World) -> None:
    m, _ = world.signed()
    slug = world.tournament.slug
    public = Client()
    json_url = reverse("public:standings_json", args=[slug])
    first = public.get(json_url)
    poll = public.get(reverse("public:revision", args=[slug]))
    organizer = Client()
    organizer.force_login(world.organizer)
    assert organizer.post(reverse("scoring:homologate", args=[slug, m.pk]), {"version": 1}).status_code == 303
    fresh = public.get(json_url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert (
        fresh.status_code == 200
        and played(fresh.content, m.team_a.key) == played(first.content, m.team_a.key) + 1
    )
    assert (
        public.get(reverse("public:revision", args=[slug]), HTTP_IF_NONE_MATCH=poll["ETag"]).status_code
        == 200
    )
