"""One order for the names people type: «Ás de Espadas» before «Sete de Ouro».

Byte order (SQLite's default, and a PostgreSQL database created with the C locale)
puts every accented capital after «Z», and case before letters. Every list of teams,
entidades or players ordered by name uses :func:`by_name` in the database and
:func:`name_order` in Python, which agree: accents and case are ignored first (the
letters decide), then an accented letter comes after its bare one, then lowercase
before uppercase — the Unicode collation's root order.

PostgreSQL has that order as the ICU collation ``und-x-icu`` (present wherever the
server is built with ICU, as Debian's and the official images are); SQLite is given a
collation of the same name on each new connection (``CoreConfig.ready``).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.db.models import F
from django.db.models.functions import Collate

from core.text import name_key

NAME_COLLATION = "und-x-icu"


def name_order(text: str) -> tuple[str, str, str]:
    """The sort key of a name: letters first, then accents, then case."""
    accents = unicodedata.normalize("NFD", text.casefold())
    return name_key(text), accents, text.swapcase()


def by_name(field: str = "name") -> Collate:
    """``field`` in the names' order, for ``order_by`` or an annotation to order on."""
    return Collate(F(field), NAME_COLLATION)


def _compare(a: str, b: str) -> int:
    ka, kb = name_order(a), name_order(b)
    return (ka > kb) - (ka < kb)


def register_sqlite_collation(sender: Any, connection: Any, **kwargs: Any) -> None:
    """``connection_created``: SQLite learns the collation PostgreSQL has built in."""
    if connection.vendor == "sqlite":
        connection.connection.create_collation(NAME_COLLATION, _compare)
