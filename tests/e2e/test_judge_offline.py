"""The judge's phone with no network, in a real browser (phone 390×844, pt-BR, service
workers allowed): the pages open from the worker's cache, what the judge sends waits in
the phone's queue (IndexedDB) with its state on screen, survives a reload, and is sent
once when the network comes back; a reply lost on the way gives one clear result.

``context.set_offline`` cuts the network of the page and of its service worker; the
live server is ``http://localhost:…``, an origin where browsers allow service workers.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from playwright.sync_api import Error as PlaywrightError

from interchange.load import load_tournament
from scoring.models import ScoreSheet, Signature
from scoring.services.pins import pins_generate
from scoring.services.workflow import sheet_save
from tally.models import HandEntry
from tests.documents import document
from tests.e2e.conftest import PHONE
from tests.e2e.steps import TIMEOUT, login
from tests.scoring.conftest import PASSWORD, make_tournament, played, user, win_a
from tests.tally.test_counter import ladder_match, reach
from tournaments.models import Match

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
# The queue's drain runs every 10 s while something waits: a resend is seen within that.
DRAIN = 25_000
READY = 40_000


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(**PHONE, service_workers="allow")
    context.set_default_timeout(TIMEOUT)
    yield context
    context.close()


def jogo(slug: str, table: str, rnd: int = 1) -> Match:
    return Match.objects.select_related("team_a", "team_b", "stage__tournament").get(
        stage__tournament__slug=slug, round=rnd, table__name=table
    )


def ready_offline(page: Page) -> None:
    """The worker controls the page and has the jogos list's pages in its cache."""
    # The worker's install and warm-up fetch pages one after the other: on a busy machine
    # (2 cores, several browser suites) that took more than 15 s.
    expect(page.locator("html[data-offline-ready][data-warmed]")).to_have_count(1, timeout=READY)


def judge_page(phone: BrowserContext, base: str, judge: Any, path: str) -> Page:
    """A new tab of the phone, ``judge`` signed in, on ``path`` with the worker ready offline."""
    page = phone.new_page()
    login(page, base, judge.username, PASSWORD)
    page.goto(f"{base}{path}")
    ready_offline(page)
    return page


def judged(slug: str, table: str = "1") -> tuple[Any, Any, Match]:
    """A new tournament ``slug``, its judge and the jogo of mesa ``table`` in rodada 1."""
    t = make_tournament(slug)
    return t, user(f"juiz-{slug}", t, "judge"), jogo(slug, table)


def fill_sumula(page: Page) -> None:
    page.fill("input[name=g1_a]", "24")
    page.fill("input[name=g1_b]", "13")
    page.fill("input[name=g2_a]", "24")
    page.fill("input[name=g2_b]", "20")


def sumula_item(page: Page) -> Any:
    return page.locator("#phone-queue .queue-item[data-kind=sumula]")


def test_pages_open_offline_and_a_queued_sumula_is_sent_once(phone: BrowserContext, live_server: Any) -> None:
    t, judge, m = judged("offline")
    base = live_server.url
    page = judge_page(phone, base, judge, "/juiz/offline/")

    phone.set_offline(True)
    page.reload()
    expect(page.locator("ul.jogos li.card").first).to_be_visible()
    # A jogo never opened online: its súmula page comes from the list's warm-up.
    page.goto(f"{base}/juiz/offline/jogo/{m.pk}/")
    expect(page.locator("#sumula-form")).to_be_visible()
    fill_sumula(page)
    page.click("#sumula-form button[value=submit]")
    expect(sumula_item(page)).to_have_attribute("data-state", "waiting")
    expect(sumula_item(page)).to_contain_text("no aparelho")
    expect(page.locator("#sumula-form .offline")).to_contain_text("Sem conexão")

    page.reload()  # offline: the page from the cache, the súmula still in the queue
    expect(sumula_item(page)).to_contain_text("no aparelho")
    page.goto(f"{base}/juiz/offline/")  # the list sees every pending item
    expect(page.locator("#phone-queue .queue-item")).to_contain_text(m.team_a.name)
    assert not ScoreSheet.objects.filter(match=m).exists()

    phone.set_offline(False)  # the list page sends it (the browser says it is back online)
    expect(sumula_item(page)).to_contain_text("enviada (versão 1)", timeout=DRAIN)
    page.goto(f"{base}/juiz/offline/jogo/{m.pk}/")
    expect(sumula_item(page)).to_contain_text("enviada (versão 1)")
    expect(page.locator(".meta .state")).not_to_have_text(re.compile("sem súmula", re.I))
    sheets = ScoreSheet.objects.filter(match=m)
    assert [s.version for s in sheets] == [1]

    page.click("#phone-queue .queue-dismiss")
    expect(page.locator("#phone-queue")).to_be_hidden()


