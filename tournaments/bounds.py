"""Bounds of the numbers an organizer types into a tournament's settings.

The rules engine accepts any positive target and any odd «melhor de»; a form must not:
500 tentos is a typing slip, not a partida. Each bound is checked here, in the request's
language (pt-BR unless English was chosen), naming
the field and the range, for the create and the edit pages alike. The target's range
depends on the modality: from half to twice its preset's target (Truco Cego trios,
24 tentos: 12 to 48; Truco Paulista, 12: 6 to 24).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core import words
from rules.modalities import PRESETS

# field -> (minimum, maximum, what it counts)
# (every maximum is above 1: the unit is always plural)
FIXED: dict[str, tuple[int, int, Any]] = {
    "best_of": (1, 7, gettext_lazy("partidas")),
    "match_minutes": (5, 600, gettext_lazy("minutos")),
    "partida_minutes": (5, 300, gettext_lazy("minutos")),
    "max_reserves": (0, 6, gettext_lazy("reservas")),
    "table_count": (1, 500, gettext_lazy("mesas")),
}
LABELS = {
    "points_to_win": gettext_lazy("Tentos ou pontos por partida"),  # a preset names its own (core.words)
    "best_of": gettext_lazy("Partidas por jogo (melhor de)"),
    "match_minutes": gettext_lazy("Minutos por jogo"),
    "partida_minutes": gettext_lazy("Minutos por partida"),
    "max_reserves": gettext_lazy("Reservas por equipe"),
    "table_count": gettext_lazy("Número de mesas"),
}


def target_range(modality: str) -> tuple[int, int]:
    """(least, most) tentos a partida of this modality may be played to."""
    target = PRESETS[modality].points_to_win
    return max(1, target // 2), target * 2


def bound_errors(modality: str, values: Mapping[str, object]) -> dict[str, list[str]]:
    """Field -> message (in the active language) for every number of ``values`` outside its range."""
    errors: dict[str, list[str]] = {}
    for name, value in values.items():
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        if name == "points_to_win" and modality in PRESETS:
            low, high = target_range(modality)
            preset = PRESETS[modality]
            unit = words.points(preset)
            if not low <= value <= high:
                errors[name] = [
                    _(
                        "%(label)s: de %(low)d a %(high)d %(unit)s no %(modality)s (o padrão é "
                        "%(default)d); informado: %(value)d."
                    )
                    % {
                        "label": words.points_per_partida(preset),
                        "low": low,
                        "high": high,
                        "unit": unit,
                        "modality": words.modality_name(preset),
                        "default": preset.points_to_win,
                        "value": value,
                    }
                ]
        elif name in FIXED:
            low, high, unit = FIXED[name]
            if not low <= value <= high:
                errors[name] = [
                    _("%(label)s: de %(low)d a %(high)d %(unit)s; informado: %(value)d.")
                    % {"label": LABELS[name], "low": low, "high": high, "unit": unit, "value": value}
                ]
    return errors


def bounded_integer(
    label: Any, low: int, high: int, unit: Any, *, required: bool = True, **kwargs: object
) -> forms.IntegerField:
    """An integer field whose refusals name the field and its range («Minutos
    por rodada: de 1 a 1440 minutos; informado: 0.»), for the forms that check their
    numbers themselves (the rodadas' programação)."""
    # The template is translated lazily too: the form is built at import, shown per request.
    out_of_range = format_lazy(
        gettext_lazy("{}: de {} a {} {}; informado: %(show_value)s."), label, low, high, unit
    )
    return forms.IntegerField(
        label=label,
        required=required,
        min_value=low,
        max_value=high,
        error_messages={
            "required": format_lazy(
                gettext_lazy("{}: informe um número de {} a {} {}."), label, low, high, unit
            ),
            "invalid": format_lazy(
                gettext_lazy("{}: informe um número inteiro de {} a {} {}."), label, low, high, unit
            ),
            "min_value": out_of_range,
            "max_value": out_of_range,
        },
        **kwargs,  # type: ignore[arg-type]
    )


class MinuteField(forms.DateTimeField):
    """A date and time to the minute: seconds typed or sent are dropped."""

    def to_python(self, value: Any) -> datetime | None:
        result = super().to_python(value)
        return result.replace(second=0, microsecond=0) if result is not None else None


def when_field(label: Any, *, required: bool = True, **kwargs: object) -> forms.DateTimeField:
    """A date and time to the minute (no seconds: the widget is ``datetime-local`` with
    a one-minute step), refused with a message naming the field."""
    return MinuteField(
        label=label,
        required=required,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local", "step": 60}, format="%Y-%m-%dT%H:%M"),
        error_messages={
            "required": format_lazy(
                gettext_lazy("{}: informe a data e a hora (dia/mês/ano e horas:minutos)."), label
            ),
            "invalid": format_lazy(
                gettext_lazy("{}: informe a data e a hora, como 14/02/2026 10:00."), label
            ),
        },
        **kwargs,  # type: ignore[arg-type]
    )
