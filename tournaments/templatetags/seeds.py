"""``{{ label|seed_label }}``: a mata-mata entrant's label («1º A», stored in pt-BR when the
bracket was drawn and kept so in the tournament file) with its place in the reader's
language («1st A» in English), through django.contrib.humanize's ``ordinal``."""

from __future__ import annotations

import re

from django import template
from django.contrib.humanize.templatetags.humanize import ordinal

register = template.Library()
PLACE = re.compile(r"^(\d{1,3})º(?= |$)")


@register.filter
def seed_label(label: str) -> str:
    return PLACE.sub(lambda m: str(ordinal(int(m.group(1)))), str(label))
