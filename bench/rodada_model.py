"""The load model of bench/rodada.py: who does what when in one rodada, and the arithmetic.

Pure Python (no Django, no network), so that tests/core/test_bench_model.py checks it in
milliseconds. Every random draw comes from one ``random.Random(seed)``: the same seed
gives the same rodada.

- **Mesas.** Each mesa's jogo ends at a time drawn from a Beta(2, 2) distribution over
  the rodada (most mesas finish in the middle, the busiest minute has about 1.5× the
  mean rate). Its judge then opens the entry page, types the súmula (10–30 s), posts it,
  and the two capatazes sign on paper 2–6 s apart; 20–60 s after the second signature an
  organizer (round robin over a few) opens the súmula and homologates it.
- **Spectators.** Each has one public page open, chosen by ``PAGE_MIX``; a page with live
  refresh polls the revision every ``POLL_EVERY`` s on a fixed grid (``setInterval`` in
  static/js/live.js), and the team page, which has no live refresh, is reloaded by hand
  every ``HAND_RELOAD`` s. live.js polls only while its tab is visible and polls at once
  when it shows again (``visibilitychange``); a spectator looks at the page for spells of
  mean ``LOOKING`` s and puts the phone away between them, so that a share of the tabs is
  visible at any moment (``--looking``, 0.2 by default: a minute's look every five; 1:
  every tab always on screen, the stress figure). Visitors come and go: each spectator's
  place is taken by a new arrival (who loads a page of their own) after an exponential
  stay of mean ``STAY`` s.
"""

from __future__ import annotations

import bisect
import math
import random
from dataclasses import dataclass, field

POLL_EVERY = 1.0  # seconds between revision polls (templates/public/_live.html's data-every)
HAND_RELOAD = 30.0  # seconds between reloads of a page without live refresh
LOOKING = 60.0  # mean seconds of one look at the page before the phone goes away
STAY = 300.0  # mean seconds a visitor keeps one page open
TYPING = (10.0, 30.0)  # seconds the judge types the súmula after the page arrives
SIGN_GAP = (2.0, 6.0)  # seconds before each capataz signs
THINK = (20.0, 60.0)  # seconds from the second signature to the organizer's homologation
# (kind, share of spectators, live refresh?): the open public pages while a rodada is
# played (no mata-mata yet).
PAGE_MIX: tuple[tuple[str, float, bool], ...] = (
    ("classificacao", 0.50, True),  # the page of the chaves that holds one's team
    ("resultados", 0.20, True),
    ("home", 0.15, True),
    ("team", 0.15, False),
)


@dataclass(frozen=True)
class Mesa:
    index: int  # which jogo of the rodada
    finish: float  # seconds from the start when the jogo ends and the judge opens the page
    typing: float
    sign_gaps: tuple[float, float]
    think: float
    organizer: int


@dataclass
class Spectator:
    kind: str
    target: int  # which classificação page or team (an index into the event's list)
    phase: float  # offset of the poll grid in [0, POLL_EVERY)
    arrivals: list[tuple[float, str, int]] = field(default_factory=list)  # (time, kind, target)
    looks: list[tuple[float, float]] = field(default_factory=lambda: [(0.0, math.inf)])  # visible spells


def mesas(count: int, minutes: float, organizers: int, seed: int) -> list[Mesa]:
    rng = random.Random(f"mesas-{seed}")
    window = minutes * 60
    plan = [
        Mesa(
            index=i,
            finish=rng.betavariate(2, 2) * window,
            typing=rng.uniform(*TYPING),
            sign_gaps=(rng.uniform(*SIGN_GAP), rng.uniform(*SIGN_GAP)),
            think=rng.uniform(*THINK),
            organizer=i % organizers,
        )
        for i in range(count)
    ]
    return sorted(plan, key=lambda m: m.finish)


