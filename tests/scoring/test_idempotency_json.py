"""The JSON answers of the judge's writes (the phone's queue sends ``Accept:
application/json``): the outcome and its replay, refusals in sentences without rule
codes, and where the súmula page shows each sentence, so the phone draws it there."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from scoring.models import ScoreSheet
from scoring.services.workflow import sheet_save
from tests.scoring.conftest import World, win_a
from tests.scoring.sending import (
    JSON,
    entry_url,
    key,
    said,
)
from tests.scoring.test_views import client_for, post_data

pytestmark = pytest.mark.django_db


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
        "where": [],
    }
    missing = reverse("scoring:entry", args=[world.tournament.slug, 999999])
    gone = c.post(missing, post_data(m, client_key=key()), **JSON)
    assert gone.status_code == 404 and gone.json()["ok"] is False and gone.json()["status"] == 404
    anonymous = Client().post(entry_url(world, m), post_data(m, client_key=key()), **JSON)
    assert anonymous.status_code == 403 and anonymous.json()["ok"] is False
    assert ScoreSheet.objects.filter(match=m).count() == 1


# Where each sentence goes ----------------------------------------------------------------


def page_places(html: str) -> list[tuple[str, int | None]]:
    """The sentences the súmula page (no JS) shows, each with the partida whose block
    holds it (None: the list above the page's «Neste aparelho» box), in any order."""
    places: list[tuple[str, int | None]] = []
    partida: int | None = None
    blocks = r'id="partida-(\d+)"|<p class="field-error" role="alert">(.*?)</p>'
    for found in re.finditer(blocks + r'|<ul class="error errors"[^>]*>(.*?)</ul>', html, re.S):
        if found[1]:
            partida = int(found[1])
        elif found[2] is not None:
            places.append((unescape(found[2]), partida))
        else:
            places += [(unescape(li), None) for li in re.findall(r"<li>(.*?)</li>", found[3], re.S)]
    return sorted(places, key=str)


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        # The rules engine's finding about partida 2: in partida 2's block.
        ({"g2_a": "20", "g2_b": "22"}, [("partida-2", 2)]),
        # The form's finding about a score it cannot read: in partida 1's block.
        ({"g1_a": "x"}, [("partida-1", 1)]),
        # The rules engine's finding about the whole jogo: under the form.
        ({"g2_a": "", "g2_b": ""}, [(None, None)]),
        # A field's finding: under the form, naming the field.
        ({"outcome": "walkover"}, [("walkover", None)]),
        ({"lineup_a_1": ["999"]}, [("lineup_a_1", None)]),
    ],
)
def test_a_refusal_says_where_each_sentence_goes_as_the_page_shows_it(
    world: World, typed: dict[str, Any], expected: list[tuple[str | None, int | None]]
) -> None:
    m = world.match(1, "1")
    c = client_for(world.judge)
    body = post_data(m, client_key=key(), **typed)
    answer = c.post(entry_url(world, m), body, **JSON)
    assert answer.status_code == 422
    refusal = answer.json()
    where = refusal["where"]
    assert [(w["field"], w["partida"]) for w in where] == expected
    assert [w["message"] for w in where] == refusal["problems"]  # one for one, same order
    assert not any(re.search(r"\bV-[A-Z]+\d", w["message"]) for w in where)  # no rule codes
    page = c.post(entry_url(world, m), body)  # the same POST without JS: the page again
    assert page.status_code == 422
    assert page_places(page.content.decode()) == sorted(
        ((w["message"], w["partida"]) for w in where), key=str
    )
    assert not ScoreSheet.objects.exists()


def test_refusals_with_nowhere_in_the_form_say_so(world: World) -> None:
    m = world.match(1, "1")
    sheet_save(match=m, user=world.judge2, data=win_a(m), base_version=0, submit=True)
    c = client_for(world.judge)
    stale = c.post(entry_url(world, m), post_data(m, g1_b="10", client_key=key()), **JSON).json()
    assert stale["problems"] and all(w["field"] is None and w["partida"] is None for w in stale["where"])
    assert [w["message"] for w in stale["where"]] == stale["problems"]


def page_table(html: str) -> list[dict[str, str]]:
    """The rows of the stale page's table of what changed (scoring/_changes.html)."""
    cells = r'<tr><th scope="row">(.*?)</th><td class="old">(.*?)</td><td class="new">(.*?)</td></tr>'
    return [
        {"field": unescape(f), "before": unescape(b), "after": unescape(a)}
        for f, b, a in re.findall(cells, html, re.S)
    ]


def test_a_stale_sumula_carries_the_pages_table_of_what_changed(world: World) -> None:
    m = world.match(1, "1")
    sheet_save(match=m, user=world.judge2, data=win_a(m), base_version=0, submit=True)
    c = client_for(world.judge)
    body = post_data(m, g1_b="10", client_key=key())
    stale = c.post(entry_url(world, m), body, **JSON).json()
    assert stale["changes"] and len(stale["changes"]) == len(stale["problems"])
    page = c.post(entry_url(world, m), body)  # the same POST without JS: the page's table
    assert page.status_code == 409
    assert page_table(page.content.decode()) == stale["changes"]
    invalid = c.post(entry_url(world, m), post_data(m, g2_a="20", client_key=key()), **JSON).json()
    assert "changes" not in invalid  # only a stale refusal has a table


def test_a_score_the_judge_may_confirm_says_so_and_the_confirmed_one_is_written(world: World) -> None:
    """The queue's refusal carries ``fixable`` where the page would offer «clamp»; the
    page renders the checkbox hidden otherwise, for the phone to show."""
    m = world.match(1, "1")
    c = client_for(world.judge)
    page = c.get(entry_url(world, m)).content.decode()
    assert re.search(r"<label class=\"check fix\" data-clamp hidden>", page)
    refused = c.post(entry_url(world, m), post_data(m, g1_a="26", client_key=key()), **JSON)
    assert refused.status_code == 422 and refused.json()["fixable"] is True
    assert not ScoreSheet.objects.filter(match=m).exists()
    other = c.post(entry_url(world, m), post_data(m, g2_a="22", client_key=key()), **JSON).json()
    assert "fixable" not in other  # no confirmation fixes a winner short of the target
    html = c.post(entry_url(world, m), post_data(m, g1_a="26", client_key=key())).content.decode()
    assert '<label class="check fix" data-clamp>' in html  # the page without JS offers it
    done = c.post(entry_url(world, m), post_data(m, g1_a="26", clamp="on", client_key=key()), **JSON)
    assert done.status_code == 200 and done.json()["ok"]
    assert ScoreSheet.objects.get(match=m).result["games"][0] == [24, 13]
