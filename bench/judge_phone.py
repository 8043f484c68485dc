"""The judge's phone: page weight, time to interactive on slow 3G, and a queue of 50.

Run: ``.venv/bin/python bench/judge_phone.py [--static plain|manifest]`` (needs Debian's
Chromium, ``/usr/bin/chromium``, and Playwright from requirements-dev.txt; nothing else:
its own SQLite database in a temporary folder).

The server is the hall's laptop as ``make run HOST=0.0.0.0`` runs it: gunicorn (2
workers × 8 threads) with ``config.settings.lan`` (DEBUG off, WhiteNoise), on
127.0.0.1 — an address where Chromium allows service workers over plain http, as it
does on HTTPS. ``--static plain`` (the default) serves the static files under their own
names, uncompressed, as ``make run`` does; ``--static manifest`` collects them first
with production's storage (content-hashed names, gzip/brotli files), as a deployment
behind HTTPS serves them (``bench/phone_settings.py``).

A Truco Cego tournament of 12 trios in one chave (66 jogos over 11 rodadas on mesas 1
to 6), one judge of every mesa. Chromium with the phone's viewport (390×844), service
workers allowed. It prints:

1. **Weight**: bytes over the wire (bodies as sent, plus headers) of the jogos list on
   the first visit, split into the page, its static files, the worker (with Workbox
   and the app shell it caches when it installs) and the warm-up of the súmula and
   tenteio pages of the first 20 jogos listed; then a súmula page's first visit and a later
   visit, with the worker, and the same two without a worker (HTTP cache only).
2. **Time to interactive** of the súmula page under throttled 3G (Chrome DevTools
   Protocol ``Network.emulateNetworkConditions``: 300 ms latency, 1.6 Mbit/s down,
   750 kbit/s up): navigation start to the end of DOMContentLoaded (the deferred
   scripts have run: the form is live), a first visit with an empty cache and no
   worker, then a later visit with the worker; and with no network at all.
3. **The queue**: the judge opens 50 súmula pages online, then, offline, types and
   sends the súmulas of those 50 jogos (each page opened from the worker's cache);
   back online, the time until the last one is taken, and checks that each jogo has
   exactly one version and that they were written in the order they were sent.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.people import gunicorn, hardware, wait_ready  # noqa: E402

CHROMIUM = (
    "/usr/lib/chromium/chromium" if Path("/usr/lib/chromium/chromium").exists() else "/usr/bin/chromium"
)
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "pt-BR",
    "timezone_id": "America/Sao_Paulo",
}
SLOW_3G = {
    "offline": False,
    "latency": 300,
    "downloadThroughput": 1_600_000 / 8,
    "uploadThroughput": 750_000 / 8,
}
SLUG = "celular"
PASSWORD = "senha-do-celular-2026"
QUEUED = 50
TEAMS = 12


def round_robin(keys: list[str]) -> list[dict[str, Any]]:
    """The circle method: every pair once, len(keys) - 1 rodadas, a mesa per jogo."""
    ring = keys[:]
    matches = []
    for rnd in range(1, len(ring)):
        for i in range(len(ring) // 2):
            a, b = ring[i], ring[-1 - i]
            matches.append(
                {
                    "stage": "chaves",
                    "group": "A",
                    "round": rnd,
                    "teams": [a, b],
                    "table": str(i + 1),
                    "result": None,
                }
            )
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return matches


def prepare(env: dict[str, str]) -> None:
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    if env.get("BENCH_STATIC") == "manifest":
        call_command("collectstatic", interactive=False, verbosity=0)
    from django.contrib.auth import get_user_model

    from interchange.load import load_tournament
    from tests.documents import document
    from tournaments.models import Membership

    keys = [f"t{i}" for i in range(1, TEAMS + 1)]
    doc = document(round_robin(keys), keys=tuple(keys), slug=SLUG)
    tournament = load_tournament(doc).tournament
    judge = get_user_model().objects.create_user("juiz", password=PASSWORD)
    Membership.objects.create(tournament=tournament, user=judge, role="judge")


class Wire:
    """Bytes over the wire of the context's finished requests (page's and worker's)."""

    def __init__(self, context: Any) -> None:
        self.rows: list[tuple[str, int, bool]] = []
        context.on("requestfinished", self.finished)

    def finished(self, request: Any) -> None:
        response = request.response()
        if response is None:
            return
        sizes = request.sizes()
        cached = response.from_service_worker
        size = 0 if cached else sizes["responseBodySize"] + sizes["responseHeadersSize"]
        self.rows.append((request.url, size, bool(request.service_worker)))

    def mark(self) -> int:
        return len(self.rows)

    def since(self, mark: int, keep: Any = None) -> tuple[int, int]:
        rows = [r for r in self.rows[mark:] if keep is None or keep(r)]
        return sum(r[1] for r in rows if r[1]), sum(1 for r in rows if r[1])


