"""Sharing in a real browser (Chromium): the share button on a phone (390×844) and the
download on a desktop (1920×1080), and the embed in an ``<iframe>`` of another site (origin).

Headless Chromium on Linux has no Web Share API, so the phone gets one that records what
it is handed (``navigator.share``/``canShare``, added before the page's scripts): the
button must appear, and a tap must hand over the page's address, its title and the
picture as a PNG file. On the desktop the button stays hidden and «Baixar imagem» downloads
the PNG. The other site is a small web server of the test on another port of this machine
(another origin), whose page frames the embed — shown, and live: a homologation reaches it by the revision
poll — and the classificação page, which the browser must refuse to frame.
Screenshots: docs/screens/50-compartilhar-celular.png, 51-incorporado.png.
"""

from __future__ import annotations

import contextlib
import http.server
import struct
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import DESKTOP, SCREENS
from tests.e2e.steps import TIMEOUT
from tests.public.share_event import finished_event
from tests.public.test_publication import Event
from tournaments.models import Group

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# A Web Share API that keeps what it was handed (a phone's share sheet, minus the sheet).
FAKE_SHARE = """
window.__shared = [];
navigator.canShare = function (data) { return !!data && Array.isArray(data.files); };
navigator.share = function (data) {
  var files = (data.files || []).map(function (f) { return { name: f.name, type: f.type, size: f.size }; });
  window.__shared.push({ title: data.title, url: data.url, files: files });
  return Promise.resolve();
};
"""
FULL_HD = {**DESKTOP, "viewport": {"width": 1920, "height": 1080}}


@contextlib.contextmanager
def other_site(html: str) -> Iterator[str]:
    """A web server on 127.0.0.1 (a port of its own) answering ``html`` to every GET."""
    body = html.encode()

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/federacao/"
    finally:
        server.shutdown()
        server.server_close()


def shared_once(page: Any) -> None:
    """Wait for one call of the share sheet (``wait_for_function`` would need an eval the
    page's Content-Security-Policy forbids)."""
    for _ in range(TIMEOUT // 100):
        if page.evaluate("window.__shared.length") == 1:
            return
        page.wait_for_timeout(100)
    raise AssertionError("navigator.share was not called")


def test_the_share_button_on_a_phone_hands_over_the_picture(new_context: Any, live_server: Any) -> None:
    t = finished_event("rodeio")
    a = Group.objects.get(stage__tournament=t, name="A")
    phone = new_context().new_page()
    phone.add_init_script(FAKE_SHARE)
    phone.goto(f"{live_server.url}/t/{t.slug}/classificacao/")
    button = phone.locator(f"#chave-{a.name} .share-button")
    expect(button).to_be_visible(timeout=TIMEOUT)
    expect(phone.locator(".share-button")).to_have_count(4)
    button.scroll_into_view_if_needed()
    phone.screenshot(path=str(SCREENS / "50-compartilhar-celular.png"), scale="css")
    button.tap()
    shared_once(phone)
    (shared,) = phone.evaluate("window.__shared")
    assert shared["url"] == f"{live_server.url}/t/{t.slug}/classificacao/#chave-A"
    assert shared["title"] == f"Classificação · Chave A · {t.name}"
    (file,) = shared["files"]
    assert file["name"] == f"{t.slug}-chave-{a.pk}.png" and file["type"] == "image/png"
    assert file["size"] > 10_000
    # The podium of the home shares the same way.
    phone.goto(f"{live_server.url}/t/{t.slug}/")
    phone.locator(".share-button").tap()
    shared_once(phone)
    assert phone.evaluate("window.__shared[0].files[0].name") == f"{t.slug}-podio.png"


@pytest.fixture
def desktop(browser: Any) -> Iterator[Any]:
    """A page of a 1920×1080 desktop browser, closed after the test (its live poll with it)."""
    context = browser.new_context(**FULL_HD, accept_downloads=True)
    yield context.new_page()
    context.close()


def test_the_desktop_downloads_the_picture(desktop: Any, live_server: Any) -> None:
    t = finished_event("rodeio")
    page = desktop
    page.goto(f"{live_server.url}/t/{t.slug}/mata-mata/")
    expect(page.locator(".share-download")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(".share-button")).to_be_hidden()  # no Web Share API here
    with page.expect_download(timeout=TIMEOUT) as caught:
        page.locator(".share-download").click()
    download = caught.value
    assert download.suggested_filename == f"{t.slug}-mata-mata.png"
    png = open(download.path(), "rb").read()  # noqa: SIM115 - Playwright's temporary file
    assert png.startswith(b"\x89PNG") and struct.unpack(">II", png[16:24]) == (1200, 630)


def test_the_embed_shows_in_another_site_and_stays_live(desktop: Any, live_server: Any) -> None:
    event = Event()  # a chave jogo sent and signed, not homologated yet
    t = event.t
    group_id = event.chave.group_id
    embed = f"{live_server.url}/t/{t.slug}/embed/classificacao/{group_id}/"
    refused = f"{live_server.url}/t/{t.slug}/classificacao/"
    html = (
        '<!doctype html><html><head><meta charset="utf-8"><title>Federação</title></head>'
        "<body><h1>Federação Gaúcha de Truco</h1>"
        f'<iframe id="embed" src="{embed}" width="100%" height="420"></iframe>'
        f'<iframe id="refused" src="{refused}" width="100%" height="200"></iframe></body></html>'
    )
    page = desktop
    # Another site: a page served from another port of this machine (a page Playwright
    # answered itself would count as a public address, which Chrome keeps from framing a
    # local one).
    with other_site(html) as address:
        page.goto(address)
        embedded(page, event, refused)
        page.screenshot(path=str(SCREENS / "51-incorporado.png"))


def embedded(page: Any, event: Event, refused: str) -> None:
    frame = page.frame_locator("#embed")
    expect(frame.locator("table.embed-table")).to_be_visible(timeout=TIMEOUT)
    team = event.chave.team_a.name
    row = frame.locator("tr", has_text=team)
    expect(row.locator("td").nth(2)).to_have_text("0")  # J: nothing homologated yet
    # The page the browser must refuse to frame shows nothing of the tournament.
    handle = page.locator("#refused").element_handle()
    assert handle is not None
    refused_frame = handle.content_frame()
    assert refused_frame is not None
    refused_frame.wait_for_load_state()
    assert refused_frame.locator("main h1").count() == 0 and "Classificação" not in refused_frame.content()
    event.homologate()
    expect(row.locator("td").nth(2)).to_have_text("1", timeout=3 * TIMEOUT)  # the revision poll: 5 s
