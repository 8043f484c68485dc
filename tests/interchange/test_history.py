"""The whole event in one file: súmula versions, signatures, a double entry decided by the
comissão, a reversal with its reason, the judge's hand log with an undo, the jogos'
times and the audit trail are exported, loaded into an empty database (by the command
and by the import page) and exported again unchanged; loaded, they are the hall's, and
the comissão's trail, the súmula's history page and the team pages read the same.

The hall's side is played through the pages its people touch, each step a form of the
page as it was rendered (its hidden fields, what a person types on top): the judge's
súmula (send, paper and PIN signatures), the second judge's conferência, the comissão's
PINs, decision between entries, homologation and reversal, and the tenteio's hands,
undo and partida confirmations. Only the setup before it is written directly: double
entry switched on and the jogos' times."""

from __future__ import annotations

import copy
import datetime as dt
import json
import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from django.contrib import messages
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from audit.models import AuditEntry
from audit.signals import IMPORTS
from interchange.export import export_tournament
from interchange.load import InterchangeError, load_tournament
from rules.results import Side
from scoring.models import ScoreSheet, SheetEvent, Signature
from tally.models import HandEntry, PartidaClose
from tests.interchange.roundtrip import assert_same, page_text, round_trip
from tests.scoring.conftest import World
from tests.scoring.sending import check_url, entry_url, sign_url
from tests.scoring.test_double_entry import client_for, history_url, resolve_url
from tests.tally.test_counter import hand_url
from tournaments.models import Match, Tournament

pytestmark = pytest.mark.django_db
A, B = Side.A, Side.B
Form = tuple[str, dict[str, str]]


class _Forms(HTMLParser):
    """A page's forms: each one's action (the page itself when it names none) and what
    a browser sends of it untouched (inputs as rendered, checked radios; no checkbox,
    select or textarea: what the hall needs of those is typed)."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url, self.open = url, False
        self.forms: list[Form] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append((a.get("action") or self.url, {}))
            self.open = True
        kind = a.get("type", "text")
        sent = kind in ("hidden", "text") or (kind == "radio" and "checked" in a)
        if tag == "input" and self.open and a.get("name") and sent:
            self.forms[-1][1][a["name"]] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        self.open = self.open and tag != "form"


def page_forms(c: Client, url: str) -> list[Form]:
    response = c.get(url)
    assert response.status_code == 200, url
    parser = _Forms(url)
    parser.feed(response.content.decode())
    return parser.forms


def form_of(forms: list[Form], action: str, where: dict[str, str | None]) -> dict[str, str]:
    """The first form posting to ``action`` whose fields hold ``where`` (None: any value)."""
    found = [
        f for a, f in forms if a == action and all(k in f and v in (None, f[k]) for k, v in where.items())
    ]
    assert found, (action, where, forms)
    return found[0]


def submit(
    c: Client, page: str, to: str, where: dict[str, str | None] | None = None, status: int = 303, **typed: Any
) -> Any:
    """Open ``page``, fill its form that posts ``to`` with what is ``typed`` and send it:
    the answer is ``status`` and leaves no refusal for the next page (a refused
    signature, homologation or reversal goes back with its reason as a message)."""
    response = c.post(to, {**form_of(page_forms(c, page), to, where or {}), **typed})
    assert response.status_code == status, (to, response.status_code, typed)
    refused = [str(x) for x in get_messages(response.wsgi_request) if x.level >= messages.ERROR]
    assert not refused, (to, refused)
    return response


def url(name: str, m: Match) -> str:
    return reverse(name, args=[m.stage.tournament.slug, m.pk])


def scores(games: list[list[int]]) -> dict[str, str]:
    """A played jogo's partidas as typed on the súmula form."""
    typed = {
        f"g{i}_{side}": str(n) for i, row in enumerate(games, 1) for side, n in zip("ab", row, strict=True)
    }
    return {"outcome": "played", **typed}


def send(c: Client, w: World, m: Match, games: list[list[int]] | None = None) -> None:
    """The judge's «Enviar súmula» (``games`` typed over what the page shows)."""
    submit(
        c, entry_url(w, m), entry_url(w, m), {"base_version": None}, action="submit", **scores(games or [])
    )


def sign(c: Client, w: World, m: Match, side: str, pin: str = "") -> None:
    """A capataz signs the version the súmula page shows: on paper, or typing the PIN."""
    where = {"team": side, "method": "pin" if pin else "paper"}
    submit(c, entry_url(w, m), sign_url(w, m), where, **({"pin": pin} if pin else {}))


def second_entry(c: Client, w: World, m: Match, games: list[list[int]], status: int = 303) -> None:
    """The second judge re-types the súmula on the conferência page (409: they differ)."""
    submit(c, check_url(w, m), check_url(w, m), {"base_version": None}, status, **scores(games))


