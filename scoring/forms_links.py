"""The organizer's form for a judge's private link: whose, and which mesas and rodadas."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.selectors_links import link_judges, round_choices
from tournaments.models import Tournament


class JudgeChoiceField(forms.ModelChoiceField):  # type: ignore[type-arg]
    def label_from_instance(self, obj: Any) -> str:
        full = obj.get_full_name()
        return f"{obj.get_username()} — {full}" if full else str(obj.get_username())


class JudgeLinkForm(forms.Form):
    judge = JudgeChoiceField(
        label=_("Juiz do torneio"), queryset=None, required=False, empty_label=_("— um juiz novo —")
    )
    name = forms.CharField(
        label=_("ou o nome de um juiz novo (sem conta nem senha)"), max_length=150, required=False
    )
    tables = forms.MultipleChoiceField(
        label=_("Somente as mesas"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Nenhuma marcada: todas as mesas."),
    )
    rounds = forms.MultipleChoiceField(
        label=_("Somente as rodadas"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Nenhuma marcada: todas as rodadas."),
    )

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["judge"].queryset = link_judges(tournament)  # type: ignore[attr-defined]
        tables = tournament.tables.order_by("order", "id")
        self.fields["tables"].choices = [(str(t.pk), t.name) for t in tables]  # type: ignore[attr-defined]
        self.fields["rounds"].choices = round_choices(tournament)  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("judge") is None and not (data.get("name") or "").strip():
            self.add_error("judge", _("Escolha um juiz do torneio ou escreva o nome de um juiz novo."))
        elif data.get("judge") is not None and (data.get("name") or "").strip():
            self.add_error("name", _("Escolha um juiz do torneio ou escreva um nome novo, não os dois."))
        return data

    def service_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        tables = [int(t) for t in data["tables"]] or None
        rounds = [tuple(int(x) for x in r.split("-")) for r in data["rounds"]] or None
        return {"judge": data["judge"], "name": data["name"], "tables": tables, "rounds": rounds}
