"""The organizer's page «Suíço» (docs/rules.md §3.17): start the phase of chaves as a
Swiss phase, pair each rodada from the standings, see its jogos, its folga and the
pairing's decisions in words, and swap two teams before the rodada starts.

The writes are the services of ``standings.swiss``; this module only takes the forms
and words the recorded notes (``rules.swiss.Note`` codes) for the reader.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.collation import by_name
from rules.swiss import default_qualifiers, default_rounds
from standings.swiss import pairing_swap, swiss_pair_next, swiss_start
from standings.tables import PairingTable
from tournaments import selectors
from tournaments.bounds import bounded_integer, when_field
from tournaments.models import DrawOfLots, Match, PairingSwap, Stage, Team, Tournament
from tournaments.services import ServiceError, apply_to_form
from tournaments.services.draws import drawable_teams, stage_has_results
from tournaments.timing import default_minutes
from tournaments.views import OrganizerPage


class SwissStartForm(forms.Form):
    # Named as the service's field, so that its refusal lands beside it.
    swiss_rounds = bounded_integer(
        gettext_lazy("Rodadas do suíço"), 1, 99, gettext_lazy("rodadas"), required=False
    )
    qualifiers = bounded_integer(
        gettext_lazy("Classificados ao mata-mata"), 2, 16, gettext_lazy("equipes"), required=False
    )

    def __init__(self, *args: Any, knockout: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not knockout:  # a Swiss that ends the event sends nobody on
            del self.fields["qualifiers"]


class SwissPairForm(forms.Form):
    start = when_field(gettext_lazy("Início da rodada"), required=False)
    minutes = bounded_integer(
        gettext_lazy("Minutos por rodada"),
        1,
        1440,
        gettext_lazy("minutos"),
        required=False,
        help_text=gettext_lazy("Também é o limite (prazo) da rodada."),
    )


class SwissSwapForm(forms.Form):
    team_a = forms.ModelChoiceField(queryset=Team.objects.none(), label=gettext_lazy("Equipe"))
    team_b = forms.ModelChoiceField(queryset=Team.objects.none(), label=gettext_lazy("troca de jogo com"))
    # Not required here: the service's own refusal («Informe o motivo da troca.») says it.
    reason = forms.CharField(label=gettext_lazy("Motivo"), max_length=300, required=False)

    def __init__(self, *args: Any, teams: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["team_a"].queryset = teams  # type: ignore[attr-defined]
        self.fields["team_b"].queryset = teams  # type: ignore[attr-defined]


def _wins(n: int) -> str:
    return ngettext("%(n)d vitória", "%(n)d vitórias", n) % {"n": n}


def note_sentences(notes: list[Mapping[str, Any]], names: Mapping[str, str]) -> list[str]:
    """One sentence per recorded decision of a pairing, with the teams' names."""
    out = []
    for note in notes:
        code = note.get("code")
        teams = [names.get(k, k) for k in note.get("teams") or ()]
        numbers = list(note.get("numbers") or ()) + [0, 0]
        if code == "seeded":
            out.append(
                _("Rodada 1: as equipes na ordem sorteada com a semente %(seed)d, a melhor contra a pior.")
                % {"seed": numbers[0]}
            )
        elif code == "standings":
            out.append(
                _(
                    "Pareada pela classificação: vitórias, depois os desempates; no grupo de mesma "
                    "pontuação, a primeira contra a última."
                )
            )
        elif code == "bye" and teams:
            values = {"team": teams[0], "n": numbers[0], "passed": ", ".join(teams[1:])}
            if len(teams) > 1:
                out.append(
                    ngettext(
                        "Folga para %(team)s, que tinha %(n)d folga antes; passaram por ela, porque com "
                        "a folga delas as demais não se pareavam: %(passed)s.",
                        "Folga para %(team)s, que tinha %(n)d folgas antes; passaram por ela, porque com "
                        "a folga delas as demais não se pareavam: %(passed)s.",
                        numbers[0],
                    )
                    % values
                )
            else:
                out.append(
                    ngettext(
                        "Folga para %(team)s, a última da ordem entre as que tinham menos folgas (%(n)d).",
                        "Folga para %(team)s, a última da ordem entre as que tinham menos folgas (%(n)d).",
                        numbers[0],
                    )
                    % values
                )
        elif code == "entity":
            out.append(
                ngettext(
                    "%(n)d jogo entre equipes da mesma entidade ficou: nenhum pareamento completo o evita.",
                    "%(n)d jogos entre equipes da mesma entidade ficaram: nenhum pareamento "
                    "completo os evita.",
                    numbers[0],
                )
                % {"n": numbers[0]}
            )
        elif code == "rematch":
            out.append(
                ngettext(
                    "%(n)d revanche ficou: nenhum pareamento completo a evita.",
                    "%(n)d revanches ficaram: nenhum pareamento completo as evita.",
                    numbers[0],
                )
                % {"n": numbers[0]}
            )
        elif code == "float" and len(teams) >= 2:
            out.append(
                _(
                    "%(team)s (%(wins)s) joga contra %(other)s (%(other_wins)s), de um grupo de "
                    "pontuação abaixo."
                )
                % {
                    "team": teams[0],
                    "wins": _wins(numbers[0]),
                    "other": teams[1],
                    "other_wins": _wins(numbers[1]),
                }
            )
        elif code == "swaps":
            out.append(
                ngettext(
                    "%(n)d troca de adversários entre jogos, para evitar revanches, jogos da mesma "
                    "entidade ou diferenças de vitórias.",
                    "%(n)d trocas de adversários entre jogos, para evitar revanches, jogos da mesma "
                    "entidade ou diferenças de vitórias.",
                    numbers[0],
                )
                % {"n": numbers[0]}
            )
        else:
            out.append(str(code))
    return out


