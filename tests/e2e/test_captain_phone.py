"""The capataz's phone (issue #36): the organizer issues the team's link, the capataz
opens it on a 390×844 phone and sees his mesa, the judge sends the súmula, the capataz
signs it with the team PIN on his own phone and files a contestação, which the comissão
reads on the jogo's súmula page."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from captains.models import Contest
from scoring.models import Signature
from scoring.services.pins import pins_generate
from scoring.services.workflow import sheet_save
from tests.e2e.conftest import DESKTOP
from tests.e2e.steps import login
from tests.scoring.conftest import PASSWORD, World, win_a, world  # noqa: F401  (fixture)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("TENTEIO_SHOTS", "/tmp"))
TIMEOUT = 15_000


def _fits(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"


def test_the_capataz_follows_signs_and_contests_on_his_phone(
    page: Page,
    browser: Any,
    live_server: Any,
    world: World,  # noqa: F811
) -> None:
    base = live_server.url
    t = world.tournament
    m = world.match(1, "1")
    team = m.team_a
    pin = pins_generate(tournament=t, user=world.organizer, teams=[team])[team.pk]

    org = browser.new_context(**DESKTOP).new_page()
    login(org, base, "org", PASSWORD)
    org.goto(f"{base}/t/{t.slug}/gestao/equipes/{team.pk}/")
    org.click("#capataz button.primary")
    url = org.locator("code.link-url").inner_text().strip()
    assert "/capataz/" in url
    org.screenshot(path=str(SHOTS / "captain-issued.png"), scale="css")

    phone = page  # the default context is the phone (390×844)
    phone.goto(url)
    expect(phone.locator("h1")).to_have_text(team.name)
    expect(phone.locator("#proximo-jogo dd.mesa")).to_have_text("1")
    expect(phone.locator("#proximo-jogo")).to_contain_text(m.team_b.name)
    _fits(phone)
    phone.screenshot(path=str(SHOTS / "captain-phone.png"), full_page=True, scale="css")

    sheet = sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=True)
    # The open page follows by its live refresh: the súmula to sign appears.
    expect(phone.locator("#assinatura input[name=pin]")).to_be_visible(timeout=TIMEOUT)
    expect(phone.locator("#assinatura")).to_contain_text("2–0")
    phone.fill("#assinatura input[name=pin]", pin)
    phone.click("#assinatura button[type=submit]")
    expect(phone.locator("#assinatura")).to_contain_text("já assinou", timeout=TIMEOUT)
    assert Signature.objects.filter(sheet=sheet, team=team, method=Signature.Method.PIN).exists()

    phone.fill("#contest-text", "O juiz não anotou a flor da segunda mão.")
    phone.click("#contestacoes button[type=submit]")
    expect(phone.locator("#contestacoes")).to_contain_text("aguardando resposta", timeout=TIMEOUT)
    _fits(phone)
    phone.screenshot(path=str(SHOTS / "captain-signed.png"), full_page=True, scale="css")
    assert Contest.objects.filter(match=m, team=team).count() == 1

    org.goto(f"{base}/t/{t.slug}/sumulas/{m.pk}/")
    expect(org.locator("#contestacoes")).to_contain_text("não anotou a flor")
    judge = browser.new_context(**DESKTOP).new_page()
    login(judge, base, "juiz", PASSWORD)
    judge.goto(f"{base}/juiz/{t.slug}/jogo/{m.pk}/")
    expect(judge.locator("#sign-a")).to_contain_text("PIN da equipe")
