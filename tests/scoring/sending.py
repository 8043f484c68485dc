"""What the idempotency tests (tests/scoring/test_idempotency_*.py) share: the URLs of
the judge's writes, the JSON header of the phone's queue, a lost reply, the keys a page
holds and what a jogo has written."""

from __future__ import annotations

import re
import uuid
from typing import Any

from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from audit.models import AuditEntry
from scoring.models import ScoreSheet, SheetEvent, Signature
from tests.scoring.conftest import World
from tournaments.models import Match

JSON: dict[str, Any] = {"HTTP_ACCEPT": "application/json"}


def entry_url(w: World, m: Match) -> str:
    return reverse("scoring:entry", args=[w.tournament.slug, m.pk])


def sign_url(w: World, m: Match) -> str:
    return reverse("scoring:sign", args=[w.tournament.slug, m.pk])


def check_url(w: World, m: Match) -> str:
    return reverse("scoring:check", args=[w.tournament.slug, m.pk])


def said(response: Any) -> list[str]:
    """The flash messages a response queued for the next page."""
    return [str(m) for m in get_messages(response.wsgi_request)]


def lost(c: Client) -> None:
    """The answer never reached the phone: neither did the cookie that carried its
    message (Django's messages ride a cookie first)."""
    c.cookies.pop("messages", None)


def keys_in(html: str) -> list[str]:
    return re.findall(r'name="client_key" value="([^"]*)"', html)


def sumula_key(html: str) -> str:
    """The key of the súmula form (the page may hold signature forms above it)."""
    return keys_in(html.split('id="sumula-form"', 1)[1])[0]


def written(m: Match) -> tuple[int, int, int, int]:
    """What the jogo holds: versions, history events, signatures, audit entries."""
    return (
        ScoreSheet.objects.filter(match=m).count(),
        SheetEvent.objects.filter(match=m).count(),
        Signature.objects.filter(sheet__match=m).count(),
        AuditEntry.objects.filter(tournament_id=m.stage.tournament_id).count(),
    )


def key() -> str:
    return str(uuid.uuid4())
