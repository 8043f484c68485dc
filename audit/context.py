"""Who is acting right now: the request's user and address, or a command, or the system.

The middleware puts the request in a context variable; the signal handlers read it
when they write an :class:`audit.models.AuditEntry`. A context variable (not a thread
local) follows the request into async code and never leaks into the next request.
"""

from __future__ import annotations

import ipaddress
import os
import sys
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings


@dataclass(frozen=True)
class Origin:
    request: Any = None
    command: str = ""
    # The entries this request has written, by subject (audit.signals completes them).
    open: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False)


def open_entries() -> dict[Any, Any] | None:
    """Where this request keeps its entries; None outside a request (one entry per row)."""
    origin = _current.get()
    return origin.open if origin is not None and origin.request is not None else None


_current: ContextVar[Origin | None] = ContextVar("tenteio_audit_origin", default=None)


def activate(origin: Origin) -> Any:
    return _current.set(origin)


def deactivate(token: Any) -> None:
    _current.reset(token)


def client_ip(request: Any) -> str | None:
    """REMOTE_ADDR, or the last X-Forwarded-For hop when the proxy is trusted (its own
    view of the client; earlier hops are whatever the client chose to send)."""
    raw = ""
    if getattr(settings, "TRUST_X_FORWARDED_FOR", False):
        raw = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")[-1].strip()
    raw = raw or request.META.get("REMOTE_ADDR", "")
    try:
        return str(ipaddress.ip_address(raw)) if raw else None
    except ValueError:
        return None


def _command_name() -> str:
    program = os.path.basename(sys.argv[0]) if sys.argv else ""
    if program in {"manage.py", "django-admin"} and len(sys.argv) > 1:
        return sys.argv[1]
    return ""


def current() -> tuple[Any, str, str | None, str]:
    """(user or None, label, ip, where): ``where`` is the URL name or the command."""
    origin = _current.get()
    if origin is not None and origin.request is not None:
        request = origin.request
        user = getattr(request, "user", None)
        match = getattr(request, "resolver_match", None)
        where = match.view_name if match is not None else request.path[:100]
        if user is not None and user.is_authenticated:
            return user, user.get_username(), client_ip(request), where
        return None, "anônimo", client_ip(request), where
    command = origin.command if origin is not None else _command_name()
    if command:
        return None, "comando", None, command
    return None, "sistema", None, ""
