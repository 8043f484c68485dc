"""Per-tournament overrides of a modality preset, by their interchange names.

``OVERRIDABLE`` is the registry: each name maps to a parser that checks the raw value
(as it comes from JSON or a form) and converts it to the :class:`Modality` field type.
:func:`apply_overrides` collects every problem before raising one :class:`RulesError`,
so an organizer sees all bad settings at once. :func:`modality_to_settings` is the
inverse, for export: ``apply_overrides(preset, modality_to_settings(m)) == m``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum

from rules.modality_params import CrossGroupMethod, FaltaBasis, Family, Modality, TimeLimit
from rules.problems import Problem, RulesError, describe_value, problem
from rules.types import Criterion

# A parser returns the converted value, or the problems found in the raw value.
Parsed = tuple[object, list[Problem]]
Parser = Callable[[str, object], Parsed]


def _type_problem(name: str, value: object, expected: str) -> Parsed:
    return None, [problem("settings.type_invalid", name=name, value=describe_value(value), expected=expected)]


def _is_int(value: object) -> bool:
    # bool is a subclass of int; True is not a number of points.
    return isinstance(value, int) and not isinstance(value, bool)


def _bool(name: str, value: object) -> Parsed:
    if isinstance(value, bool):
        return value, []
    return _type_problem(name, value, "boolean")


def _int_at_least(minimum: int, *, optional: bool = False) -> Parser:
    def parse(name: str, value: object) -> Parsed:
        if value is None and optional:
            return None, []
        if not _is_int(value):
            return _type_problem(name, value, "integer")
        assert isinstance(value, int)
        if value < minimum:
            return None, [problem("settings.value_too_small", name=name, value=value, minimum=minimum)]
        return value, []

    return parse


def _points_to_win(name: str, value: object) -> Parsed:
    if not _is_int(value) or not isinstance(value, int) or value <= 0:
        return None, [problem("settings.points_to_win_invalid", value=describe_value(value))]
    return value, []


def _best_of(name: str, value: object) -> Parsed:
    # Odd, so that "first to best_of // 2 + 1 wins" always decides without ties.
    if not _is_int(value) or not isinstance(value, int) or value < 1 or value % 2 == 0:
        return None, [problem("settings.best_of_invalid", value=describe_value(value))]
    return value, []


def _choice(enum: type[Enum]) -> Parser:
    def parse(name: str, value: object) -> Parsed:
        for member in enum:
            if value == member.value:
                return member, []
        choices = ", ".join(str(m.value) for m in enum)
        return None, [
            problem("settings.choice_invalid", name=name, value=describe_value(value), choices=choices)
        ]

    return parse


def _criteria(name: str, value: object) -> Parsed:
    if not isinstance(value, (list, tuple)):
        return _type_problem(name, value, "list")
    if not value:
        return None, [problem("settings.tiebreakers_empty", name=name)]
    known = {c.value: c for c in Criterion}
    result: list[Criterion] = []
    problems: list[Problem] = []
    for item in value:
        criterion = known.get(item) if isinstance(item, str) else None
        if criterion is None:
            problems.append(problem("settings.tiebreaker_unknown", name=name, value=describe_value(item)))
        elif criterion in result:
            problems.append(problem("settings.tiebreaker_duplicate", name=name, value=criterion.value))
        else:
            result.append(criterion)
    return (tuple(result), []) if not problems else (None, problems)


@dataclass(frozen=True, slots=True)
class Setting:
    field: str  # the Modality field it sets
    parse: Parser


OVERRIDABLE: dict[str, Setting] = {
    "points_to_win": Setting("points_to_win", _points_to_win),
    "best_of": Setting("best_of", _best_of),
    "sweep_bonus": Setting("sweep_bonus", _bool),
    "walkover_expels": Setting("walkover_expels", _bool),
    "tiebreakers": Setting("tiebreakers", _criteria),
    "cross_group_criteria": Setting("cross_group_criteria", _criteria),
    "cross_group_method": Setting("cross_group_method", _choice(CrossGroupMethod)),
    "third_place_match": Setting("third_place_match", _bool),
    "time_limit": Setting("time_limit", _choice(TimeLimit)),
    "match_minutes": Setting("match_minutes", _int_at_least(1, optional=True)),
    "partida_minutes": Setting("partida_minutes", _int_at_least(1, optional=True)),
    "tiebreak_minutes": Setting("tiebreak_minutes", _int_at_least(1, optional=True)),
    "tiebreak_game": Setting("tiebreak_game", _bool),
    "game_disqualification": Setting("game_disqualification", _bool),
    "max_reserves": Setting("max_reserves", _int_at_least(0)),
    "max_single_award": Setting("max_single_award", _int_at_least(1)),
    "exclusive_registration": Setting("exclusive_registration", _bool),
    "falta_basis": Setting("falta_basis", _choice(FaltaBasis)),
}


def apply_overrides(modality: Modality, overrides: Mapping[str, object]) -> Modality:
    """``modality`` with ``overrides`` applied; raises RulesError listing every problem."""
    problems: list[Problem] = []
    changes: dict[str, object] = {}
    for name, raw in overrides.items():
        setting = OVERRIDABLE.get(name)
        if setting is None:
            problems.append(problem("settings.unknown", name=describe_value(name)))
            continue
        value, found = setting.parse(name, raw)
        problems.extend(found)
        if not found:
            changes[setting.field] = value
    target = changes.get("points_to_win")
    if isinstance(target, int) and modality.malos is not None:
        # The malos/buenos split is half the target; an odd target has no clean split.
        half = target // 2 if target % 2 == 0 else None
        changes["malos"] = changes["buenos"] = half
    result = dataclasses.replace(modality, **changes)  # type: ignore[arg-type]
    if result.time_limit is TimeLimit.HIGHER_SCORE and result.partida_minutes is None:
        problems.append(problem("settings.partida_minutes_required"))
    if result.family is Family.GOIANO_003 and result.third_place_match:
        # V-M18 [003 L137] «Não haverá disputa de terceiro e quarto lugar.»: no setting adds one.
        problems.append(problem("knockout.third_place_not_allowed", modality=result.key))
    if problems:
        raise RulesError(problems)
    return result


def modality_to_settings(modality: Modality) -> dict[str, object]:
    """Every overridable value of ``modality`` in its interchange (JSON) form."""
    out: dict[str, object] = {}
    for name, setting in OVERRIDABLE.items():
        value = getattr(modality, setting.field)
        if isinstance(value, Enum):
            value = value.value
        elif isinstance(value, tuple):
            value = [v.value for v in value]
        out[name] = value
    return out
