"""The before/after of a row as a comissão reads it: labelled fields, formatted values.

Written with the entry (pt-BR, like its summary), so the trail reads the same after a
team or a person is gone. Labels are the model fields' verbose names, or the words of
:data:`LABELS` for fields declared without one; a field with neither, and the technical
fields of :data:`TECHNICAL` (addresses, browsers, hashes, keys, stamps), are not shown:
they stay in the entry's raw ``before``/``after``, exported with the CSV.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.db import models
from django.utils import formats, timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import override

from scoring import models as s
from scoring.diff import Names, diff
from tournaments import models as t
from tournaments.bounds import LABELS as RULE_LABELS
from tournaments.tiebreaks import CRITERION_LABELS

NONE = "—"
SHEET_CONTENT = ("result", "lineups", "observations")
TECHNICAL = frozenset(
    {
        "id", "tournament", "match", "sheet", "key", "slug", "secret_hash", "pin_hash", "ip",
        "entered_ip", "user_agent", "source", "actor", "at", "created_at", "updated_at",
        "entered_at", "recorded_at", "changed_at", "performed_at", "inputs", "details",
        "normalizations", "based_on", "order", "changed_by", "recorded_by", "performed_by",
    }
)  # fmt: skip
# pt-BR words for the watched fields declared without a verbose name.
LABELS: dict[str, str] = {
    "status": "situação",
    "role": "papel",
    "user": "pessoa",
    "team": "equipe",
    "team_a": "equipe A",
    "team_b": "equipe B",
    "kind": "tipo",
    "reason": "motivo",
    "after_deadline": "após o encerramento do check-in",
    "version": "versão",
    "confirmed": "vale para o jogo",
    "confirmed_by": "confirmada por",
    "confirmed_at": "confirmada em",
    "entered_by": "lançada por",
    "note": "nota",
    "method": "forma de assinatura",
    "failed_attempts": "tentativas erradas",
    "locked_until": "bloqueado até",
    "purpose": "sorteio",
    "seed": "semente",
    "result": "resultado",
    "stage": "fase",
    "group": "chave",
    "table": "mesa",
    "tables": "mesas",
    "rounds": "rodadas",
    "scope": "alcance",
    "created_by": "criado por",
    "opened_at": "aberto em",
    "revoked_at": "revogado em",
    "revoked_by": "revogado por",
    "stage_plan": "formato",
    "entity": "entidade",
}


def label_of(field: models.Field[Any, Any]) -> str:
    with override("pt-br"):
        own = str(field.verbose_name)
    if own != field.name.replace("_", " "):
        return own
    return LABELS.get(field.name, "")


def _person(user: Any) -> str:
    return (user.get_full_name() or user.get_username()) if user is not None else NONE


def _related(field: models.Field[Any, Any], pk: Any) -> str:
    model = field.related_model
    obj = model._default_manager.filter(pk=pk).first()  # type: ignore[union-attr]
    if obj is None:
        return f"#{pk}"
    if model is get_user_model():
        return _person(obj)
    if isinstance(obj, t.Match):
        return match_label(obj)
    for attr in ("name", "key"):
        if hasattr(obj, attr):
            return str(getattr(obj, attr))
    return str(obj)


def match_label(match: t.Match) -> str:
    """«Mesa 3 · Rodada 2 (Trio A × Trio B)»: where and when, then who."""
    table = match.table.name if match.table is not None else ""
    where = [f"Mesa {table}" if table else "", f"Rodada {match.round}" if match.round else ""]
    place = " · ".join(w for w in where if w)
    teams = f"{match.team_a.name} × {match.team_b.name}"
    return f"{place} ({teams})" if place else teams


def _settings(value: Any) -> str:
    if not isinstance(value, Mapping) or not value:
        return "nenhuma (as da modalidade)"
    out = []
    for name, v in value.items():
        if name == "tiebreakers" and isinstance(v, list):
            out.append("Critérios de desempate: " + ", ".join(str(CRITERION_LABELS.get(c, c)) for c in v))
        elif name == "sweep_bonus":
            out.append(f"2 a 0 conta a terceira partida: {'sim' if v else 'não'}")
        elif name in RULE_LABELS:
            out.append(f"{RULE_LABELS[name]}: {v}")
        else:
            out.append(f"Outra regra: {v}")  # a key this page does not know: never its code name
    return "; ".join(out)


def _json(model: type[Any], name: str, value: Any) -> str:
    if model is t.Tournament and name == "settings":
        return _settings(value)
    if model is s.JudgeLink and name == "tables":
        ids = value or []
        return ", ".join(t.Table.objects.filter(pk__in=ids).values_list("name", flat=True)) or "todas"
    if model is s.JudgeLink and name == "rounds":
        return ", ".join(f"Rodada {n}" for _, n in value or []) or "todas"
    if model is t.DrawOfLots and name == "result" and isinstance(value, list):
        names = dict(t.Team.objects.filter(key__in=_keys(value)).values_list("key", "name"))
        return "; ".join(
            f"Chave {c.get('name')}: " + ", ".join(names.get(k, k) for k in c.get("teams", []))
            for c in value
            if isinstance(c, Mapping)
        )
    return ""


def _keys(chaves: list[Any]) -> list[str]:
    return [k for c in chaves if isinstance(c, Mapping) for k in c.get("teams", []) if isinstance(k, str)]


def value_text(model: type[Any], field: models.Field[Any, Any], value: Any) -> str:
    if value is None or value == "":
        return NONE
    if isinstance(field, models.BooleanField):
        return "sim" if value else "não"
    if field.choices:
        with override("pt-br"):
            return str(dict(field.flatchoices).get(value, value))
    if isinstance(field, models.ForeignKey):
        return _related(field, value)
    if isinstance(field, models.DateTimeField):
        moment = parse_datetime(str(value))
        return formats.date_format(timezone.localtime(moment), "d/m/Y H:i") if moment else str(value)
    if isinstance(field, models.DateField):
        day = parse_date(str(value))
        return formats.date_format(day, "d/m/Y") if day else str(value)
    if isinstance(field, models.JSONField):
        with override("pt-br"):
            return _json(model, field.name, value)
    return str(value)


def _sheet_rows(
    instance: Any, before: Mapping[str, Any] | None, after: Mapping[str, Any] | None
) -> list[list[str]]:
    def content(row: Mapping[str, Any] | None) -> dict[str, Any] | None:
        if row is None:
            return None
        return {k: row.get(k, getattr(instance, k)) for k in SHEET_CONTENT}

    match = t.Match.objects.select_related("team_a", "team_b").get(pk=instance.match_id)
    return [[c.field, c.before, c.after] for c in diff(content(before), content(after), Names.of(match))]


def readable(
    instance: Any, before: Mapping[str, Any] | None, after: Mapping[str, Any] | None
) -> list[list[str]]:
    """[[label, before, after], …] of the fields a comissão decides, in the model's order."""
    model = type(instance)
    names = set(before or {}) | set(after or {})
    rows: list[list[str]] = []
    if model is s.ScoreSheet and names & set(SHEET_CONTENT):
        rows += _sheet_rows(instance, before, after)
    for field in model._meta.concrete_fields:
        if field.attname not in names or field.name in TECHNICAL or (model, field.name) in _SKIP:
            continue
        label = label_of(field)
        if not label:
            continue
        old = value_text(model, field, before[field.attname]) if before is not None else NONE
        new = value_text(model, field, after[field.attname]) if after is not None else NONE
        if old != new and (old, new) != (NONE, ""):
            rows.append([label[:1].upper() + label[1:], old, new])
    return rows


# Shown by _sheet_rows instead, or not a decision.
# The history row's kind is what the entry's sentence says already.
_SKIP = {(s.ScoreSheet, n) for n in SHEET_CONTENT} | {(t.DrawOfLots, "inputs"), (s.SheetEvent, "kind")}
