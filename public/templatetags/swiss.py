"""``{% load swiss %}``: whether a tournament has a Swiss phase started, for the public
menu's link to its page «Suíço» (``public.views_swiss``)."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.models import Stage

register = template.Library()


@register.filter
def has_swiss(tournament: Any) -> bool:
    return Stage.objects.filter(
        tournament=tournament, kind=Stage.Kind.GROUPS, system=Stage.System.SWISS, groups__isnull=False
    ).exists()
