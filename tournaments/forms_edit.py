"""The «Editar torneio» form: details, format and rules, in the organizer's words.

The tiebreak order is a column of choices (1º critério, 2º critério…), each labelled in
pt-BR; the organizer reorders it by choosing again, and leaves the last ones blank. Every
number has its bounds (``tournaments.bounds``), checked by the service with the rules,
so all errors come back in one pass.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.types import Criterion
from tournaments.forms import DATE, DATETIME
from tournaments.models import Tournament
from tournaments.services.editing import Details

CRITERION_LABELS = {
    Criterion.WINS.value: _("Vitórias (V)"),
    Criterion.GAMES_WON.value: _("Partidas ganhas (P)"),
    Criterion.POINTS_FOR.value: _("Tentos a favor (T)"),
    Criterion.POINTS_DIFFERENCE.value: _("Saldo de tentos"),
    Criterion.GAMES_DIFFERENCE.value: _("Saldo de partidas"),
    Criterion.HEAD_TO_HEAD.value: _("Confronto direto"),
    Criterion.LOTS.value: _("Sorteio registrado"),
}
CRITERION_CHOICES = [("", _("— nenhum —"))] + [(c.value, CRITERION_LABELS[c.value]) for c in Criterion]
SLOTS = len(Criterion)
SWEEP = [("sim", _("sim")), ("nao", _("não"))]


def _slot(n: int) -> str:
    return f"tiebreaker_{n}"


class TournamentEditForm(forms.Form):
    name = forms.CharField(label=_("Nome do torneio"), max_length=200)
    event = forms.CharField(label=_("Evento (rodeio)"), max_length=200, required=False)
    date = forms.DateField(label=_("Data de início"), required=False, widget=DATE)
    end_date = forms.DateField(label=_("Data de término"), required=False, widget=DATE)
    venue = forms.CharField(label=_("Local"), max_length=200, required=False)
    is_public = forms.BooleanField(label=_("Público (aparece na lista de torneios)"), required=False)
    checkin_deadline = forms.DateTimeField(
        label=_("Encerramento do check-in"), required=False, widget=DATETIME
    )
    table_count = forms.IntegerField(label=_("Número de mesas"), required=False)
    stage_plan = forms.ChoiceField(
        label=_("Formato"),
        choices=Tournament.StagePlan.choices,
        help_text=_("Só muda antes do sorteio das chaves ou do mata-mata."),
    )
    advance_per_group = forms.IntegerField(label=_("Classificados por chave (várias fases)"), required=False)
    advance_best_next = forms.IntegerField(
        label=_("Melhores da posição seguinte (várias fases)"), required=False
    )
    points_to_win = forms.IntegerField(label=_("Tentos por partida"))
    best_of = forms.IntegerField(label=_("Partidas por jogo (melhor de)"), help_text=_("1, 3, 5 ou 7."))
    sweep_bonus = forms.ChoiceField(label=_("2 a 0 conta a terceira partida"), choices=SWEEP)
    match_minutes = forms.IntegerField(label=_("Minutos por jogo"), required=False)
    partida_minutes = forms.IntegerField(label=_("Minutos por partida"), required=False)
    max_reserves = forms.IntegerField(label=_("Reservas por equipe (máximo)"))
    confirm = forms.BooleanField(
        label=_(
            "Confirmo a mudança das regras depois dos primeiros resultados: as súmulas são "
            "conferidas de novo e a classificação recalculada."
        ),
        required=False,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for n in range(1, SLOTS + 1):
            self.fields[_slot(n)] = forms.ChoiceField(
                label=_("%(n)sº critério") % {"n": n}, choices=CRITERION_CHOICES, required=False
            )

    @property
    def tiebreak_fields(self) -> list[forms.BoundField]:
        return [self[_slot(n)] for n in range(1, SLOTS + 1)]

    @staticmethod
    def initial_for(tournament: Tournament, rules: dict[str, Any]) -> dict[str, Any]:
        data: dict[str, Any] = {
            name: getattr(tournament, name)
            for name in (
                "name",
                "event",
                "date",
                "end_date",
                "venue",
                "is_public",
                "checkin_deadline",
                "table_count",
                "stage_plan",
                "advance_per_group",
                "advance_best_next",
            )
        }
        data.update({k: v for k, v in rules.items() if k not in ("tiebreakers", "sweep_bonus")})
        data["sweep_bonus"] = "sim" if rules["sweep_bonus"] else "nao"
        for n, code in enumerate(rules["tiebreakers"], start=1):
            data[_slot(n)] = code
        return data

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        chosen = [data.get(_slot(n)) or "" for n in range(1, SLOTS + 1)]
        picked = [c for c in chosen if c]
        if not picked:
            self.add_error(_slot(1), _("Escolha pelo menos um critério de desempate."))
        elif len(set(picked)) != len(picked):
            self.add_error(_slot(1), _("Cada critério de desempate aparece uma vez só."))
        elif "" in chosen[: len(picked)]:
            self.add_error(_slot(1), _("Preencha os critérios em ordem, sem deixar espaços entre eles."))
        else:
            data["tiebreakers"] = picked
        return data

    def details(self, tournament: Tournament) -> Details:
        """The typed details; a field the form refused keeps the tournament's value, so
        the service still checks the others (all errors in one pass)."""
        d = self.cleaned_data
        return Details(
            name=d.get("name") or tournament.name,
            venue=d.get("venue") or "",
            event=d.get("event") or "",
            date=d.get("date"),
            end_date=d.get("end_date"),
            checkin_deadline=d.get("checkin_deadline"),
            table_count=d.get("table_count"),
            is_public=bool(d.get("is_public")),
            stage_plan=d.get("stage_plan") or "",
            advance_per_group=d.get("advance_per_group"),
            advance_best_next=d.get("advance_best_next"),
        )

    def rules(self) -> dict[str, object]:
        """The typed rules (a field the form refused is left out)."""
        d = self.cleaned_data
        out: dict[str, object] = {
            k: d.get(k)
            for k in ("points_to_win", "best_of", "match_minutes", "partida_minutes", "max_reserves")
        }
        if d.get("sweep_bonus"):
            out["sweep_bonus"] = d["sweep_bonus"] == "sim"
        if d.get("tiebreakers"):
            out["tiebreakers"] = d["tiebreakers"]
        return out
