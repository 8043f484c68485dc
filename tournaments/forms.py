"""Plain Django forms of the set-up pages; services decide, forms only shape the input."""

from __future__ import annotations

import re
import uuid
from datetime import time
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from core.numbers import whole_number
from tournaments.bounds import bounded_integer, when_field
from tournaments.models import MODALITY_CHOICES, Membership, Team, Tournament
from tournaments.pairing import Break
from tournaments.services import ServiceError
from tournaments.services.registration import PlayerInput, TeamInput
from tournaments.services.tournaments import tournament_create
from tournaments.tiebreaks import FIELD_OF, SLOTS, TiebreakFields, slot

YES_NO = [("", _("como na modalidade")), ("sim", _("sim")), ("nao", _("não"))]
DATETIME = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
# docs/rules.md §3.18, said alike on «Novo torneio» and «Editar torneio».
DOUBLE_LABEL = _("Dupla eliminação (repescagem)")
DOUBLE_HELP = _(
    "Só com mata-mata: quem perde um jogo da chave dos vencedores cai na repescagem; uma equipe "
    "só sai do torneio na segunda derrota. Não muda depois que o mata-mata é gerado."
)
# docs/rules.md §3.17 (tournaments.services.swiss_plan), said alike on both pages.
SWISS_LABEL = _("Classificação em sistema suíço")
SWISS_HELP = _(
    "Em vez de chaves de todos contra todos: uma só fase, com rodadas pareadas pela classificação "
    "(sem revanche), boa para eventos abertos com muitas equipes. Não muda depois que a fase começa."
)
RESET_LABEL = _("Final com revanche (reset)")
RESET_HELP = _(
    "Só na dupla eliminação: se o campeão da repescagem vencer a grande final, as duas equipes "
    "têm uma derrota e a final de desempate decide. Sem ela, a grande final decide sozinha."
)


class TournamentFields(TiebreakFields):
    """What «Novo torneio» and «Editar torneio» ask alike: these fields (the others
    differ in a label, a default or being required) and the rules as chosen."""

    OVERRIDES = ("points_to_win", "best_of", "match_minutes", "partida_minutes", "max_reserves")
    name = forms.CharField(label=_("Nome do torneio"), max_length=200)
    date = forms.DateField(label=_("Data de início"), required=False, widget=DATE)
    end_date = forms.DateField(label=_("Data de término"), required=False, widget=DATE)
    venue = forms.CharField(label=_("Local"), max_length=200, required=False)
    checkin_deadline = forms.DateTimeField(
        label=_("Encerramento do check-in"), required=False, widget=DATETIME
    )
    table_count = forms.IntegerField(label=_("Número de mesas"), required=False)  # bounds: the service
    match_minutes = forms.IntegerField(label=_("Minutos por jogo"), required=False)
    partida_minutes = forms.IntegerField(label=_("Minutos por partida"), required=False)

    def chosen(self, out: dict[str, object]) -> dict[str, object]:
        """``out`` with the «2 a 0» rule and the tiebreak order, where chosen."""
        data = self.cleaned_data
        if data.get("sweep_bonus"):
            out["sweep_bonus"] = data["sweep_bonus"] == "sim"
        if data.get("tiebreakers"):
            out["tiebreakers"] = list(data["tiebreakers"])
        return out


