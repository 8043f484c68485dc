"""The JSON Schema of tenteio/1 (``tenteio-1.schema.json``) and its errors as :class:`Issue` lines.

The schema says everything about a file's shape: which keys exist and which are
required, types, the modality and the other enums, text lengths, list sizes, and the
forms of a result. :func:`shape_issues` runs it (jsonschema, draft 2020-12) and turns
each error into the loader's pt-BR issue: where (``teams[0].players[1].name``; the
whole file is «arquivo»), the rule broken, and a ``file.*`` code. What a schema cannot
say (a team key that names no team, the modality's roster size, the rules of a result)
is checked in ``schema.py`` and by the rules engine.

Two subtrees are the rules engine's to judge: ``tournament.settings`` (``rules.settings``)
and each ``matches[i].result`` (``rules.results``, ``rules.validation``), which report
with the codes the súmula pages use. Errors of the schema inside them come back marked
with the subtree (:attr:`ShapeIssue.subtree`) so that the loader reports them only
where the rules engine found nothing wrong there: the schema still holds for every
file, and a mistake is not reported twice.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from jsonschema import Draft202012Validator, ValidationError, validators

from core.text import digits
from interchange.checker import Issue, path_text
from rules.modalities import PRESETS

LOT_PURPOSES = ("tiebreak", "groups", "byes", "bracket", "swiss")

SCHEMA_PATH = Path(__file__).with_name("tenteio-1.schema.json")
MOMENT = gettext_lazy("use data e hora com o fuso, como 2026-12-12T09:00-03:00")
MAX_ERRORS = 1000  # schema errors read before giving up on a broken file

# (where with every list index written «[]», keyword or "*") → (code, message)
FIELDS: dict[tuple[str, str], tuple[str, Any]] = {
    ("format", "*"): ("file.format", gettext_lazy("deve ser «tenteio/1»")),
    ("tournament.slug", "*"): ("file.slug_invalid", gettext_lazy("use só letras, números, - e _ (até 100)")),
    ("tournament.date", "*"): ("file.date_invalid", gettext_lazy("use o formato AAAA-MM-DD")),
    ("tournament.end_date", "*"): ("file.date_invalid", gettext_lazy("use o formato AAAA-MM-DD")),
    **{
        (where, "*"): ("file.time_invalid", MOMENT)
        for where in (
            "tournament.checkin_deadline",
            "matches[].time",
            "stages[].rounds[].starts_at",
            "stages[].rounds[].deadline",
        )
    },
    ("tournament.modality", "*"): (
        "file.modality_unknown",
        format_lazy(gettext_lazy("modalidade desconhecida; use uma de: {}"), ", ".join(PRESETS)),
    ),
    ("tournament.stage_plan", "*"): (
        "file.value_invalid",
        gettext_lazy("«stage_plan» deve ser «groups», «groups_knockout», «knockout» ou «multi_phase»"),
    ),
    ("stages[].kind", "*"): ("file.stage_kind", gettext_lazy("«kind» deve ser «groups» ou «knockout»")),
    ("stages[].system", "enum"): (
        "file.value_invalid",
        gettext_lazy("«system» deve ser «round_robin» ou «swiss»"),
    ),
    ("stages[].system", "not"): ("file.unknown_key", gettext_lazy("só uma fase de chaves tem «system»")),
    ("stages[].swiss_rounds", "not"): (
        "file.unknown_key",
        gettext_lazy("só uma fase de chaves com «system»: «swiss» tem «swiss_rounds»"),
    ),
    ("stages[].swaps", "not"): (
        "file.unknown_key",
        gettext_lazy("só uma fase de chaves com «system»: «swiss» tem «swaps»"),
    ),
    ("matches[].bracket", "enum"): (
        "file.value_invalid",
        gettext_lazy("«bracket» deve ser «W», «L» ou «GF»"),
    ),
    ("lots[].order", "not"): (
        "file.unknown_key",
        gettext_lazy("um pareamento do suíço («swiss») tem «inputs» e «result», não «order»"),
    ),
    ("lots[].inputs", "not"): (
        "file.unknown_key",
        gettext_lazy("só um pareamento do suíço («swiss») tem «inputs»"),
    ),
    ("lots[].result", "not"): (
        "file.unknown_key",
        gettext_lazy("só um pareamento do suíço («swiss») tem «result»"),
    ),
    ("lots[].purpose", "*"): (
        "file.lot_purpose",
        format_lazy(gettext_lazy("«purpose» deve ser um de: {}"), ", ".join(LOT_PURPOSES)),
    ),
    ("stages[].teams", "not"): (
        "file.unknown_key",
        gettext_lazy("fase de chaves lista as equipes em «groups»"),
    ),
    ("stages[].groups", "not"): ("file.unknown_key", gettext_lazy("mata-mata lista as equipes em «teams»")),
    ("stages[].labels", "not"): ("file.unknown_key", gettext_lazy("só um mata-mata tem «labels»")),
    ("lots[].sizes", "not"): (
        "file.unknown_key",
        gettext_lazy("só um sorteio das chaves («groups») tem «sizes»"),
    ),
    ("lots[].stale", "not"): (
        "file.unknown_key",
        gettext_lazy("só um sorteio de desempate («tiebreak») tem «stale»"),
    ),
    ("stages[].teams", "uniqueItems"): ("file.team_twice", gettext_lazy("equipe repetida no mata-mata")),
    ("lots[].order", "uniqueItems"): ("file.team_twice", gettext_lazy("equipe repetida no sorteio")),
    ("matches[].teams", "*"): (
        "file.match_teams",
        gettext_lazy("«teams» deve listar as duas equipes do jogo"),
    ),
    ("matches[].teams[]", "*"): (
        "file.match_teams",
        gettext_lazy("«teams» deve listar as duas equipes do jogo"),
    ),
    ("matches[].table", "*"): (
        "file.table_invalid",
        gettext_lazy("«table» deve ser o nome da mesa (até 30 caracteres)"),
    ),
}

TYPE_WORDS = {
    "object": ("file.not_object", gettext_lazy("deve ser um objeto JSON")),
    "array": ("file.not_list", gettext_lazy("deve ser uma lista")),
    "string": ("file.text_invalid", gettext_lazy("deve ser um texto não vazio")),
    "boolean": ("file.boolean_invalid", gettext_lazy("deve ser true ou false")),
    "integer": ("file.integer_invalid", gettext_lazy("deve ser um número inteiro")),
}


@dataclass(frozen=True)
class ShapeIssue:
    issue: Issue
    subtree: str | None  # "settings", "result:<match index>", or None


@cache
def schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return schema


_ITEMS = Draft202012Validator.VALIDATORS["items"]


def _bounded_items(validator: Any, items: Any, instance: Any, schema: dict[str, Any]) -> Iterator[Any]:
    """«items», except that a list longer than its «maxItems» is not read: «maxItems»
    reports it, and its items would only cost time (a file can hold 300,000 objects)."""
    if isinstance(instance, list) and len(instance) > schema.get("maxItems", len(instance)):
        return
    yield from _ITEMS(validator, items, instance, schema)


Validator = validators.extend(Draft202012Validator, {"items": _bounded_items})


@cache
def validator() -> Any:
    """The schema's validator, on a copy with every «$ref» replaced by what it names: the
    same schema (none of its references is recursive), validated twice as fast, since
    jsonschema resolves a reference at every value it meets."""
    return Validator(_inline(schema(), schema()["$defs"]))


def _inline(node: Any, defs: dict[str, Any]) -> Any:
    if isinstance(node, dict):
        if "$ref" in node:
            named = defs[node["$ref"].removeprefix("#/$defs/")]
            return _inline({**named, **{k: v for k, v in node.items() if k != "$ref"}}, defs)
        return {k: _inline(v, defs) for k, v in node.items() if k != "$defs"}
    if isinstance(node, list):
        return [_inline(v, defs) for v in node]
    return node


def shape_issues(data: Any) -> list[ShapeIssue]:
    """The schema's errors of ``data`` as issues, in the order found, one per place, code
    and message; at most MAX_ERRORS errors are read (jsonschema takes ~30 µs a value)."""
    out: list[ShapeIssue] = []
    seen: set[tuple[str, str, str]] = set()
    for count, error in enumerate(validator().iter_errors(data)):
        if count == MAX_ERRORS:
            message = _("a conferência da estrutura parou depois de %(n)s problemas") % {
                "n": digits(MAX_ERRORS)
            }
            out.append(ShapeIssue(Issue(_("arquivo"), message, "file.too_many_problems"), None))
            break
        trail = tuple(error.absolute_path)
        subtree = _subtree(trail)
        for issue in _issues(error, trail):
            mark = (issue.where, issue.code, issue.message)
            if mark not in seen:
                seen.add(mark)
                out.append(ShapeIssue(issue, subtree))
    return out


def _subtree(trail: tuple[Any, ...]) -> str | None:
    if trail[:2] == ("tournament", "settings"):
        return "settings"
    if len(trail) >= 3 and trail[0] == "matches" and trail[2] == "result":
        return f"result:{trail[1]}"
    return None


def _pattern(trail: tuple[Any, ...]) -> str:
    return path_text(tuple("[]" if isinstance(p, int) else p for p in trail)).replace(".[]", "[]")


def _issues(error: ValidationError, trail: tuple[Any, ...]) -> Iterator[Issue]:
    keyword = str(error.validator)
    where = path_text(trail)
    instance = error.instance
    field = FIELDS.get((_pattern(trail), keyword)) or FIELDS.get((_pattern(trail), "*"))
    if field is not None:
        yield Issue(where, str(field[1]), field[0])
    elif keyword == "required":
        for key in error.validator_value:
            if isinstance(instance, dict) and key not in instance:
                yield Issue(
                    where, _("campo obrigatório «%(key)s» ausente") % {"key": key}, "file.missing_key"
                )
    elif keyword == "additionalProperties":
        known = error.schema.get("properties", {})
        for key in sorted((k for k in instance if k not in known), key=str):
            yield Issue(where, _("chave desconhecida «%(key)s»") % {"key": str(key)[:40]}, "file.unknown_key")
    elif keyword == "dependentRequired":
        for key, needed in error.validator_value.items():
            for other in needed:
                if key in instance and other not in instance:
                    yield Issue(
                        where,
                        _("«%(key)s» exige o campo «%(other)s»") % {"key": key, "other": other},
                        "file.missing_key",
                    )
    else:
        yield Issue(where, *_generic(error, keyword))


def _generic(error: ValidationError, keyword: str) -> tuple[str, str]:
    """(message, code) of an error that no entry of FIELDS covers."""
    schema, value = error.schema, error.validator_value
    types = schema.get("type", [])
    types = types if isinstance(types, list) else [types]
    if "integer" in types and keyword in ("type", "minimum", "maximum", "not"):
        low, high = schema.get("minimum"), schema.get("maximum")
        odd = "not" in schema
        if low is None:
            text = _("deve ser um número inteiro ímpar") if odd else _("deve ser um número inteiro")
        elif high is not None:
            text = (
                _("deve ser um número inteiro entre %(low)s e %(high)s e ímpar")
                if odd
                else _("deve ser um número inteiro entre %(low)s e %(high)s")
            ) % {"low": low, "high": high}
        else:
            text = (
                _("deve ser um número inteiro maior ou igual a %(low)s e ímpar")
                if odd
                else _("deve ser um número inteiro maior ou igual a %(low)s")
            ) % {"low": low}
        return (text, "file.integer_invalid")
    if keyword == "type":
        code, message = TYPE_WORDS.get(types[0], ("file.type_invalid", gettext_lazy("tipo inválido")))
        return (str(message), code)
    if keyword in ("pattern", "minLength"):
        return (_("deve ser um texto não vazio"), "file.text_invalid")
    if keyword == "maxLength":
        return (_("texto longo demais (máximo %(n)s caracteres)") % {"n": value}, "file.text_too_long")
    if keyword in ("maxItems", "maxProperties"):
        return (_("lista longa demais (máximo %(n)s itens)") % {"n": value}, "file.list_too_long")
    if keyword == "minItems":
        return (_("lista curta demais (mínimo %(n)s itens)") % {"n": value}, "file.list_too_short")
    if keyword == "uniqueItems":
        return (_("itens repetidos na lista"), "file.list_repeated")
    if keyword in ("enum", "const"):
        choices = value if keyword == "enum" else [value]
        listed = ", ".join(f"«{c}»" for c in choices)
        return (
            _("valor %(value)s inválido; use %(choices)s")
            % {"value": _short(error.instance), "choices": listed},
            "file.value_invalid",
        )
    if keyword == "not":
        return (_("campo não permitido aqui"), "file.unknown_key")
    return (error.message[:200], f"file.{keyword}")


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return f"«{text if len(text) <= 40 else text[:37] + '...'}»"