def _to_knockout(t: Tournament) -> bool:
    return t.stage_plan == Tournament.StagePlan.GROUPS_KNOCKOUT


def swiss_stage(tournament: Tournament) -> Stage | None:
    """The phase of chaves, if it is a Swiss phase already started."""
    stage = selectors.group_stage(tournament)
    if stage is not None and stage.system == Stage.System.SWISS and stage.groups.exists():
        return stage
    return None


def start_refusal(tournament: Tournament) -> str:
    """Why the Swiss phase cannot be (re)started now; "" when it can."""
    if not tournament.has_groups:
        return _("Este torneio não tem fase de chaves: o suíço é uma fase de chaves.")
    stage = selectors.group_stage(tournament)
    if stage is None or not stage.groups.exists():
        return ""
    if stage.system != Stage.System.SWISS:
        return _(
            "As chaves já foram sorteadas (todos contra todos): o suíço só começa numa fase "
            "sem chaves sorteadas."
        )
    if stage_has_results(stage):
        return _("O suíço já tem súmulas lançadas: não pode ser recomeçado.")
    return ""


class SwissView(OrganizerPage):
    """Start (or restart, before any súmula), pair the next rodada, swap two teams."""

    def page(self, request: HttpRequest, status: int = 200, **extra: Any) -> HttpResponse:
        t = self.tournament
        stage = swiss_stage(t)
        count = drawable_teams(t).count()
        context: dict[str, Any] = {
            "stage": stage,
            "refusal": start_refusal(t),
            "team_count": count,
            "default_rounds": default_rounds(count),
            "start_form": SwissStartForm(
                initial={
                    "swiss_rounds": default_rounds(count),
                    "qualifiers": t.advance_per_group or default_qualifiers(count),
                },
                knockout=_to_knockout(t),
            ),
            "pair_form": SwissPairForm(initial={"minutes": default_minutes(t)}),
        }
        if stage is not None:
            draws = list(
                DrawOfLots.objects.filter(stage=stage, purpose=DrawOfLots.Purpose.SWISS)
                .select_related("performed_by")
                .order_by("id")
            )
            last = draws[-1] if draws else None
            latest = len(draws)
            names = dict(t.teams.values_list("key", "name"))
            jogos = list(selectors.stage_matches(stage).filter(round=latest)) if latest else []
            started = Match.objects.filter(stage=stage, round=latest, sheets__isnull=False).exists()
            playing = Team.objects.filter(pk__in=[x for m in jogos for x in (m.team_a_id, m.team_b_id)])
            planned = stage.swiss_rounds
            context.update(
                {
                    "planned": planned,
                    "latest": latest,
                    "draw": last,
                    "next_number": latest + 1,
                    "can_pair": planned is None or latest < planned,
                    "table": PairingTable(jogos) if jogos else None,
                    "bye": names.get(last.result.get("bye"), "") if last else "",
                    "notes": note_sentences(last.result.get("notes", []), names) if last else [],
                    "can_swap": bool(jogos) and not started,
                    "swap_form": SwissSwapForm(teams=playing.order_by(by_name())),
                    "swaps": PairingSwap.objects.filter(stage=stage, round=latest).select_related(
                        "team_a", "team_b"
                    )
                    if latest
                    else [],
                }
            )
        context.update(extra)
        return self.render_page("standings/swiss.html", context, status=status)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        action = request.POST.get("action")
        if action == "pair":
            return self._pair(request)
        if action == "swap":
            return self._swap(request)
        if action == "start":
            return self._start(request)
        return self.page(request, 400)  # a POST of none of the page's forms writes nothing

    def _start(self, request: HttpRequest) -> HttpResponse:
        form = SwissStartForm(request.POST, knockout=_to_knockout(self.tournament))
        if not form.is_valid():
            return self.page(request, 400, start_form=form)
        refusal = start_refusal(self.tournament)
        if refusal:
            form.add_error(None, refusal)
            return self.page(request, 400, start_form=form)
        try:
            stage = swiss_start(
                tournament=self.tournament,
                user=request.user,
                rounds=form.cleaned_data["swiss_rounds"],
                qualifiers=form.cleaned_data.get("qualifiers"),
            )
        except ServiceError as exc:
            apply_to_form(form, exc)
            return self.page(request, 400, start_form=form)
        n = stage.groups.get().teams.count()
        messages.success(
            request,
            ngettext(
                "Suíço iniciado: %(n)d equipes, %(r)d rodada.",
                "Suíço iniciado: %(n)d equipes, %(r)d rodadas.",
                stage.swiss_rounds or 0,
            )
            % {"n": n, "r": stage.swiss_rounds or 0},
        )
        return redirect("standings:swiss", slug=self.tournament.slug)

    def _pair(self, request: HttpRequest) -> HttpResponse:
        form = SwissPairForm(request.POST)
        stage = swiss_stage(self.tournament)
        if not form.is_valid():
            return self.page(request, 400, pair_form=form)
        if stage is None:
            form.add_error(None, _("Inicie o suíço antes de parear uma rodada."))
            return self.page(request, 400, pair_form=form)
        try:
            draw = swiss_pair_next(stage=stage, user=request.user, **form.cleaned_data)
        except ServiceError as exc:
            apply_to_form(form, exc)
            return self.page(request, 400, pair_form=form)
        messages.success(
            request,
            _("Rodada %(n)d pareada (semente %(seed)s).") % {"n": draw.inputs["round"], "seed": draw.seed},
        )
        return redirect("standings:swiss", slug=self.tournament.slug)

    def _swap(self, request: HttpRequest) -> HttpResponse:
        stage = swiss_stage(self.tournament)
        teams = (
            Team.objects.filter(tournament=self.tournament, groups__stage=stage)
            if stage
            else Team.objects.none()
        )
        form = SwissSwapForm(request.POST, teams=teams)
        if stage is None or not form.is_valid():
            return self.page(request, 400, swap_form=form)
        try:
            pairing_swap(stage=stage, user=request.user, **form.cleaned_data)
        except ServiceError as exc:
            apply_to_form(form, exc)
            return self.page(request, 400, swap_form=form)
        messages.success(request, _("Troca registrada."))
        return redirect("standings:swiss", slug=self.tournament.slug)