def test_a_lost_reply_and_its_resend_give_one_clear_result(phone: BrowserContext, live_server: Any) -> None:
    t, judge, m = judged("perdida", "2")
    base = live_server.url
    page = judge_page(phone, base, judge, f"/juiz/perdida/jogo/{m.pk}/")
    dropped: list[int] = []

    def drop_the_reply(route: Route) -> None:
        if route.request.method != "POST" or dropped:
            route.continue_()
            return
        route.fetch()  # the server gets the súmula and writes it...
        dropped.append(1)
        route.abort("internetdisconnected")  # ...and the phone never hears back

    phone.route(re.compile(rf".*/juiz/perdida/jogo/{m.pk}/$"), drop_the_reply)
    fill_sumula(page)
    page.click("#sumula-form button[value=submit]")
    expect(sumula_item(page)).to_contain_text("no aparelho")
    for _ in range(150):  # until the route has seen the POST (the queue sends it at once)
        if dropped:
            break
        page.wait_for_timeout(100)
    expect(sumula_item(page)).to_contain_text("no aparelho")  # no answer: still waiting
    assert dropped and [s.version for s in ScoreSheet.objects.filter(match=m)] == [1]

    # The queue sends it again with the same key: the server's replay, version 1.
    expect(sumula_item(page)).to_contain_text("enviada (versão 1)", timeout=DRAIN)
    expect(page.locator("#phone-queue .queue-item")).to_have_count(1)
    expect(page.locator(".queue-refused, .error, .messages .error")).to_have_count(0)
    assert [s.version for s in ScoreSheet.objects.filter(match=m)] == [1]


def test_a_hand_queued_offline_survives_a_reload_and_is_sent(phone: BrowserContext, live_server: Any) -> None:
    doc = document([played(1, "t1", "t2", "1")], slug="copa-offline", modality="truco-goiano", size=2)
    t = load_tournament(doc).tournament
    judge = user("juiz-copa-offline", t, "judge")
    m = jogo("copa-offline", "1")
    base = live_server.url
    page = judge_page(phone, base, judge, f"/juiz/copa-offline/jogo/{m.pk}/tenteio/")
    before = HandEntry.objects.filter(match=m).count()

    phone.set_offline(True)
    page.locator("#tenteio .hs-quick button.hs-btn").first.click()
    status = page.locator("#tenteio .hs-offline")
    expect(status).to_contain_text("1 lançamento aguardando envio")
    page.reload()
    expect(status).to_contain_text("1 lançamento aguardando envio — sem conexão")
    assert HandEntry.objects.filter(match=m).count() == before

    phone.set_offline(False)
    expect(status).to_be_hidden(timeout=DRAIN)
    assert HandEntry.objects.filter(match=m).count() == before + 1
    expect(page.locator("#tenteio .hs-log li").first).not_to_have_class("muted")


