"""The trail in every language of the site: rendered once per language when an entry is
written, read in the reader's language.

An entry is frozen at the time of the action (it reads the same after a team is renamed
or removed), so it cannot be translated when it is read: its sentence and its readable
before/after are rendered once per language of ``settings.LANGUAGES``, each under
``translation.override``, and stored with it. A reader gets the active language's text;
an entry written before there was another language, or a language added since, falls
back to the text in ``settings.LANGUAGE_CODE`` (pt-BR), the one every entry has.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from django.conf import settings
from django.utils.translation import get_language, override

T = TypeVar("T")


def base() -> str:
    """The trail's own language (pt-BR): the one of ``summary``/``changes``, the fallback."""
    return str(settings.LANGUAGE_CODE)


def codes() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def each_language(render: Callable[[str], T]) -> dict[str, T]:
    """``{code: render(code)}``, each rendered with that language active."""
    out: dict[str, T] = {}
    for code in codes():
        with override(code):
            out[code] = render(code)
    return out


def pick(texts: Mapping[str, T] | None, fallback: T, language: str | None = None) -> T:
    """The text in ``language`` (the active one by default), else in pt-BR, else ``fallback``."""
    texts = texts or {}
    code = (language or get_language() or base()).lower()
    for candidate in (code, code.split("-", 1)[0], base()):
        if candidate in texts:
            return texts[candidate]
    return fallback
