"""``{{ user|phone_judge }}``: the judge's opaque key for the phone's offline queue and
cache (``scoring.phone.judge_key``), given to the page's scripts in a data- attribute."""

from __future__ import annotations

from django import template

from scoring.phone import judge_key

register = template.Library()


@register.filter
def phone_judge(user: object) -> str:
    return judge_key(user)
