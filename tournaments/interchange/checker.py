"""Reading loosely typed JSON values and collecting what is wrong with them.

:class:`Checker` is how the tenteio/1 shape checks (``schema.py``) read a decoded
file: every wrong key, type or size becomes an :class:`Issue` naming where it is,
instead of an exception, so a broken file is reported whole.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

MAX_TEXT = 200


@dataclass(frozen=True)
class Issue:
    """One problem with the file: where it is, what is wrong, and the rule's code."""

    where: str
    message: str
    code: str = ""
    severity: str = "error"

    def line(self) -> str:
        suffix = f" [{self.code}]" if self.code else ""
        return f"{self.where}: {self.message}{suffix}" if self.where else f"{self.message}{suffix}"


class Checker:
    """Collects issues while reading loosely typed JSON values."""

    def __init__(self) -> None:
        self.issues: list[Issue] = []

    def add(self, where: str, message: str, code: str = "") -> None:
        self.issues.append(Issue(where, message, code))

    def obj(
        self, value: Any, where: str, allowed: set[str], required: Sequence[str] = ()
    ) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            self.add(where, "deve ser um objeto JSON", "file.not_object")
            return {}
        for key in sorted(set(value) - allowed, key=str):
            self.add(where, f"chave desconhecida «{str(key)[:40]}»", "file.unknown_key")
        for key in required:
            if key not in value:
                self.add(where, f"campo obrigatório «{key}» ausente", "file.missing_key")
        return value

    def text(self, value: Any, where: str, *, required: bool = True, limit: int = MAX_TEXT) -> str | None:
        if value is None and not required:
            return None
        if not isinstance(value, str) or (required and not value.strip()):
            self.add(where, "deve ser um texto não vazio", "file.text_invalid")
            return None
        if len(value) > limit:
            self.add(where, f"texto longo demais (máximo {limit} caracteres)", "file.text_too_long")
            return None
        return value.strip()

    def integer(self, value: Any, where: str, *, minimum: int = 1) -> int | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= 10**6:
            self.add(where, f"deve ser um número inteiro entre {minimum} e 1000000", "file.integer_invalid")
            return None
        return int(value)

    def boolean(self, value: Any, where: str) -> bool:
        if value is None:
            return False
        if not isinstance(value, bool):
            self.add(where, "deve ser true ou false", "file.boolean_invalid")
            return False
        return value

    def array(self, value: Any, where: str, *, limit: int = 100_000) -> list[Any]:
        if value is None:
            return []
        if not isinstance(value, list):
            self.add(where, "deve ser uma lista", "file.not_list")
            return []
        if len(value) > limit:
            self.add(where, f"lista longa demais (máximo {limit} itens)", "file.list_too_long")
            return []
        return value
