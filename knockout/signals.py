"""The bracket answers scoring's signals: a homologated súmula advances its winner, a
reverted one takes the advance back, in the same transaction as the súmula's change."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from knockout.services.advance import bracket_on_homologation, bracket_on_revert
from scoring.signals import sheet_homologated, sheet_reverted


@receiver(sheet_homologated)
def advance_winner(sender: Any, *, match: Any, **kwargs: Any) -> None:
    bracket_on_homologation(match=match)


@receiver(sheet_reverted)
def withdraw_advance(sender: Any, *, match: Any, **kwargs: Any) -> None:
    bracket_on_revert(match=match)
