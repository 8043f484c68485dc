"""Two organizers pair the next Swiss rodada at once, on the real PostgreSQL (a double
click, two phones): exactly one rodada is paired and recorded, and the other press is
refused with the sentence that the rodada's jogos wait for their results — never a
database error, never two rodadas or a rodada paired twice."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection

from standings.swiss import swiss_pair_next, swiss_start
from tests.standings.test_swiss_services import event, play_rodada
from tournaments.models import DrawOfLots, Match, Stage
from tournaments.services import ServiceError

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def race(stage: Stage, user: Any, n: int = 2) -> list[Any]:
    barrier = threading.Barrier(n)
    outcome: list[Any] = [None] * n

    def run(i: int) -> None:
        try:
            barrier.wait(timeout=10)
            outcome[i] = swiss_pair_next(stage=stage, user=user)
        except Exception as exc:  # noqa: BLE001 - checked below
            outcome[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return outcome


def test_two_presses_at_once_pair_one_rodada() -> None:
    t, org = event(10)
    stage = swiss_start(tournament=t, user=org)
    for number in (1, 2, 3):
        outcome = race(stage, org)
        paired = [o for o in outcome if isinstance(o, DrawOfLots)]
        refused = [o for o in outcome if not isinstance(o, DrawOfLots)]
        assert len(paired) == 1, outcome
        assert all(isinstance(o, ServiceError) and "sem resultado homologado" in str(o) for o in refused)
        assert DrawOfLots.objects.filter(stage=stage, purpose="swiss").count() == number
        assert Match.objects.filter(stage=stage, round=number).count() == 5
        play_rodada(stage, number, org)
