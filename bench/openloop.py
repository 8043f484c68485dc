"""The open-loop load generator of bench/rodada.py: the people of a rodada (spectators;
judges and organizers) as coroutines, on the client of bench/httpclient.py.

Open loop: every request has a scheduled time and starts then, whether or not earlier
answers came back; its latency runs from the scheduled time, so a late start (the
server slow to accept, or this generator behind) counts. One step of one person waits
for the answer it needs (a judge cannot post the form before the page came); the people
do not wait for each other.

The spectators run in a process of their own and the staff (with the watchers that time
homologations) in another, so that a watcher's poll is read when it arrives, not after a thousand
spectators' callbacks.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import time
from typing import Any

from bench import rodada_model as model
from bench.httpclient import Answer, Client, Recorder, until
from bench.people import _Forms

TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')
REVISION = re.compile(rb'"revision":\s*(\d+)')
POLLS = re.compile(rb'data-revision-url="([^"]+)"')


class Page:
    """One open browser tab: its URL, the ETags it has seen, the revision it knows and the
    address its live refresh polls (read from the page, as live.js reads it)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.etags: dict[str, str] = {}
        self.known: int | None = None
        self.polls: str | None = None


def _conditional(page: Page, path: str) -> dict[str, str]:
    etag = page.etags.get(path)
    return {"If-None-Match": etag} if etag else {}


async def load(client: Client, page: Page, scheduled: float, cause: str) -> None:
    client.rec.counts[cause] += 1
    answer = await client.call("page load", scheduled, "GET", page.path, _conditional(page, page.path))
    if answer is not None and "etag" in answer.headers:
        page.etags[page.path] = answer.headers["etag"]
    found = POLLS.search(answer.body) if answer is not None and answer.status == 200 else None
    if found:
        page.polls = found.group(1).decode().replace("&amp;", "&")


async def poll(client: Client, page: Page, revision_path: str, scheduled: float) -> None:
    """What live.js does every ``POLL_EVERY`` s: fetch the revision of what the page shows; when it
    changed, fetch the page."""
    revision_path = page.polls or revision_path
    headers = _conditional(page, revision_path)
    answer = await client.call("revision poll", scheduled, "GET", revision_path, headers)
    if answer is None or answer.status not in (200, 304):
        return
    revision = page.known
    if answer.status == 200:
        found = REVISION.search(answer.body)
        revision = int(found.group(1)) if found else None
        if "etag" in answer.headers:
            page.etags[revision_path] = answer.headers["etag"]
    if page.known is not None and revision != page.known:
        await load(client, page, asyncio.get_running_loop().time(), "live reloads")
    page.known = revision


async def spectator(client: Client, s: model.Spectator, paths: Any, t0: float, stopped: list[bool]) -> None:
    """One spectator's tab over the run; each request is its own task, on schedule."""
    tasks: set[asyncio.Task[None]] = set()

    def spawn(coro: Any) -> None:
        task = asyncio.create_task(coro)
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    kind, page = s.kind, Page(paths(s.kind, s.target))
    revision_path = paths("revision", 0)
    period = model.POLL_EVERY if model.live(kind) else model.HAND_RELOAD
    t = t0 + s.phase * period / model.POLL_EVERY  # the page was open before the start
    arrivals = iter(s.arrivals)
    arrival = next(arrivals, None)
    while not stopped[0]:
        if arrival is not None and t0 + arrival[0] <= t:  # a new visitor takes this place
            at, kind, target = t0 + arrival[0], arrival[1], arrival[2]
            arrival = next(arrivals, None)
            await until(at)
            page = Page(paths(kind, target))
            period = model.POLL_EVERY if model.live(kind) else model.HAND_RELOAD
            spawn(_arrive(client, page, revision_path, at, model.live(kind)))
            t = at + period
            continue
        seen = model.shown(s, t - t0) if model.live(kind) else t - t0
        if seen is None or seen > t - t0 + 1e-6:  # (t0 + seen) - t0 may round below seen
            # The tab is hidden: live.js does not poll; it polls at once when shown again.
            if seen is not None:
                shows = t0 + seen
            elif arrival is None:  # hidden for good, and no new visitor: done
                break
            else:
                shows = math.inf
            if arrival is not None:  # a new visitor may come before the tab shows again
                shows = min(shows, t0 + arrival[0])
            t = min(shows, t + 5.0)  # in steps, so that a hidden tab notices the stop
            await until(t)
            continue
        await until(t)
        if stopped[0]:
            break
        if model.live(kind):
            spawn(poll(client, page, revision_path, t))
        else:
            spawn(load(client, page, t, "hand reloads"))
        t += period
    if tasks:
        await asyncio.wait(tasks)


