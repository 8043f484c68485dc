"""A tiny HTTP client for benchmarks that play people: cookies, CSRF, forms (stdlib only).

Each ``Browser`` is one person: its own ``http.client`` connection (keep-alive) and cookie
jar. It sends ``X-Forwarded-Proto: https`` and an ``Origin`` as the production reverse
proxy and a browser would, so Django's secure cookies and CSRF checks apply as in
production; the jar sends back every cookie (the ``Secure`` flag is the proxy's concern).
"""

from __future__ import annotations

import http.client
import json
import os
import platform
import re
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from html.parser import HTMLParser
from typing import Any

INPUT = re.compile(r"<(input|button)\b[^>]*>", re.I)
ATTR = re.compile(r'(\w[\w-]*)="([^"]*)"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def gunicorn(
    env: dict[str, str], workers: str, threads: str, *extra: str
) -> tuple[str, subprocess.Popen[bytes]]:
    """One gunicorn pool as deployed (``config/gunicorn.conf.py``) on a free loopback port,
    with ``env``; its base URL and process (not waited for: see ``wait_ready``)."""
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "config.wsgi", "--config", "config/gunicorn.conf.py"]
    command += ["--workers", workers, "--threads", threads, "--bind", f"127.0.0.1:{port}"]
    command += ["--log-level", "warning", *extra]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return f"http://127.0.0.1:{port}", subprocess.Popen(command, cwd=root, env=env)


def wait_ready(url: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"server did not answer {url}")


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def hardware() -> str:
    cpu = platform.processor() or "?"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
        with open("/proc/meminfo") as f:
            mem = int(f.readline().split()[1]) / 1024 / 1024
    except (OSError, StopIteration):
        mem = float("nan")
    try:
        pg = subprocess.run(["psql", "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        pg = "psql ?"
    return f"hardware: {cpu}, {os.cpu_count()} CPUs, {mem:.1f} GiB RAM, {platform.platform()}; {pg}"


class _Forms(HTMLParser):
    """The hidden and named fields of each <form> (by id, and by action)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[dict[str, str], dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append((a, {}))
        elif tag == "input" and self.forms and a.get("name") and a.get("type") in ("hidden", None, "text"):
            self.forms[-1][1][a["name"]] = a.get("value", "")


class Browser:
    def __init__(self, base: str, count: Callable[[int], None] | None = None) -> None:
        parsed = urllib.parse.urlparse(base)
        self.host, self.port = parsed.hostname or "127.0.0.1", parsed.port or 80
        self.origin = f"https://{self.host}:{self.port}"
        self.cookies: dict[str, str] = {}
        self.count = count or (lambda status: None)
        self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60)

    def request(self, method: str, path: str, body: bytes | None = None) -> tuple[int, bytes]:
        headers = {
            "Host": f"{self.host}:{self.port}",
            "X-Forwarded-Proto": "https",
            "User-Agent": "tenteio-bench",
        }
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = self.origin
            headers["Referer"] = self.origin + path
        for attempt in range(2):
            try:
                self.conn.request(method, path, body=body, headers=headers)
                response = self.conn.getresponse()
                data = response.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.conn.close()  # a keep-alive connection the server closed: open a new one
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
                if attempt:
                    raise
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
        self.count(response.status)
        return response.status, data

    def get(self, path: str) -> tuple[int, str]:
        status, data = self.request("GET", path)
        return status, data.decode()

    def get_json(self, path: str) -> tuple[int, Any]:
        status, data = self.request("GET", path)
        return status, json.loads(data)

    def post(self, path: str, data: dict[str, str]) -> tuple[int, bytes]:
        return self.request("POST", path, urllib.parse.urlencode(data).encode())

    def form(self, path: str, form_id: str | None, action_contains: str = "") -> dict[str, str]:
        """GET the page and return the fields of one form (csrfmiddlewaretoken included)."""
        status, html = self.get(path)
        if status != 200:
            raise RuntimeError(f"GET {path} answered {status}")
        parser = _Forms()
        parser.feed(html)
        for attrs, fields in parser.forms:
            if (form_id and attrs.get("id") == form_id) or (
                action_contains and action_contains in attrs.get("action", "")
            ):
                return dict(fields)
        raise RuntimeError(f"no form {form_id or action_contains!r} on {path}")

    def csrf(self, path: str) -> str:
        status, html = self.get(path)
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
        if status != 200 or not found:
            raise RuntimeError(f"no CSRF token on {path} ({status})")
        return found.group(1)

    def login(self, username: str, password: str) -> None:
        token = self.csrf("/entrar/")
        status, _ = self.post(
            "/entrar/",
            {"csrfmiddlewaretoken": token, "username": username, "password": password, "next": "/"},
        )
        if status != 302 or "sessionid" not in self.cookies:
            raise RuntimeError(f"login of {username} answered {status}")
