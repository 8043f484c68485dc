"""Tolerant readers of a tenteio/1 file's decoded JSON (``schema.py``, ``schema_lots.py``):
a value of the wrong type reads as nothing, since the JSON Schema has reported it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from interchange.checker import Checker


def obj(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def items(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def text(value: Any) -> str | None:
    return value.strip() if isinstance(value, str) and value.strip() else None


def positive(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 1 else None


def team_refs(c: Checker, teams: set[str], value: Any, where: str) -> list[str]:
    refs = []
    for ref in items(value):
        if isinstance(ref, str) and ref in teams:
            refs.append(ref)
        elif isinstance(ref, str):
            c.add(where, _("equipe desconhecida «%(ref)s»") % {"ref": ref[:40]}, "file.team_unknown")
    return refs
