"""A resend racing its original, on the real PostgreSQL, through HTTP.

Two tabs (or the phone's queue and a tap on «Enviar») POST the same súmula, second
entry or signature with the same ``client_key`` at the same moment. Whatever the
interleaving, the Match row lock must let exactly one of them write; the other answers
the original outcome (``"replayed": true``, the same version and sentence) and writes
nothing: no second version, event, signature or PIN attempt.
"""

from __future__ import annotations

import threading
import uuid
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from scoring.models import ScoreSheet, ScoringSettings, SheetEvent, Signature, TeamPin
from scoring.services.pins import pins_generate
from scoring.services.workflow import sheet_save
from tests.scoring.conftest import entry, make_tournament, user
from tournaments.models import Match

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ROUNDS = 6
TABS = 3
JSON = {"HTTP_ACCEPT": "application/json"}


def tabs(person: Any, n: int = TABS) -> list[Client]:
    clients = []
    for _ in range(n):
        c = Client()
        c.force_login(person)
        clients.append(c)
    return clients


def race(clients: list[Client], url: str, body: dict[str, Any]) -> list[Any]:
    """POST ``body`` from every client at once; returns each (status, JSON) or the error."""
    barrier = threading.Barrier(len(clients))
    answers: list[Any] = [None] * len(clients)

    def run(i: int, c: Client) -> None:
        try:
            barrier.wait(timeout=10)
            response = c.post(url, body, **JSON)
            answers[i] = (response.status_code, response.json())
        except Exception as exc:  # noqa: BLE001 - reported by the assertions below
            answers[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return answers


def one_write(answers: list[Any], status: int = 200) -> dict[str, Any]:
    """Every answer the same outcome, exactly one of them the write itself."""
    assert all(isinstance(a, tuple) for a in answers), answers
    assert {a[0] for a in answers} == {status}, answers
    bodies = [a[1] for a in answers]
    if status == 200:
        assert sorted(b["replayed"] for b in bodies) == [False] + [True] * (len(bodies) - 1), bodies
        first = bodies[0]
        for b in bodies:
            assert {**b, "replayed": False} == {**first, "replayed": False}, bodies
        return first
    assert all(b == bodies[0] for b in bodies), bodies
    return bodies[0]


def setting_up(slug: str) -> tuple[Any, Any, Match]:
    t = make_tournament(slug)
    judge = user(f"{slug}_juiz", t, "judge")
    judge2 = user(f"{slug}_juiz2", t, "judge")
    m = Match.objects.select_related("team_a", "team_b", "stage__tournament").get(
        stage__tournament=t, round=1, table__name="1"
    )
    return judge, judge2, m


def body(version: int = 0, second: str = "13", **extra: Any) -> dict[str, Any]:
    return {
        "base_version": version,
        "outcome": "played",
        "g1_a": "24",
        "g1_b": second,
        "g2_a": "24",
        "g2_b": "20",
    } | extra


def clear(m: Match) -> None:
    Signature.objects.filter(sheet__match=m).delete()
    SheetEvent.objects.filter(match=m).delete()
    ScoreSheet.objects.filter(match=m).delete()


def test_the_same_sumula_sent_from_three_tabs_is_written_once() -> None:
    judge, _, m = setting_up("idem-sumula")
    url = reverse("scoring:entry", args=[m.stage.tournament.slug, m.pk])
    clients = tabs(judge)
    for _ in range(ROUNDS):
        clear(m)
        k = str(uuid.uuid4())
        outcome = one_write(race(clients, url, body(client_key=k)))
        assert outcome["kind"] == "sumula" and outcome["version"] == 1
        assert outcome["message"] == "Súmula enviada (versão 1)."
        sheet = ScoreSheet.objects.get(match=m)
        assert sheet.client_key == uuid.UUID(k) and sheet.confirmed
        assert SheetEvent.objects.filter(match=m, kind=SheetEvent.Kind.SUBMITTED).count() == 1


def test_the_same_signature_sent_twice_at_once_is_recorded_once() -> None:
    judge, _, m = setting_up("idem-assinatura")
    url = reverse("scoring:sign", args=[m.stage.tournament.slug, m.pk])
    clients = tabs(judge, 2)
    for _ in range(ROUNDS):
        clear(m)
        sheet_save(match=m, user=judge, data=entry(m, [[24, 13], [24, 20]]), base_version=0, submit=True)
        k = str(uuid.uuid4())
        outcome = one_write(
            race(clients, url, {"team": "a", "version": 1, "method": "paper", "client_key": k})
        )
        assert outcome["kind"] == "signature" and outcome["version"] == 1
        assert outcome["message"] == f"Assinatura do capataz de {m.team_a.name} registrada."
        assert Signature.objects.get(sheet__match=m).client_key == uuid.UUID(k)
        assert SheetEvent.objects.filter(match=m, kind=SheetEvent.Kind.SIGNED).count() == 1


def test_a_pin_signature_racing_its_resend_counts_no_attempt() -> None:
    judge, _, m = setting_up("idem-pin")
    organizer = user("idem-pin_org", m.stage.tournament, "organizer")
    url = reverse("scoring:sign", args=[m.stage.tournament.slug, m.pk])
    pins = pins_generate(tournament=m.stage.tournament, user=organizer)
    clients = tabs(judge, 2)
    for _ in range(3):  # PBKDF2 makes each PIN check slow on purpose
        clear(m)
        sheet_save(match=m, user=judge, data=entry(m, [[24, 13], [24, 20]]), base_version=0, submit=True)
        signed = {"team": "b", "version": 1, "method": "pin", "pin": pins[m.team_b_id]}
        outcome = one_write(race(clients, url, {**signed, "client_key": str(uuid.uuid4())}))
        assert outcome["kind"] == "signature"
        assert Signature.objects.filter(sheet__match=m).count() == 1
        assert TeamPin.objects.get(team=m.team_b).failed_attempts == 0


def test_the_same_second_entry_sent_twice_at_once_is_compared_once() -> None:
    judge, judge2, m = setting_up("idem-conferencia")
    ScoringSettings.objects.create(tournament=m.stage.tournament, double_entry=True)
    url = reverse("scoring:check", args=[m.stage.tournament.slug, m.pk])
    clients = tabs(judge2, 2)
    for i in range(ROUNDS):
        clear(m)
        sheet_save(match=m, user=judge, data=entry(m, [[24, 13], [24, 20]]), base_version=0, submit=True)
        k = str(uuid.uuid4())
        if i % 2:  # a differing second entry: logged once, both tabs shown the same differences
            outcome = one_write(race(clients, url, body(1, "10", client_key=k)), status=409)
            assert outcome["message"] == "Divergência: nada foi confirmado." and outcome["problems"]
            kind = SheetEvent.Kind.CHECK_MISMATCH
        else:
            outcome = one_write(race(clients, url, body(1, client_key=k)))
            assert outcome["kind"] == "check" and outcome["version"] == 1
            kind = SheetEvent.Kind.CONFIRMED
        assert SheetEvent.objects.get(match=m, kind=kind).client_key == uuid.UUID(k)