def kb(n: int) -> str:
    return f"{n / 1024:.1f} KB"


def login(page: Any, base: str) -> None:
    page.goto(f"{base}/entrar/")
    page.fill("#id_username", "juiz")
    page.fill("#id_password", PASSWORD)
    page.click("form.form button[type=submit]")
    page.wait_for_url(lambda url: "/entrar/" not in url)


def settle(page: Any) -> None:
    page.wait_for_load_state("networkidle")


def weight(browser: Any, base: str, jogos: list[int]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    context = browser.new_context(**PHONE, service_workers="allow")
    wire = Wire(context)
    page = context.new_page()
    start = wire.mark()
    login(page, base)  # a judge of one tournament lands on its jogos list
    page.wait_for_selector("html[data-offline-ready][data-warmed]", state="attached", timeout=120_000)
    settle(page)

    def worker_or_vendor(r: tuple[str, int, bool]) -> bool:
        return r[2] or "/juiz/sw.js" in r[0] or "/static/vendor/" in r[0] or "judge-sw.js" in r[0]

    out["login page and its POST"] = wire.since(start, lambda r: "/entrar/" in r[0])
    out["list: page (HTML)"] = wire.since(start, lambda r: r[0].endswith(f"/juiz/{SLUG}/") and not r[2])
    out["list: its static files"] = wire.since(
        start, lambda r: "/static/" in r[0] and not worker_or_vendor(r)
    )
    out["list: worker, Workbox, app shell"] = wire.since(
        start, lambda r: worker_or_vendor(r) and "/jogo/" not in r[0] and not r[0].endswith(f"/juiz/{SLUG}/")
    )
    out["list: warm-up (súmula and tenteio of the first 20 jogos)"] = wire.since(
        start, lambda r: "/jogo/" in r[0]
    )
    out["list: total first visit, with the login"] = wire.since(start)
    entry = f"{base}/juiz/{SLUG}/jogo/{jogos[0]}/"
    mark = wire.mark()
    page.goto(entry)
    settle(page)
    out["súmula page, first visit (worker installed)"] = wire.since(mark)
    mark = wire.mark()
    page.goto(entry)
    settle(page)
    out["súmula page, later visit (worker)"] = wire.since(mark)
    mark = wire.mark()
    page.goto(f"{base}/juiz/{SLUG}/")
    settle(page)
    out["list, later visit (worker)"] = wire.since(mark, lambda r: "/jogo/" not in r[0])
    context.close()

    context = browser.new_context(**PHONE, service_workers="block")
    wire = Wire(context)
    page = context.new_page()
    login(page, base)
    mark = wire.mark()
    page.goto(entry)
    settle(page)
    out["súmula page, first visit (no worker, HTTP cache empty)"] = wire.since(mark)
    mark = wire.mark()
    page.goto(entry)
    settle(page)
    out["súmula page, later visit (no worker, HTTP cache)"] = wire.since(mark)
    context.close()
    return out


def interactive(page: Any) -> float:
    value = page.evaluate("() => performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
    return float(value)


def time_to_interactive(browser: Any, base: str, jogos: list[int]) -> dict[str, float]:
    out: dict[str, float] = {}
    entry = f"{base}/juiz/{SLUG}/jogo/{jogos[1]}/"
    context = browser.new_context(**PHONE, service_workers="allow")
    page = context.new_page()
    login(page, base)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", SLOW_3G)
    page.goto(entry, wait_until="domcontentloaded", timeout=120_000)
    page.wait_for_selector("html.js", state="attached")
    out["first visit: empty cache, no worker yet"] = interactive(page)
    page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=120_000)
    settle(page)
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
    page.goto(entry, wait_until="domcontentloaded", timeout=120_000)
    page.wait_for_selector("html.js", state="attached")
    out["later visit: worker (page from the network, static from the cache)"] = interactive(page)
    context.set_offline(True)
    page.goto(entry, wait_until="domcontentloaded", timeout=120_000)
    page.wait_for_selector("html.js", state="attached")
    out["no network: worker's cached page"] = interactive(page)
    context.close()
    return out


def queue(browser: Any, base: str, jogos: list[int]) -> dict[str, Any]:
    from scoring.models import ScoreSheet

    context = browser.new_context(**PHONE, service_workers="allow")
    page = context.new_page()
    login(page, base)
    page.goto(f"{base}/juiz/{SLUG}/")
    page.wait_for_selector("html[data-offline-ready][data-warmed]", state="attached", timeout=120_000)
    settle(page)
    for pk in jogos[:QUEUED]:  # the list keeps the first 20: the judge has opened the others once
        page.goto(f"{base}/juiz/{SLUG}/jogo/{pk}/")
    context.set_offline(True)
    typing = time.perf_counter()
    for pk in jogos[:QUEUED]:
        page.goto(f"{base}/juiz/{SLUG}/jogo/{pk}/")
        for field, value in (("g1_a", "24"), ("g1_b", "13"), ("g2_a", "24"), ("g2_b", "20")):
            page.fill(f"input[name={field}]", value)
        page.click("#sumula-form button[value=submit]")
        page.wait_for_selector("#phone-queue .queue-item[data-state=waiting]")
    typed = time.perf_counter() - typing
    page.goto(f"{base}/juiz/{SLUG}/")
    page.wait_for_selector("#phone-queue .queue-item >> nth=49")
    assert page.locator("#phone-queue .queue-item[data-state=waiting]").count() == QUEUED
    assert not ScoreSheet.objects.filter(match_id__in=jogos).exists()
    start = time.perf_counter()
    context.set_offline(False)  # the list page's "online" listener drains the queue
    page.wait_for_function(
        "() => document.querySelectorAll('#phone-queue .queue-item[data-state=waiting]').length === 0",
        timeout=300_000,
        polling=50,
    )
    drained = time.perf_counter() - start
    refused = page.locator("#phone-queue .queue-item[data-state=refused]").all_inner_texts()
    sheets = list(ScoreSheet.objects.filter(match_id__in=jogos[:QUEUED]).order_by("pk"))
    versions = {s.match_id: s.version for s in sheets}
    order = [s.match_id for s in sheets]
    context.close()
    return {
        "queued": QUEUED,
        "typing and queueing offline (s)": round(typed, 1),
        "drain after back online (s)": round(drained, 2),
        "per item (ms)": round(drained / QUEUED * 1000),
        "refused": refused,
        "one version each": len(sheets) == QUEUED and set(versions.values()) == {1},
        "written in the order sent": order == jogos[:QUEUED],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--static", choices=("plain", "manifest"), default="plain")
    parser.add_argument("--part", choices=("all", "weight", "tti", "queue"), default="all")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="judge-phone-"))
    env = {
        **os.environ,
        "TENTEIO_DATA_DIR": str(folder),
        "SECRET_KEY": "bench-judge-phone-" + "k" * 40,
        "DJANGO_SETTINGS_MODULE": "config.settings.lan" if args.static == "plain" else "bench.phone_settings",
        "BENCH_STATIC": args.static,
        "BENCH_STATIC_ROOT": str(folder / "static"),
        "DJANGO_ALLOW_ASYNC_UNSAFE": "true",
    }
    env.pop("DATABASE_URL", None)
    prepare(env)
    base, server = gunicorn(env, "2", "8")
    try:
        wait_ready(f"{base}/")
        from tournaments.models import Match

        jogos = list(
            Match.objects.filter(stage__tournament__slug=SLUG)
            .order_by("round", "table__name")
            .values_list("pk", flat=True)
        )
        print(hardware())
        print(
            f"server: gunicorn 2×8, {env['DJANGO_SETTINGS_MODULE']}, static {args.static}; {len(jogos)} jogos"
        )
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            version = browser.version
            print(f"browser: Chromium {version}, 390×844, service workers allowed")
            if args.part in ("all", "weight"):
                print("\n1. weight over the wire (bodies as sent + headers; requests)")
                for name, (size, count) in weight(browser, base, jogos).items():
                    print(f"   {name:<58} {kb(size):>10}  {count:>3} requests")
            if args.part in ("all", "tti"):
                print(f"\n2. time to interactive, slow 3G {json.dumps(SLOW_3G)} (DOMContentLoaded end, ms)")
                for name, ms in time_to_interactive(browser, base, jogos).items():
                    print(f"   {name:<66} {ms:>7.0f}")
            if args.part in ("all", "queue"):
                print(f"\n3. the queue: {QUEUED} súmulas sent offline, then back online")
                for name, value in queue(browser, base, jogos).items():
                    print(f"   {name:<40} {value}")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
