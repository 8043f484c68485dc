"""Writes of the interchange app: importing a tenteio/1 file as a new tournament, or in
place of the site's copy of the same event."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from interchange.load import LoadOutcome, decode, load_tournament
from tournaments.models import Membership


def tournament_import(*, raw: bytes, user: Any, clamp: bool = False, replace: bool = False) -> LoadOutcome:
    """Create a tournament from an uploaded tenteio/1 file; its importer organizes it.
    ``replace``: in place of the one of the same slug the importer organizes."""
    with transaction.atomic():
        outcome = load_tournament(decode(raw), clamp=clamp, user=user, replace=replace)
        Membership.objects.get_or_create(
            tournament=outcome.tournament, user=user, role=Membership.Role.ORGANIZER
        )
    return outcome
