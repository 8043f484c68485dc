"""The public page «Suíço» on a 390×844 phone: the current rodada's emparceiramentos and
the Swiss classificação fit the screen's width (the tables scroll inside their box, the
page never sideways), and a homologation reaches the open page by the live refresh."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.public.test_swiss_public import swiss_event
from tests.standings.test_swiss_services import homologate
from tournaments.models import Match

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("TENTEIO_SHOTS", "/tmp"))


def test_the_swiss_page_on_a_phone(live_server: Any, page: Page) -> None:
    t, org, stage = swiss_event(teams=15, played=2)
    page.goto(f"{live_server.url}/t/{t.slug}/suico/")
    expect(page.locator("h1")).to_have_text("Suíço")
    expect(page.locator("table.swiss-pairings").first).to_be_visible()
    page.screenshot(path=str(SHOTS / "swiss-phone.png"), full_page=True, scale="css")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"
    jogo = Match.objects.filter(stage=stage, round=3).select_related("team_a").order_by("order").first()
    assert jogo is not None
    homologate(jogo, org, [[18, 3], [18, 4]])
    first = page.locator("table.swiss-pairings").first.locator("tbody tr").first
    expect(first.locator("td.score")).to_contain_text("2–0", timeout=10_000)
