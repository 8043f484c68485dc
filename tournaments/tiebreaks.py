"""The tiebreak order as the organizer chooses it, on «Novo torneio» and «Editar torneio»:
a column of choices (1º critério, 2º critério…), each labelled in pt-BR, reordered by
choosing again, the last ones left blank. Both forms take these fields and this check."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from core import words
from rules.types import Criterion

CRITERION_LABELS = {
    Criterion.WINS.value: _("Vitórias (V)"),
    Criterion.GAMES_WON.value: _("Partidas ganhas (P)"),
    Criterion.POINTS_FOR.value: _("Tentos a favor (T)"),
    Criterion.POINTS_DIFFERENCE.value: _("Saldo de tentos"),
    Criterion.GAMES_DIFFERENCE.value: _("Saldo de partidas"),
    Criterion.HEAD_TO_HEAD.value: _("Confronto direto"),
    Criterion.BUCHHOLZ.value: _("Buchholz (suíço)"),
    Criterion.BUCHHOLZ_CUT1.value: _("Buchholz corte 1 (suíço)"),
    Criterion.SONNEBORN_BERGER.value: _("Sonneborn-Berger (suíço)"),
    Criterion.LOTS.value: _("Sorteio registrado"),
}
# The points' criteria in the modality's word (core.words); on «Novo torneio», before a
# modality is chosen, both words.
_POINTS_LABELS = {
    "tento": {
        Criterion.POINTS_FOR.value: _("Tentos a favor (T)"),
        Criterion.POINTS_DIFFERENCE.value: _("Saldo de tentos"),
    },
    "ponto": {
        Criterion.POINTS_FOR.value: _("Pontos a favor (T)"),
        Criterion.POINTS_DIFFERENCE.value: _("Saldo de pontos"),
    },
    "": {
        Criterion.POINTS_FOR.value: _("Tentos ou pontos a favor (T)"),
        Criterion.POINTS_DIFFERENCE.value: _("Saldo de tentos ou pontos"),
    },
}


def criterion_labels(modality: Any = None) -> dict[str, Any]:
    """Each criterion's label, its points named as ``modality`` counts them."""
    unit = str(getattr(modality, "score_unit", "")) if modality is not None else ""
    return {**CRITERION_LABELS, **_POINTS_LABELS.get(unit, _POINTS_LABELS[""])}


def criterion_choices(modality: Any = None) -> list[tuple[str, Any]]:
    labels = criterion_labels(modality)
    return [("", _("— nenhum —"))] + [(c.value, labels[c.value]) for c in Criterion]


CRITERION_CHOICES = criterion_choices()
SLOTS = len(Criterion)
# A service's field that the pages show as another: the tiebreak order is its 1º critério.
FIELD_OF = {"tiebreakers": "tiebreaker_1"}


def slot(n: int) -> str:
    return f"tiebreaker_{n}"


class TiebreakFields(forms.Form):
    """Adds the tiebreak column to a form; ``clean`` puts the chosen order, when valid,
    in ``cleaned_data["tiebreakers"]``. With ``tiebreaks_required`` off (the create
    page) an empty column means «as in the modality»."""

    tiebreaks_required = True

    def __init__(self, *args: Any, modality: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = criterion_choices(modality)
        for n in range(1, SLOTS + 1):
            self.fields[slot(n)] = forms.ChoiceField(
                label=_("%(n)sº critério") % {"n": n}, choices=choices, required=False
            )
        if modality is not None and "points_to_win" in self.fields:
            self.fields["points_to_win"].label = words.points_per_partida(modality)

    @property
    def tiebreak_fields(self) -> list[forms.BoundField]:
        return [self[slot(n)] for n in range(1, SLOTS + 1)]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        chosen = [data.get(slot(n)) or "" for n in range(1, SLOTS + 1)]
        picked = [c for c in chosen if c]
        if not picked:
            if self.tiebreaks_required:
                self.add_error(slot(1), _("Escolha pelo menos um critério de desempate."))
        elif len(set(picked)) != len(picked):
            self.add_error(slot(1), _("Cada critério de desempate aparece uma vez só."))
        elif "" in chosen[: len(picked)]:
            self.add_error(slot(1), _("Preencha os critérios em ordem, sem deixar espaços entre eles."))
        else:
            data["tiebreakers"] = picked
        return data

    def add_service_errors(self, errors: dict[str, list[str]], *, beside_refused: bool = True) -> None:
        """A service's messages beside the fields they name (``FIELD_OF``; unknown names
        on top); with ``beside_refused`` off, none for a field the form itself refused."""
        for name, msgs in errors.items():
            field = FIELD_OF.get(name, name)
            if not beside_refused and field in self.errors:
                continue
            for msg in msgs:
                self.add_error(field if field in self.fields else None, msg)
