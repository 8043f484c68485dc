"""The arithmetic of bench/rodada.py's load model (bench/rodada_model.py): schedules and
percentiles, without a server."""

import asyncio
import concurrent.futures
import contextlib
import math
import re
from pathlib import Path

from bench import rodada_model as model


def test_mesas_finish_within_the_rodada_in_order_and_repeat_with_the_seed():
    plan = model.mesas(256, minutes=10, organizers=4, seed=17)
    assert len(plan) == 256
    assert sorted(m.index for m in plan) == list(range(256))
    finishes = [m.finish for m in plan]
    assert finishes == sorted(finishes)
    assert all(0 <= f <= 600 for f in finishes)
    assert all(model.TYPING[0] <= m.typing <= model.TYPING[1] for m in plan)
    assert all(model.THINK[0] <= m.think <= model.THINK[1] for m in plan)
    assert all(model.SIGN_GAP[0] <= g <= model.SIGN_GAP[1] for m in plan for g in m.sign_gaps)
    assert {m.organizer for m in plan} == {0, 1, 2, 3}
    assert plan == model.mesas(256, minutes=10, organizers=4, seed=17)
    assert plan != model.mesas(256, minutes=10, organizers=4, seed=18)


def test_the_busiest_minute_is_busier_than_the_mean_but_not_a_burst():
    plan = model.mesas(256, minutes=10, organizers=4, seed=17)
    # Beta(2, 2): the middle minutes carry about 1.5 times the mean of 25.6 a minute.
    assert 30 <= model.peak_per_minute(plan) <= 50
    assert sum(1 for m in plan if 240 <= m.finish < 360) > sum(1 for m in plan if m.finish < 120)


def test_peak_per_minute_counts_whole_minutes():
    def at(t: float) -> model.Mesa:
        return model.Mesa(0, t, 10, (2, 2), 20, 0)

    assert model.peak_per_minute([at(0), at(59.9), at(60), at(61), at(62)]) == 3
    assert model.peak_per_minute([]) == 0


def test_spectators_follow_the_page_mix_and_arrive_within_the_run():
    crowd = model.spectators(4000, duration=660, targets={"classificacao": 8, "team": 512}, seed=17)
    for kind, share, _ in model.PAGE_MIX:
        assert abs(sum(s.kind == kind for s in crowd) / 4000 - share) < 0.03
    assert all(0 <= s.phase < model.POLL_EVERY for s in crowd)
    assert all(s.target < 8 for s in crowd if s.kind == "classificacao")
    assert all(s.target == 0 for s in crowd if s.kind == "home")
    times = [[t for t, _, _ in s.arrivals] for s in crowd]
    assert all(ts == sorted(ts) and all(0 < t < 660 for t in ts) for ts in times)
    # Exponential stays of mean STAY: about duration / STAY arrivals a place.
    assert abs(sum(map(len, times)) / 4000 - 660 / model.STAY) < 0.15


def test_two_thousand_live_tabs_poll_two_thousand_times_a_second():
    crowd = [model.Spectator("classificacao", 0, 0.0) for _ in range(1600)]
    crowd += [model.Spectator("team", 0, 0.0, [(10.0, "home", 0)]) for _ in range(400)]
    rates = model.spectator_rates(crowd, duration=100)
    assert rates["polls"] == 1600 / model.POLL_EVERY == 1600
    assert rates["hand reloads"] == 400 / model.HAND_RELOAD
    assert rates["arrivals"] == 4
    assert rates["live reloads (at most)"] == rates["polls"]
    every = model.spectator_rates([model.Spectator("home", 0, 0.0)] * 2000, duration=100)
    assert every["polls"] == 2000


def test_the_model_polls_as_often_as_the_public_pages():
    """The model's period is the one the public pages hand live.js (data-every)."""
    root = Path(__file__).resolve().parents[2]
    snippet = (root / "templates/public/_live.html").read_text(encoding="utf-8")
    found = re.search(r"live_every\|default:(\d+)", snippet)
    assert found is not None
    assert int(found.group(1)) / 1000 == model.POLL_EVERY


def test_percentiles_are_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert model.percentile(values, 50) == 50
    assert model.percentile(values, 99) == 99
    assert model.percentile(values, 100) == 100
    assert model.percentile([3.0, 1.0, 2.0], 50) == 2
    assert model.percentile([7.0], 99) == 7
    assert math.isnan(model.percentile([], 50))
    # Five values: p95 and p99 are the slowest one, not an interpolation below it.
    assert model.percentile([0.1, 0.1, 0.1, 0.1, 2.0], 95) == 2.0


def test_summary_of_latencies():
    stats = model.summary([0.3, 0.1, 0.2])
    assert stats == {"n": 3, "p50": 0.2, "p95": 0.3, "p99": 0.3, "max": 0.3}
    empty = model.summary([])
    assert empty["n"] == 0 and math.isnan(empty["p99"]) and math.isnan(empty["max"])


def test_tabs_are_on_screen_the_share_asked_and_poll_only_then():
    crowd = model.spectators(2000, duration=3000, targets={}, seed=17, looking=0.2)
    seen = [min(end, 3000) - start for s in crowd for start, end in s.looks if start < 3000]
    assert abs(sum(seen) / (2000 * 3000) - 0.2) < 0.02
    assert all(a[1] < b[0] for s in crowd for a, b in zip(s.looks, s.looks[1:], strict=False))
    live_tabs = sum(model.live(s.kind) for s in crowd)
    rates = model.spectator_rates(crowd, duration=3000)
    assert 0.18 * live_tabs / model.POLL_EVERY < rates["polls"] < 0.23 * live_tabs / model.POLL_EVERY
    always = model.spectators(10, duration=100, targets={}, seed=17)
    assert all(s.looks == [(0.0, math.inf)] for s in always)


def test_a_hidden_tab_polls_when_it_shows_again():
    s = model.Spectator("home", 0, 0.0, looks=[(10.0, 20.0), (50.0, 60.0)])
    assert model.shown(s, 0.0) == 10.0
    assert model.shown(s, 15.0) == 15.0
    assert model.shown(s, 20.0) == 50.0
    assert model.shown(s, 61.0) is None


def test_a_visitor_arriving_while_the_tab_is_hidden_loads_the_page_on_time():
    """bench/openloop.py's spectator sends an arrival at its time, not at the end of the
    hidden tab's next five-second step (which counted up to 5 s of the generator's own
    lateness as page-load latency)."""
    from collections import Counter

    from bench import openloop

    sent: list[tuple[str, float, float]] = []

    class Client:
        rec = type("Rec", (), {"counts": Counter()})()

        async def call(self, kind, scheduled, method, path, headers=None):
            sent.append((kind, scheduled, asyncio.get_running_loop().time()))

    s = model.Spectator("home", 0, 0.0, arrivals=[(0.3, "home", 0)], looks=[(100.0, 101.0)])

    async def run() -> float:
        t0 = asyncio.get_running_loop().time()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(openloop.spectator(Client(), s, lambda k, i: "/", t0, [False]), 1.5)
        return t0

    # A thread of its own: in a run that also holds the browser tests, Playwright's sync API
    # keeps an event loop running in this thread, and asyncio.run refuses to nest in it.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        t0 = pool.submit(asyncio.run, run()).result()
    assert [kind for kind, _s, _at in sent] == ["page load", "revision poll"]  # live.js's first poll
    (_kind, scheduled, at) = sent[0]
    assert scheduled == t0 + 0.3 and at - scheduled < 0.2
