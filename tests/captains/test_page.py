"""The capataz's page: the team, its next jogo, its results and classificação, live;
in English too; never a phone or an e-mail."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from captains.selectors import page_revision
from captains.services import captain_link_issue
from scoring.services.workflow import sheet_homologate
from signups.models import Signup
from tests.captains.conftest import Captain, submit
from tests.knockout.test_placings import event as placings_event
from tests.public.test_swiss_public import swiss_event
from tournaments.models import Match

pytestmark = pytest.mark.django_db

PHONE, EMAIL = "+55 51 99876-5432", "capataz.t1@example.org"


def test_it_shows_the_team_and_its_next_jogo(captain: Captain) -> None:
    page = Client().get(captain.url)
    assert page.status_code == 200
    text = page.content.decode()
    assert captain.team.name in text and captain.match.team_b.name in text
    for player in captain.team.players.all():
        assert player.name in text
    next_jogo = text.split('id="proximo-jogo"')[1].split("</section>")[0]
    assert "Rodada 1" in next_jogo and '<dd class="mesa"><strong>1</strong>' in next_jogo
    assert "Chave" in next_jogo and captain.match.team_b.name in next_jogo
    assert page["Cache-Control"].startswith("private, no-store") and page["Referrer-Policy"] == "same-origin"
    assert "captains:revision" not in text and f"/capataz/{captain.token}/revisao.json" in text


def test_results_and_classificacao_after_a_homologation(captain: Captain) -> None:
    w = captain.world
    m, sheet = w.signed(1, "1")
    sheet_homologate(match=m, user=w.organizer, version=sheet.version)
    text = Client().get(captain.url).content.decode()
    results = text.split('id="resultados"')[1].split("</section>")[0]
    assert "2–0" in results or "2-0" in results
    table = text.split('id="classificacao"')[1].split("</section>")[0]
    mine = re.search(r'<tr class="mine"><td>([^<]+)</td><td><strong>([^<]+)</strong>', table)
    assert mine is not None and mine.group(2) == captain.team.name and mine.group(1).startswith("1")
    next_jogo = text.split('id="proximo-jogo"')[1].split("</section>")[0]
    assert "Rodada 2" in next_jogo  # rodada 1 is over


def test_it_speaks_english(captain: Captain) -> None:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    text = client.get(captain.url).content.decode()
    assert '<html lang="en">' in text
    # Words already in the catalogs; this page's new ones come with the next catalogs.
    assert "<dt>Phase</dt>" in text and "Players" in text and "Jogadores" not in text


def test_it_never_shows_a_phone_or_an_email(captain: Captain) -> None:
    Signup.objects.create(
        tournament=captain.world.tournament,
        number=1,
        name=captain.team.name,
        phone=PHONE,
        email=EMAIL,
        status=Signup.Status.APPROVED,
        key="k" * 8,
        secret_hash="x",
        team=captain.team,
    )
    submit(captain)
    for lang in ("pt-br", "en"):
        client = Client()
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
        text = client.get(captain.url).content.decode()
        assert PHONE not in text and "99876" not in text and EMAIL not in text
        assert not re.search(r"[\w.+-]+@[\w-]+\.[\w.]+", text)


def test_the_revision_moves_with_a_sheet_sent(captain: Captain) -> None:
    before = Client().get(captain.url + "revisao.json").json()["revision"]
    assert before == page_revision(captain.team)
    submit(captain)
    after = Client().get(captain.url + "revisao.json").json()["revision"]
    assert after > before


def test_a_swiss_team_sees_the_swiss_classificacao_and_its_next_pairing(db: object) -> None:
    t, org, stage = swiss_event(teams=7, played=1)
    jogo = (
        Match.objects.filter(stage=stage, round=2)
        .select_related("team_a", "team_b")
        .order_by("order")
        .first()
    )
    assert jogo is not None
    token = captain_link_issue(jogo.team_a, org)
    text = Client().get(f"/capataz/{token}/").content.decode()
    next_jogo = text.split('id="proximo-jogo"')[1].split("</section>")[0]
    assert "Rodada 2" in next_jogo and jogo.team_b.name in next_jogo
    table = text.split('id="classificacao"')[1].split("</section>")[0]
    assert "<h3>Suíço</h3>" in table and f"<strong>{jogo.team_a.name}</strong>" in table
    assert table.count("<tr") == 1 + 7  # the header and every team of the phase


def test_a_team_in_the_mata_mata_sees_its_rodada(db: object) -> None:
    t = placings_event(
        "mm", chaves=True, knockout=["a1", "b1", "a2", "b2"], ko_matches=[(1, "a1", "b2", None)]
    )
    boss = get_user_model().objects.create_superuser("chefe", password="x-senha-1")
    token = captain_link_issue(t.teams.get(key="a1"), boss)
    text = Client().get(f"/capataz/{token}/").content.decode()
    next_jogo = text.split('id="proximo-jogo"')[1].split("</section>")[0]
    assert "<dd>Mata-mata</dd>" in next_jogo and t.teams.get(key="b2").name in next_jogo
    table = text.split('id="classificacao"')[1].split("</section>")[0]
    assert "Chave A" in table and "Mata-mata: <strong>" in table
