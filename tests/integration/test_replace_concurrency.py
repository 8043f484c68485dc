"""Two publications of the same event at once, on the real PostgreSQL: the hall's
laptop sends its file twice (a double click, two organizers), both asking to replace.

Whatever the interleaving, the site ends with exactly one tournament of that slug,
holding a file's whole content, and each load either succeeded or was refused with the
«já existe» sentence — never a database error, never a half-written event.
"""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from django.db import connection

from interchange.load import InterchangeError, load_tournament
from scoring.selectors import homologated_results
from tests.interchange.test_replace import FIRST, SECOND, hall_file
from tournaments.models import Match, Tournament

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
ROUNDS = 8


def race(files: list[dict[str, Any]]) -> list[Any]:
    barrier = threading.Barrier(len(files))
    outcome: list[Any] = [None] * len(files)

    def run(i: int) -> None:
        try:
            barrier.wait(timeout=10)
            outcome[i] = load_tournament(files[i], replace=True)
        except Exception as exc:  # noqa: BLE001 - checked below
            outcome[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(files))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return outcome


def test_two_replacements_at_once_leave_one_whole_event() -> None:
    load_tournament(hall_file(FIRST))
    for _ in range(ROUNDS):
        outcome = race([hall_file(SECOND), hall_file(FIRST)])
        for o in outcome:
            if isinstance(o, InterchangeError):
                assert [i.code for i in o.issues] == ["file.slug_taken"], o.issues
            else:
                assert not isinstance(o, Exception), repr(o)
        assert any(not isinstance(o, Exception) for o in outcome)
        (t,) = Tournament.objects.filter(slug=hall_file()["tournament"]["slug"])
        assert Match.objects.filter(stage__tournament=t).count() == 2  # the whole file
        results = [json.dumps(r) for r in homologated_results(match__stage__tournament=t).values()]
        assert results in ([json.dumps(FIRST)], [json.dumps(SECOND)])
