"""The whole event in one file: súmula versions, signatures, a double entry decided by the
comissão, a reversal with its reason, the judge's hand log with an undo, the jogos'
times and the audit trail are exported, loaded into an empty database (by the command
and by the import page) and exported again unchanged; loaded, they are the hall's, and
the comissão's trail, the súmula's history page and the team pages read the same."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from audit.models import AuditEntry
from audit.signals import IMPORTS
from interchange.export import export_tournament
from interchange.load import InterchangeError, load_tournament
from rules.results import Side
from scoring.models import ScoreSheet, SheetEvent, Signature
from scoring.services.double_entry import SECOND, double_entry_resolve
from scoring.services.pins import pins_generate
from scoring.services.workflow import sheet_check, sheet_homologate, sheet_revert, sheet_save, sheet_sign
from tally.models import HandEntry, PartidaClose
from tally.services import hand_undo, partida_close
from tests.interchange.roundtrip import assert_same, page_text, round_trip
from tests.scoring.conftest import World, entry, win_a
from tests.tally.conftest import record
from tests.tally.test_services import next_hand, play_partida
from tournaments.models import Match, Tournament

pytestmark = pytest.mark.django_db
A, B = Side.A, Side.B


def hall_event(w: World) -> None:
    """Mesa 1, rodada 1: sent, signed on paper and by PIN, re-typed differently, decided
    by the comissão, homologated, reverted, corrected and homologated again. Mesa 1,
    rodada 2: played hand by hand, one hand undone, partidas confirmed, sent, homologated."""
    t = w.tournament
    w.double_entry()
    start = dt.datetime(2026, 12, 12, 9, 0, tzinfo=dt.UTC)
    for i, m in enumerate(Match.objects.filter(stage__tournament=t).order_by("order", "id")):
        m.scheduled_at = start + dt.timedelta(minutes=40 * i)
        m.save(update_fields=["scheduled_at"])
    pins = pins_generate(tournament=t, user=w.organizer)
    m = w.match(1, "1")
    sheet = sheet_save(match=m, user=w.judge, data=win_a(m), base_version=0, submit=True)
    sheet_sign(match=m, user=w.judge, team=m.team_a, version=1)
    sheet_sign(match=m, user=w.judge, team=m.team_b, version=1, method="pin", pin=pins[m.team_b.pk])
    outcome = sheet_check(match=m, user=w.judge2, data=entry(m, [[24, 13], [24, 21]]), version=1)
    assert not outcome.confirmed
    check = SheetEvent.objects.get(match=m, kind=SheetEvent.Kind.CHECK_MISMATCH)
    counted = double_entry_resolve(
        match=m, user=w.organizer, version=1, check=check.pk, accept=SECOND, reason="A planilha diz 24–21."
    )
    for team in (m.team_a, m.team_b):
        sheet_sign(match=m, user=w.judge, team=team, version=counted.version)
    sheet_homologate(match=m, user=w.organizer, version=counted.version)
    sheet_revert(match=m, user=w.organizer, version=counted.version, reason="Capataz contestou a partida 2.")
    fixed = sheet_save(
        match=m, user=w.judge, data=entry(m, [[24, 13], [24, 22]]), base_version=counted.version, submit=True
    )
    sheet_check(match=m, user=w.judge2, data=entry(m, [[24, 13], [24, 22]]), version=fixed.version)
    for team in (m.team_a, m.team_b):
        sheet_sign(match=m, user=w.judge, team=team, version=fixed.version)
    sheet_homologate(match=m, user=w.organizer, version=fixed.version)
    assert sheet.version == 1 and fixed.version == 3

    m2 = w.match(2, "1")
    record(w, m2, next_hand(w, m2, A))
    undone = record(w, m2, next_hand(w, m2, B)).entry
    hand_undo(match=m2, user=w.judge, key=undone.key)
    play_partida(w, m2, [A, A, B])
    partida_close(match=m2, user=w.judge, game=1)
    play_partida(w, m2, [A, B, A])
    partida_close(match=m2, user=w.judge, game=2)
    latest = ScoreSheet.objects.filter(match=m2).latest("version")
    sent = sheet_save(
        match=m2,
        user=w.judge,
        data=entry(m2, latest.result["games"]),
        base_version=latest.version,
        submit=True,
    )
    sheet_check(match=m2, user=w.judge2, data=entry(m2, latest.result["games"]), version=sent.version)
    for team in (m2.team_a, m2.team_b):
        sheet_sign(match=m2, user=w.judge, team=team, version=sent.version)
    sheet_homologate(match=m2, user=w.organizer, version=sent.version)


def hall_record(slug: str) -> dict[str, Any]:
    """What a dispute reads, without the database's ids: every version, signature, event,
    hand and confirmed partida, each jogo's time, and the trail but the file loads."""
    where = {"match__stage__tournament__slug": slug}
    jogo = "match__order"
    sheets = ScoreSheet.objects.filter(**where).values_list(
        jogo, "version", "status", "confirmed", "result", "entered_by__username", "entered_at", "source",
        "confirmed_by__username", "confirmed_at", "based_on",
    )  # fmt: skip
    signatures = Signature.objects.filter(sheet__match__stage__tournament__slug=slug).values_list(
        "sheet__match__order", "sheet__version", "team__key", "method", "recorded_by__username", "recorded_at"
    )
    events = SheetEvent.objects.filter(**where).values_list(
        jogo, "kind", "sheet__version", "actor__username", "at", "reason"
    )
    hands = HandEntry.objects.filter(**where).values_list(
        jogo, "game", "sequence", "hand", "award_a", "award_b", "components", "entered_at", "undone_at"
    )
    closes = PartidaClose.objects.filter(**where).values_list(jogo, "game", "score_a", "score_b", "hands")
    times = Match.objects.filter(stage__tournament__slug=slug).values_list("order", "scheduled_at")
    t_id = Match.objects.filter(stage__tournament__slug=slug).values_list("stage__tournament_id", flat=True)[
        0
    ]
    trail = AuditEntry.objects.filter(tournament_id=t_id).exclude(where__in=IMPORTS)
    return {
        "sheets": sorted(sheets),
        "signatures": sorted(signatures),
        "events": sorted(events, key=repr),
        "hands": sorted(hands, key=repr),
        "closes": sorted(closes),
        "times": sorted(times),
        "trail": [
            (e.at, e.actor_label, e.actor.username if e.actor else None, e.summary, e.kind, e.changes)
            for e in trail.order_by("at", "id")
        ],
    }