def comissao(c: Client, w: World, m: Match, action: str, **typed: Any) -> None:
    """A form of the súmula's history page: the decision between entries, homologate, revert."""
    to = resolve_url(w, m) if action == "resolve" else url(f"scoring:{action}", m)
    submit(c, history_url(w, m), to, **typed)


def new_pins(c: Client, w: World) -> dict[str, str]:
    """«Gerar PIN para as equipes sem PIN»: each team's PIN, by name, shown this once."""
    pins = reverse("scoring:pins", args=[w.tournament.slug])
    html = submit(c, pins, pins, status=200).content.decode()
    found = re.findall(r'<tr><td>([^<]*)</td><td><strong class="code">(\d+)</strong>', html)
    assert len(found) == w.tournament.teams.count()
    return {unescape(name): pin for name, pin in found}


def play(c: Client, m: Match, winners: list[Side], hands: int | None = None) -> None:
    """Hands on the tenteio for ``winners`` in turn (a roda: the big «truco» button
    with the mão the page checked; a testa: its three duels on the detailed form),
    ``hands`` of them or until the partida is over and confirmed on its own form."""
    page, done = url("tally:tenteio", m), 0
    while done != hands:
        forms = page_forms(c, page)
        if any(a == url("tally:close", m) for a, _f in forms):
            assert hands is None
            submit(c, page, url("tally:close", m), {"game": None})
            return
        side = winners[done % len(winners)].value
        if any(a == hand_url(m) and "mao" in f for a, f in forms):
            data = {**form_of(forms, hand_url(m), {"mao": None}), "truco": f"won:truco:{side}"}
        else:
            duel = {"mao": "a", "truco_level": "truco", "truco_end": "won", "truco_to": side}
            data = {**form_of(forms, hand_url(m), {"key": None}), "kind": "testa"}
            data.update({f"d{d}_{k}": v for d in (1, 2, 3) for k, v in duel.items()})
        assert c.post(hand_url(m), data).status_code == 303
        done += 1


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
    judge, judge2, organizer = client_for(w.judge), client_for(w.judge2), client_for(w.organizer)
    pins = new_pins(organizer, w)
    m = w.match(1, "1")
    send(judge, w, m, [[24, 13], [24, 20]])
    sign(judge, w, m, "a")
    sign(judge, w, m, "b", pin=pins[m.team_b.name])
    second_entry(judge2, w, m, [[24, 13], [24, 21]], status=409)  # they differ: nothing confirmed
    comissao(organizer, w, m, "resolve", accept="second", reason="A planilha diz 24–21.")
    for side in "ab":
        sign(judge, w, m, side)  # the counted version, the second entry's
    comissao(organizer, w, m, "homologate")
    comissao(organizer, w, m, "revert", reason="Capataz contestou a partida 2.")
    send(judge, w, m, [[24, 13], [24, 22]])
    second_entry(judge2, w, m, [[24, 13], [24, 22]])
    for side in "ab":
        sign(judge, w, m, side)
    comissao(organizer, w, m, "homologate")
    statuses = ScoreSheet.objects.filter(match=m).order_by("version").values_list("version", "status")
    assert list(statuses) == [(1, "superseded"), (2, "superseded"), (3, "homologated")]

    m2 = w.match(2, "1")
    play(judge, m2, [A, B], hands=2)
    submit(judge, url("tally:tenteio", m2), url("tally:undo", m2))  # the second hand
    play(judge, m2, [A, A, B])
    play(judge, m2, [A, B, A])
    games = ScoreSheet.objects.filter(match=m2).latest("version").result["games"]  # the paper's
    send(judge, w, m2)  # the partidas the tenteio confirmed, as the súmula page shows them
    second_entry(judge2, w, m2, games)
    for side in "ab":
        sign(judge, w, m2, side)
    comissao(organizer, w, m2, "homologate")
    assert ScoreSheet.objects.filter(match=m2).latest("version").result == {"games": games}


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


_HALL_FILE: list[dict[str, Any]] = []


def hall_file(world: World) -> dict[str, Any]:
    """The hall event's export, played through the pages once per test run (about 4 s):
    the tests that only read or break the file take a copy; the world's tournament
    stays as the fixture made it."""
    if not _HALL_FILE:
        hall_event(world)
        _HALL_FILE.append(export_tournament(world.tournament))
    return copy.deepcopy(_HALL_FILE[0])


def test_a_file_of_the_older_shape_loads_as_before(world: World) -> None:
    """No history, no audit: one homologated version per result, as the loader wrote."""
    data = hall_file(world)
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
    data = hall_file(world)
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
    data = hall_file(world)
    sheets = history(data)["sheets"]
    assert sheets[0]["at"] < sheets[-1]["at"] < timezone.localtime().isoformat()
    assert "key" not in json.dumps([m.get("history", {}).get("hands", []) for m in data["matches"]])
