"""Scoring answers the tournament's signals: rules that change judge every counted
súmula again, in the same transaction as the change (``tournaments.signals``)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from scoring.services.contributions import contributions_recompute
from tournaments.signals import rules_changed


@receiver(rules_changed)
def recompute_contributions(sender: Any, *, tournament: Any, **kwargs: Any) -> None:
    contributions_recompute(tournament=tournament)