def body(html: str) -> str:
    """The text of a page's main part from its table on, if it has one (its links and
    menus name database ids, and the trail's filter lists the reader's account), without
    the jogo's code (made from its database id)."""
    start = html.find("<main")
    end = html.find("</main>", start)
    table = html.find("<table", start, end)
    return re.sub(r"Código [A-Z0-9]{3}-[A-Z0-9]{3}", "", page_text(html[table if table > 0 else start : end]))


def pages(slug: str, reader: Any) -> dict[str, str]:
    """The comissão's trail of the súmulas and homologations (the load's own entry is a
    «configuração» one), a jogo's trail and súmula history, and every team's page."""
    client = Client()
    client.force_login(reader)
    t = Tournament.objects.get(slug=slug)
    jogo = w_match(t)
    paths = [f"/t/{slug}/gestao/auditoria/?tipo={kind}" for kind in ("sumulas", "homologacao")]
    paths += [f"/t/{slug}/gestao/auditoria/?jogo={jogo.pk}", reverse("scoring:history", args=[slug, jogo.pk])]
    paths += [f"/t/{slug}/equipes/{team.pk}/" for team in t.teams.order_by("key")]
    out = {}
    for i, path in enumerate(paths):
        response = client.get(path)
        assert response.status_code == 200, path
        out[str(i)] = body(response.content.decode())
    return out


def w_match(t: Tournament) -> Match:
    """Mesa 1 of rodada 1: the jogo corrected twice."""
    return Match.objects.get(stage__tournament=t, round=1, table__name="1")


