"""A resend after a lost reply, through HTTP: every súmula, second entry and signature
form carries a ``client_key``; the server answers a key it already wrote with the
original outcome and writes nothing (issue 21: the judge saw «Súmula enviada (versão 1)»
and, for the automatic resend, «A súmula foi alterada… nada foi gravado» at once)."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.conf import settings
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from audit.models import AuditEntry
from scoring.models import ScoreSheet, SheetEvent, Signature, TeamPin
from scoring.services.pins import pins_generate
from scoring.services.workflow import sheet_save
from tests.scoring.conftest import World, win_a
from tests.scoring.test_views import client_for, post_data
from tournaments.models import Match

pytestmark = pytest.mark.django_db

JSON: dict[str, Any] = {"HTTP_ACCEPT": "application/json"}


def entry_url(w: World, m: Match) -> str:
    return reverse("scoring:entry", args=[w.tournament.slug, m.pk])


def sign_url(w: World, m: Match) -> str:
    return reverse("scoring:sign", args=[w.tournament.slug, m.pk])


def check_url(w: World, m: Match) -> str:
    return reverse("scoring:check", args=[w.tournament.slug, m.pk])


def said(response: Any) -> list[str]:
    """The flash messages a response queued for the next page."""
    return [str(m) for m in get_messages(response.wsgi_request)]


def lost(c: Client) -> None:
    """The answer never reached the phone: neither did the cookie that carried its
    message (Django's messages ride a cookie first)."""
    c.cookies.pop("messages", None)


def keys_in(html: str) -> list[str]:
    return re.findall(r'name="client_key" value="([^"]*)"', html)


def sumula_key(html: str) -> str:
    """The key of the súmula form (the page may hold signature forms above it)."""
    return keys_in(html.split('id="sumula-form"', 1)[1])[0]


def written(m: Match) -> tuple[int, int, int, int]:
    """What the jogo holds: versions, history events, signatures, audit entries."""
    return (
        ScoreSheet.objects.filter(match=m).count(),
        SheetEvent.objects.filter(match=m).count(),
        Signature.objects.filter(sheet__match=m).count(),
        AuditEntry.objects.filter(tournament_id=m.stage.tournament_id).count(),
    )


def key() -> str:
    return str(uuid.uuid4())


# The forms -----------------------------------------------------------------------------


def test_every_form_carries_a_fresh_uuid4_key(world: World) -> None:
    m = world.match(1, "1")
    c = client_for(world.judge)
    first, second = (keys_in(c.get(entry_url(world, m)).content.decode()) for _ in range(2))
    assert len(first) == 1 and first != second
    assert uuid.UUID(first[0]).version == 4
    sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=True)
    page = keys_in(c.get(entry_url(world, m)).content.decode())
    # The súmula form and, for each capataz, the paper and the PIN form: all different.
    assert len(page) == 5 and len(set(page)) == 5
    world.double_entry()
    m2 = world.match(2, "1")
    sheet_save(match=m2, user=world.judge, data=win_a(m2), base_version=0, submit=True)
    check = keys_in(client_for(world.judge2).get(check_url(world, m2)).content.decode())
    assert len(check) == 1 and uuid.UUID(check[0]).version == 4


# Súmulas -------------------------------------------------------------------------------


def test_a_lost_reply_and_its_resend_give_one_version_and_the_same_answer(world: World) -> None:
    m = world.match(1, "1")
    c = client_for(world.judge)
    body = post_data(m, action="submit", client_key=key())
    before = written(m)
    first = c.post(entry_url(world, m), body)  # the phone never reads this answer
    assert first.status_code == 303 and said(first) == ["Súmula enviada (versão 1)."]
    lost(c)
    after = written(m)
    assert after[0] == 1 and after[3] == before[3] + 1  # one version, one audit entry
    again = c.post(entry_url(world, m), body)
    assert again.status_code == 303 and again["Location"] == first["Location"] == entry_url(world, m)
    assert said(again) == ["Súmula enviada (versão 1)."]
    assert written(m) == after  # no version, no event, no audit entry
    assert ScoreSheet.objects.get(match=m).client_key == uuid.UUID(body["client_key"])
    page = c.get(again["Location"]).content.decode()
    assert "nada foi gravado" not in page


def test_a_new_key_after_the_success_is_refused_as_today(world: World) -> None:
    m = world.match(1, "1")
    c = client_for(world.judge)
    assert c.post(entry_url(world, m), post_data(m, client_key=key())).status_code == 303
    stale = c.post(entry_url(world, m), post_data(m, client_key=key()))
    assert stale.status_code == 409 and "nada foi gravado" in stale.content.decode()
    assert ScoreSheet.objects.filter(match=m).count() == 1
    no_key = c.post(entry_url(world, m), post_data(m))  # an old page: no idempotency
    assert no_key.status_code == 409


