"""The «Editar torneio» form: details, format, rules and «Dupla digitação», in the
organizer's words.

The tiebreak order is a column of choices (1º critério, 2º critério…), each labelled in
pt-BR (``tournaments.tiebreaks``, shared with the create page); the organizer reorders it
by choosing again, and leaves the last ones blank. Every number has its bounds
(``tournaments.bounds``), checked by the service with the rules, so all errors come back
in one pass.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms import (
    DOUBLE_HELP,
    DOUBLE_LABEL,
    RESET_HELP,
    RESET_LABEL,
    SWISS_HELP,
    SWISS_LABEL,
    TournamentFields,
)
from tournaments.models import Tournament
from tournaments.services.editing import Details, double_entry_mode
from tournaments.services.swiss_plan import is_swiss
from tournaments.tiebreaks import slot

SWEEP = [("sim", _("sim")), ("nao", _("não"))]
# tournaments.services.editing.DOUBLE_ENTRY's keys, in the organizer's words.
DOUBLE_ENTRY = [
    ("nao", _("não")),
    ("todos", _("em todos os jogos")),
    ("mata-mata", _("só no mata-mata")),
]


def _yes_no(value: str | None) -> bool | None:
    return {"sim": True, "nao": False}.get(value or "")


class TournamentEditForm(TournamentFields):
    event = forms.CharField(label=_("Evento (rodeio)"), max_length=200, required=False)
    is_public = forms.BooleanField(label=_("Público (aparece na lista de torneios)"), required=False)
    stage_plan = forms.ChoiceField(
        label=_("Formato"),
        choices=Tournament.StagePlan.choices,
        help_text=_("Só muda antes do sorteio das chaves ou do mata-mata."),
    )
    # Choices, not checkboxes, and not required: a POST without them leaves them as they are.
    swiss = forms.ChoiceField(label=SWISS_LABEL, choices=SWEEP, required=False, help_text=SWISS_HELP)
    double_elimination = forms.ChoiceField(
        label=DOUBLE_LABEL, choices=SWEEP, required=False, help_text=DOUBLE_HELP
    )
    grand_final_reset = forms.ChoiceField(
        label=RESET_LABEL, choices=SWEEP, required=False, help_text=RESET_HELP
    )
    advance_per_group = forms.IntegerField(label=_("Classificados por chave (várias fases)"), required=False)
    advance_best_next = forms.IntegerField(
        label=_("Melhores da posição seguinte (várias fases)"), required=False
    )
    points_to_win = forms.IntegerField(label=_("Tentos por partida"))
    best_of = forms.IntegerField(label=_("Partidas por jogo (melhor de)"), help_text=_("1, 3, 5 ou 7."))
    sweep_bonus = forms.ChoiceField(label=_("2 a 0 conta a terceira partida"), choices=SWEEP)
    max_reserves = forms.IntegerField(label=_("Reservas por equipe (máximo)"))
    # Not required: a POST without it leaves the setting as it is.
    double_entry = forms.ChoiceField(
        label=_("Dupla digitação"),
        choices=DOUBLE_ENTRY,
        required=False,
        help_text=_(
            "Uma segunda pessoa redigita cada súmula às cegas; ela só vale quando as duas "
            "digitações são iguais, ou quando a comissão decide entre elas. A mudança vale "
            "para as súmulas enviadas depois dela: as que já aguardam a segunda digitação "
            "continuam aguardando."
        ),
    )
    confirm = forms.BooleanField(
        label=_(
            "Confirmo a mudança das regras depois dos primeiros resultados: as súmulas são "
            "conferidas de novo e a classificação recalculada."
        ),
        required=False,
    )

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
        data["double_entry"] = double_entry_mode(tournament)
        for name in ("double_elimination", "grand_final_reset"):
            data[name] = "sim" if getattr(tournament, name) else "nao"
        data["swiss"] = "sim" if is_swiss(tournament) else "nao"
        for n, code in enumerate(rules["tiebreakers"], start=1):
            data[slot(n)] = code
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
            double_elimination=_yes_no(d.get("double_elimination")),
            grand_final_reset=_yes_no(d.get("grand_final_reset")),
            swiss=_yes_no(d.get("swiss")),
        )

    def double_entry_choice(self) -> str | None:
        """The chosen «Dupla digitação» (None: not sent, or refused by the form)."""
        return self.cleaned_data.get("double_entry") or None

    def rules(self) -> dict[str, object]:
        """The typed rules (a field the form refused is left out)."""
        return self.chosen({k: self.cleaned_data.get(k) for k in self.OVERRIDES})