async def _arrive(client: Client, page: Page, revision_path: str, at: float, live: bool) -> None:
    await load(client, page, at, "arrivals")
    if live:  # live.js polls once as the page opens, to learn the revision
        await poll(client, page, revision_path, asyncio.get_running_loop().time())


async def crowd(
    base: str, crowd: list[model.Spectator], slug: str, targets: dict[str, list[Any]], t0: float, stop: Any
) -> dict[str, Any]:
    rec = Recorder()
    client = Client(base, rec)
    stopped = [False]
    ended = [0.0]

    def paths(kind: str, target: int) -> str:
        if kind == "classificacao":
            return f"/t/{slug}/classificacao/?page={targets['classificacao'][target]}"
        if kind == "team":
            return f"/t/{slug}/equipes/{targets['team'][target]}/"
        if kind == "resultados":
            return f"/t/{slug}/resultados/?rodada={targets['resultados'][target]}"
        return f"/t/{slug}/revisao.json" if kind == "revision" else f"/t/{slug}/"

    async def watch_stop() -> None:
        while not stop.is_set():
            await asyncio.sleep(0.5)
        stopped[0] = client.closing = True
        ended[0] = asyncio.get_running_loop().time()

    await until(t0)
    cpu = time.process_time()
    await asyncio.gather(watch_stop(), *(spectator(client, s, paths, t0, stopped) for s in crowd))
    # The rates are over the measured time; the last requests (a hand reload sleeps up to
    # 30 s before it sees the stop) add a little CPU and are counted too.
    return rec.result() | {"cpu": time.process_time() - cpu, "wall": ended[0] - t0}


# --- judges and organizers -----------------------------------------------------------


class Person:
    """A signed-in judge or organizer: the cookie jar of one browser."""

    def __init__(self, client: Client, session: str) -> None:
        self.client = client
        self.cookies = {"sessionid": session}

    async def request(
        self, kind: str, scheduled: float, path: str, form: dict[str, str] | None = None
    ) -> Answer:
        from urllib.parse import urlencode

        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = urlencode(form).encode() if form is not None else b""
        answer = await self.client.call(
            kind, scheduled, "POST" if form is not None else "GET", path, headers, body
        )
        if answer is None:
            raise RuntimeError(f"{kind} {path}: no answer")
        for name, value in answer.cookies.items():
            if value in ("", '""'):
                self.cookies.pop(name, None)  # deleted (the messages cookie, once shown)
            else:
                self.cookies[name] = value
        return answer

    async def follow(self, kind: str, answer: Answer) -> Answer:
        """The browser's GET of the page a 303 names, at once."""
        if answer.status != 303:
            raise RuntimeError(f"{kind}: answered {answer.status}")
        location = answer.headers["location"]
        return await self.request(kind, asyncio.get_running_loop().time(), location)


def form_fields(html: bytes, form_id: str | None, action_contains: str = "") -> dict[str, str]:
    parser = _Forms()
    parser.feed(html.decode())
    for attrs, fields in parser.forms:
        if (form_id and attrs.get("id") == form_id) or (
            action_contains and action_contains in attrs.get("action", "")
        ):
            return dict(fields)
    raise RuntimeError(f"no form {form_id or action_contains!r}")


