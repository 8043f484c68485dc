"""Writing the checked súmula histories of a tenteio/1 file (``interchange.history_load``).

The rows go in bulk with the hall's times (the fields default to the time a row is
written, and yield to a given one), a player index becomes the player's new id, and an
event a decided difference names becomes that event's new id.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils import timezone

from interchange.history_load import Checked, items, moment, obj
from scoring.models import ScoreSheet, SheetEvent, Signature
from tally.models import HandEntry, PartidaClose
from tournaments.models import Match, Team


def write_histories(
    checked: Mapping[int, Checked],
    matches: Sequence[Match],
    accounts: Mapping[str, Any],
    teams: Mapping[str, Team],
    players: Mapping[str, Sequence[int]],
) -> None:
    """The rows of each checked history; ``matches`` by index, ``players``: each team
    key's player ids in the file's order."""
    sheets, signatures, events, hands, closes = [], [], [], [], []
    now = timezone.now()  # for a row the file gives no time (the schema requires one)

    def who(key: Any) -> Any:
        return accounts.get(key) if isinstance(key, str) else None

    for index, one in checked.items():
        m = matches[index]
        sides = {"a": players.get(m.team_a.key, []), "b": players.get(m.team_b.key, [])}

        def lineups(value: Any, sides: Mapping[str, Sequence[int]] = sides) -> dict[str, Any]:
            v = obj(value)
            return {
                side: [[sides[side][p] for p in g] for g in v[side]]
                for side in ("a", "b")
                if isinstance(v.get(side), list)
            }

        by_version: dict[int, ScoreSheet] = {}
        for s in items(one.history.get("sheets")):
            sheet = ScoreSheet(
                match=m,
                version=s["version"],
                status=s["status"],
                confirmed=bool(s.get("confirmed")),
                result=s["result"],
                lineups=lineups(s.get("lineups")),
                observations=s.get("observations") or [],
                note=s.get("note") or "",
                normalizations=s.get("normalizations") or [],
                based_on=s.get("based_on"),
                entered_by=who(s.get("by")),
                entered_ip=s.get("ip") or None,
                user_agent=s.get("device") or "",
                source=s.get("source") or "",
                confirmed_by=who(s.get("confirmed_by")),
                confirmed_at=moment(s.get("confirmed_at")),
            )
            by_version[sheet.version] = sheet
            sheets.append(sheet)
            sheet.entered_at = moment(s.get("at")) or now
            for g in items(s.get("signatures")):
                signature = Signature(
                    sheet=sheet, team=teams[g["team"]], method=g["method"], recorded_by=who(g.get("by"))
                )
                signatures.append(signature)
                signature.recorded_at = moment(g.get("at")) or now
        made: list[SheetEvent] = []
        for e in items(one.history.get("events")):
            details = dict(obj(e.get("details")))
            if isinstance(details.get("entry"), Mapping):
                typed = dict(details["entry"])
                if "lineups" in typed:
                    typed["lineups"] = lineups(typed["lineups"])
                details["entry"] = typed
            event = SheetEvent(
                match=m,
                sheet=by_version.get(e.get("version")),  # type: ignore[arg-type]
                kind=e["kind"],
                actor=who(e.get("by")),
                ip=e.get("ip") or None,
                user_agent=e.get("device") or "",
                reason=e.get("reason") or "",
                details=details,
            )
            made.append(event)
            event.at = moment(e.get("at")) or now
        events.append(made)
        for i, h in enumerate(items(one.history.get("hands"))):
            award = one.awards[i]
            entry = HandEntry(
                match=m,
                game=h["game"],
                sequence=h["sequence"],
                key=uuid.uuid4(),  # the phone's idempotency key stays in the hall
                hand=h["hand"],
                award_a=award.a,
                award_b=award.b,
                components=award.components,
                ends_partida=award.ends,
                entered_by=who(h.get("by")),
                undone_at=moment(h.get("undone_at")),
                undone_by=who(h.get("undone_by")),
            )
            hands.append(entry)
            entry.entered_at = moment(h.get("at")) or now
        for close in items(one.history.get("closes")):
            row = PartidaClose(
                match=m,
                game=close["game"],
                score_a=close["score"][0],
                score_b=close["score"][1],
                hands=close["hands"],
                sheet_version=close["version"],
                confirmed_by=who(close.get("by")),
            )
            closes.append(row)
            row.confirmed_at = moment(close.get("at")) or now
    ScoreSheet.objects.bulk_create(sheets, batch_size=500)
    for g in signatures:
        g.sheet_id = g.sheet.pk
    Signature.objects.bulk_create(signatures, batch_size=500)
    flat = [e for made in events for e in made]
    for e in flat:
        e.sheet_id = e.sheet.pk if e.sheet is not None else None
    SheetEvent.objects.bulk_create(flat, batch_size=500)
    _remap_checks(events)
    HandEntry.objects.bulk_create(hands, batch_size=500)
    PartidaClose.objects.bulk_create(closes, batch_size=500)


def _remap_checks(events: list[list[SheetEvent]]) -> None:
    """A decided difference names its second entry's event: its index to its new id."""
    changed = []
    for made in events:
        for e in made:
            check = e.details.get("check")
            if isinstance(check, int) and not isinstance(check, bool):
                e.details["check"] = made[check].pk
                changed.append(e)
    SheetEvent.objects.bulk_update(changed, ["details"], batch_size=500)
