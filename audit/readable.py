"""The before/after of a row as a comissão reads it: labelled fields, formatted values.

Written with the entry, like its summary, once per language of the site (the caller
activates each: see ``audit.languages``), so the trail reads the same after a team or a
person is gone. Labels are the model fields' verbose names, or the words of
:data:`LABELS` for fields declared without one; a field with neither, and the technical
fields of :data:`TECHNICAL` (addresses, browsers, hashes, keys, stamps), are not shown:
they stay in the entry's raw ``before``/``after``, exported with the CSV.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import models
from django.utils import formats, timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, override

from scoring import models as s
from scoring.diff import Names, diff
from tournaments import models as t
from tournaments.bounds import LABELS as RULE_LABELS
from tournaments.phases import match_where
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
# Words for the watched fields declared without a verbose name (see label_of).
LABELS: dict[str, Any] = {
    "status": gettext_lazy("situação"),
    "role": gettext_lazy("papel"),
    "user": gettext_lazy("pessoa"),
    "team": gettext_lazy("equipe"),
    "team_a": gettext_lazy("equipe A"),
    "team_b": gettext_lazy("equipe B"),
    "kind": gettext_lazy("tipo"),
    "reason": gettext_lazy("motivo"),
    "after_deadline": gettext_lazy("após o encerramento do check-in"),
    "version": gettext_lazy("versão"),
    "confirmed": gettext_lazy("vale para o jogo"),
    "confirmed_by": gettext_lazy("confirmada por"),
    "confirmed_at": gettext_lazy("confirmada em"),
    "entered_by": gettext_lazy("lançada por"),
    "note": gettext_lazy("nota"),
    "method": gettext_lazy("forma de assinatura"),
    "failed_attempts": gettext_lazy("tentativas erradas"),
    "locked_until": gettext_lazy("bloqueado até"),
    "purpose": gettext_lazy("sorteio"),
    "seed": gettext_lazy("semente"),
    "result": gettext_lazy("resultado"),
    "stage": gettext_lazy("fase"),
    "group": gettext_lazy("chave"),
    "table": gettext_lazy("mesa"),
    "tables": gettext_lazy("mesas"),
    "rounds": gettext_lazy("rodadas"),
    "scope": gettext_lazy("alcance"),
    "created_by": gettext_lazy("criado por"),
    "opened_at": gettext_lazy("aberto em"),
    "revoked_at": gettext_lazy("revogado em"),
    "revoked_by": gettext_lazy("revogado por"),
    "stage_plan": gettext_lazy("formato"),
    "entity": gettext_lazy("entidade"),
}


def label_of(field: models.Field[Any, Any]) -> str:
    """The field's words in the active language: its verbose name, or else :data:`LABELS`."""
    # Django names a field declared without a verbose name after itself. Decided in pt-BR,
    # the declared words: an English one may happen to be the field's name ("name").
    with override(settings.LANGUAGE_CODE):
        declared = str(field.verbose_name) != field.name.replace("_", " ")
    return str(field.verbose_name) if declared else str(LABELS.get(field.name, ""))


def loaded(instance: Any, name: str) -> Any:
    """The row that ``instance``'s foreign key ``name`` points to when it is already in
    memory (the service that saved ``instance`` assigned or read it: Django keeps it, and
    forgets it when the key changes), else None. The trail reads it from there instead of
    asking the database again, once per row and per language."""
    field = instance._meta.get_field(name)
    return field.get_cached_value(instance, None)


def _person(user: Any) -> str:
    return (user.get_full_name() or user.get_username()) if user is not None else NONE


def _related(field: models.Field[Any, Any], pk: Any, instance: Any) -> str:
    model = field.related_model
    obj = loaded(instance, field.name)
    if obj is None or obj.pk != pk:  # the "before" of a changed key is not in memory
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