def test_a_draft_resent_answers_the_draft_even_after_a_later_version(world: World) -> None:
    m = world.match(1, "1")
    c = client_for(world.judge)
    body = post_data(m, action="draft", client_key=key())
    first = c.post(entry_url(world, m), body)
    assert said(first) == ["Súmula salva como rascunho (versão 1)."]
    lost(c)
    assert c.post(entry_url(world, m), post_data(m, version=1, client_key=key())).status_code == 303
    lost(c)
    after = written(m)
    again = c.post(entry_url(world, m), body)
    assert again.status_code == 303 and said(again) == ["Súmula salva como rascunho (versão 1)."]
    assert written(m) == after
    assert ScoreSheet.objects.get(match=m, version=1).status == ScoreSheet.Status.SUPERSEDED


def test_a_refused_post_keeps_no_key_so_its_corrected_resend_is_written(world: World) -> None:
    m = world.match(1, "1")
    c = client_for(world.judge)
    k = key()
    wrong = c.post(entry_url(world, m), post_data(m, g2_a="20", g2_b="22", client_key=k))
    assert wrong.status_code == 422 and not ScoreSheet.objects.exists()
    assert keys_in(wrong.content.decode()) == [k]  # the page again, with the same key
    right = c.post(entry_url(world, m), post_data(m, client_key=k))
    assert right.status_code == 303 and ScoreSheet.objects.get(match=m).client_key == uuid.UUID(k)


def test_a_stale_refusal_keeps_no_key_either(world: World) -> None:
    m = world.match(1, "1")
    sheet_save(match=m, user=world.judge2, data=win_a(m), base_version=0, submit=True)
    c = client_for(world.judge)
    k = key()
    stale = c.post(entry_url(world, m), post_data(m, g1_b="10", client_key=k))
    assert stale.status_code == 409 and sumula_key(stale.content.decode()) == k
    resent = c.post(entry_url(world, m), post_data(m, version=1, g1_b="10", client_key=k))
    assert resent.status_code == 303 and said(resent) == ["Súmula enviada (versão 2)."]


def test_a_malformed_key_is_refused_and_nothing_is_written(world: World) -> None:
    m = world.match(1, "1")
    c = client_for(world.judge)
    response = c.post(entry_url(world, m), post_data(m, client_key="not-a-uuid"))
    html = response.content.decode()
    assert response.status_code == 400 and "Chave de envio (client_key) inválida" in html
    assert keys_in(html) != ["not-a-uuid"] and uuid.UUID(keys_in(html)[0])  # a usable one
    answer = c.post(entry_url(world, m), post_data(m, client_key="1234"), **JSON)
    assert answer.status_code == 400
    assert answer.json() == {
        "ok": False,
        "status": 400,
        "message": "Chave de envio (client_key) inválida: recarregue a página e envie de novo; "
        "nada foi gravado.",
        "problems": [],
    }
    assert not ScoreSheet.objects.exists() and not SheetEvent.objects.exists()


# JSON answers --------------------------------------------------------------------------


def test_json_success_and_its_replay(world: World) -> None:
    m = world.match(1, "1")
    c = client_for(world.judge)
    body = post_data(m, client_key=key())
    first = c.post(entry_url(world, m), body, **JSON)
    expected = {
        "ok": True,
        "replayed": False,
        "kind": "sumula",
        "version": 1,
        "message": "Súmula enviada (versão 1).",
        "url": entry_url(world, m),
    }
    assert first.status_code == 200 and first.json() == expected
    assert said(first) == []  # nothing left for the next page
    again = c.post(entry_url(world, m), body, **JSON)
    assert again.status_code == 200 and again.json() == {**expected, "replayed": True}
    assert ScoreSheet.objects.filter(match=m).count() == 1


def test_json_answers_in_the_requests_language(world: World) -> None:
    m = world.match(1, "1")
    c = client_for(world.judge)
    c.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    answer = c.post(entry_url(world, m), post_data(m, client_key=key()), **JSON).json()
    assert answer["ok"] and answer["message"] != "Súmula enviada (versão 1)." and "1" in answer["message"]
    refused = c.post(entry_url(world, m), post_data(m, client_key=key()), **JSON).json()
    assert "nada foi gravado" not in refused["message"] and refused["problems"]