def test_a_sumula_refused_once_back_online_shows_its_sentence_next_to_the_partida(
    phone: BrowserContext, live_server: Any
) -> None:
    t, judge, m = judged("recusada")
    base = live_server.url
    page = judge_page(phone, base, judge, f"/juiz/recusada/jogo/{m.pk}/")

    phone.set_offline(True)
    fill_sumula(page)
    page.fill("input[name=g2_a]", "22")  # the winner must reach exactly 24
    page.click("#sumula-form button[value=submit]")
    expect(sumula_item(page)).to_contain_text("no aparelho")

    phone.set_offline(False)  # sent when the browser says it is back online: refused
    sentence = "Partida 2: o vencedor deve ter exatamente 24 tentos"
    field = page.locator("#partida-2.has-error .field-error")
    expect(field).to_contain_text(sentence, timeout=DRAIN)
    expect(sumula_item(page)).to_have_attribute("data-state", "refused")
    expect(sumula_item(page)).to_contain_text(sentence)  # in «Neste aparelho» too
    assert not re.search(r"V-[A-Z]+\d", page.locator("#sumula-form").inner_text())  # no rule code
    assert not ScoreSheet.objects.filter(match=m).exists()

    phone.set_offline(True)
    page.reload()  # offline: the page from the cache, the refusal from the queue
    expect(field).to_contain_text(sentence)
    expect(page.locator("#partida-1 .field-error")).to_have_count(0)
    expect(page.locator("input[name=g2_a]")).to_have_value("22")  # the form as it was refused

    page.click("#phone-queue .queue-dismiss")  # «Fechar»: the sentence leaves the form too
    expect(page.locator("#phone-queue")).to_be_hidden()
    expect(page.locator(".field-error, .has-error")).to_have_count(0)
    page.reload()
    expect(page.locator(".field-error")).to_have_count(0)


def test_a_signature_refused_once_back_online_shows_its_sentence_on_the_capatazs_card(
    phone: BrowserContext, live_server: Any
) -> None:
    t, judge, m = judged("assinatura")
    pins = pins_generate(tournament=t, user=user("org-assinatura", t, "organizer"))
    sheet_save(match=m, user=judge, data=win_a(m), base_version=0, submit=True)
    base = live_server.url
    page = judge_page(phone, base, judge, f"/juiz/assinatura/jogo/{m.pk}/")

    phone.set_offline(True)
    page.fill("#sign-b input[name=pin]", "0000" if pins[m.team_b_id] != "0000" else "1111")
    page.click("#sign-b form.pin-form button[type=submit]")
    item = page.locator("#phone-queue .queue-item[data-kind=signature]")
    expect(item).to_contain_text("no aparelho")

    phone.set_offline(False)  # sent when the browser says it is back online: refused
    sentence = f"PIN errado para {m.team_b.name}"
    card = page.locator("#sign-b ul.error.errors")
    expect(card).to_contain_text(sentence, timeout=DRAIN)
    expect(item).to_have_attribute("data-state", "refused")
    expect(item).to_contain_text(sentence)  # in «Neste aparelho» too
    expect(page.locator("#sign-a .error")).to_have_count(0)  # the other capataz's card: nothing
    kept = "() => TenteioQueue.all().then(items => items.map(i => JSON.stringify(i.fields || null)))"
    assert page.evaluate(kept) == ["null"]  # the PIN is not kept on the phone

    page.reload()  # the refusal from the queue, on the card again
    expect(card).to_contain_text(sentence)
    phone.set_offline(True)
    page.reload()  # offline too: the page from the cache
    expect(card).to_contain_text(sentence)
    phone.set_offline(False)

    page.click("#phone-queue .queue-dismiss")  # «Fechar»: the sentence leaves the card too
    expect(page.locator("#phone-queue")).to_be_hidden()
    expect(page.locator("#sign-b .error")).to_have_count(0)
    page.reload()
    expect(page.locator("#sign-b .error")).to_have_count(0)
    assert not Signature.objects.filter(sheet__match=m).exists()


def test_a_stale_sumula_refused_once_back_online_shows_the_table_of_what_changed(
    phone: BrowserContext, live_server: Any
) -> None:
    t, judge, m = judged("alterada")
    other = user("juiz-alterada-2", t, "judge")
    base = live_server.url
    page = judge_page(phone, base, judge, f"/juiz/alterada/jogo/{m.pk}/")

    phone.set_offline(True)
    fill_sumula(page)
    page.fill("input[name=g1_b]", "10")
    page.click("#sumula-form button[value=submit]")
    expect(sumula_item(page)).to_contain_text("no aparelho")
    sheet_save(match=m, user=other, data=win_a(m), base_version=0, submit=True)  # meanwhile

    phone.set_offline(False)  # refused as stale: the page's box, its table of what changed
    box = page.locator("div.error[data-phone-refusal]")
    expect(box.locator("table.diff tbody tr")).not_to_have_count(0, timeout=DRAIN)
    expect(box.locator("thead")).to_contain_text("Na versão em que você começou")
    expect(box.locator("thead")).to_contain_text("Versão gravada agora")
    expect(box.locator("strong")).to_contain_text("juiz-alterada-2")
    page.reload()
    expect(box.locator("table.diff tbody tr")).not_to_have_count(0)
    page.click("#phone-queue .queue-dismiss")
    expect(page.locator("div.error[data-phone-refusal]")).to_have_count(0)
    assert [s.version for s in ScoreSheet.objects.filter(match=m)] == [1]


