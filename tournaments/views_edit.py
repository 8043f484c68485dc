"""Organizer pages that change a tournament after its creation: «Editar torneio», the
inscrições opened and closed, a team deleted before the sorteio, a judge's new password.

Thin views: the form shapes the input, ``tournaments.services.editing`` /
``closing`` / ``accounts`` decide and write. Every page is Action.MANAGE.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.generic import View

from tournaments.forms_edit import TournamentEditForm
from tournaments.models import Membership, Stage, Team
from tournaments.services import ServiceError
from tournaments.services.accounts import judge_password_new
from tournaments.services.closing import (
    registration_close,
    registration_reopen,
    team_delete,
    team_drawn,
)
from tournaments.services.editing import (
    awaiting_second_entry,
    current_rules,
    edit_problems,
    has_results,
    tournament_update,
)
from tournaments.views import MembersView, OrganizerMixin


class TournamentEditView(OrganizerMixin, View):
    template_name = "tournaments/edit.html"

    def page(self, request: HttpRequest, form: TournamentEditForm, status: int = 200) -> HttpResponse:
        t = self.tournament
        context = {
            "form": form,
            "modality": t.rules(),
            "has_results": has_results(t),
            "drawn": Stage.objects.filter(tournament=t).exclude(system="swiss", groups=None).exists(),
            "awaiting_second_entry": awaiting_second_entry(t),
        }
        return self.render_page(self.template_name, context, status=status)

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        initial = TournamentEditForm.initial_for(self.tournament, current_rules(self.tournament))
        return self.page(request, TournamentEditForm(initial=initial, modality=self.tournament.rules()))

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        form = TournamentEditForm(request.POST, modality=self.tournament.rules())
        valid = form.is_valid()
        lang = get_language() or "pt-br"
        kwargs: dict[str, Any] = {
            "tournament": self.tournament,
            "details": form.details(self.tournament),
            "rules": form.rules(),
            "confirm": bool(form.cleaned_data.get("confirm")),
            "lang": lang,
            "double_entry": form.double_entry_choice(),
        }
        if not valid:
            # The service's problems too, for the fields the form accepted: one pass.
            form.add_service_errors(edit_problems(**kwargs), beside_refused=False)
            return self.page(request, form, status=400)
        try:
            outcome = tournament_update(**kwargs)
        except ServiceError as exc:
            form.add_service_errors(exc.errors)
            return self.page(request, form, status=400)
        if not outcome.changed:
            messages.info(request, _("Nada foi alterado."))
        elif outcome.recomputed:
            messages.success(
                request, _("Torneio alterado. As súmulas foram conferidas de novo com as novas regras.")
            )
            if outcome.stopped_counting:
                lost = outcome.stopped_counting
                shown = ", ".join(lost[:10])
                if len(lost) > 10:
                    shown = _("%(shown)s e mais %(n)d") % {"shown": shown, "n": len(lost) - 10}
                messages.warning(
                    request,
                    ngettext(
                        "%(n)d súmula deixou de valer com as novas regras: %(shown)s.",
                        "%(n)d súmulas deixaram de valer com as novas regras: %(shown)s.",
                        len(lost),
                    )
                    % {"n": len(lost), "shown": shown},
                )
        else:
            messages.success(request, _("Torneio alterado."))
        if "double_entry" in outcome.changed and outcome.awaiting_second_entry:
            n = outcome.awaiting_second_entry
            messages.info(
                request,
                ngettext(
                    "Dupla digitação alterada: %(n)d súmula já enviada segue o fluxo com que foi enviada "
                    "e aguarda a confirmação pela dupla digitação.",
                    "Dupla digitação alterada: %(n)d súmulas já enviadas seguem o fluxo com que foram "
                    "enviadas e aguardam a confirmação pela dupla digitação.",
                    n,
                )
                % {"n": n},
            )
        return redirect("tournaments:dashboard", slug=slug)


class RegistrationView(OrganizerMixin, View):
    """POST ``action`` = «encerrar» or «reabrir»."""

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        action = request.POST.get("action")
        if action == "encerrar":
            registration_close(tournament=self.tournament)
            messages.success(request, _("Inscrições encerradas: nenhuma equipe nova pode ser inscrita."))
        elif action == "reabrir":
            registration_reopen(tournament=self.tournament)
            messages.success(request, _("Inscrições reabertas."))
        else:
            raise BadRequest(_("Pedido inválido: escolha encerrar ou reabrir as inscrições."))
        return redirect("tournaments:dashboard", slug=slug)


class TeamDeleteView(OrganizerMixin, View):
    """A confirmation page, then the deletion of a team never drawn."""

    def _page(self, request: HttpRequest, team: Team, status: int = 200, **extra: Any) -> HttpResponse:
        context = {
            "team": team,
            "drawn": team_drawn(team),
            **extra,
        }
        return self.render_page("tournaments/team_delete.html", context, status=status)

    def get(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        team = get_object_or_404(Team, pk=pk, tournament=self.tournament)
        return self._page(request, team)

    def post(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        team = get_object_or_404(Team, pk=pk, tournament=self.tournament)
        if not request.POST.get("confirm"):
            return self._page(
                request, team, status=400, error=_("Marque a confirmação para excluir a equipe.")
            )
        try:
            name = team_delete(team=team, user=request.user)
        except ServiceError as exc:
            return self._page(request, team, status=409, error=" ".join(exc.messages))
        messages.success(request, _("Equipe «%(name)s» excluída.") % {"name": name})
        return redirect("tournaments:teams", slug=slug)


class JudgePasswordView(MembersView):
    """«Gerar nova senha» on the comissão e juízes page: shown once, in this response."""

    def post(self, request: HttpRequest, slug: str, membership_id: int) -> HttpResponse:  # type: ignore[override]
        memberships = Membership.objects.select_related("user")
        membership = get_object_or_404(memberships, pk=membership_id, tournament=self.tournament)
        try:
            password = judge_password_new(tournament=self.tournament, membership=membership, by=request.user)
        except ServiceError as exc:
            messages.error(request, exc.messages[0])
            return redirect("tournaments:members", slug=slug)
        return self.page(request, reset_account=membership.user, reset_password=password)

    def get(self, request: HttpRequest, slug: str, membership_id: int = 0) -> HttpResponse:  # type: ignore[override]
        return redirect("tournaments:members", slug=slug)
