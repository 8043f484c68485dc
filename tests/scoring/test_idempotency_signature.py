"""A resend after a lost reply, through HTTP, for a capataz's signature: on paper or
with the PIN, a key already written answers the original outcome, is no PIN attempt and
needs no PIN; a refused one keeps no key."""

from __future__ import annotations

import re
import uuid
from html import unescape
from typing import Any

import pytest
from django.test import Client

from scoring.models import Signature, TeamPin
from scoring.services.pins import pins_generate
from scoring.services.workflow import sheet_save
from tests.scoring.conftest import World, win_a
from tests.scoring.sending import (
    JSON,
    entry_url,
    key,
    lost,
    said,
    sign_url,
    written,
)
from tests.scoring.test_views import client_for

pytestmark = pytest.mark.django_db


# Signatures ----------------------------------------------------------------------------


def test_a_resent_paper_signature_is_recorded_once(world: World) -> None:
    m = world.match(1, "1")
    sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=True)
    c = client_for(world.judge)
    body = {"team": "a", "version": 1, "method": "paper", "client_key": key()}
    first = c.post(sign_url(world, m), body)
    text = f"Assinatura do capataz de {m.team_a.name} registrada."
    assert first.status_code == 303 and said(first) == [text]
    lost(c)
    after = written(m)
    again = c.post(sign_url(world, m), body)
    assert again.status_code == 303 and again["Location"] == entry_url(world, m) and said(again) == [text]
    assert written(m) == after
    replay = c.post(sign_url(world, m), body, **JSON)
    assert replay.status_code == 200
    assert replay.json() == {
        "ok": True,
        "replayed": True,
        "kind": "signature",
        "version": 1,
        "message": text,
        "url": entry_url(world, m),
    }
    # A new key for the same capataz: refused as today, on the page and in JSON.
    twice = c.post(sign_url(world, m), {**body, "client_key": key()}, **JSON)
    assert twice.status_code == 409 and "já assinou" in twice.json()["message"]
    assert Signature.objects.filter(sheet__match=m).count() == 1


def test_a_resent_pin_signature_is_neither_an_attempt_nor_needs_the_pin(world: World) -> None:
    m = world.match(1, "1")
    pins = pins_generate(tournament=world.tournament, user=world.organizer)
    sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=True)
    c = client_for(world.judge)
    k = key()
    right = {"team": "b", "version": 1, "method": "pin", "pin": pins[m.team_b_id], "client_key": k}
    first = c.post(sign_url(world, m), right, **JSON)
    assert first.status_code == 200 and first.json()["replayed"] is False
    after = written(m)
    for pin in (pins[m.team_b_id], "", "0000" if pins[m.team_b_id] != "0000" else "1111"):
        again = c.post(sign_url(world, m), {**right, "pin": pin}, **JSON)
        assert again.status_code == 200 and again.json() == {**first.json(), "replayed": True}
    assert written(m) == after
    pin_row = TeamPin.objects.get(team=m.team_b)
    assert pin_row.failed_attempts == 0 and pin_row.locked_until is None
    assert Signature.objects.get(sheet__match=m).method == Signature.Method.PIN


def test_a_wrong_pin_keeps_no_key_so_the_right_one_is_evaluated(world: World) -> None:
    m = world.match(1, "1")
    pins = pins_generate(tournament=world.tournament, user=world.organizer)
    sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=True)
    c = client_for(world.judge)
    right_pin = pins[m.team_a_id]
    wrong_pin = "0000" if right_pin != "0000" else "1111"
    body = {"team": "a", "version": 1, "method": "pin", "pin": wrong_pin, "client_key": key()}
    refused = c.post(sign_url(world, m), body, **JSON)
    assert refused.status_code == 403 and refused.json()["ok"] is False and refused.json()["status"] == 403
    assert TeamPin.objects.get(team=m.team_a).failed_attempts == 1
    plain = c.post(sign_url(world, m), body)  # the plain form: back to the page, said there
    assert plain.status_code == 303 and len(said(plain)) == 1
    assert TeamPin.objects.get(team=m.team_a).failed_attempts == 2
    signed = c.post(sign_url(world, m), {**body, "pin": right_pin}, **JSON)
    assert signed.status_code == 200 and signed.json()["replayed"] is False
    assert Signature.objects.get(sheet__match=m).client_key == uuid.UUID(body["client_key"])


