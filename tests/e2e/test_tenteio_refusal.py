"""A refused hand in the judge's tenteio, in a real browser (phone, pt-BR): the refusal
stays on screen next to the form that sent it, with the counter and the typed form as
they were, through the page's live refresh after the next hand and a reload, until the
judge closes it.

A Copa Truco (goiano) partida at 11–9: the judge types in the detailed form that the
side on 11 takes the fold of its own mão de onze, which the rules refuse (only the side
on 11 folds, its opponent scoring).
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from interchange.load import load_tournament
from rules.hands import Hand, TrucoCall, TrucoPart
from rules.results import Side
from tally import selectors
from tally.models import HandEntry
from tally.services import hand_record
from tests.documents import document
from tests.e2e.steps import TIMEOUT, login
from tests.scoring.conftest import PASSWORD, played, user
from tournaments.models import Match

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SENTENCE = "só a dupla com 11 pode correr da mão de onze"


def copa_at_eleven_nine() -> tuple[Match, Any]:
    doc = document([played(1, "t1", "t2", "1")], slug="copa-truco", modality="truco-goiano", size=2)
    t = load_tournament(doc).tournament
    judge = user("juiz-copa", t, "judge")
    m = Match.objects.select_related("team_a", "team_b", "stage__tournament").get(stage__tournament=t)
    for side, levels in (
        (Side.B, [TrucoCall.TRUCO] * 3),
        (Side.A, [TrucoCall.TRUCO] * 3 + [TrucoCall.NONE] * 2),
    ):
        for level in levels:
            hand_record(
                match=m, user=judge, hand=Hand.roda(side, TrucoPart.won(side, level)), key=uuid.uuid4()
            )
    assert selectors.match_state(m).score == (11, 9)
    return m, judge


def mark_the_counter(page: Page) -> None:
    """A mark the page's refresh removes (it replaces the counter with the server's)."""
    page.evaluate("document.querySelector('#tenteio .hs-board').setAttribute('data-before-refresh', '1')")


def test_a_refused_hand_stays_on_screen_until_closed(page: Page, live_server: Any) -> None:
    m, judge = copa_at_eleven_nine()
    before = HandEntry.objects.count()
    page.set_default_timeout(TIMEOUT)
    base = live_server.url
    login(page, base, judge.username, PASSWORD)
    page.goto(f"{base}/juiz/{m.stage.tournament.slug}/jogo/{m.pk}/tenteio/")
    expect(page.locator(".hs-volta[data-phase=mao_de_onze]")).to_be_visible()
    # No fold offered to the side on 11 among the big buttons: only B may take it.
    expect(page.locator("button[value='refused:none:a']")).to_have_count(0)
    expect(page.locator("button[value='refused:none:b']")).to_have_count(1)

    page.click(".hs-detail-form summary")
    page.select_option("select[name=d1_truco_end]", "refused")
    page.select_option("select[name=d1_truco_to]", "a")
    mark_the_counter(page)
    page.click(".hs-form button[type=submit]")

    alert = page.locator("#tenteio .hs-alert")
    expect(alert).to_have_count(1)
    expect(alert).to_contain_text(SENTENCE)
    expect(alert).to_contain_text("nada foi gravado")
    expect(page.locator(".hs-slot[data-slot=detail] .hs-alert")).to_be_visible()
    page.wait_for_timeout(700)  # well past the 50 ms the old page took to wipe it
    expect(alert).to_be_visible()
    assert "V-H" not in alert.inner_text()
    assert "V-H9" in (alert.get_attribute("data-codes") or "")
    # The counter is as it was (11–9, no hand written), and so is what the judge typed.
    expect(page.locator(".hs-pts").first).to_have_text("11")
    expect(page.locator(".hs-pts").nth(1)).to_have_text("9")
    expect(page.locator("select[name=d1_truco_end]")).to_have_value("refused")
    expect(page.locator(".hs-board[data-before-refresh]")).to_have_count(1)  # not re-rendered
    assert HandEntry.objects.count() == before

    # The next hand is accepted and the page refreshes from the server (the mark goes):
    # the refusal is still there, drawn again next to the detailed form.
    page.click("button[value='refused:none:b']")
    expect(page.locator(".hs-board[data-before-refresh]")).to_have_count(0)
    expect(page.locator(".hs-pts").nth(1)).to_have_text("10")
    expect(page.locator(".hs-slot[data-slot=detail] .hs-alert")).to_contain_text(SENTENCE)
    assert HandEntry.objects.count() == before + 1

    page.reload()
    expect(page.locator(".hs-slot[data-slot=detail] .hs-alert")).to_contain_text(SENTENCE)
    page.click(".hs-alert .hs-dismiss")
    expect(page.locator("#tenteio .hs-alert")).to_have_count(0)
    page.reload()
    expect(page.locator(".hs-volta[data-phase=mao_de_onze]")).to_be_visible()
    expect(page.locator("#tenteio .hs-alert")).to_have_count(0)
