"""50 registrations posted at once for 32 places, on the real PostgreSQL (threads, as
tests/integration/test_swiss_concurrency.py): the settings row's lock serves them one at
a time, so exactly 32 are «inscrita (pendente)» and 18 «na espera», numbered 1 to 50 in
the order they were served, none twice — never a database error."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from signups.models import Signup
from tests.signups.conftest import form_data, open_signups
from tournaments.models import Tournament

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

S = Signup.Status


def race(t: Tournament, n: int) -> list[Any]:
    barrier = threading.Barrier(n)
    outcome: list[Any] = [None] * n
    url = reverse("signups:register", args=[t.slug])

    def run(i: int) -> None:
        try:
            client = Client(REMOTE_ADDR=f"10.1.{i // 200}.{i % 200 + 1}")  # one address each
            barrier.wait(timeout=30)
            outcome[i] = client.post(url, form_data(f"Trio {i:02d}")).status_code
        except Exception as exc:  # noqa: BLE001 - checked below
            outcome[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return outcome


def test_fifty_at_once_for_32_places(tournament: Tournament) -> None:
    assert connection.vendor == "postgresql"
    open_signups(tournament, capacity=32)
    outcome = race(tournament, 50)
    assert outcome == [200] * 50, outcome
    rows = list(Signup.objects.filter(tournament=tournament).order_by("number"))
    assert [s.number for s in rows] == list(range(1, 51))
    assert [s.status for s in rows] == [S.PENDING] * 32 + [S.WAITLIST] * 18
    assert len({s.name for s in rows}) == 50 and len({s.key for s in rows}) == 50
    # Served in the order of the lock: each one's row was written after the one before.
    stamps = [s.created_at for s in rows]
    assert stamps == sorted(stamps)