def test_signature_refusals_in_json(world: World) -> None:
    m = world.match(1, "1")
    sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=True)
    c = client_for(world.judge)
    invalid = c.post(sign_url(world, m), {"team": "z", "version": 1, "method": "paper"}, **JSON)
    assert invalid.status_code == 422 and invalid.json()["message"] == "Assinatura inválida."
    bad_key = c.post(sign_url(world, m), {"team": "a", "version": 1, "method": "paper", "client_key": "x"})
    assert bad_key.status_code == 303 and "client_key" in said(bad_key)[0]  # the plain form's way
    bad_json = c.post(
        sign_url(world, m), {"team": "a", "version": 1, "method": "paper", "client_key": "x"}, **JSON
    )
    assert bad_json.status_code == 400 and bad_json.json()["status"] == 400
    stale = c.post(
        sign_url(world, m), {"team": "a", "version": 2, "method": "paper", "client_key": key()}, **JSON
    )
    assert stale.status_code == 409 and stale.json()["ok"] is False
    assert stale.json()["problems"]  # what the version it named holds, one sentence a field
    assert not Signature.objects.exists()


# Where a refusal is said -----------------------------------------------------------------


def card_and_top(c: Client, url: str) -> tuple[dict[str, list[str]], list[str]]:
    """The súmula page (no JS) after a refused signature: the sentences on each capataz's
    card, by its id, and the messages at the top of the page."""
    html = c.get(url).content.decode()
    cards = {}
    for card, inner in re.findall(r'<div class="card sign" id="(sign-[ab])">(.*?)</div>', html, re.S):
        listed = "".join(re.findall(r'<ul class="error errors"[^>]*>(.*?)</ul>', inner, re.S))
        cards[card] = [unescape(li) for li in re.findall(r"<li>(.*?)</li>", listed, re.S)]
    top = re.findall(r'<ul class="messages">(.*?)</ul>', html, re.S)
    return cards, [unescape(li) for li in re.findall(r"<li[^>]*>(.*?)</li>", "".join(top), re.S)]


def on_cards(where: list[dict[str, Any]]) -> dict[str, list[str]]:
    cards: dict[str, list[str]] = {"sign-a": [], "sign-b": []}
    for w in where:
        assert w["partida"] is None
        cards[w["field"]].append(w["message"])
    return cards


def test_a_refused_signature_is_said_on_its_capatazs_card_as_in_json(world: World) -> None:
    m = world.match(1, "1")
    pins = pins_generate(tournament=world.tournament, user=world.organizer)
    sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=True)
    c = client_for(world.judge)
    paper = {"team": "a", "version": 1, "method": "paper"}
    assert c.post(sign_url(world, m), {**paper, "client_key": key()}, **JSON).json()["ok"]
    twice = {**paper, "client_key": key()}  # this capataz already signed
    stale = {"team": "b", "version": 2, "method": "paper", "client_key": key()}
    for body in (twice, stale):
        refusal = c.post(sign_url(world, m), body, **JSON).json()
        where = refusal["where"]
        assert where[0]["message"] == refusal["message"]  # the refusal, then its details
        assert [w["message"] for w in where[1:]] == refusal["problems"]
        assert {w["field"] for w in where} == {f"sign-{body['team']}"}
        assert len(where) > (1 if body is stale else 0)  # stale: what the version named holds
        plain = c.post(sign_url(world, m), body)  # without JS: back to the page, on the card
        assert plain.status_code == 303
        cards, top = card_and_top(c, entry_url(world, m))
        assert cards == on_cards(where) and top == []
    # A wrong PIN (its sentence counts the attempts left): on the card of its side too.
    wrong = "0000" if pins[m.team_b_id] != "0000" else "1111"
    pin = {"team": "b", "version": 1, "method": "pin", "pin": wrong, "client_key": key()}
    refusal = c.post(sign_url(world, m), pin, **JSON).json()
    assert refusal["status"] == 403 and refusal["where"] == [
        {"message": refusal["message"], "field": "sign-b", "partida": None}
    ]
    c.post(sign_url(world, m), pin)
    cards, top = card_and_top(c, entry_url(world, m))
    assert len(cards["sign-b"]) == 1 and "PIN" in cards["sign-b"][0] and top == []
    # A POST that names no side: said at the top of the page, nowhere in particular.
    invalid = {"team": "z", "version": 1, "method": "paper", "client_key": key()}
    assert c.post(sign_url(world, m), invalid, **JSON).json()["where"] == []
    c.post(sign_url(world, m), invalid)
    cards, top = card_and_top(c, entry_url(world, m))
    assert cards == {"sign-a": [], "sign-b": []} and top == ["Assinatura inválida."]
    assert Signature.objects.filter(sheet__match=m).count() == 1
