"""The site's absolute address, for what leaves the browser: printed QR codes and URLs,
the address the judges' phones must open.

``SITE_URL`` when it is set (behind a reverse proxy, where the request's host may be an
internal name); otherwise the scheme, host and port of the request that asked — the
address the organizer's own browser reached, so the address the phones on the same
network reach too. With neither (the command line), ``DEFAULT``.
"""

from __future__ import annotations

import ipaddress
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings

DEFAULT = "http://127.0.0.1:8000"


def base_url(request: Any = None) -> str:
    """``https://host[:port]`` with no trailing slash."""
    configured = str(getattr(settings, "SITE_URL", "") or "").strip()
    if configured:
        return configured.rstrip("/")
    if request is not None:
        return str(request.build_absolute_uri("/")).rstrip("/")
    return DEFAULT


def absolute(path: str, base: str) -> str:
    """``path`` (from ``reverse``, starting with ``/``) under ``base``."""
    return base.rstrip("/") + "/" + path.lstrip("/")


def is_loopback(url: str) -> bool:
    """True when ``url`` names this computer only (127.x, ::1, localhost): a phone that
    opens it reaches itself, not the server."""
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def port_of(url: str) -> int | None:
    try:
        return urlsplit(url).port
    except ValueError:
        return None