def test_a_corrected_resend_clears_the_refusal(phone: BrowserContext, live_server: Any) -> None:
    t, judge, m = judged("corrigida")
    base = live_server.url
    page = judge_page(phone, base, judge, f"/juiz/corrigida/jogo/{m.pk}/")
    fill_sumula(page)
    page.fill("input[name=g2_a]", "22")
    page.click("#sumula-form button[value=submit]")
    expect(page.locator("#partida-2 .field-error")).to_contain_text("exatamente 24 tentos")

    page.fill("input[name=g2_a]", "24")
    with page.expect_navigation():  # taken: the page shows the server's state
        page.click("#sumula-form button[value=submit]")
    expect(sumula_item(page)).to_contain_text("enviada (versão 1)")
    expect(page.locator("#phone-queue .queue-item")).to_have_count(1)  # the refusal is replaced
    expect(page.locator(".field-error, .has-error, .queue-refused")).to_have_count(0)
    assert [s.version for s in ScoreSheet.objects.filter(match=m)] == [1]


def test_logging_out_deletes_the_judges_cached_pages(phone: BrowserContext, live_server: Any) -> None:
    t = make_tournament("sair")
    judge = user("juiz-sair", t, "judge")
    base = live_server.url
    page = judge_page(phone, base, judge, "/juiz/sair/")
    cached = "() => caches.keys().then(ns => ns.filter(n => n.startsWith('tenteio-pages-')))"
    phone.set_offline(True)
    page.reload()  # offline, logged in: the list from the cache
    expect(page.locator("ul.jogos li.card").first).to_be_visible()
    assert page.evaluate(cached)
    phone.set_offline(False)

    with page.expect_navigation():
        page.click("form[data-logout] button")  # «Sair»
    expect(page.locator("form[data-logout]")).to_have_count(0)
    assert page.evaluate(cached) == []

    phone.set_offline(True)
    with contextlib.suppress(PlaywrightError):  # the browser's own "no internet" page
        page.goto(f"{base}/juiz/sair/")
    expect(page.locator("ul.jogos li.card")).to_have_count(0)


def test_a_hand_refused_through_the_queue_leaves_the_counter_as_it_was(
    phone: BrowserContext, live_server: Any
) -> None:
    m, judge = ladder_match("truco-goiano")
    reach(m, judge, 11, 9)  # A in the mão de onze: no truco may be asked
    base = live_server.url
    page = judge_page(phone, base, judge, f"/juiz/copa/jogo/{m.pk}/tenteio/")
    points = page.locator("#tenteio .hs-pts")
    expect(points).to_have_text(["11", "9"])
    before = HandEntry.objects.filter(match=m).count()

    page.click("details.hs-detail-form summary")
    # The page offers no truco here: a phone with an older copy of the page would have.
    page.evaluate(
        """() => { const s = document.querySelector("select[name=d1_truco_level]");
        s.add(new Option("truco", "truco")); s.value = "truco"; }"""
    )
    page.select_option("select[name=d1_truco_end]", "won")
    page.select_option("select[name=d1_truco_to]", "a")
    page.click("details.hs-detail-form button[type=submit]")
    alert = page.locator('#tenteio .hs-slot[data-slot="detail"] .hs-alert')
    expect(alert).to_contain_text("na mão de onze não se pede truco")
    assert "V-H" not in alert.inner_text()
    expect(points).to_have_text(["11", "9"])  # the counter as it was, and it stays so
    page.wait_for_timeout(1000)
    expect(points).to_have_text(["11", "9"])
    expect(alert).to_be_visible()
    assert HandEntry.objects.filter(match=m).count() == before
