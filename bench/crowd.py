"""The people of the busiest minute (bench/judges.py): judges, organizers, spectators.

Each person is a thread with its own ``bench.people.Browser``. The judges run in the
benchmark's own process; the organizers and the spectators who time their
homologations each run in a process of their own (``multiprocessing`` spawn), so that
a poll's answer is read when it arrives, not when a hundred judge threads let go of
one GIL. The functions a spawned process runs live here, in a module it can import
without starting the benchmark.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from typing import Any

from bench.people import Browser

JUDGES = int(os.environ.get("JUDGES", "100"))
ORGANIZERS = int(os.environ.get("ORGANIZERS", "20"))
SLUG = "judges"
PASSWORD = "bench-Senha-1"


class Run:
    """Shared state of one process's threads: the queue of signed jogos (shared by both
    processes) and what was measured."""

    def __init__(self, signed: Any = None) -> None:
        self.signed: Any = signed if signed is not None else queue.Queue()
        self.lock = threading.Lock()
        self.submitted: list[int] = []
        self.homologated: list[int] = []
        self.delays: list[float] = []
        self.polls: list[float] = []  # each public JSON request's own answer time
        self.first_fresh = 0  # homologations the very first request after showed
        self.entry_times: list[float] = []
        self.statuses: dict[int, int] = {}
        self.errors: list[str] = []
        self.played: dict[str, int] = {}  # team key → homologated jogos known to us

    def count(self, status: int) -> None:
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)


def judge(
    base: str, username: str, match_id: int, run: Run, ready: threading.Event, start: threading.Event
) -> None:
    b = Browser(base, run.count)
    try:
        b.login(username, PASSWORD)
        ready.set()
        start.wait()
        began = time.perf_counter()
        page = f"/juiz/{SLUG}/jogo/{match_id}/"
        form = b.form(page, "sumula-form")
        form.update({"outcome": "played", "g1_a": "24", "g1_b": "13", "g2_a": "24", "g2_b": "20"})
        form["action"] = "submit"
        status, _ = b.post(page, form)
        if status != 303:
            run.error(f"{username}: súmula of jogo {match_id} answered {status}")
            return
        with run.lock:
            run.submitted.append(match_id)
        token = b.csrf(page)
        for side in "ab":
            data = {"csrfmiddlewaretoken": token, "team": side, "version": "1", "method": "paper"}
            status, _ = b.post(page + "assinar/", data)
            if status != 303:
                run.error(f"{username}: signature {side} of jogo {match_id} answered {status}")
                return
        with run.lock:
            run.entry_times.append(time.perf_counter() - began)
        run.signed.put(match_id)
    except Exception as exc:  # a failed person is a reported error, not a silent thread
        run.error(f"{username}: {exc!r}")


def organizer(
    base: str,
    username: str,
    run: Run,
    teams: dict[int, tuple[str, str]],
    ready: threading.Event,
    watch: tuple[Any, Any],
) -> None:
    """Homologate signed jogos; after each, wait until a spectator sees it in public."""
    b = Browser(base, run.count)
    spectators, answer = watch
    try:
        b.login(username, PASSWORD)
        ready.set()
        while (match_id := run.signed.get()) is not None:
            page = f"/t/{SLUG}/sumulas/{match_id}/"
            form = b.form(page, None, action_contains="homologar")
            status, _ = b.post(page + "homologar/", form)
            if status != 303:
                run.error(f"{username}: homologation of jogo {match_id} answered {status}")
                continue
            done = time.monotonic()  # system-wide: comparable in the spectators' process
            with run.lock:
                run.homologated.append(match_id)
                expected = {}
                for key in teams[match_id]:
                    run.played[key] = run.played.get(key, 0) + 1
                    expected[key] = run.played[key]
            spectators.put((username, match_id, expected, done))
            delay, first, polls, statuses, error = answer.get()
            with run.lock:
                run.delays.append(delay)
                run.first_fresh += int(first)
                run.polls += polls
                for code in statuses:
                    run.statuses[code] = run.statuses.get(code, 0) + 1
            if error:
                run.error(error)
    except Exception as exc:
        run.error(f"{username}: {exc!r}")


def spectator(public_base: str, spectators: Any, answers: dict[str, Any]) -> None:
    """Poll the public JSON until a homologated jogo counts there; answer
    the organizer with the delay since the homologation's answer."""
    while (item := spectators.get()) is not None:
        username, match_id, expected, done = item
        statuses: list[int] = []
        public = Browser(public_base, statuses.append)  # anonymous: what the public sees
        polls: list[float] = []
        first, error = True, ""
        while True:
            asked = time.monotonic()
            _, body = public.get_json(f"/t/{SLUG}/classificacao.json")
            polls.append(time.monotonic() - asked)
            rows = {r["team"]: r["played"] for s in body["stages"] for g in s["groups"] for r in g["rows"]}
            if all(rows.get(k, 0) >= n for k, n in expected.items()):
                break
            first = False
            if time.monotonic() - done > 10:
                error = f"jogo {match_id}: homologation not public after 10 s"
                break
            time.sleep(0.02)
        answers[username].put((time.monotonic() - done, first, polls, statuses, error))


def public_process(public_base: str, spectators: Any, answers: dict[str, Any]) -> None:
    """The spectators' process: a family's phone does not share the organizers' CPU, so
    a poll's answer is read as soon as it arrives, not when this load generator's other
    threads let go of the GIL."""
    watch = (public_base, spectators, answers)
    threads = [threading.Thread(target=spectator, args=watch) for _ in range(ORGANIZERS)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()


def organizers(
    base: str, teams: dict[int, tuple[str, str]], signed: Any, spectators: Any, answers: dict[str, Any],
    results: Any, ready: Any,
) -> None:  # fmt: skip
    """The organizers' process, apart from the judges' (a hundred threads parsing pages)."""
    run = Run(signed)
    logged_in = [threading.Event() for _ in range(ORGANIZERS)]
    threads = [
        threading.Thread(
            target=organizer,
            args=(base, f"org{i:02d}", run, teams, logged_in[i], (spectators, answers[f"org{i:02d}"])),
        )
        for i in range(ORGANIZERS)
    ]
    for th in threads:
        th.start()
    for e in logged_in:
        e.wait(300)
    ready.set()
    for th in threads:
        th.join()
    measured = ("homologated", "delays", "polls", "first_fresh", "statuses", "errors")
    results.put({name: getattr(run, name) for name in measured})
