"""Races on the real PostgreSQL (threads): organizers issuing a team's link at once get
one live link and no database error; a contestação racing the signature that closes the
jogo lands before it or is refused, never after."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from captains.models import CaptainLink, Contest
from captains.services import CaptainRefused, captain_link_find, captain_link_issue, contest_file
from scoring.models import SheetEvent
from scoring.services.signing import sheet_sign
from tests.captains.conftest import Captain, submit

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def race(jobs: list[Callable[[], Any]]) -> list[Any]:
    barrier = threading.Barrier(len(jobs))
    outcome: list[Any] = [None] * len(jobs)

    def run(i: int) -> None:
        try:
            barrier.wait(timeout=30)
            outcome[i] = jobs[i]()
        except Exception as exc:  # noqa: BLE001 - checked by the caller
            outcome[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return outcome


def test_links_issued_at_once_leave_one_live(captain: Captain) -> None:
    assert connection.vendor == "postgresql"
    org = captain.world.organizer
    tokens = race([lambda: captain_link_issue(captain.team, org) for _ in range(6)])
    assert all(isinstance(t, str) for t in tokens), tokens
    assert CaptainLink.objects.filter(team=captain.team, revoked_at__isnull=True).count() == 1
    assert sum(captain_link_find(t) is not None for t in tokens) == 1


def test_a_contest_racing_the_closing_signature_never_lands_after_it(captain: Captain) -> None:
    m = captain.match
    sheet = submit(captain)
    sheet = sheet_sign(match=m, user=captain.world.judge, team=m.team_a, version=sheet.version)
    link = captain_link_find(captain.token)
    assert link is not None
    outcome = race(
        [
            lambda: sheet_sign(match=m, user=captain.world.judge, team=m.team_b, version=sheet.version),
            lambda: contest_file(link=link, text="Na última mão."),
        ]
    )
    assert not isinstance(outcome[0], Exception), outcome
    assert isinstance(outcome[1], Contest | CaptainRefused), outcome
    signed = SheetEvent.objects.filter(match=m, kind=SheetEvent.Kind.SIGNED).latest("at").at
    for contest in Contest.objects.filter(match=m):
        assert contest.created_at < signed
