"""Writes of the interchange app: importing a tenteio/1 file as a new tournament."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from interchange.load import LoadOutcome, decode, load_tournament
from tournaments.models import Membership


def tournament_import(*, raw: bytes, user: Any, clamp: bool = False) -> LoadOutcome:
    """Create a tournament from an uploaded tenteio/1 file; its importer organizes it."""
    with transaction.atomic():
        outcome = load_tournament(decode(raw), clamp=clamp, user=user)
        Membership.objects.create(tournament=outcome.tournament, user=user, role=Membership.Role.ORGANIZER)
    return outcome
