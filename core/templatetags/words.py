"""The modality's words in templates (``core.words``): ``{{ tournament|modality_name }}``,
``{{ tournament|points_word }}``,
``{{ modality|points_word:1 }}``, ``{% champion_of tournament name %}``."""

from __future__ import annotations

from typing import Any

from django import template

from core import words

register = template.Library()


@register.filter
def points_word(modality: Any, count: int = 2) -> str:
    return words.points(modality, int(count))


@register.filter
def modality_name(modality: Any) -> str:
    return words.modality_name(modality)


@register.filter
def champion_word(modality: Any) -> str:
    return words.champion(modality)


@register.simple_tag
def champion_of(modality: Any, name: str) -> str:
    return words.champion_of(modality, name)
