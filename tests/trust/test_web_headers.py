"""Trust, second pass (web): the security headers on every kind of page, nothing inline that the
Content-Security-Policy would block, and no policy violation in a real browser."""

from __future__ import annotations

import os
import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from rules.results import Side
from scoring.services.workflow import sheet_save
from tally.services import hand_record
from tests.scoring.conftest import win_a
from tests.tally.conftest import truco
from tests.trust.conftest import Site
from tests.trust.test_web import POLICY, ROOT, first_match

pytestmark = pytest.mark.django_db


# ---- 6. Content-Security-Policy and the other security headers ---------------------

SECURITY_HEADERS = {
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}


def directives(policy: str) -> dict[str, str]:
    """A policy's directives (django-csp writes them in no fixed order)."""
    parts = (part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    return {name: value for name, value in parts}


def secured(response: Any) -> None:
    assert directives(response.get("Content-Security-Policy", "")) == directives(POLICY)
    for name, value in SECURITY_HEADERS.items():
        assert response.get(name) == value, (name, response.get(name))
    policy = response.get("Permissions-Policy", "")
    assert "camera=()" in policy and "geolocation=()" in policy and "microphone=()" in policy


def test_security_headers_on_public_organizer_judge_and_error_pages(site: Site) -> None:
    t = site.public
    m = first_match(t)
    secured(Client().get(f"/t/{t.slug}/classificacao/"))
    secured(Client().get(f"/t/{t.slug}/ao-vivo/"))
    secured(site.client("organizer").get(f"/t/{t.slug}/gestao/"))
    secured(site.client("judge").get(reverse("scoring:entry", args=[t.slug, m.pk])))
    secured(Client().get("/nao-existe/"))
    secured(Client().get("/entrar/"))


@pytest.mark.parametrize("tail", ["", "classificacao/", "ao-vivo/", "programacao/"])
def test_a_cached_page_has_the_same_security_headers(site: Site, tail: str) -> None:
    path = f"/t/{site.public.slug}/{tail}"
    visitor = Client()
    first = visitor.get(path)  # rendered and stored
    again = visitor.get(path)  # from the cache
    assert again.content == first.content and again["ETag"] == first["ETag"]
    secured(again)


SERVED_TEMPLATES = [p for p in (ROOT / "templates").rglob("*.html") if "printing" not in p.parts]
INLINE = re.compile(
    r"""\sstyle\s*=|<style[\s>]|\son[a-z]+\s*=|javascript:|<script(?![^>]*\ssrc=)[^>]*>""", re.I
)


@pytest.mark.parametrize("template", SERVED_TEMPLATES, ids=lambda p: str(p.relative_to(ROOT / "templates")))
def test_served_templates_have_nothing_inline_the_policy_would_block(template: Path) -> None:
    found = INLINE.findall(template.read_text())
    assert not found, f"{template}: {found} (move it to static/)"


# ---- 6. In a real browser: no page breaks the policy --------------------------------

try:  # the browser's fixtures as tests/e2e sets them up (Debian's Chromium)
    from tests.e2e.conftest import (  # noqa: F401  (fixtures, found by name)
        DESKTOP,
        browser_context_args,
        browser_problems,
        browser_type_launch_args,
    )

    BROWSER_PROBLEMS = browser_problems()
except ImportError:  # pragma: no cover  (playwright absent)
    BROWSER_PROBLEMS = ["playwright"]

# Every violation is reported twice over: as a console error and as a DOM event.
WATCH_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  var where = e.sourceFile + ":" + e.lineNumber;
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " " + where);
});
"""


class Violations:
    def __init__(self) -> None:
        self.found: list[str] = []

    def watch(self, page: Any) -> Any:
        page.add_init_script(WATCH_VIOLATIONS)
        page.on(
            "console",
            lambda m: (
                self.found.append(f"{page.url}: {m.text}")
                if m.type == "error" and "Content Security Policy" in m.text
                else None
            ),
        )
        return page

    def visit(self, page: Any, url: str) -> None:
        response = page.goto(url)
        assert response is not None and response.status < 500, (url, response and response.status)
        assert "default-src 'self'" in response.headers.get("content-security-policy", ""), url
        page.wait_for_load_state("load")
        self.found += [f"{url}: {v}" for v in page.evaluate("window.__csp")]


def session_cookie(user: Any, base: str) -> dict[str, str]:
    client = Client()
    client.force_login(user)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    bool(BROWSER_PROBLEMS) and os.environ.get("REQUIRE_BROWSER") != "1", reason=f"{BROWSER_PROBLEMS}"
)
def test_public_organizer_and_judge_pages_raise_no_csp_violation(
    site: Site, live_server: Any, browser: Any
) -> None:
    from tests.knockout.test_bracket_services import knockout

    base = live_server.url
    t = site.public
    m = first_match(t, "1")
    hand_record(match=m, user=site.users["judge"], hand=truco(Side.A), key=uuid.uuid4())
    sheet_save(match=m, user=site.users["judge"], data=win_a(m), base_version=0, submit=True)
    mata = knockout(["t1", "t2", "t3", "t4", "t5"])
    from tournaments.models import Membership

    Membership.objects.create(tournament=mata, user=site.users["organizer"], role="organizer")
    violations = Violations()

    public = violations.watch(browser.new_context().new_page())
    for path in ("/", f"/t/{t.slug}/", f"/t/{t.slug}/classificacao/", f"/t/{t.slug}/ao-vivo/",
                 f"/t/{t.slug}/mesas/{m.table_id}/", f"/t/{t.slug}/resultados/", f"/t/{mata.slug}/mata-mata/",
                 "/nao-existe/", "/entrar/", "/admin/login/"):  # fmt: skip
        violations.visit(public, base + path)
    # The schedule's mesa filter sends its form from static/js/autosubmit.js.
    violations.visit(public, f"{base}/t/{t.slug}/programacao/")
    with public.expect_navigation():
        public.select_option("select[data-autosubmit]", "1")
    assert "mesa=1" in public.url

    organizer_context = browser.new_context(**DESKTOP)
    organizer_context.add_cookies([session_cookie(site.users["organizer"], base)])
    organizer = violations.watch(organizer_context.new_page())
    for path in (f"/t/{t.slug}/gestao/", f"/t/{t.slug}/sumulas/", f"/t/{t.slug}/sumulas/pins/",
                 f"/t/{t.slug}/sumulas/{m.pk}/", f"/t/{mata.slug}/gestao/mata-mata/",
                 f"/t/{t.slug}/gestao/equipes/"):  # fmt: skip
        violations.visit(organizer, base + path)

    judge_context = browser.new_context()
    judge_context.add_cookies([session_cookie(site.users["judge"], base)])
    judge = violations.watch(judge_context.new_page())
    for path in (f"/juiz/{t.slug}/", reverse("scoring:entry", args=[t.slug, m.pk]),
                 reverse("tally:tenteio", args=[t.slug, m.pk])):  # fmt: skip
        violations.visit(judge, base + path)

    # The admin (a power tool) lives under the same policy.
    admin_context = browser.new_context(**DESKTOP)
    admin_context.add_cookies([session_cookie(site.users["superuser"], base)])
    admin = violations.watch(admin_context.new_page())
    for path in (
        "/admin/",
        "/admin/tournaments/tournament/",
        f"/admin/tournaments/tournament/{t.pk}/change/",
    ):
        violations.visit(admin, base + path)

    assert violations.found == []
