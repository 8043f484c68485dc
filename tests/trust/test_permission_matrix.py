"""Every URL of the site × every kind of visitor × GET and POST, against a declared rule.

A URL name without a rule in ``RULES`` fails the test: a new page must declare who may
open it. The expected answer is derived here from the rule and the role (not from
``tournaments.permissions``), so a change in the permission code that opens or closes a page
shows up as a failure naming the URL, the visitor and the method.

Answers: the rule's status when the visitor may act; otherwise a redirect to the login
page (anonymous, on a public tournament or a page of no tournament), 404 (a private
tournament the visitor cannot see, anonymous included: its existence is not revealed)
or 403 (a visible tournament, a forbidden action).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.trust.conftest import ROLES, Site
from tests.trust.tally import COUNTS
from tournaments.models import Tournament

OPEN, LOGIN, PUBLIC, JUDGE, ORGANIZER = "open", "login", "public", "judge", "organizer"
SEES = "sees"  # logged in, and able to see the tournament; a hidden one answers 404
# settings.TOURNAMENT_CREATORS = "organizers": superusers and the accounts in the group
# «Organizadores» (none of the fixture's others: an organizer of one tournament is not one).
CREATOR = "creator"


@dataclass(frozen=True)
class Rule:
    access: str
    get: int  # the answer to a permitted GET
    post: int  # the answer to a permitted POST with no data (or 405 for GET-only pages)


RULES: dict[str, Rule] = {
    "login": Rule(OPEN, 200, 200),  # empty form: the page again with its errors
    "logout": Rule(OPEN, 405, 302),  # Django 5: logging out is a POST
    "after_login": Rule(LOGIN, 302, 405),  # to the judge's jogos or home, by role
    "home": Rule(OPEN, 200, 405),
    "health": Rule(OPEN, 200, 405),
    "ping": Rule(OPEN, 200, 405),
    "favicon": Rule(OPEN, 301, 405),
    "language": Rule(OPEN, 302, 405),
    "tournaments:import_template": Rule(OPEN, 200, 200),
    "tournaments:create": Rule(CREATOR, 200, 200),
    "tournaments:mine": Rule(LOGIN, 200, 405),
    "interchange:import": Rule(CREATOR, 200, 400),
    "scoring:phone_worker": Rule(OPEN, 200, 405),  # the judge's service worker script
    "scoring:phone_who": Rule(OPEN, 200, 405),  # who is logged in on the phone ("" for nobody)
    "scoring:code": Rule(SEES, 302, 405),  # to the jogo's page, which checks the judge
    "tally:tenteio": Rule(JUDGE, 200, 405),
    "tally:state": Rule(JUDGE, 200, 405),
    "tally:hand": Rule(JUDGE, 405, 409),  # an empty hand is refused with its reason
    "tally:undo": Rule(JUDGE, 405, 409),
    "tally:close": Rule(JUDGE, 405, 409),
    "public:live_board": Rule(PUBLIC, 200, 405),
    "public:mesa": Rule(PUBLIC, 200, 405),
    "tournaments:dashboard": Rule(ORGANIZER, 200, 405),
    "tournaments:publication": Rule(ORGANIZER, 405, 302),  # the switch: empty POST = off
    "knockout:next_phase": Rule(ORGANIZER, 200, 400),
    "tournaments:members": Rule(ORGANIZER, 200, 400),
    "tournaments:teams": Rule(ORGANIZER, 200, 405),
    "tournaments:team_create": Rule(ORGANIZER, 200, 400),
    "tournaments:team_edit": Rule(ORGANIZER, 200, 400),
    "tournaments:import": Rule(ORGANIZER, 200, 400),
    "tournaments:checkin": Rule(ORGANIZER, 200, 400),
    "tournaments:groups": Rule(ORGANIZER, 200, 400),
    "tournaments:schedule": Rule(ORGANIZER, 200, 400),
    "tournaments:edit": Rule(ORGANIZER, 200, 400),
    "tournaments:registration": Rule(ORGANIZER, 405, 400),  # no action chosen
    "tournaments:team_delete": Rule(ORGANIZER, 200, 400),  # no confirmation
    "tournaments:judge_password": Rule(ORGANIZER, 302, 200),  # the new password, shown once
    "scoring:withdraw": Rule(ORGANIZER, 200, 400),  # no confirmation
    "scoring:link_create": Rule(ORGANIZER, 302, 400),  # GET: back to the page; POST: no judge chosen
    "scoring:link_revoke": Rule(ORGANIZER, 302, 302),  # the fixture's link is already revoked
    # The fixture's link is revoked: refused (410) to everyone, without counting as a
    # wrong token (tests/scoring/test_links.py tests wrong tokens and their lock).
    "scoring:link_open": Rule(OPEN, 410, 405),
    "scoring:judge_home": Rule(JUDGE, 200, 405),
    "scoring:entry": Rule(JUDGE, 200, 422),
    "scoring:sign": Rule(JUDGE, 405, 303),
    "scoring:check": Rule(JUDGE, 303, 422),  # GET: no súmula awaits a check, back to the jogo
    "scoring:round": Rule(ORGANIZER, 200, 405),
    "scoring:bulk_homologate": Rule(ORGANIZER, 405, 303),  # nothing selected: said so, back to the list
    "scoring:pins": Rule(ORGANIZER, 200, 200),
    "scoring:pin_unlock": Rule(ORGANIZER, 405, 303),  # a team without a lock: said so, nothing changes
    "scoring:history": Rule(ORGANIZER, 200, 405),
    "scoring:homologate": Rule(ORGANIZER, 200, 303),  # GET shows the history page
    "scoring:revert": Rule(ORGANIZER, 200, 303),
    "scoring:resolve_entries": Rule(ORGANIZER, 405, 400),  # no entry chosen
    "public:home": Rule(PUBLIC, 200, 405),
    "public:standings": Rule(PUBLIC, 200, 405),
    "public:standings_json": Rule(PUBLIC, 200, 405),
    "public:qualification": Rule(PUBLIC, 200, 405),
    "public:results": Rule(PUBLIC, 200, 405),
    "public:results_json": Rule(PUBLIC, 200, 405),
    "public:schedule": Rule(PUBLIC, 200, 405),
    "public:team": Rule(PUBLIC, 200, 405),
    "public:revision": Rule(PUBLIC, 200, 405),
    "public:bracket": Rule(PUBLIC, 200, 405),
    "public:bracket_json": Rule(PUBLIC, 404, 405),  # the fixture has no mata-mata
    "public:jogo": Rule(PUBLIC, 200, 405),
    "public:chave_png": Rule(PUBLIC, 200, 405),
    "public:bracket_png": Rule(PUBLIC, 404, 405),  # no mata-mata, no picture of it
    "public:jogo_png": Rule(PUBLIC, 200, 405),
    "public:podium_png": Rule(PUBLIC, 404, 405),  # the fixture's event has not ended
    "public:embed_chave": Rule(PUBLIC, 200, 405),
    "public:embed_bracket": Rule(PUBLIC, 200, 405),  # «O mata-mata ainda não foi gerado.»
    "public:telao": Rule(PUBLIC, 200, 405),
    "public:swiss": Rule(PUBLIC, 200, 405),  # no Swiss phase in the fixture: the page says so
    "knockout:bracket": Rule(ORGANIZER, 200, 400),
    "standings:lots": Rule(ORGANIZER, 405, 303),
    "standings:swiss": Rule(ORGANIZER, 200, 400),
    "interchange:export": Rule(ORGANIZER, 200, 405),
    "audit:log": Rule(ORGANIZER, 200, 405),
    # The fixture's print job is done but has no file: nothing to download, nothing to resume.
    "printing:page": Rule(ORGANIZER, 200, 400),
    "printing:status": Rule(ORGANIZER, 200, 405),
    "printing:download": Rule(ORGANIZER, 404, 405),
    "printing:cancel": Rule(ORGANIZER, 405, 200),
    "printing:resume": Rule(ORGANIZER, 405, 409),
    # The fixture's inscrições online are off: the form says so, a POST is refused (403).
    "signups:register": Rule(PUBLIC, 200, 403),
    "signups:capataz": Rule(OPEN, 404, 404),  # the fixture's token is a judge's, no inscrição's
    "signups:settings": Rule(ORGANIZER, 200, 400),  # no places given
    "signups:review": Rule(ORGANIZER, 200, 400),  # no action chosen
    # The fixture's token is a judge's, no capataz's: every page of it answers 404.
    "captains:page": Rule(OPEN, 404, 404),
    "captains:revision": Rule(OPEN, 404, 404),
    "captains:sign": Rule(OPEN, 404, 404),
    "captains:contest": Rule(OPEN, 404, 404),
    "captains:issue": Rule(ORGANIZER, 302, 200),  # GET: back to the team; POST: the new link, once
    "captains:revoke": Rule(ORGANIZER, 302, 302),
    "captains:answer": Rule(ORGANIZER, 302, 400),  # no contestação chosen
    "printing:captain_card": Rule(ORGANIZER, 405, 404),  # no token: no card
}

SKIPPED_NAMESPACES = {"admin", "circuits"}  # the admin is Django's, behind is_staff
# i18n; and a circuit's pages, keyed by a circuit (not a tournament), whose matrix of
# visitors is tests/circuits/test_views.py, tests/public/test_circuit_page.py,
# tests/public/test_circuit_live.py and tests/printing/test_circuit_pdf.py (the PDF's
# page, its job's status and download: anyone who may see the circuit).
SKIPPED_NAMES = {
    "set_language",
    "public:circuit",
    "public:circuit_revision",
    "printing:circuit_pdf",
    "printing:circuit_status",
    "printing:circuit_download",
}


def walk(
    patterns: Any = None, namespace: str = "", params: frozenset[str] = frozenset()
) -> Iterator[tuple[str, frozenset[str]]]:
    """(qualified URL name, URL kwargs) of every named pattern, includes followed."""
    for p in get_resolver().url_patterns if patterns is None else patterns:
        converters = frozenset(getattr(p.pattern, "converters", {}))
        if isinstance(p, URLResolver):
            if p.namespace in SKIPPED_NAMESPACES:
                continue
            ns = f"{namespace}{p.namespace}:" if p.namespace else namespace
            yield from walk(p.url_patterns, ns, params | converters)
        elif isinstance(p, URLPattern) and p.name and f"{namespace}{p.name}" not in SKIPPED_NAMES:
            yield f"{namespace}{p.name}", params | converters


# Which role holds which power in the tournament under test (ORGANIZER implies all).
POWERS = {
    "judge": {PUBLIC, JUDGE},
    "organizer": {PUBLIC, JUDGE, ORGANIZER, CREATOR},  # marked an organizer by the site admin
    "superuser": {PUBLIC, JUDGE, ORGANIZER, CREATOR},
}


def expected(rule: Rule, role: str, t: Tournament, method: str) -> int | str:
    allowed = rule.get if method == "get" else rule.post
    if rule.access == OPEN:
        return allowed
    if role == "anonymous":
        if rule.access == PUBLIC and t.is_public:
            return allowed
        if rule.access in (PUBLIC, JUDGE, ORGANIZER) and not t.is_public:
            return 404
        return "login"
    if rule.access == LOGIN:
        return allowed
    if rule.access == CREATOR:
        return allowed if CREATOR in POWERS.get(role, set()) else 403
    if rule.access == SEES:
        sees = POWERS.get(role, set()) | ({PUBLIC} if t.is_public else set())
        return allowed if sees or method != "get" else 404
    powers = POWERS.get(role, set()) | ({PUBLIC} if t.is_public else set())
    if rule.access in powers:
        return allowed
    return 403 if PUBLIC in powers else 404


def answer(response: Any) -> int | str:
    if response.status_code == 302 and response.url.startswith(reverse("login")):
        return "login"
    return int(response.status_code)


def test_every_url_has_a_rule_and_every_visitor_gets_its_answer(site: Site) -> None:
    urls = sorted(set(walk()))
    undeclared = [name for name, _ in urls if name not in RULES]
    assert not undeclared, f"declare its rule in RULES: {undeclared}"
    stale = set(RULES) - {name for name, _ in urls}
    assert not stale, f"rules for URLs that no longer exist: {stale}"

    failures = []
    cases = 0
    for t in (site.public, site.private):
        values = site.kwargs_for(t)
        for role in ROLES:
            client = site.client(role)
            for name, params in urls:
                missing = params - set(values)
                assert not missing, f"{name}: no fixture value for {missing}"
                url = reverse(name, kwargs={k: values[k] for k in params})
                for method in ("get", "post"):
                    response = getattr(client, method)(url)
                    got, want = answer(response), expected(RULES[name], role, t, method)
                    cases += 1
                    if got != want:
                        failures.append(
                            f"{method.upper()} {url} as {role} ({t.slug}): {got}, expected {want}"
                        )
                    if name == "logout" and method == "post":
                        client = site.client(role)  # logged out: log in again
    COUNTS["URL × role × method cases (permission matrix)"] += cases
    print(
        f"\npermission matrix: {cases} cases "
        f"({len(urls)} URLs × {len(ROLES)} roles × 2 methods × 2 tournaments)"
    )
    assert not failures, "\n".join(failures)