class TournamentForm(TournamentFields):
    """«Novo torneio»: the rules left blank stay as in the modality; the tiebreak order is
    chosen by name (``tournaments.tiebreaks``, as on «Editar torneio»); every number is
    checked against its range by the service (``tournaments.bounds``), and a refused form
    also says what the service would refuse (:meth:`service_errors`): every error in one
    pass."""

    tiebreaks_required = False  # none chosen: the modality's order
    slug = forms.SlugField(
        label=_("Identificador no endereço"),
        max_length=100,
        help_text=_("Letras sem acento, números e hífens: aparece em /t/<identificador>/."),
        error_messages={
            "invalid": _(
                "Identificador no endereço: use letras sem acento, números e hífens; informado: %(value)s."
            )
        },
    )
    modality = forms.ChoiceField(label=_("Modalidade"), choices=MODALITY_CHOICES)
    event = forms.CharField(
        label=_("Evento (rodeio)"),
        max_length=200,
        required=False,
        help_text=_(
            "Torneios com o mesmo evento são o mesmo rodeio: quem joga Truco Cego "
            "não pode se inscrever em outra modalidade dele."
        ),
    )
    is_public = forms.BooleanField(
        label=_("Público (aparece na lista de torneios)"), required=False, initial=True
    )
    show_pending_results = forms.BooleanField(
        label=_("Mostrar placares aguardando homologação"),
        required=False,
        initial=False,
        help_text=Tournament._meta.get_field("show_pending_results").help_text,
    )
    stage_plan = forms.ChoiceField(
        label=_("Formato"), choices=Tournament.StagePlan.choices, initial=Tournament.StagePlan.GROUPS_KNOCKOUT
    )
    swiss = forms.BooleanField(label=SWISS_LABEL, help_text=SWISS_HELP, required=False)
    double_elimination = forms.BooleanField(label=DOUBLE_LABEL, help_text=DOUBLE_HELP, required=False)
    grand_final_reset = forms.BooleanField(
        label=RESET_LABEL, help_text=RESET_HELP, required=False, initial=True
    )
    advance_per_group = bounded_integer(
        _("Classificados por chave (várias fases)"), 1, 16, _("equipes"), required=False
    )
    advance_best_next = bounded_integer(
        _("Melhores da posição seguinte (várias fases)"), 0, 128, _("equipes"), required=False
    )
    # Overrides of the preset: left blank, the modality's value stands.
    # Before a modality is chosen: both words (the edit page names its own, core.words).
    points_to_win = forms.IntegerField(label=_("Tentos ou pontos por partida"), required=False)
    best_of = forms.IntegerField(label=_("Partidas por jogo (melhor de)"), required=False)
    sweep_bonus = forms.ChoiceField(label=_("2 a 0 conta a terceira partida"), choices=YES_NO, required=False)
    max_reserves = forms.IntegerField(label=_("Reservas por equipe (máximo)"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        default = forms.IntegerField.default_error_messages["invalid"]
        for field in self.fields.values():  # «abc» for a number: the message names the field
            if isinstance(field, forms.IntegerField) and field.error_messages["invalid"] == default:
                field.error_messages["invalid"] = format_lazy(
                    _("{}: informe um número inteiro."), field.label
                )

    def full_clean(self) -> None:
        super().full_clean()
        # Whether the form itself refused the input (then the page also asks the service).
        self.refused_by_form = bool(self.errors)

    def overrides(self) -> dict[str, object]:
        data = self.cleaned_data
        return self.chosen({k: data[k] for k in self.OVERRIDES if data.get(k) is not None})

    def service_kwargs(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        for key in (*self.OVERRIDES, "sweep_bonus", "tiebreakers", *(slot(n) for n in range(1, SLOTS + 1))):
            data.pop(key, None)
        data["overrides"] = self.overrides()
        return data

    def service_errors(self, *, lang: str) -> dict[str, list[str]]:
        """What the service refuses in the fields this form accepted, found by creating
        the tournament in a transaction rolled back (the refused fields get stand-ins,
        and their messages are left out: the form's own say it already)."""
        kwargs = self.service_kwargs()
        kwargs.setdefault("name", "Verificação")
        kwargs.setdefault("slug", f"verificacao-{uuid.uuid4().hex[:12]}")
        kwargs.setdefault("modality", self.data.get("modality") or "")
        kwargs.setdefault("stage_plan", Tournament.StagePlan.GROUPS_KNOCKOUT)
        try:
            with transaction.atomic():
                tournament_create(user=None, lang=lang, **kwargs)
                raise _Checked
        except ServiceError as exc:
            errors = exc.errors
        except _Checked:
            errors = {}
        return {k: v for k, v in errors.items() if FIELD_OF.get(k, k) not in self.errors}


class _Checked(Exception):
    """Ends :meth:`TournamentForm.service_errors`' dry run (its writes are rolled back)."""


class PublicationForm(forms.Form):
    """The publication rule's switch (docs/rules.md §3.14), on the dashboard."""

    show_pending_results = TournamentForm.base_fields["show_pending_results"]


class MemberForm(forms.Form):
    username = forms.CharField(label=_("Usuário"), max_length=150)
    role = forms.ChoiceField(label=_("Papel"), choices=Membership.Role.choices)


class JudgeAccountForm(forms.Form):
    username = forms.CharField(label=_("Usuário do novo juiz"), max_length=150)
    full_name = forms.CharField(label=_("Nome"), max_length=150, required=False)


class TeamForm(forms.Form):
    name = forms.CharField(label=_("Nome da equipe"), max_length=200)
    entity = forms.CharField(label=_("Entidade (CTG, clube)"), max_length=200, required=False)
    seed = forms.IntegerField(
        label=_("Cabeça de chave"),
        required=False,
        min_value=1,
        max_value=9999,
        help_text=_("1 para o primeiro cabeça de chave; cada número é de uma só equipe. Vazio se não for."),
    )


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Jogador"), max_length=200, required=False)
    is_captain = forms.BooleanField(label=_("Capataz"), required=False)
    is_reserve = forms.BooleanField(label=_("Reserva"), required=False)


PlayerFormSet = forms.formset_factory(PlayerForm, extra=0, max_num=12, absolute_max=12)


def team_input(form: TeamForm, players: Any) -> TeamInput:
    return TeamInput(
        name=form.cleaned_data["name"],
        entity=form.cleaned_data.get("entity") or "",
        seed=form.cleaned_data.get("seed"),
        players=[
            PlayerInput(p["name"], bool(p.get("is_captain")), bool(p.get("is_reserve")))
            for p in players.cleaned_data
            if p and (p.get("name") or "").strip()
        ],
    )


class ImportForm(forms.Form):
    file = forms.FileField(label=_("Arquivo CSV ou XLSX"))


class StatusForm(forms.Form):
    team = forms.IntegerField(widget=forms.HiddenInput)
    status = forms.ChoiceField(choices=Team.Status.choices)
    reason = forms.CharField(label=_("Motivo"), max_length=300, required=False)


class DrawForm(forms.Form):
    groups = forms.IntegerField(label=_("Número de chaves"), required=False, min_value=1, max_value=500)
    # Nothing filled in: the organizer types the one way he means (a prefilled size made
    # a typed «Número de chaves» a refusal for giving two).
    size = forms.IntegerField(
        label=_("ou: equipes por chave"),
        required=False,
        min_value=2,
        max_value=64,
        widget=forms.NumberInput(attrs={"placeholder": "4"}),
    )
    sizes = forms.CharField(
        label=_("ou: tamanhos, separados por vírgula"),
        required=False,
        max_length=2000,
        help_text=_("Ex.: 4, 4, 4, 3"),
    )
    seed = forms.CharField(
        label=_("Semente (opcional)"),
        required=False,
        max_length=100,
        help_text=_("Deixe vazio para uma semente aleatória; ela fica registrada."),
    )
    replace = forms.BooleanField(
        label=_("Refazer o sorteio (apaga as chaves e rodadas atuais)"), required=False
    )

    def clean_sizes(self) -> list[int] | None:
        text = self.cleaned_data.get("sizes") or ""
        if not text.strip():
            return None
        parts = [p.strip() for p in text.split(",") if p.strip()]
        sizes = [whole_number(p, 3) for p in parts]
        if None in sizes:
            raise ValidationError(_("Use números inteiros separados por vírgula, como 4, 4, 3."))
        return [n for n in sizes if n is not None]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        given = [k for k in ("groups", "size", "sizes") if data.get(k)]
        if len(given) != 1:
            raise ValidationError(
                _("Informe uma só destas: número de chaves, equipes por chave ou os tamanhos.")
            )
        return data


class SwapForm(forms.Form):
    team_a = forms.ModelChoiceField(queryset=Team.objects.none(), label=_("Equipe"))
    team_b = forms.ModelChoiceField(queryset=Team.objects.none(), label=_("troca de chave com"))
    reason = forms.CharField(label=_("Motivo"), max_length=300)

    def __init__(self, *args: Any, teams: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["team_a"].queryset = teams  # type: ignore[attr-defined]
        self.fields["team_b"].queryset = teams  # type: ignore[attr-defined]


BREAK_RE = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})\s*$")


class ScheduleForm(forms.Form):
    """The chaves' rodadas: to the minute, every number bounded, every error at once; the
    page fills the start and the minutes from the phase (``tournaments.timing``)."""

    start = when_field(_("Início da rodada 1"))
    minutes = bounded_integer(
        _("Minutos por rodada"),
        1,
        1440,
        _("minutos"),
        initial=60,
        help_text=_("Também é o limite (prazo) de cada rodada."),
    )
    breaks = forms.CharField(
        label=_("Intervalos"),
        required=False,
        max_length=200,
        help_text=_("Ex.: 12:00-13:30 (vários separados por vírgula)"),
    )
    double = forms.BooleanField(label=_("Turno e returno (todos se enfrentam duas vezes)"), required=False)
    tables = bounded_integer(_("Mesas disponíveis"), 1, 500, _("mesas"), required=False)

    def clean_breaks(self) -> tuple[Break, ...]:
        out, errors = [], []
        for part in (self.cleaned_data.get("breaks") or "").split(","):
            if not part.strip():
                continue
            m = BREAK_RE.match(part)
            if not m:
                errors.append(_("Intervalos: «%(v)s» não está no formato 12:00-13:30.") % {"v": part.strip()})
                continue
            h1, m1, h2, m2 = (int(x) for x in m.groups())
            if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59 or (h2, m2) <= (h1, m1):
                errors.append(
                    _("Intervalos: «%(v)s» não é um intervalo (o fim vem depois do início, até 23:59).")
                    % {"v": part.strip()}
                )
                continue
            out.append(Break(time(h1, m1), time(h2, m2)))
        if errors:
            raise ValidationError(errors)
        return tuple(out)
