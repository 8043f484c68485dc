"""Browser tests (marker ``e2e``): Playwright drives Debian's Chromium against ``live_server``.

Facts checked on these machines are in ``the README``: Playwright's own browser
download cannot work here, so the plugin's session fixtures are overridden to launch
``/usr/lib/chromium/chromium`` (or ``/usr/bin/chromium``). Without Chromium the tests
skip, unless ``REQUIRE_BROWSER=1``: then the run stops at once naming what is missing.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

import pytest

# Playwright's sync API runs an event loop in this thread; the ORM calls the test makes
# between page actions would otherwise raise SynchronousOnlyOperation.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

REQUIRED = os.environ.get("REQUIRE_BROWSER") == "1"
CHROMIUM = Path("/usr/bin/chromium")
# The real binary starts faster and skips the Debian wrapper's noise.
BINARY = Path("/usr/lib/chromium/chromium")
SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "pt-BR",
    "timezone_id": "America/Sao_Paulo",
}
DESKTOP: dict[str, Any] = {
    "viewport": {"width": 1280, "height": 900},
    "device_scale_factor": 1,
    "is_mobile": False,
    "has_touch": False,
    "locale": "pt-BR",
    "timezone_id": "America/Sao_Paulo",
}


def browser_problems() -> list[str]:
    problems = []
    if not CHROMIUM.exists():
        problems.append(f"Chromium: {CHROMIUM} não existe (apt-get install chromium)")
    for module, package in (("playwright", "playwright"), ("pytest_playwright", "pytest-playwright")):
        if importlib.util.find_spec(module) is None:
            problems.append(f"pacote Python {package} ausente (pip install -r requirements-dev.txt)")
    return problems


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    e2e = [item for item in items if "e2e" in item.keywords]
    problems = browser_problems() if e2e else []
    if not problems:
        return
    if REQUIRED:
        pytest.exit("REQUIRE_BROWSER=1 mas falta: " + "; ".join(problems), returncode=3)
    skip = pytest.mark.skip(reason="browser absent: " + "; ".join(problems))
    for item in e2e:
        item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": str(BINARY if BINARY.exists() else CHROMIUM),
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """The judge's phone is the default context; organizer pages ask for ``DESKTOP``."""
    return {**browser_context_args, **PHONE}


class Screens:
    """Numbered PNGs of each step in docs/screens/ (phone shots at CSS pixels: 390 wide)."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("[0-3][0-9]-*.png"):  # 40-en-*: the languages test's own
            old.unlink()
        self.folder = folder
        self.count = 0
        self.pages: list[Any] = []  # dumped to the temporary folder when the test fails

    def watch(self, page: Any) -> Any:
        self.pages.append(page)
        return page

    def shot(self, page: Any, name: str, *, full_page: bool = False) -> Path:
        self.count += 1
        path = self.folder / f"{self.count:02d}-{name}.png"
        page.screenshot(path=str(path), full_page=full_page, scale="css")
        return path


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call":
        item.stash[FAILED] = report.failed
    return report


FAILED = pytest.StashKey[bool]()


@pytest.fixture
def screens(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    """Numbered screenshots; on failure, each watched page as it was (path printed)."""
    screens = Screens(SCREENS)
    yield screens
    if request.node.stash.get(FAILED, False):
        for i, page in enumerate(screens.pages):
            path = tmp_path / f"failure-{i}.png"
            page.screenshot(path=str(path), full_page=True)
            print(f"page {i} at failure: {page.url} -> {path}")


@pytest.fixture
def media(tmp_path: Path, settings: Any) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return Path(settings.MEDIA_ROOT)
