"""Sessions opened by a judge's private link, checked again on every request.

A link's session (``SESSION_KEY`` holds the link's id) is logged out as soon as the
link is revoked, whatever the phone had open. While live, it is a judge's session only
on the judge's pages of the link's tournament, carrying the link's :class:`LinkScope`
for ``scoring.access``; on any other page the visitor is anonymous, so a phone that
entered by a link reaches no other tournament and no account page.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import logout
from django.contrib.auth.models import AnonymousUser
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.utils.deprecation import MiddlewareMixin

from scoring.access import LINK_ATTRIBUTE
from scoring.phone import judge_key
from scoring.selectors_links import session_scope

SESSION_KEY = "tenteio_judge_link"

# The judge's pages: a link's session is logged in there (and may log out).
JUDGE_VIEWS = frozenset(
    {
        "scoring:judge_home",
        "scoring:entry",
        "scoring:sign",
        "scoring:check",
        "scoring:code",
        "tally:tenteio",
        "tally:state",
        "tally:hand",
        "tally:undo",
        "tally:close",
        "logout",
        "scoring:phone_worker",
        "scoring:phone_who",
    }
)


class JudgeLinkMiddleware(MiddlewareMixin):
    def process_view(
        self, request: HttpRequest, view: Any, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> None:
        try:
            link_id = request.session.get(SESSION_KEY)
            if link_id is None:
                return
            if not request.user.is_authenticated:
                request.session.pop(SESSION_KEY, None)
                return
            scope = session_scope(link_id, request.user)
        except DatabaseError:
            # The link cannot be checked: no judge's session for this request. (An error
            # here would skip the 503 page, which answers only errors raised by a view;
            # the view will meet the same outage and answer it.)
            request.user = AnonymousUser()
            return
        if scope is None:
            logout(request)  # revoked: this phone's session ends now
            return
        match = request.resolver_match
        name = match.view_name if match is not None else ""
        if name not in JUDGE_VIEWS or kwargs.get("slug", scope.slug) != scope.slug:
            request.user = AnonymousUser()
            return
        setattr(request.user, LINK_ATTRIBUTE, scope)


# The judge's pages the phone keeps for offline use (static/js/judge-sw.js).
PHONE_PAGES = frozenset({"scoring:judge_home", "scoring:entry", "scoring:check", "tally:tenteio"})


class JudgePhoneMiddleware(MiddlewareMixin):
    """Tells the phone's worker whose page this is (``X-Tenteio-Judge``, an opaque key).

    The worker keeps each judge's pages apart and serves them offline only while the
    same judge is logged in on the phone; a page answered to a visitor carries no key.
    """

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        match = request.resolver_match
        if match is None or match.view_name not in PHONE_PAGES or response.status_code != 200:
            return response
        try:
            key = judge_key(request.user)
        except DatabaseError:
            return response
        if key:
            response["X-Tenteio-Judge"] = key
        return response
