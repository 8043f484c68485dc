"""Spectators in the browser: every public page follows a homologation by itself (no
reload) within the poll period, the home shows the podium after the final, the mata-mata
reads top to bottom on a phone, and the telão cycles its screens and comes back by
itself after the server was unreachable. Screens in docs/screens/ (50-…)."""

from __future__ import annotations

import time
import uuid
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from core.demo import demo_document
from interchange.load import load_tournament
from knockout.services.advance import bracket_sync
from public import views_telao
from rules.hands import Deal, Hand, TrucoCall, TrucoPart, VoltaKind
from rules.results import Side
from standings.results import match_rows
from tally import selectors as tally_selectors
from tally.services import hand_record
from tests.e2e.conftest import PHONE, SCREENS
from tests.knockout.test_bracket_services import organizer, play
from tests.knockout.test_placings import GOIANO, event
from tournaments.models import Match, Tournament
from tournaments.revision import bump

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SLUG = "rodeio-querencia-truco-cego"
WIDE: dict[str, Any] = {**PHONE, "viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1}
WIDE.update(is_mobile=False, has_touch=False)
# Seconds from the homologation's commit to the page: the 1 s poll, the page's fetch, and
# a margin for this machine's two cores shared with the browser and the server.
WITHIN = 2.5
UNUSUAL = {"games": [[24, 7], [24, 9]]}  # a score no other jogo of the demo has


@pytest.fixture
def contexts(browser: Any, live_server: Any) -> Any:
    """New browser contexts, closed before the live server and its database go (a page
    left open would go on polling a server with no tournament)."""
    made: list[Any] = []

    def new(**options: Any) -> Any:
        made.append(browser.new_context(**options))
        return made[-1]

    yield new
    for context in made:
        context.close()


def mark(page: Page) -> None:
    """A flag that a reload would wipe: the page must still hold it after the change."""
    page.evaluate("window.__sameDocument = true")


def same_document(page: Page) -> bool:
    return bool(page.evaluate("window.__sameDocument === true"))


def wait_text(page: Page, text: str, since: float) -> float:
    """Seconds from ``since`` until ``<main>`` shows ``text`` (fails past 3 × WITHIN)."""
    page.wait_for_function(
        "t => document.querySelector('main').innerText.includes(t)", arg=text, timeout=3000 * WITHIN
    )
    return time.monotonic() - since


def homologate_one(t: Tournament, user: Any = None) -> tuple[float, dict[str, Any]]:
    """A jogo of the rodada in play, entered, signed and homologated by the services: the
    moment the homologation was committed, and the jogo's public row."""
    match = Match.objects.filter(stage__tournament=t, round=3, sheets__isnull=True).order_by("id").first()
    assert match is not None
    winner_a = {**UNUSUAL}
    play(match, user or organizer(t), winner_a)
    committed = time.monotonic()
    row = next(r for r in match_rows(t) if r["pk"] == match.pk)
    return committed, row


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_a_homologation_reaches_every_live_page_without_a_reload(
    live_server: Any, contexts: Any, size: str
) -> None:
    t = load_tournament(demo_document()).tournament
    base = f"{live_server.url}/t/{SLUG}"
    match = Match.objects.filter(stage__tournament=t, round=3, sheets__isnull=True).order_by("id").first()
    assert match is not None
    team = match.team_a
    context = contexts(**(PHONE if size == "phone" else WIDE))
    pages = {}
    for name, path in [
        ("classificacao", "/classificacao/"),
        ("resultados", "/resultados/"),
        ("programacao", "/programacao/"),
        ("equipe", f"/equipes/{team.pk}/"),
        ("inicio", "/"),
    ]:
        page = context.new_page()
        page.goto(base + path)
        mark(page)
        pages[name] = page
    # A <details> left open and a scrolled page stay so across the swap.
    standings = pages["classificacao"]
    standings.evaluate("window.scrollTo(0, 300)")
    before = standings.locator("main").inner_text()
    time.sleep(1.5)  # every page has polled its revision once
    since, row = homologate_one(t)
    took = {
        name: wait_text(pages[name], row["games"], since) for name in ("resultados", "programacao", "equipe")
    }
    standings.wait_for_function(
        "b => document.querySelector('main').innerText !== b", arg=before, timeout=6000
    )
    took["classificacao"] = time.monotonic() - since
    print("homologation → page (s):", {k: round(v, 2) for k, v in took.items()})
    assert all(v <= WITHIN for v in took.values()), took
    assert all(same_document(p) for p in pages.values())
    assert abs(standings.evaluate("window.scrollY") - 300) < 2


def test_the_home_shows_the_podium_after_the_final_and_the_bracket_is_vertical_on_a_phone(
    live_server: Any, contexts: Any
) -> None:
    keys = [f"t{i}" for i in range(1, 9)]
    ko = [
        (1, "t1", "t8", GOIANO),
        (1, "t4", "t5", GOIANO),
        (1, "t2", "t7", GOIANO),
        (1, "t3", "t6", GOIANO),
        (2, "t1", "t4", GOIANO),
        (2, "t2", "t3", GOIANO),
    ]
    t = event("copa-goiana", chaves=False, knockout=keys, ko_matches=ko, modality="truco-goiano", keys=keys)
    Tournament.objects.filter(pk=t.pk).update(
        stage_plan=Tournament.StagePlan.KNOCKOUT, name="Copa Truco Goiânia"
    )
    bracket_sync(stage=t.stages.get(kind="knockout"))
    final = Match.objects.get(stage__tournament=t, round=3)
    context = contexts(**PHONE)
    home = context.new_page()
    home.goto(f"{live_server.url}/t/{t.slug}/")
    mark(home)
    expect(home.locator(".card.champion")).to_have_count(0)
    bracket = context.new_page()
    bracket.goto(f"{live_server.url}/t/{t.slug}/mata-mata/")
    # On the phone: one rodada under the other, nothing wider than the screen.
    rounds = bracket.locator(".bracket .round")
    expect(rounds).to_have_count(3)
    boxes = [rounds.nth(i).bounding_box() for i in range(3)]
    assert all(b is not None for b in boxes)
    assert len({round(b["x"]) for b in boxes if b}) == 1
    assert [b["y"] for b in boxes if b] == sorted(b["y"] for b in boxes if b)
    assert bracket.evaluate("document.documentElement.scrollWidth") <= 390
    expect(bracket.locator("[data-scroll-hint]")).to_be_hidden()
    time.sleep(1.5)
    since = time.monotonic()
    play(final, organizer(t), GOIANO if final.team_a.key == "t1" else {"games": [[4, 12], [6, 12]]})
    # Goiano is played in duplas: its champion is «a campeã».
    expect(home.locator(".card.champion")).to_contain_text("Campeã: Trio T1", timeout=3000 * WITHIN)
    print("final → home podium (s):", round(time.monotonic() - since, 2))
    assert same_document(home)
    expect(home.locator(".podium li")).to_have_count(4)  # the 3º shared: no disputa de 3º lugar
    # The final placings opened by the reader stay open when the page changes again.
    home.locator(".card.champion summary").click()
    Tournament.objects.filter(pk=t.pk).update(venue="Ginásio Rio Vermelho")
    bump(t.pk)
    expect(home.locator("main")).to_contain_text("Ginásio Rio Vermelho", timeout=3000 * WITHIN)
    assert home.evaluate("document.querySelector('.card.champion details').open") and same_document(home)
    home.screenshot(path=str(SCREENS / "52-publico-inicio-podio.png"), full_page=True, scale="css")
    expect(bracket.locator(".champion")).to_contain_text("Trio T1", timeout=3000 * WITHIN)
    bracket.screenshot(path=str(SCREENS / "51-publico-mata-mata-celular.png"), full_page=True, scale="css")
    # The telão of the finished event opens with the podium, then the mata-mata.
    tv = contexts(**WIDE).new_page()
    tv.goto(f"{live_server.url}/t/{t.slug}/telao/?ciclo=2")
    expect(tv.locator(".tl-screen.on")).to_have_attribute("data-kind", "podium")
    tv.screenshot(path=str(SCREENS / "50-telao-5-podio.png"))
    expect(tv.locator(".tl-screen.on")).to_have_attribute("data-kind", "mata-mata", timeout=4000)
    tv.screenshot(path=str(SCREENS / "50-telao-6-mata-mata.png"))


def test_the_telao_cycles_and_recovers_after_the_server_is_unreachable(
    live_server: Any, contexts: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(views_telao, "RELOAD_SECONDS", 20)  # the hourly reload, sooner
    t = load_tournament(demo_document()).tournament
    judge = organizer(t)
    for match in Match.objects.filter(stage__tournament=t, round=3).order_by("-id")[
        :2
    ]:  # the digital tenteio
        for side in (Side.A, Side.B, Side.A):
            state = tally_selectors.match_state(match)
            if state.expected_volta is VoltaKind.TESTA:
                hand = Hand.testa(*[Deal(Side.A, TrucoPart.won(side, TrucoCall.TRUCO)) for _ in range(3)])
            else:
                hand = Hand.roda(state.next_mao, TrucoPart.won(side, TrucoCall.TRUCO))
            hand_record(match=match, user=judge, hand=hand, key=uuid.uuid4())
    context = contexts(**WIDE)
    tv = context.new_page()
    tv.goto(f"{live_server.url}/t/{SLUG}/telao/?ciclo=2")
    mark(tv)
    kinds = tv.eval_on_selector_all(".tl-screen", "all => all.map(s => s.dataset.kind)")
    assert kinds == ["chaves", "mesas", "proximos"]
    assert tv.evaluate("getComputedStyle(document.body).cursor") == "none"
    expect(tv.locator(".tl-mesa.live")).to_have_count(2)  # the placar parcial of two mesas
    seen = []
    for _ in range(len(kinds) + 1):  # each screen in turn, then the first again
        kind = tv.evaluate("document.documentElement.dataset.kind")
        seen.append(kind)
        expect(tv.locator(".tl-screen.on")).to_have_count(1)
        tv.screenshot(path=str(SCREENS / f"50-telao-{len(seen)}-{kind}.png"))
        tv.wait_for_function("k => document.documentElement.dataset.kind !== k", arg=kind, timeout=4000)
    assert seen == kinds + kinds[:1]

    # The server drops: the screens stay and keep cycling, a red dot shows, no reload.
    tv.route("**/*", lambda route: route.abort())
    tv.wait_for_function("() => document.documentElement.dataset.offline === '1'", timeout=6000)
    time.sleep(14)  # past the reload time (20 s after the load): it waits for the server
    assert same_document(tv)
    expect(tv.locator(".tl-screen.on")).to_have_count(1)
    expect(tv.locator(".tl-offline")).to_be_visible()
    _since, row = homologate_one(t, judge)
    tv.unroute("**/*")
    # Back: the next poll (backed off to at most 15 s) finds the change and swaps it in.
    games = row["games"]
    tv.wait_for_function(
        "t => document.getElementById('telao').textContent.includes(t)", arg=games, timeout=20_000
    )
    assert same_document(tv)
    expect(tv.locator(".tl-offline")).to_be_hidden()
    # Then the reload that waited for the server (retried every 30 s) happens.
    tv.wait_for_function("() => window.__sameDocument !== true", timeout=40_000)
    tv.wait_for_function(
        "t => document.getElementById('telao').textContent.includes(t)", arg=games, timeout=5000
    )
