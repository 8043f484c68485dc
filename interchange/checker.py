"""Reading loosely typed JSON values and collecting what is wrong with them.

:class:`Checker` is how the tenteio/1 shape checks (``schema.py``) read a decoded
file: every wrong key, type or size becomes an :class:`Issue` naming where it is,
instead of an exception, so a broken file is reported whole. Names are read by
:meth:`Checker.name`, which refuses what ``core.text.name_problem`` refuses and returns
the ``clean_name``. :func:`unstorable_texts` runs first, over the whole decoded file:
a NUL or a lone surrogate anywhere (a name, a key, a result) would make the database or
the page fail later, so the file is refused at once, naming where they are.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from core.text import clean_name, name_problem, unstorable

MAX_TEXT = 200
# A tenteio/1 file nests six levels (file → matches → jogo → result → games → partida);
# deeper is not the format, and the walk below must not follow it far.
MAX_DEPTH = 32
MAX_LISTED = 20  # texts with a NUL or a surrogate named before giving up


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

    def name(self, value: Any, where: str, *, required: bool = True, limit: int = MAX_TEXT) -> str | None:
        """A person's, team's, entity's, tournament's or mesa's name, as it will be stored."""
        text = self.text(value, where, required=required, limit=limit)
        if text is None:
            return None
        problem = name_problem(text)
        if problem:
            self.add(where, f"o nome {problem}", "file.name_invalid")
            return None
        cleaned = clean_name(text)
        if required and not cleaned:
            self.add(where, "deve ser um texto não vazio", "file.text_invalid")
            return None
        return cleaned

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


def _path(trail: tuple[Any, ...]) -> str:
    """``("teams", 0, "players", 1, "name")`` as «teams[0].players[1].name»."""
    out = ""
    for part in trail:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "arquivo"


def _items(value: Any) -> Iterator[tuple[Any, Any]] | None:
    if isinstance(value, Mapping):
        return iter(value.items())
    if isinstance(value, list):
        return iter(enumerate(value))
    return None


def unstorable_texts(data: Any) -> list[Issue]:
    """Every text of the decoded file (keys too) with a NUL or a lone surrogate, and any
    nesting deeper than MAX_DEPTH; at most MAX_LISTED issues, in the file's order.

    Walks with a stack of iterators, not recursion, and keeps nothing per value."""
    issues: list[Issue] = []
    if isinstance(data, str) and unstorable(data):
        return [Issue("arquivo", _unstorable_message(unstorable(data) or ""), "file.text_unstorable")]
    top = _items(data)
    stack: list[tuple[tuple[Any, ...], Iterator[tuple[Any, Any]]]] = [((), top)] if top is not None else []
    while stack and len(issues) < MAX_LISTED:
        trail, items = stack[-1]
        step = next(items, None)
        if step is None:
            stack.pop()
            continue
        key, value = step
        char = unstorable(key) if isinstance(key, str) else None
        if char:
            issues.append(
                Issue(_path(trail), "uma chave " + _unstorable_message(char), "file.text_unstorable")
            )
            continue
        if isinstance(value, str):
            char = unstorable(value)
            if char:
                issues.append(Issue(_path((*trail, key)), _unstorable_message(char), "file.text_unstorable"))
            continue
        children = _items(value)
        if children is not None:
            if len(stack) >= MAX_DEPTH:
                issues.append(
                    Issue(_path((*trail, key)), f"aninhamento além de {MAX_DEPTH} níveis", "file.too_deep")
                )
                break
            stack.append(((*trail, key), children))
    return issues


def _unstorable_message(char: str) -> str:
    if char == "U+0000":
        return "contém um caractere nulo (U+0000), que não é aceito em textos do arquivo"
    return (
        f"contém um caractere inválido ({char}, substituto UTF-16 isolado), "
        "que não é aceito em textos do arquivo"
    )
