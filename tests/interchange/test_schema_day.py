"""The file's schedule and the day's settings (docs/interchange.md): dates, moments with
their offset, a phase's rodadas, the check-in and the súmula settings; each bad value is
refused naming its place and rule, nothing written (the cases of ``test_schema.BAD``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.interchange.test_schema import change
from tests.interchange.test_schema import test_bad_files_are_refused_naming_the_place_and_the_rule as refused

BAD_DAY: list[tuple[str, Callable[[dict[str, Any]], None], str, str]] = [
    ("bad end date", change("tournament.end_date", "2026-13-01"), "tournament.end_date", "file.date_invalid"),
    (
        "end before the start",
        change("tournament.end_date", "2026-02-13"),
        "tournament.end_date",
        "file.end_before_date",
    ),
    (
        "a time with no offset",
        change("matches.0.time", "2026-02-14T09:00"),
        "matches[0].time",
        "file.time_invalid",
    ),
    (
        "an impossible time",
        change("matches.0.time", "2026-02-14T25:00-03:00"),
        "jogo #1.time",
        "file.time_invalid",
    ),
    (
        "a check-in closing with no time",
        change("tournament.checkin_deadline", "2026-02-14"),
        "tournament.checkin_deadline",
        "file.time_invalid",
    ),
    (
        "a rodada twice",
        change("stages.0.rounds", [{"number": 1}, {"number": 1, "deadline": "2026-02-14T10:00-03:00"}]),
        "fase chaves / rodada 1",
        "file.round_duplicate",
    ),
    (
        "a rodada's unknown key",
        change("stages.0.rounds", [{"number": 1, "end": "2026-02-14T10:00-03:00"}]),
        "stages[0].rounds[0]",
        "file.unknown_key",
    ),
    ("team status", change("teams.0.status", "presente"), "teams[0].status", "file.value_invalid"),
    (
        "double entry",
        change("tournament.double_entry", True),
        "tournament.double_entry",
        "file.value_invalid",
    ),
    ("no mesa", change("tournament.table_count", 0), "tournament.table_count", "file.integer_invalid"),
    (
        "pending flag",
        change("tournament.show_pending_results", "sim"),
        "tournament.show_pending_results",
        "file.boolean_invalid",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("case", "mutate", "where", "code"), BAD_DAY, ids=[b[0] for b in BAD_DAY])
def test_bad_schedules_and_settings_are_refused(
    case: str, mutate: Callable[[dict[str, Any]], None], where: str, code: str
) -> None:
    refused(case, mutate, where, code)
