"""The minimal asyncio HTTP/1.1 client of bench/openloop.py and what it records.

A new connection for every request, ``Connection: close``, ``X-Forwarded-Proto: https``
as the reverse proxy sends, ``If-None-Match`` when the caller passes an ``ETag``; an
answer is read to its ``Content-Length`` (to the connection's close only without one); each
request's latency runs from its scheduled time (open loop), and a request with no answer
in ``TIMEOUT`` seconds counts as an error.
"""

from __future__ import annotations

import asyncio
from collections import Counter, defaultdict
from typing import Any, NamedTuple

TIMEOUT = 30.0  # seconds before a request counts as an error
CONNECTIONS = 1000  # open requests at most per process (the server's listen queue is 2048)


class Answer(NamedTuple):
    status: int
    headers: dict[str, str]
    cookies: dict[str, str]
    body: bytes


class Recorder:
    """Latencies by kind of request (seconds from the scheduled time), the generator's own
    lag (from the scheduled time until the request could be sent), statuses and errors."""

    def __init__(self) -> None:
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.lag: list[float] = []
        self.statuses: Counter[tuple[str, int]] = Counter()
        self.errors: Counter[str] = Counter()
        self.counts: Counter[str] = Counter()

    def result(self) -> dict[str, Any]:
        return {
            "latency": dict(self.latency),
            "lag": self.lag,
            "statuses": dict(self.statuses),
            "errors": dict(self.errors),
            "counts": dict(self.counts),
        }


class Client:
    def __init__(self, base: str, recorder: Recorder) -> None:
        host, port = base.removeprefix("http://").split(":")
        self.host, self.port = host, int(port)
        self.origin = f"https://{host}:{port}"
        self.rec = recorder
        self.slots = asyncio.Semaphore(CONNECTIONS)
        self.closing = False  # the run is over: requests still waiting for a slot are dropped

    async def fetch(self, method: str, path: str, headers: dict[str, str], body: bytes = b"") -> Answer:
        lines = [
            f"{method} {path} HTTP/1.1",
            f"Host: {self.host}:{self.port}",
            "Connection: close",
            "X-Forwarded-Proto: https",
            "User-Agent: tenteio-bench",
        ]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        if method == "POST":
            lines += [
                "Content-Type: application/x-www-form-urlencoded",
                f"Content-Length: {len(body)}",
                f"Origin: {self.origin}",
                f"Referer: {self.origin}{path}",
            ]
        reader, writer = await asyncio.open_connection(self.host, self.port)
        try:
            writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
            head = (await reader.readuntil(b"\r\n\r\n"))[:-4]
            status_line, *header_lines = head.decode("latin-1").split("\r\n")
            status = int(status_line.split()[1])
            # The answer ends where its Content-Length says, as for a browser, not when
            # the connection closes: nginx sends a stale copy whole at once but closes
            # the connection of the request that started its background refresh only
            # when the refresh is done (bench/README.md).
            length = [
                int(v)
                for n, _, v in (h.partition(":") for h in header_lines)
                if n.lower() == "content-length"
            ]
            if status in (204, 304):
                content = b""
            elif length:
                content = await reader.readexactly(length[0])
            else:
                content = await reader.read()  # no length: to the end, the server closes after it
        finally:
            writer.close()
        answer = Answer(status, {}, {}, content)
        for line in header_lines:
            name, _, value = line.partition(":")
            if name.lower() == "set-cookie":
                cookie, _, val = value.strip().partition(";")[0].partition("=")
                answer.cookies[cookie] = val
            else:
                answer.headers[name.lower()] = value.strip()
        return answer

    async def call(
        self,
        kind: str,
        scheduled: float,
        method: str,
        path: str,
        headers: dict[str, str] | None = None,
        body: bytes = b"",
    ) -> Answer | None:
        """One timed request; None when it failed to get an answer (counted as an error)."""
        loop = asyncio.get_running_loop()
        try:
            async with self.slots:
                if self.closing:  # a backlog the server did not reach during the run
                    self.rec.counts["unsent at the end"] += 1
                    return None
                self.rec.lag.append(loop.time() - scheduled)
                async with asyncio.timeout(TIMEOUT):
                    answer = await self.fetch(method, path, headers or {}, body)
        except (OSError, TimeoutError, ValueError, IndexError, asyncio.IncompleteReadError):
            self.rec.errors[kind] += 1
            return None
        self.rec.latency[kind].append(loop.time() - scheduled)
        self.rec.statuses[kind, answer.status] += 1
        return answer


async def until(when: float) -> None:
    delay = when - asyncio.get_running_loop().time()
    if delay > 0:
        await asyncio.sleep(delay)


# --- spectators ----------------------------------------------------------------------
