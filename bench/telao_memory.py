"""The telão's memory over a long run, and the bytes of an idle live poll.

Serves the demo event as the hall's laptop does (``config.settings.lan``: gunicorn, the
embedded SQLite database, in a temporary data folder), then, in Debian's Chromium
(Playwright):

1. **Idle poll**: opens the classificação at 390×844 for ``--idle`` seconds while nothing
   changes and sums what each ``revisao.json`` poll costs on the wire (request headers,
   response headers and body, as Chromium counts them).
2. **Telão**: opens ``/t/SLUG/telao/?ciclo=CYCLE`` at 1920×1080 for ``--minutes`` while
   this process moves the tournament's revision every ``--change`` seconds (a hand on a
   mesa: the telão fetches itself again and swaps its screens), and every ``--sample``
   seconds forces a garbage collection and samples the tab (CDP
   ``Performance.getMetrics``: JS heap used and total, DOM nodes, event listeners,
   documents). A leak shows as heap or nodes growing from sample to sample.

    .venv/bin/python bench/telao_memory.py --minutes 60 --cycle 2

The telão reloads itself every hour (``public.views_telao.RELOAD_SECONDS``): a run of
60 minutes or more shows that reload as a fall in its last samples.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.people import gunicorn, hardware, wait_ready  # noqa: E402  (after the path is set)

SLUG = "rodeio-querencia-truco-cego"
BINARY = "/usr/lib/chromium/chromium" if Path("/usr/lib/chromium/chromium").exists() else "/usr/bin/chromium"
METRICS = ("JSHeapUsedSize", "JSHeapTotalSize", "Nodes", "JSEventListeners", "Documents")


def prepare(env: dict[str, str]) -> None:
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--no-input", "-v", "0"], cwd=ROOT, env=env, check=True)
    subprocess.run([*manage, "demo"], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)


def changes(every: float, stop: threading.Event) -> None:
    """A live change every ``every`` seconds, as a judge's hand on a mesa moves it."""
    import django

    django.setup()
    from tournaments.models import Tournament
    from tournaments.revision import AO_VIVO, bump

    tid = Tournament.objects.get(slug=SLUG).pk
    while not stop.wait(every):
        bump(tid, [AO_VIVO])


def idle_polls(browser: Any, base: str, seconds: float) -> dict[str, Any]:
    """What the classificação's polls cost while nothing changes, from Chromium's network
    events: the status on the wire (a revalidated 304 reaches the script as the cached
    200), the request's header bytes and the bytes received (headers and body)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    polls: dict[str, dict[str, Any]] = {}

    def sent(event: dict[str, Any]) -> None:
        if "revisao.json" in event["request"]["url"]:
            polls[event["requestId"]] = {}

    def headers(event: dict[str, Any]) -> None:
        if event["requestId"] in polls:
            size = sum(len(k) + len(v) + 4 for k, v in event["headers"].items())
            polls[event["requestId"]]["sent"] = size + 64  # the request line, roughly

    def status(event: dict[str, Any]) -> None:
        if event["requestId"] in polls:
            polls[event["requestId"]]["status"] = event["statusCode"]

    def done(event: dict[str, Any]) -> None:
        if event["requestId"] in polls:
            polls[event["requestId"]]["received"] = event["encodedDataLength"]

    cdp.on("Network.requestWillBeSent", sent)
    cdp.on("Network.requestWillBeSentExtraInfo", headers)
    cdp.on("Network.responseReceivedExtraInfo", status)
    cdp.on("Network.loadingFinished", done)
    page.goto(f"{base}/t/{SLUG}/classificacao/")
    page.wait_for_timeout(seconds * 1000)
    context.close()
    whole = [p for p in polls.values() if {"sent", "status", "received"} <= p.keys()]
    idle = [p for p in whole if p["status"] == 304]
    return {
        "polls": len(whole),
        "answered_304": len(idle),
        "received_per_304": round(sum(p["received"] for p in idle) / len(idle)) if idle else None,
        "sent_per_poll": round(sum(p["sent"] for p in whole) / len(whole)) if whole else None,
        "bytes_per_minute": round(sum(p["sent"] + p["received"] for p in whole) / seconds * 60),
    }


def telao(browser: Any, base: str, args: argparse.Namespace) -> list[dict[str, float]]:
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(f"{base}/t/{SLUG}/telao/?ciclo={args.cycle}")
    # live.js announces each swap: counted, to show the screens were really replaced.
    page.evaluate("window.__swaps = 0; document.addEventListener('tenteio:swapped', () => window.__swaps++)")
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    samples = []
    start = time.monotonic()
    end = start + args.minutes * 60
    while True:
        cdp.send("HeapProfiler.collectGarbage")
        got = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        sample = {"minute": round((time.monotonic() - start) / 60, 1), **{k: got.get(k, 0) for k in METRICS}}
        sample["screen"] = float(page.evaluate("Number(document.documentElement.dataset.screen)"))
        sample["swaps"] = float(page.evaluate("window.__swaps || 0"))
        samples.append(sample)
        print(
            f"{sample['minute']:6.1f} min  heap {sample['JSHeapUsedSize'] / 1e6:6.2f} MB used "
            f"/ {sample['JSHeapTotalSize'] / 1e6:6.2f} MB  nodes {sample['Nodes']:6.0f}  "
            f"listeners {sample['JSEventListeners']:4.0f}  documents {sample['Documents']:3.0f}  "
            f"swaps {sample['swaps']:4.0f}",
            flush=True,
        )
        if time.monotonic() >= end:
            break
        page.wait_for_timeout(min(args.sample, max(end - time.monotonic(), 0.1)) * 1000)
    context.close()
    return samples


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--cycle", type=int, default=2, help="seconds a telão screen stays up")
    parser.add_argument("--sample", type=float, default=60, help="seconds between samples")
    parser.add_argument("--change", type=float, default=10, help="seconds between live changes")
    parser.add_argument("--idle", type=float, default=30, help="seconds of the idle poll measure")
    parser.add_argument("--json", type=Path, help="write the samples there")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    folder = tempfile.mkdtemp(prefix="tenteio-telao-")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.lan", "TENTEIO_DATA_DIR": folder}
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    os.environ.update({k: env[k] for k in ("DJANGO_SETTINGS_MODULE", "TENTEIO_DATA_DIR")})
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    prepare(env)
    base, server = gunicorn(env, "1", "8")
    stop = threading.Event()
    try:
        wait_ready(f"{base}/t/{SLUG}/")
        print(hardware())
        print(f"telão: {args.minutes} min, a screen every {args.cycle} s, a change every {args.change} s")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=BINARY, args=["--no-sandbox", "--disable-gpu"])
            idle = idle_polls(browser, base, args.idle)
            print("idle classificação:", idle, flush=True)
            threading.Thread(target=changes, args=(args.change, stop), daemon=True).start()
            samples = telao(browser, base, args)
            browser.close()
    finally:
        stop.set()
        server.terminate()
        server.wait(10)
    first, last = samples[0], samples[-1]
    print(
        f"heap used {first['JSHeapUsedSize'] / 1e6:.2f} → {last['JSHeapUsedSize'] / 1e6:.2f} MB, "
        f"max {max(s['JSHeapUsedSize'] for s in samples) / 1e6:.2f} MB; "
        f"nodes {first['Nodes']:.0f} → {last['Nodes']:.0f}"
    )
    if args.json:
        args.json.write_text(json.dumps({"idle": idle, "samples": samples}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
