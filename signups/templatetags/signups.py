"""``{% signup_box tournament %}``: the inscrições online on the tournament's public page
(«17/32 inscritas, 3 na espera», until when, the form's link); nothing when they are off.
Counts only: no contact is read."""

from __future__ import annotations

from typing import Any

from django import template

from signups.selectors import public_summary

register = template.Library()


@register.inclusion_tag("signups/_summary.html")
def signup_box(tournament: Any) -> dict[str, Any]:
    return {"tournament": tournament, "summary": public_summary(tournament)}