class Staff:
    """The judges (one per mesa), the organizers, and the watchers that time each
    homologation until the public classificação JSON counts it."""

    def __init__(self, base: str, slug: str, t0: float, played: dict[str, int]) -> None:
        self.rec = Recorder()
        self.client = Client(base, self.rec)
        self.watch_client = Client(base, Recorder())  # its requests are not the crowd's
        self.slug, self.t0, self.played = slug, t0, played
        self.delays: list[float] = []
        self.problems: list[str] = []
        self.watchers: set[asyncio.Task[None]] = set()

    async def mesa(
        self, m: model.Mesa, match: tuple[int, str, str], judge: Person, organizers: list[Person]
    ) -> None:
        loop = asyncio.get_running_loop()
        pk, *teams = match
        page = f"/juiz/{self.slug}/jogo/{pk}/"
        try:
            await until(self.t0 + m.finish)
            answer = await judge.request("judge GET entry", self.t0 + m.finish, page)
            form = form_fields(answer.body, "sumula-form")
            form.update(
                {
                    "outcome": "played",
                    "g1_a": "24",
                    "g1_b": "13",
                    "g2_a": "24",
                    "g2_b": "20",
                    "action": "submit",
                }
            )
            when = loop.time() + m.typing
            await until(when)
            answer = await judge.follow(
                "judge GET entry", await judge.request("judge POST súmula", when, page, form)
            )
            for side, gap in zip("ab", m.sign_gaps, strict=True):
                token = TOKEN.search(answer.body)
                if token is None:
                    raise RuntimeError(f"no CSRF token on {page} ({answer.status})")
                when = loop.time() + gap
                await until(when)
                signature = {
                    "csrfmiddlewaretoken": token.group(1).decode(),
                    "team": side,
                    "version": "1",
                    "method": "paper",
                }
                answer = await judge.follow(
                    "judge GET entry", await judge.request("signature", when, page + "assinar/", signature)
                )
            when = loop.time() + m.think
            await until(when)
            organizer = organizers[m.organizer]
            history = f"/t/{self.slug}/sumulas/{pk}/"
            answer = await organizer.request("organizer GET", when, history)
            form = form_fields(answer.body, None, action_contains="homologar")
            answer = await organizer.request(
                "organizer POST homologate", loop.time(), history + "homologar/", form
            )
            if answer.status == 303:
                task = asyncio.create_task(self.watch(pk, teams, loop.time()))
                self.watchers.add(task)
            await organizer.follow("organizer GET", answer)
        except Exception as exc:  # a failed mesa is a reported problem, not a silent task
            self.problems.append(f"jogo {pk}: {exc!r}")

    async def watch(self, pk: int, teams: list[str], done: float) -> None:
        """Poll the public classificação JSON every 0.25 s until both teams' jogos count."""
        loop = asyncio.get_running_loop()
        expected = {k: self.played[k] + 1 for k in teams}  # each team plays once a rodada
        while True:
            answer = await self.watch_client.call(
                "watcher", loop.time(), "GET", f"/t/{self.slug}/classificacao.json"
            )
            seen = loop.time()
            if answer is not None and answer.status == 200:
                body = json.loads(answer.body)
                rows = {
                    r["team"]: r["played"] for s in body["stages"] for g in s["groups"] for r in g["rows"]
                }
                if all(rows.get(k, 0) >= n for k, n in expected.items()):
                    self.delays.append(seen - done)
                    return
            if seen - done > 10:
                self.delays.append(seen - done)
                self.problems.append(f"jogo {pk}: homologation not public after 10 s")
                return
            await asyncio.sleep(0.25)


async def staff(
    base: str,
    slug: str,
    plan: list[model.Mesa],
    matches: list[tuple[int, str, str]],
    judges: list[str],
    organizers: list[str],
    played: dict[str, int],
    t0: float,
) -> dict[str, Any]:
    run = Staff(base, slug, t0, played)
    people = [Person(run.client, s) for s in organizers]
    for person in people:  # the organizer's round page is open: its CSRF cookie is set
        await person.request("organizer GET", asyncio.get_running_loop().time(), f"/t/{slug}/sumulas/")
    run.rec.latency.clear()
    run.rec.statuses.clear()
    run.rec.lag.clear()
    await until(t0)
    cpu = time.process_time()
    await asyncio.gather(
        *(run.mesa(m, matches[m.index], Person(run.client, judges[m.index]), people) for m in plan)
    )
    if run.watchers:
        await asyncio.wait(run.watchers)
    return run.rec.result() | {
        "delays": run.delays,
        "problems": run.problems,
        "cpu": time.process_time() - cpu,
        "wall": asyncio.get_running_loop().time() - t0,
    }