def _page(rng: random.Random, targets: dict[str, int]) -> tuple[str, int]:
    kind = rng.choices([k for k, _, _ in PAGE_MIX], weights=[w for _, w, _ in PAGE_MIX])[0]
    return kind, rng.randrange(max(targets.get(kind, 1), 1))


def looks(rng: random.Random, duration: float, share: float) -> list[tuple[float, float]]:
    """The spells (start, end) a tab is on screen: looks of mean ``LOOKING`` s and the
    phone away for spells of the mean that makes ``share`` of the time visible (both
    exponential, so a tab seen at the start is as likely as at any other moment)."""
    if share >= 1:
        return [(0.0, math.inf)]
    away = LOOKING * (1 - share) / share
    spells = []
    t = 0.0 if rng.random() < share else rng.expovariate(1 / away)
    while t < duration:
        end = t + rng.expovariate(1 / LOOKING)
        spells.append((t, end))
        t = end + rng.expovariate(1 / away)
    return spells


def shown(s: Spectator, t: float) -> float | None:
    """The first moment at or after ``t`` the tab is on screen (None: not again)."""
    i = bisect.bisect_right(s.looks, (t, math.inf)) - 1
    if i >= 0 and s.looks[i][1] > t:
        return t
    return s.looks[i + 1][0] if i + 1 < len(s.looks) else None


def spectators(
    count: int, duration: float, targets: dict[str, int], seed: int, looking: float = 1.0
) -> list[Spectator]:
    """``targets``: how many distinct pages of each kind there are (classificação pages,
    teams); a kind not named has one page. ``looking``: the share of the time a tab is on
    screen."""
    rng = random.Random(f"spectators-{seed}")
    seen = random.Random(f"looks-{seed}")  # its own stream: the pages drawn do not move with it
    crowd = []
    for _ in range(count):
        kind, target = _page(rng, targets)
        s = Spectator(kind, target, rng.uniform(0, POLL_EVERY))
        t = rng.expovariate(1 / STAY)
        while t < duration:
            s.arrivals.append((t, *_page(rng, targets)))
            t += rng.expovariate(1 / STAY)
        s.looks = looks(seen, duration, looking)
        crowd.append(s)
    return crowd


def live(kind: str) -> bool:
    return next(is_live for k, _, is_live in PAGE_MIX if k == kind)


def peak_per_minute(plan: list[Mesa]) -> int:
    """The most mesas finishing in one minute of the rodada."""
    counts: dict[int, int] = {}
    for m in plan:
        counts[int(m.finish // 60)] = counts.get(int(m.finish // 60), 0) + 1
    return max(counts.values(), default=0)


def spectator_rates(crowd: list[Spectator], duration: float) -> dict[str, float]:
    """Requests per second the crowd offers: revision polls, page loads by new arrivals and
    hand reloads, and the most reloads live refresh can add (one per poll, when every poll
    finds a new revision — during a rodada, where each súmula saved bumps it, nearly all do)."""
    tabs = [s for s in crowd if live(s.kind)]  # the pages opened later keep the same mix
    arrivals = sum(len(s.arrivals) for s in crowd) / duration
    # A poll a period while on screen, and one each time the tab shows again.
    on_screen = sum(min(end, duration) - start for s in tabs for start, end in s.looks if start < duration)
    shows = sum(1 for s in tabs for start, _ in s.looks if 0 < start < duration)
    polls = (on_screen / POLL_EVERY + shows) / duration
    hand = (len(crowd) - len(tabs)) / HAND_RELOAD
    return {"polls": polls, "arrivals": arrivals, "hand reloads": hand, "live reloads (at most)": polls}


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (the value below which p % of the values fall)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))  # ceil(n·p/100), at least 1
    return ordered[min(int(rank), len(ordered)) - 1]


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "n": float(len(ordered)),
        "p50": percentile(ordered, 50),
        "p95": percentile(ordered, 95),
        "p99": percentile(ordered, 99),
        "max": ordered[-1] if ordered else float("nan"),
    }
