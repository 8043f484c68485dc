"""Forms of the inscrições online: the public form, the organizer's settings and refusal.

Forms only shape the input (the services decide). The public form's rows follow the
modality: one per titular, one per reserva allowed, and the capataz chosen among them;
``website`` is a honeypot, hidden from people, that only a robot fills.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.modalities import Modality
from tournaments.services.registration import NAME_MAX, PlayerInput, TeamInput

HONEYPOT = "website"
DATETIME = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


class SignupForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Nome da equipe"), max_length=NAME_MAX)
    entity = forms.CharField(label=gettext_lazy("Entidade (CTG, clube)"), max_length=NAME_MAX, required=False)
    phone = forms.CharField(label=gettext_lazy("Telefone do capataz"), max_length=30, required=False)
    email = forms.CharField(label=gettext_lazy("E-mail do capataz"), max_length=254, required=False)
    website = forms.CharField(label=gettext_lazy("Não preencha este campo"), max_length=200, required=False)

    def __init__(self, *args: Any, modality: Modality, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.modality = modality
        self.rows: list[tuple[str, bool]] = []  # (field name, reserva?)
        for i in range(modality.players):
            name = f"titular_{i}"
            label = _("Titular %(n)d") % {"n": i + 1}
            self.fields[name] = forms.CharField(label=label, max_length=NAME_MAX, required=False)
            self.rows.append((name, False))
        for i in range(modality.max_reserves):
            name = f"reserva_{i}"
            label = _("Reserva %(n)d (opcional)") % {"n": i + 1}
            self.fields[name] = forms.CharField(label=label, max_length=NAME_MAX, required=False)
            self.rows.append((name, True))
        self.fields["capataz"] = forms.ChoiceField(
            label=_("Capataz"),
            choices=[(name, self.fields[name].label) for name, _reserve in self.rows],
            initial=self.rows[0][0] if self.rows else None,
            widget=forms.RadioSelect,
        )

    def player_fields(self) -> list[tuple[Any, bool]]:
        """(bound field, reserva?) of each row, for the template."""
        return [(self[name], reserve) for name, reserve in self.rows]

    def team_input(self) -> TeamInput:
        data = self.cleaned_data
        chosen = data.get("capataz")
        players = [
            PlayerInput(data[name], is_captain=name == chosen, is_reserve=reserve)
            for name, reserve in self.rows
            if (data.get(name) or "").strip()
        ]
        return TeamInput(name=data["name"], entity=data.get("entity") or "", players=players)

    def problems(self) -> list[str]:
        """The form's own refusals, each naming its field: «Nome da equipe: …»."""
        out = []
        for name, errors in self.errors.items():
            label = self.fields[name].label if name in self.fields else ""
            out += [f"{label}: {e}" if label else str(e) for e in errors]
        return out


class SettingsForm(forms.Form):
    enabled = forms.BooleanField(label=gettext_lazy("Aceitar inscrições online"), required=False)
    capacity = forms.IntegerField(
        label=gettext_lazy("Vagas"),
        min_value=1,
        max_value=4096,
        help_text=gettext_lazy(
            "Contam as equipes já inscritas (também as digitadas ou importadas) e as inscrições pendentes; "
            "além delas, as inscrições ficam na espera, em ordem de chegada."
        ),
    )
    closes_at = forms.DateTimeField(
        label=gettext_lazy("Encerramento das inscrições online"),
        required=False,
        widget=DATETIME,
        help_text=gettext_lazy(
            "Depois deste horário o formulário fecha sozinho. Vazio: sem encerramento marcado."
        ),
    )
    contact_required = forms.BooleanField(
        label=gettext_lazy("Exigir um contato do capataz (telefone ou e-mail)"), required=False
    )


class RefuseForm(forms.Form):
    signup = forms.IntegerField(widget=forms.HiddenInput)
    reason = forms.CharField(label=gettext_lazy("Motivo da recusa"), max_length=300)