def test_the_whole_event_round_trips(world: World, tmp_path: Path) -> None:
    hall_event(world)
    slug = world.tournament.slug
    hall = hall_record(slug)
    seen = pages(slug, world.organizer)
    assert "Capataz contestou a partida 2." in seen["0"] + seen["1"] + seen["3"]
    assert len(hall["sheets"]) >= 6 and any(e[1] == "reverted" for e in hall["events"])
    assert any(h[8] is not None for h in hall["hands"])  # the undone hand
    exported = round_trip(slug, tmp_path)
    assert hall_record(slug) == hall  # after the page import, the last of the round trip
    assert_same(pages(slug, User.objects.get(username="importador")), seen)
    people = {p["key"]: p.get("role", "judge") for p in exported["people"]}
    assert people["org"] == "other" and people["juiz2"] == "judge"
    text = json.dumps(exported)
    assert all(pin not in text for pin in ("pin_hash", "password"))  # never a PIN or a hash
    pinned = [
        g for m in exported["matches"] for s in (m.get("history") or {}).get("sheets", [])
        for g in s.get("signatures", [])
    ]  # fmt: skip
    assert {g["method"] for g in pinned} == {"paper", "pin"}


def test_a_file_of_the_older_shape_loads_as_before(world: World) -> None:
    """No history, no audit: one homologated version per result, as the loader wrote."""
    hall_event(world)
    data = export_tournament(world.tournament)
    for m in data["matches"]:
        m.pop("history", None)
    data.pop("audit")
    data["people"] = [p for p in data["people"] if p.get("role") != "other"]
    data["tournament"]["slug"] = "antigo"
    try:
        t = load_tournament(data).tournament
    except InterchangeError as exc:
        raise AssertionError([i.line() for i in exc.issues]) from None
    versions = set(ScoreSheet.objects.filter(match__stage__tournament=t).values_list("version", "status"))
    assert versions == {(1, "homologated")}
    again = export_tournament(t)
    assert all("history" not in m for m in again["matches"])
    assert [m["result"] for m in again["matches"]] == [m["result"] for m in data["matches"]]


def broken(world: World, change: Any) -> list[str]:
    hall_event(world)
    data = export_tournament(world.tournament)
    world.tournament.delete()
    for u in User.objects.filter(username__in=[p["key"] for p in data["people"]]):
        u.delete()
    change(data)
    before = (ScoreSheet.objects.count(), AuditEntry.objects.count(), User.objects.count())
    with pytest.raises(InterchangeError) as caught:
        load_tournament(data)
    assert (ScoreSheet.objects.count(), AuditEntry.objects.count(), User.objects.count()) == before
    return [i.code for i in caught.value.issues]


def history(data: dict[str, Any]) -> dict[str, Any]:
    return next(m["history"] for m in data["matches"] if "events" in m.get("history", {}))


OTHER_RESULT = {"games": [[24, 0], [0, 24], [24, 1]]}


def signed_twice(data: dict[str, Any]) -> None:
    first, second = history(data)["sheets"][0]["signatures"]
    first["team"] = second["team"]


def hands(data: dict[str, Any]) -> list[Any]:
    return next(m["history"]["hands"] for m in data["matches"] if "hands" in m.get("history", {}))


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda d: history(d)["sheets"][0].update(by="ninguem"), "file.history_person"),
        (lambda d: history(d)["sheets"][1].update(version=1), "file.history_version"),
        (lambda d: history(d)["sheets"][0].update(confirmed=True), "file.history_confirmed"),
        (lambda d: history(d)["sheets"][-1].update(result=OTHER_RESULT), "file.history_result"),
        (signed_twice, "file.history_team"),
        (lambda d: history(d)["sheets"][0].update(lineups={"a": [[0, 7]]}), "file.history_player"),
        (lambda d: history(d)["events"][0].update(version=99), "file.history_event"),
        (lambda d: history(d)["events"][0].update(ip="300.1.1.1"), "file.history_ip"),
        (lambda d: hands(d)[0]["hand"].update(kind="testa"), "file.history_hand"),
        (lambda d: d["audit"][0].update(by="ninguem"), "file.audit_person"),
        (lambda d: d["audit"][0].update(match=999), "file.audit_match"),
        (lambda d: d["audit"][0].update(teams=["nao-ha"]), "file.audit_team"),
    ],
)  # fmt: skip
def test_a_broken_history_is_refused_and_nothing_is_written(world: World, change: Any, code: str) -> None:
    assert code in broken(world, change)


def test_the_hall_times_are_kept(world: World) -> None:
    hall_event(world)
    data = export_tournament(world.tournament)
    sheets = history(data)["sheets"]
    assert sheets[0]["at"] < sheets[-1]["at"] < timezone.localtime().isoformat()
    assert "key" not in json.dumps([m.get("history", {}).get("hands", []) for m in data["matches"]])
