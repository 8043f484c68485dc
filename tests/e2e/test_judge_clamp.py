"""A score above the target, confirmed on the judge's phone (390×844, JavaScript, the
phone's queue): the server refuses «placar acima de 24 tentos … somente com
confirmação» and the page offers the confirmation (the form's «clamp» checkbox) next to
«Enviar súmula», as its no-JavaScript page does; the offer survives an offline reload
(it comes from the queue's refused item), and the confirmed súmula, queued offline, is
sent once the network is back and recorded with the target.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect

from scoring.models import ScoreSheet
from tests.e2e.test_judge_offline import DRAIN, fill_sumula, judge_page, judged, phone, sumula_item

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
__all__ = ["phone"]  # the fixture, shared with the offline tests
SEND = "#sumula-form button[value=submit]"


def test_the_phone_offers_the_confirmation_the_server_asks_for(
    phone: BrowserContext, live_server: Any
) -> None:
    t, judge, m = judged("acima")
    page = judge_page(phone, live_server.url, judge, f"/juiz/acima/jogo/{m.pk}/")
    clamp = page.locator("#sumula-form [data-clamp]")
    expect(clamp).to_be_hidden()  # nothing to confirm yet

    fill_sumula(page)
    page.fill("input[name=g1_a]", "26")  # 26–13 in a partida to 24
    page.click(SEND)
    sentence = "pode ser registrado como 24 somente com confirmação"
    expect(page.locator("#partida-1.has-error .field-error")).to_contain_text(sentence, timeout=DRAIN)
    expect(sumula_item(page)).to_have_attribute("data-state", "refused")
    expect(clamp).to_be_visible()
    expect(clamp).to_contain_text("Registrar os tentos acima do alvo como o alvo")
    box = clamp.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390  # on the screen
    assert not ScoreSheet.objects.filter(match=m).exists()

    # Offline: the page from the cache, the refusal and its confirmation from the queue.
    phone.set_offline(True)
    page.reload()
    expect(clamp).to_be_visible()
    expect(page.locator("input[name=g1_a]")).to_have_value("26")
    clamp.locator("input").check()
    page.click(SEND)
    expect(sumula_item(page)).to_contain_text("no aparelho")
    assert not ScoreSheet.objects.filter(match=m).exists()

    phone.set_offline(False)
    expect(sumula_item(page)).to_contain_text("enviada (versão 1)", timeout=DRAIN)
    sheet = ScoreSheet.objects.get(match=m)
    assert sheet.result["games"][0] == [24, 13]  # recorded as the target, as confirmed
    expect(clamp).to_be_hidden()  # nothing refused any more


def test_no_confirmation_is_offered_for_a_refusal_it_cannot_fix(
    phone: BrowserContext, live_server: Any
) -> None:
    t, judge, m = judged("sem-confirmacao")
    page = judge_page(phone, live_server.url, judge, f"/juiz/sem-confirmacao/jogo/{m.pk}/")
    fill_sumula(page)
    page.fill("input[name=g2_a]", "22")  # the winner must reach exactly 24: no confirmation fixes it
    page.click(SEND)
    expect(page.locator("#partida-2.has-error .field-error")).to_contain_text("exatamente 24", timeout=DRAIN)
    expect(page.locator("#sumula-form [data-clamp]")).to_be_hidden()