def test_json_refusals_name_the_problem_in_sentences(world: World) -> None:
    m = world.match(1, "1")
    c = client_for(world.judge)
    invalid = c.post(entry_url(world, m), post_data(m, g2_a="20", g2_b="22", client_key=key()), **JSON)
    body = invalid.json()
    assert invalid.status_code == 422 and body["ok"] is False and body["status"] == 422
    assert body["message"] == "A súmula tem erros; nada foi gravado."
    assert any("Partida 2: o vencedor deve ter exatamente 24 tentos" in p for p in body["problems"])
    assert not any(re.search(r"\bV-[A-Z]+\d", p) for p in body["problems"])  # no rule codes
    unreadable = c.post(entry_url(world, m), post_data(m, g1_a="x", client_key=key()), **JSON)
    assert unreadable.status_code == 422 and unreadable.json()["problems"]

    sheet_save(match=m, user=world.judge2, data=win_a(m), base_version=0, submit=True)
    stale = c.post(entry_url(world, m), post_data(m, g1_b="10", client_key=key()), **JSON)
    body = stale.json()
    assert stale.status_code == 409 and body["status"] == 409 and "juiz2" in body["message"]
    # What changed since the version the judge started from (none: every field is new).
    assert body["problems"][0] == (
        "Partida 1 — tentos: — na versão em que você começou; 24–13 na versão gravada agora."
    )
    state = c.post(entry_url(world, m), post_data(m, version=1, action="draft", client_key=key()), **JSON)
    assert state.status_code == 409 and "não salva como rascunho" in state.json()["message"]

    other = world.match(1, "2")  # the judge's mesa is 1
    denied = c.post(entry_url(world, other), post_data(other, client_key=key()), **JSON)
    assert denied.status_code == 403
    assert denied.json() == {
        "ok": False,
        "status": 403,
        "message": "Você não é juiz desta mesa.",
        "problems": [],
    }
    missing = reverse("scoring:entry", args=[world.tournament.slug, 999999])
    gone = c.post(missing, post_data(m, client_key=key()), **JSON)
    assert gone.status_code == 404 and gone.json()["ok"] is False and gone.json()["status"] == 404
    anonymous = Client().post(entry_url(world, m), post_data(m, client_key=key()), **JSON)
    assert anonymous.status_code == 403 and anonymous.json()["ok"] is False
    assert ScoreSheet.objects.filter(match=m).count() == 1


def test_the_plain_form_is_unchanged_without_a_key(world: World) -> None:
    m = world.match(1, "1")
    c = client_for(world.judge)
    response = c.post(entry_url(world, m), post_data(m, action="submit"))
    assert response.status_code == 303 and said(response) == ["Súmula enviada (versão 1)."]
    assert ScoreSheet.objects.get(match=m).client_key is None
    assert Client().post(entry_url(world, m), post_data(m)).status_code == 302  # to the login


# Double entry --------------------------------------------------------------------------


def test_a_resent_identical_second_entry_confirms_once(world: World) -> None:
    world.double_entry()
    m = world.match(1, "1")
    sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=True)
    c = client_for(world.judge2)
    body = post_data(m, version=1, client_key=key())
    first = c.post(check_url(world, m), body)
    assert first.status_code == 303 and said(first) == ["Conferência idêntica: súmula confirmada."]
    lost(c)
    after = written(m)
    again = c.post(check_url(world, m), body)
    assert again.status_code == 303 and again["Location"] == entry_url(world, m)
    assert said(again) == ["Conferência idêntica: súmula confirmada."]
    assert written(m) == after
    assert SheetEvent.objects.filter(match=m, kind=SheetEvent.Kind.CONFIRMED).count() == 1
    replay = c.post(check_url(world, m), body, **JSON)
    assert replay.json() == {
        "ok": True,
        "replayed": True,
        "kind": "check",
        "version": 1,
        "message": "Conferência idêntica: súmula confirmada.",
        "url": entry_url(world, m),
    }


def test_a_resent_differing_second_entry_is_logged_once(world: World) -> None:
    world.double_entry()
    m = world.match(1, "1")
    sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=True)
    c = client_for(world.judge2)
    k = key()
    body = post_data(m, version=1, g1_b="10", client_key=k)
    first = c.post(check_url(world, m), body)
    html = first.content.decode()
    assert first.status_code == 409 and "Divergência: nada foi confirmado." in html
    assert keys_in(html) != [k]  # the key is spent: a new try is a new second entry
    after = written(m)
    again = c.post(check_url(world, m), body, **JSON)
    assert again.status_code == 409
    assert again.json() == {
        "ok": False,
        "status": 409,
        "message": "Divergência: nada foi confirmado.",
        "problems": ["Partida 1 — tentos: 24–13 no lançamento anterior; 24–10 na sua digitação."],
    }
    assert written(m) == after
    assert SheetEvent.objects.get(match=m, kind=SheetEvent.Kind.CHECK_MISMATCH).client_key == uuid.UUID(k)
    # A corrected second entry with the new key the page gave confirms the version.
    fixed = c.post(check_url(world, m), post_data(m, version=1, client_key=keys_in(html)[0]), **JSON)
    assert fixed.status_code == 200 and fixed.json()["kind"] == "check" and not fixed.json()["replayed"]


def test_a_refused_second_entry_keeps_no_key(world: World) -> None:
    world.double_entry()
    m = world.match(1, "1")
    sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=True)
    k = key()
    own = client_for(world.judge).post(check_url(world, m), post_data(m, version=1, client_key=k), **JSON)
    assert own.status_code == 403 and "Quem lançou a súmula não pode conferi-la" in own.json()["message"]
    bad = client_for(world.judge2).post(check_url(world, m), post_data(m, version=1, client_key="zz"))
    assert bad.status_code == 400
    other = client_for(world.judge2).post(check_url(world, m), post_data(m, version=1, client_key=k), **JSON)
    assert other.status_code == 200 and other.json()["replayed"] is False


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
