"""Súmula pages for each role: judge, organizer, stranger, anonymous."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import ScoreSheet, Signature
from scoring.selectors import match_code
from scoring.services.pins import pins_generate
from scoring.services.workflow import sheet_save
from tests.scoring.conftest import PASSWORD, World, win_a

pytestmark = pytest.mark.django_db


def client_for(user: Any) -> Client:
    c = Client()
    if user is not None:
        assert c.login(username=user.username, password=PASSWORD)
    return c


def entry_url(w: World, m: Any) -> str:
    return reverse("scoring:entry", args=[w.tournament.slug, m.pk])


def post_data(m: Any, version: int = 0, **extra: Any) -> dict[str, Any]:
    data = {
        "base_version": version,
        "outcome": "played",
        "g1_a": "24",
        "g1_b": "13",
        "g2_a": "24",
        "g2_b": "20",
    }
    data.update(extra)
    return data


def test_judge_page_shows_teams_players_and_numeric_inputs(world: World) -> None:
    m = world.match(1, "1")
    response = client_for(world.judge).get(entry_url(world, m))
    html = response.content.decode()
    assert response.status_code == 200
    assert m.team_a.name in html and "t1 reserva" in html and 'inputmode="numeric"' in html
    assert "12 malos + 12 buenos" in html and "Partida 3" in html
    assert "js/sumula.js" in html


def test_judge_submits_and_signs_on_paper(world: World) -> None:
    m = world.match(1, "1")
    c = client_for(world.judge)
    response = c.post(entry_url(world, m), post_data(m, action="submit"))
    assert response.status_code == 303
    sheet = ScoreSheet.objects.get(match=m)
    assert sheet.confirmed and sheet.entered_ip == "127.0.0.1"
    sign = reverse("scoring:sign", args=[world.tournament.slug, m.pk])
    for side in "ab":
        assert c.post(sign, {"team": side, "version": 1, "method": "paper"}).status_code == 303
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.SIGNED
    assert "assinada em papel" in c.get(entry_url(world, m)).content.decode()


def test_rules_error_is_shown_next_to_its_partida_and_nothing_saved(world: World) -> None:
    m = world.match(1, "1")
    response = client_for(world.judge).post(entry_url(world, m), post_data(m, g2_a="20", g2_b="22"))
    assert response.status_code == 422
    html = response.content.decode()
    assert 'id="partida-2"' in html and "Partida 2: o vencedor deve ter exatamente 24 tentos" in html
    assert 'value="22"' in html  # what was typed is kept
    assert not ScoreSheet.objects.exists()


def test_stale_edit_answers_409_with_the_changes(world: World) -> None:
    m = world.match(1, "1")
    sheet_save(match=m, user=world.judge2, data=win_a(m), base_version=0, submit=True)
    response = client_for(world.judge).post(entry_url(world, m), post_data(m, g1_b="3"))
    assert response.status_code == 409
    html = response.content.decode()
    assert "enquanto você digitava" in html and "24–13" in html
    assert ScoreSheet.objects.filter(match=m).count() == 1


def test_judge_cannot_open_other_mesas_or_tournaments(world: World) -> None:
    mesa2 = world.match(1, "2")
    assert client_for(world.judge).get(entry_url(world, mesa2)).status_code == 403
    assert client_for(world.judge).post(entry_url(world, mesa2), post_data(mesa2)).status_code == 403
    assert client_for(world.stranger).get(entry_url(world, mesa2)).status_code == 403
    anonymous = client_for(None).get(entry_url(world, mesa2))
    assert anonymous.status_code == 302 and "/entrar/" in anonymous["Location"]
    other_match = world.other.stages.first().matches.first()  # type: ignore[union-attr]
    assert client_for(world.organizer).get(entry_url(world, other_match)).status_code == 404
    assert not ScoreSheet.objects.exists()


def test_judge_home_finds_by_mesa_and_by_code(world: World) -> None:
    m = world.match(2, "1")
    c = client_for(world.free_judge)
    home = reverse("scoring:judge_home", args=[world.tournament.slug])
    html = c.get(home, {"q": "2"}).content.decode()
    assert "Mesa 2" in html and "Mesa 1" not in html
    response = c.get(home, {"q": match_code(m).lower()})
    assert response.status_code == 302 and response["Location"] == entry_url(world, m)
    short = c.get(reverse("scoring:code", args=[match_code(m)]))
    assert short.status_code == 302 and short["Location"] == entry_url(world, m)
    assert c.get(reverse("scoring:code", args=["ZZZZZZ"])).status_code == 404
    assert client_for(world.judge).get(home).status_code == 200
    html = client_for(world.judge).get(home).content.decode()
    assert "Mesa 2" not in html  # only the judge's own mesa


def test_organizer_pages_and_homologation(world: World) -> None:
    m, sheet = world.signed()
    c = client_for(world.organizer)
    rodada = c.get(reverse("scoring:round", args=[world.tournament.slug]), {"rodada": 1}).content.decode()
    assert "assinada" in rodada and "sem súmula" in rodada
    history = reverse("scoring:history", args=[world.tournament.slug, m.pk])
    page = c.get(history).content.decode()
    assert "Versão 1" in page and "Homologar a versão 1" in page
    homologate = reverse("scoring:homologate", args=[world.tournament.slug, m.pk])
    assert client_for(world.judge).post(homologate, {"version": 1}).status_code == 403
    assert c.post(homologate, {"version": 1}).status_code == 303
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.HOMOLOGATED
    revert = reverse("scoring:revert", args=[world.tournament.slug, m.pk])
    c.post(revert, {"version": 1, "reason": ""})
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.HOMOLOGATED  # a reason is required
    c.post(revert, {"version": 1, "reason": "Placar trocado."})
    sheet.refresh_from_db()
    assert sheet.status == ScoreSheet.Status.SIGNED
    assert "Placar trocado." in c.get(history).content.decode()


def test_homologate_is_offered_only_once_the_capatazes_signed(world: World) -> None:
    m = world.match(1, "1")
    sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=True)
    history = reverse("scoring:history", args=[world.tournament.slug, m.pk])
    page = client_for(world.organizer).get(history).content.decode()
    assert "Homologar a versão" not in page and "Aguardando as assinaturas dos capatazes" in page


def test_organizer_pages_refuse_judges_and_anonymous(world: World) -> None:
    url = reverse("scoring:round", args=[world.tournament.slug])
    assert client_for(world.judge).get(url).status_code == 403
    assert client_for(None).get(url).status_code == 302
    assert (
        client_for(world.organizer).get(reverse("scoring:pins", args=[world.tournament.slug])).status_code
        == 200
    )


def test_pin_signature_and_lockout(world: World) -> None:
    m = world.match(1, "1")
    pins = pins_generate(tournament=world.tournament, user=world.organizer)
    assert len(pins) == 4 and all(len(p) == 4 and p.isdigit() for p in pins.values())
    c = client_for(world.judge)
    c.post(entry_url(world, m), post_data(m))
    sign = reverse("scoring:sign", args=[world.tournament.slug, m.pk])
    right = pins[m.team_a.pk]
    wrong = "0000" if right != "0000" else "1111"
    for _ in range(5):
        c.post(sign, {"team": "a", "version": 1, "method": "pin", "pin": wrong})
    page = c.post(sign, {"team": "a", "version": 1, "method": "pin", "pin": right}, follow=True)
    assert "bloqueado" in page.content.decode()
    assert not Signature.objects.exists()
    c.post(sign, {"team": "b", "version": 1, "method": "pin", "pin": pins[m.team_b.pk]})
    assert Signature.objects.get().method == "pin"


def test_organizer_generates_pins_once(world: World) -> None:
    c = client_for(world.organizer)
    url = reverse("scoring:pins", args=[world.tournament.slug])
    response = c.post(url)
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    assert "4 PINs novos" in response.content.decode()
    assert "gerado" in c.get(url).content.decode()
    assert client_for(world.judge).post(url).status_code == 403
