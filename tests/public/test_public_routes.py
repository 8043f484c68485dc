"""The reverse proxy's route to the public pool (docs/DEPLOY.md) against the URL conf.

docs/DEPLOY.md sends the public pages to a gunicorn pool of their own with one nginx
regular expression. It must match every page cached by ``public.caching.public_cache``
(and the live revision those pages poll), and nothing else: a staff page sent there
would still work, but would queue behind the public again, and the import page's URL
(``/t/importar/``) looks like a tournament's home. The expression is read out of the
document itself, so the document and the code cannot drift apart unnoticed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.urls import get_resolver, resolve

DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "DEPLOY.md"
# Public reads that are not cached pages: the number the live pages poll.
ALSO_PUBLIC = {"public:revision"}
SAMPLES = {"slug": "copa-2026", "int": "17", "str": "E1", "path": "x"}


def public_location() -> re.Pattern[str]:
    found = re.findall(r"location ~ (\S+) \{\s*proxy_pass http://tenteio_public;", DEPLOY.read_text())
    assert len(found) == 1, "docs/DEPLOY.md must route the public pages with one location"
    # nginx's PCRE and Python's re agree on everything this expression uses.
    return re.compile(found[0])


def routes() -> Iterator[tuple[str, Any]]:
    def walk(patterns: list[Any], prefix: str) -> Iterator[tuple[str, Any]]:
        for p in patterns:
            if hasattr(p, "url_patterns"):
                yield from walk(p.url_patterns, prefix + str(p.pattern))
            else:
                yield prefix + str(p.pattern), p

    yield from walk(get_resolver().url_patterns, "")


def sample_path(route: str) -> str | None:
    """A concrete path for a ``path()`` route (None for regular-expression routes)."""
    if route.startswith("^") or "(?P" in route:
        return None
    return "/" + re.sub(r"<(?:(\w+):)?\w+>", lambda m: SAMPLES[m.group(1) or "str"], route)


def is_public(pattern: Any) -> bool:
    view_class = getattr(pattern.callback, "view_class", None)
    cached = bool(view_class and getattr(view_class.dispatch, "public_page", False))
    name = f"{pattern.callback.__module__.split('.')[0]}:{pattern.name}" if pattern.name else ""
    return cached or name in ALSO_PUBLIC


def classified() -> tuple[list[str], list[str]]:
    public, staff = [], []
    for route, pattern in routes():
        path = sample_path(route)
        if path is None:
            continue
        assert resolve(path).url_name == pattern.name, f"sample {path} resolves elsewhere"
        (public if is_public(pattern) else staff).append(path)
    return public, staff


def test_the_document_routes_every_public_page_to_the_public_pool() -> None:
    location = public_location()
    public, _ = classified()
    # The pages a spectator reaches (a regression would make this list shrink silently).
    assert {"/t/copa-2026/", "/t/copa-2026/classificacao.json", "/t/copa-2026/ao-vivo/"} <= set(public)
    assert len(public) >= 12
    missing = [p for p in public if not location.match(p)]
    assert missing == [], f"public pages the proxy would send to the staff pool: {missing}"


def test_the_document_routes_nothing_else_to_the_public_pool() -> None:
    location = public_location()
    _, staff = classified()
    assert "/t/importar/" in staff and "/juiz/copa-2026/jogo/17/" in staff
    wrong = [p for p in staff if location.match(p)]
    assert wrong == [], f"staff pages the proxy would send to the public pool: {wrong}"


@pytest.mark.parametrize(
    "path",
    [
        "/t/copa-2026/classificacao",
        "/t/copa-2026/sorteio/",
        "/t/copa-2026/gestao/",
        "/t/copa-2026/equipes/E1/editar/",
        "/static/app.css",
    ],
)
def test_paths_around_the_public_ones_stay_on_the_staff_pool(path: str) -> None:
    assert not public_location().match(path)