def match_label(match: t.Match, names: dict[int, str] | None = None) -> str:
    """«mesa 3 · rodada 2 (Trio A × Trio B)», a mata-mata's by its phase («mesa 1 ·
    Semifinais (…)»): where and when, then who (``names``: see ``match_where``)."""
    place = " · ".join(match_where(match, names))
    teams = f"{match.team_a.name} × {match.team_b.name}"
    return f"{place} ({teams})" if place else teams


def _settings(value: Any) -> str:
    if not isinstance(value, Mapping) or not value:
        return _("nenhuma (as da modalidade)")
    out = []
    for name, v in value.items():
        if name == "tiebreakers" and isinstance(v, list):
            criteria = ", ".join(str(CRITERION_LABELS.get(c, c)) for c in v)
            out.append(_("Critérios de desempate: %(criteria)s") % {"criteria": criteria})
        elif name == "sweep_bonus":
            out.append(
                _("2 a 0 conta a terceira partida: sim") if v else _("2 a 0 conta a terceira partida: não")
            )
        elif name in RULE_LABELS:
            out.append(f"{RULE_LABELS[name]}: {v}")
        else:
            out.append(
                _("Outra regra: %(value)s") % {"value": v}
            )  # a key this page does not know: never its code name
    return "; ".join(out)


def _json(model: type[Any], name: str, value: Any) -> str:
    if model is t.Tournament and name == "settings":
        return _settings(value)
    if model is s.JudgeLink and name == "tables":
        ids = value or []
        return ", ".join(t.Table.objects.filter(pk__in=ids).values_list("name", flat=True)) or _("todas")
    if model is s.JudgeLink and name == "rounds":
        return ", ".join(_("Rodada %(n)s") % {"n": n} for _stage, n in value or []) or _("todas")
    if model is t.DrawOfLots and name == "result" and isinstance(value, list):
        names = dict(t.Team.objects.filter(key__in=_keys(value)).values_list("key", "name"))
        return "; ".join(
            _("Chave %(name)s: %(teams)s")
            % {"name": c.get("name"), "teams": ", ".join(names.get(k, k) for k in c.get("teams", []))}
            for c in value
            if isinstance(c, Mapping)
        )
    return ""


def _keys(chaves: list[Any]) -> list[str]:
    return [k for c in chaves if isinstance(c, Mapping) for k in c.get("teams", []) if isinstance(k, str)]


def value_text(instance: Any, field: models.Field[Any, Any], value: Any) -> str:
    model = type(instance)
    if value is None or value == "":
        return NONE
    if isinstance(field, models.BooleanField):
        return _("sim") if value else _("não")
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    if isinstance(field, models.ForeignKey):
        return _related(field, value, instance)
    if isinstance(field, models.DateTimeField):
        moment = parse_datetime(str(value))
        return formats.date_format(timezone.localtime(moment), "d/m/Y H:i") if moment else str(value)
    if isinstance(field, models.DateField):
        day = parse_date(str(value))
        return formats.date_format(day, "d/m/Y") if day else str(value)
    if isinstance(field, models.JSONField):
        return _json(model, field.name, value)
    return str(value)


def _sheet_rows(
    instance: Any, before: Mapping[str, Any] | None, after: Mapping[str, Any] | None
) -> list[list[str]]:
    def content(row: Mapping[str, Any] | None) -> dict[str, Any] | None:
        if row is None:
            return None
        return {k: row.get(k, getattr(instance, k)) for k in SHEET_CONTENT}

    match = loaded(instance, "match") or t.Match.objects.select_related("team_a", "team_b").get(
        pk=instance.match_id
    )
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
        old = value_text(instance, field, before[field.attname]) if before is not None else NONE
        new = value_text(instance, field, after[field.attname]) if after is not None else NONE
        if old != new and (old, new) != (NONE, ""):
            rows.append([label[:1].upper() + label[1:], old, new])
    return rows


# Shown by _sheet_rows instead, or not a decision.
# The history row's kind is what the entry's sentence says already.
_SKIP = {(s.ScoreSheet, n) for n in SHEET_CONTENT} | {(t.DrawOfLots, "inputs"), (s.SheetEvent, "kind")}
