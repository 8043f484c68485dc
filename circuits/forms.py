"""Forms of the circuit organizer pages: they shape the input; the services
(``circuits.services``) decide what is allowed and say why in pt-BR.

The points table is a preset or a table of its own written by bands, one a line:
«1: 25», «5-8: 13» (the 5º to the 8º lugar, 13 points each), from the 1º lugar with no
gap (``rules.circuit.table_from_bands``).
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from circuits.messages import setting_message
from circuits.models import Circuit
from rules.circuit import CircuitSettingError, PointsTable, bands_of, table_from_bands
from rules.circuit_terms import DEFAULT_PRECEDENCE, CircuitCriterion

CUSTOM = "custom"
PRESET_CHOICES = [
    ("circuit", _("circuito: 25, 21, 17, 15, 13 do 5º ao 8º, 1 aos demais")),
    ("rodeio", _("rodeio: 12, 9, 6, 3")),
    ("linear", _("linear: 10 ao 1º, um a menos por lugar")),
    (CUSTOM, _("tabela própria, por faixas")),
]
TIEBREAK_CHOICES = [
    ("", "—"),
    (CircuitCriterion.ETAPAS_WON.value, _("etapas vencidas")),
    (CircuitCriterion.BEST_PLACINGS.value, _("melhores colocações")),
    (CircuitCriterion.HEAD_TO_HEAD.value, _("confronto direto nas etapas")),
    (CircuitCriterion.LOTS.value, _("sorteio")),
]
TIEBREAK_SLOTS = 4
_BAND = re.compile(r"^\s*(\d+)\s*(?:[-–a]\s*(\d+))?\s*º?\s*[:=]\s*(\d+)\s*$")


def _choice(form: forms.Form, name: str) -> forms.ChoiceField:
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField)
    return field


def bands_text(table: PointsTable) -> str:
    """A table as the bands the form shows: «1: 25», «5-8: 13»."""
    return "\n".join(
        f"{first}: {points}" if first == last else f"{first}-{last}: {points}"
        for first, last, points in bands_of(table)
    )


class CircuitSettingsForm(forms.Form):
    """A circuit's points and rules (the settings page; the creation form adds the rest)."""

    preset = forms.ChoiceField(label=_("Tabela de pontos"), choices=PRESET_CHOICES)
    bands = forms.CharField(
        label=_("Tabela própria, por faixas"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text=_("Uma faixa por linha, a partir do 1º lugar: «1: 25», «2: 21», «5-8: 13»."),
    )
    participation = forms.IntegerField(
        label=_("Pontos de participação (demais lugares)"), required=False, min_value=0
    )
    shared_points = forms.ChoiceField(label=_("Colocações divididas recebem"), choices=Circuit.Shared.choices)
    best_n = forms.IntegerField(
        label=_("Melhores resultados contados"),
        required=False,
        help_text=_("Em branco: todas as etapas contam."),
    )
    entity_mode = forms.ChoiceField(label=_("Pontos da entidade"), choices=Circuit.EntityMode.choices)
    entity_best_k = forms.IntegerField(label=_("Melhores equipes da entidade por etapa"), initial=1)
    is_public = forms.BooleanField(label=_("Classificação pública"), required=False, initial=True)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for k in range(1, TIEBREAK_SLOTS + 1):
            self.fields[f"tiebreak_{k}"] = forms.ChoiceField(
                label=gettext("%(n)dº critério de desempate") % {"n": k},
                choices=TIEBREAK_CHOICES,
                required=False,
            )

    @property
    def tiebreak_fields(self) -> list[forms.BoundField]:
        return [self[f"tiebreak_{k}"] for k in range(1, TIEBREAK_SLOTS + 1)]

    @staticmethod
    def initial_of(circuit: Circuit) -> dict[str, Any]:
        table = circuit.table()
        initial: dict[str, Any] = {
            "preset": circuit.preset or CUSTOM,
            "bands": bands_text(table),
            "participation": table.participation,
            "shared_points": circuit.shared_points,
            "best_n": circuit.best_n,
            "entity_mode": circuit.entity_mode,
            "entity_best_k": circuit.entity_best_k,
            "is_public": circuit.is_public,
        }
        for k, criterion in enumerate(circuit.tiebreakers, start=1):
            initial[f"tiebreak_{k}"] = criterion
        return initial

    def clean_best_n(self) -> int | None:
        value: int | None = self.cleaned_data.get("best_n")
        if value is not None and value < 1:
            raise forms.ValidationError(setting_message(CircuitSettingError("circuit.best_n_invalid")))
        return value

    def clean_entity_best_k(self) -> int:
        value: int | None = self.cleaned_data.get("entity_best_k")
        if value is None or value < 1:
            raise forms.ValidationError(setting_message(CircuitSettingError("circuit.best_k_invalid")))
        return value

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        data["table"] = None
        if data.get("preset") == CUSTOM:
            data["table"] = self._table(data.get("bands", ""), data.get("participation") or 0)
        return data

    def _table(self, text: str, participation: int) -> PointsTable | None:
        bands = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            found = _BAND.match(line)
            if found is None:
                self.add_error(
                    "bands",
                    gettext("Tabela própria, linha %(n)d: escreva «lugar: pontos» ou «de-até: pontos».")
                    % {"n": number},
                )
                return None
            first, last, points = found.groups()
            bands.append((int(first), int(last or first), int(points)))
        if not bands:
            self.add_error("bands", gettext("Tabela própria: informe ao menos os pontos do 1º lugar."))
            return None
        try:
            return table_from_bands(bands, participation)
        except CircuitSettingError as exc:
            self.add_error("bands", setting_message(exc))
            return None

    def service_kwargs(self) -> dict[str, Any]:
        """The settings as the services take them (``table`` or ``preset``)."""
        d = self.cleaned_data
        order = [d[f"tiebreak_{k}"] for k in range(1, TIEBREAK_SLOTS + 1) if d.get(f"tiebreak_{k}")]
        order = order or [c.value for c in DEFAULT_PRECEDENCE]  # all blank: the usual order
        kwargs: dict[str, Any] = {
            "shared_points": d["shared_points"],
            "best_n": d.get("best_n"),
            "entity_mode": d["entity_mode"],
            "entity_best_k": d["entity_best_k"],
            "tiebreakers": order,
            "is_public": bool(d.get("is_public")),
        }
        if d.get("table") is not None:
            kwargs["table"] = d["table"]
        else:
            kwargs["preset"] = d["preset"]
        return kwargs


class CircuitCreateForm(CircuitSettingsForm):
    """«Novo circuito»: a season, or a rodeio (from an event's tournaments when named)."""

    name = forms.CharField(label=_("Nome"), max_length=200)
    slug = forms.SlugField(
        label=_("Identificador (endereço)"),
        max_length=100,
        help_text=_("Letras minúsculas, números e hífens: /circuito/identificador/."),
    )
    kind = forms.ChoiceField(label=_("Tipo"), choices=Circuit.Kind.choices)
    event = forms.CharField(
        label=_("Evento (rodeio)"),
        required=False,
        max_length=200,
        help_text=_("Num rodeio: o evento dos torneios, que viram as etapas (modalidades)."),
    )
    field_order = ["name", "slug", "kind", "event"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["preset"].required = False
        _choice(self, "preset").choices = [("", gettext("a do tipo (circuito ou rodeio)")), *PRESET_CHOICES]
        self.fields["entity_best_k"].required = False

    def clean_entity_best_k(self) -> int:
        if self.cleaned_data.get("entity_best_k") is None:
            return 1
        return super().clean_entity_best_k()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("event") and data.get("kind") != Circuit.Kind.RODEIO:
            self.add_error("event", gettext("Evento: só um rodeio é criado a partir de um evento."))
        return data

    def service_kwargs(self) -> dict[str, Any]:
        kwargs = super().service_kwargs()
        d = self.cleaned_data
        kwargs.update(name=d["name"], slug=d["slug"], kind=d["kind"])
        if not kwargs.get("preset"):
            kwargs.pop("preset", None)
        return kwargs


class EtapaAddForm(forms.Form):
    tournament = forms.TypedChoiceField(
        label=_("Torneio"),
        coerce=int,
        choices=(),
        error_messages={
            "invalid_choice": _("Torneio: escolha um torneio que você organiza e que ainda não é etapa."),
            "required": _("Torneio: escolha o torneio da nova etapa."),
        },
    )

    def __init__(self, *args: Any, choices: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _choice(self, "tournament").choices = choices


PERSON_ERRORS = {
    "invalid_choice": _("Pessoa: escolha uma pessoa do cadastro deste circuito."),
    "required": _("Pessoa: escolha as duas pessoas."),
}


class MergeForm(forms.Form):
    keep = forms.TypedChoiceField(label=_("Manter"), coerce=int, choices=(), error_messages=PERSON_ERRORS)
    merge = forms.TypedChoiceField(
        label=_("É a mesma pessoa que"), coerce=int, choices=(), error_messages=PERSON_ERRORS
    )

    def __init__(self, *args: Any, choices: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _choice(self, "keep").choices = choices
        _choice(self, "merge").choices = choices


class LinkForm(forms.Form):
    """A link made by hand: an etapa's team (or player) is a circuit team (or person) —
    for names the proposals cannot match («Os Taura» and «Os Tauras»)."""

    target = forms.TypedChoiceField(
        label=_("Da equipe ou pessoa do circuito"),
        coerce=int,
        choices=(),
        error_messages={"invalid_choice": _("Vínculo: escolha uma equipe ou pessoa deste circuito.")},
    )
    item = forms.TypedChoiceField(
        label=_("Vincular"),
        coerce=int,
        choices=(),
        error_messages={"invalid_choice": _("Vínculo: escolha uma equipe ou jogador ainda sem vínculo.")},
    )

    def __init__(
        self, *args: Any, targets: list[tuple[int, str]], items: list[tuple[int, str]], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        _choice(self, "target").choices = targets
        _choice(self, "item").choices = items
