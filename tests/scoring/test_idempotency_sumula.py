"""A resend after a lost reply, through HTTP, for the súmula and the blind second entry:
every form carries a ``client_key``; the server answers a key it already wrote with the
original outcome and writes nothing (issue 21: the judge saw «Súmula enviada (versão 1)»
and, for the automatic resend, «A súmula foi alterada… nada foi gravado» at once)."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client

from scoring.models import ScoreSheet, SheetEvent
from scoring.services.workflow import sheet_save
from tests.scoring.conftest import World, win_a
from tests.scoring.sending import (
    JSON,
    check_url,
    entry_url,
    key,
    keys_in,
    lost,
    said,
    sumula_key,
    written,
)
from tests.scoring.test_views import client_for, post_data

pytestmark = pytest.mark.django_db

MISMATCH = "Partida 1 — tentos: 24–13 no lançamento anterior; 24–10 na sua digitação."


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
        "where": [],
    }
    assert not ScoreSheet.objects.exists() and not SheetEvent.objects.exists()


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
        "problems": [MISMATCH],
        "where": [{"message": MISMATCH, "field": None, "partida": None}],
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
