"""Issues of a tenteio/1 file, the name check of the loader, and the walk for unstorable text.

An :class:`Issue` is one problem with the file, naming where it is; the loader collects
them instead of raising, so a broken file is reported whole. :class:`Checker` collects
the issues of the checks that follow the schema (``schema.py``); names are read by
:meth:`Checker.name`, which refuses what ``core.text.name_problem`` refuses and returns
the ``clean_name``. :func:`unstorable_texts` runs first, over the whole decoded file:
a NUL or a lone surrogate anywhere (a name, a key, a result) would make the database or
the page fail later, so the file is refused at once, naming where they are.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from core.text import clean_name, name_problem, unstorable

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
    match: int | None = field(default=None, compare=False)  # index in «matches», for results

    def line(self) -> str:
        """For the commands' output and the logs: where, what, and the rule's code."""
        suffix = f" [{self.code}]" if self.code else ""
        return f"{self.where}: {self.message}{suffix}" if self.where else f"{self.message}{suffix}"

    def sentence(self) -> str:
        """For a person on the import page: where and what, without the code."""
        return f"{self.where}: {self.message}" if self.where else self.message


class Checker:
    """Collects issues while reading values the schema (``shape.py``) has already judged."""

    def __init__(self) -> None:
        self.issues: list[Issue] = []

    def add(self, where: str, message: str, code: str = "") -> None:
        self.issues.append(Issue(where, message, code))

    def name(self, value: Any, where: str, *, required: bool = True) -> str | None:
        """A person's, team's, entity's, tournament's or mesa's name, as it will be stored.

        None for a value that is not a text (the schema reports it), for a name
        ``core.text.name_problem`` refuses, and for one that is empty once cleaned."""
        if not isinstance(value, str):
            return None
        problem = name_problem(value)
        if problem:
            self.add(where, _("o nome %(problem)s") % {"problem": problem}, "file.name_invalid")
            return None
        cleaned = clean_name(value)
        if required and not cleaned and value.strip():
            # Only invisible characters: the schema's «not blank» cannot see them.
            self.add(where, _("deve ser um texto não vazio"), "file.text_invalid")
        return cleaned or None


def path_text(trail: tuple[Any, ...]) -> str:
    """``("teams", 0, "players", 1, "name")`` as «teams[0].players[1].name»."""
    out = ""
    for part in trail:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or _("arquivo")


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
        return [Issue(_("arquivo"), _unstorable_message(unstorable(data) or ""), "file.text_unstorable")]
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
                Issue(
                    path_text(trail),
                    _("uma chave %(problem)s") % {"problem": _unstorable_message(char)},
                    "file.text_unstorable",
                )
            )
            continue
        if isinstance(value, str):
            char = unstorable(value)
            if char:
                issues.append(
                    Issue(path_text((*trail, key)), _unstorable_message(char), "file.text_unstorable")
                )
            continue
        children = _items(value)
        if children is not None:
            if len(stack) >= MAX_DEPTH:
                issues.append(
                    Issue(
                        path_text((*trail, key)),
                        _("aninhamento além de %(n)d níveis") % {"n": MAX_DEPTH},
                        "file.too_deep",
                    )
                )
                break
            stack.append(((*trail, key), children))
    return issues


def _unstorable_message(char: str) -> str:
    if char == "U+0000":
        return _("contém um caractere nulo (U+0000), que não é aceito em textos do arquivo")
    return _(
        "contém um caractere inválido (%(char)s, substituto UTF-16 isolado), que não é aceito em textos do "
        "arquivo"
    ) % {"char": char}
