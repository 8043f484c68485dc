"""Reads for tournaments: what a visitor may see, and the structures pages show."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from tournaments.models import Tournament


def visible_tournaments(user: Any) -> QuerySet[Tournament]:
    """Public tournaments plus the ones the user works in (all, for superusers)."""
    qs = Tournament.objects.all()
    if getattr(user, "is_superuser", False):
        return qs
    if getattr(user, "is_authenticated", False):
        return qs.filter(Q(is_public=True) | Q(memberships__user=user)).distinct()
    return qs.filter(is_public=True)
