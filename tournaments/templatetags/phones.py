"""``{% phones_address %}``: the block of the organizer's dashboard that tells which
address the judges' phones must open, with its QR code.

The address is the one this page was reached at (or ``SITE_URL``: ``core.site``), the
same the printed súmulas' QR codes open. Reached at 127.0.0.1 / localhost, that address
is this computer's alone: the block says so, shows no QR code (a phone would open
itself) and lists the computer's network addresses (``core.lan``), which the phones
reach when the server listens on the network (``make run HOST=0.0.0.0``).
"""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from core import lan
from core.qr import qr_png
from core.site import absolute, base_url, is_loopback, port_of

register = template.Library()


@register.inclusion_tag("tournaments/_phones_address.html", takes_context=True)
def phones_address(context: dict[str, Any]) -> dict[str, Any]:
    request = context["request"]
    tournament = context["tournament"]
    site = base_url(request)
    judge_page = absolute(reverse("scoring:judge_home", args=[tournament.slug]), site)
    loopback = is_loopback(site)
    port = port_of(site) or (443 if site.startswith("https:") else 80)
    suffix = "" if port in (80, 443) else f":{port}"
    return {
        "site": site,
        "judge_page": judge_page,
        "qr": "" if loopback else qr_png(judge_page, scale=6),
        "loopback": loopback,
        # (the address, this same page there): the organizer reopens the page by it.
        "lan": [
            (f"http://{address}{suffix}/", f"http://{address}{suffix}{request.path}")
            for address in (lan.addresses() if loopback else [])
        ],
    }
