"""Organizer pages: create a tournament, its dashboard ("o que falta"), comissão e juízes.

Views are thin: a form shapes the input, a service writes, a selector reads. Every page
of a tournament is Action.MANAGE (organizers and superusers), via tournaments.permissions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.generic import FormView, TemplateView, View

from tournaments import board, selectors
from tournaments.forms import JudgeAccountForm, MemberForm, PublicationForm, TournamentForm
from tournaments.models import Membership
from tournaments.permissions import Action, CreatorRequiredMixin, TournamentPermissionMixin
from tournaments.services import ServiceError, apply_to_form
from tournaments.services.tournaments import (
    judge_account_create,
    membership_add,
    membership_remove,
    publication_set,
    tournament_create,
)


class OrganizerMixin(TournamentPermissionMixin):
    action = Action.MANAGE

    def render_page(self, template: str, context: dict[str, Any], status: int = 200) -> HttpResponse:
        """An organizer's page, with its tournament (the organizer may manage it)."""
        full = {"tournament": self.tournament, "can_manage": True, **context}
        return render(self.request, template, full, status=status)  # type: ignore[attr-defined]


class OrganizerPage(OrganizerMixin, View):
    """An organizer's page that a refused POST shows again: GET is ``page(request)`` as
    it stands, a POST calls ``page(request, …)`` with the form as typed and a 4xx."""

    page: Callable[..., HttpResponse]

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return self.page(request)


class TournamentCreateView(CreatorRequiredMixin, FormView):  # type: ignore[type-arg]
    """Who may create a tournament is the site's setting (``can_create_tournament``);
    its creator becomes its organizer. Anyone else logged in gets a 403 saying why."""

    template_name = "tournaments/create.html"
    form_class = TournamentForm

    def form_valid(self, form: TournamentForm) -> HttpResponse:
        kwargs = form.service_kwargs()
        try:
            tournament = tournament_create(user=self.request.user, lang=get_language() or "pt-br", **kwargs)
        except ServiceError as exc:
            apply_to_form(form, exc)
            return self.form_invalid(form)
        messages.success(
            self.request, _("Torneio «%(name)s» criado. Você é o organizador.") % {"name": tournament.name}
        )
        return redirect("tournaments:dashboard", slug=tournament.slug)

    def form_invalid(self, form: TournamentForm) -> HttpResponse:
        # Every error in one pass: beside the form's own, what the service would refuse.
        if getattr(form, "refused_by_form", False):
            form.add_service_errors(form.service_errors(lang=get_language() or "pt-br"))
        return super().form_invalid(form)


class MyTournamentsView(LoginRequiredMixin, TemplateView):
    template_name = "tournaments/mine.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["tournaments"] = selectors.managed_tournaments(self.request.user)
        return context


class DashboardView(OrganizerMixin, TemplateView):
    template_name = "tournaments/dashboard.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["board"] = board.dashboard(self.tournament)
        context["modality"] = self.tournament.rules()
        context["publication_form"] = PublicationForm(
            initial={"show_pending_results": self.tournament.show_pending_results}
        )
        return context


class PublicationView(OrganizerMixin, View):
    """The publication rule's switch, posted from the dashboard."""

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        form = PublicationForm(request.POST)
        form.is_valid()  # a checkbox: absent is False, anything else True
        shown = bool(form.cleaned_data.get("show_pending_results"))
        publication_set(tournament=self.tournament, show_pending_results=shown)
        if shown:
            messages.success(request, _("O público vê também os placares aguardando homologação, marcados."))
        else:
            messages.success(request, _("O público vê somente os resultados homologados."))
        return redirect("tournaments:dashboard", slug=slug)


class MembersView(OrganizerPage):
    template_name = "tournaments/members.html"

    def page(self, request: HttpRequest, **extra: Any) -> HttpResponse:
        context = {
            "memberships": self.tournament.memberships.select_related("user").order_by(
                "role", "user__username"
            ),
            "member_form": MemberForm(),
            "judge_form": JudgeAccountForm(),
            **extra,
        }
        return self.render_page(self.template_name, context, status=400 if extra.get("invalid") else 200)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        action = request.POST.get("action")
        if action == "remove":
            membership = get_object_or_404(
                Membership, pk=request.POST.get("membership") or 0, tournament=self.tournament
            )
            try:
                membership_remove(membership=membership)
            except ServiceError as exc:
                messages.error(request, exc.messages[0])
            return redirect("tournaments:members", slug=slug)
        if action == "judge":
            judge_form = JudgeAccountForm(request.POST)
            if judge_form.is_valid():
                try:
                    user, password = judge_account_create(
                        tournament=self.tournament, **judge_form.cleaned_data
                    )
                except ServiceError as exc:
                    apply_to_form(judge_form, exc)
                else:
                    # Shown in this response only: never stored or mailed in clear.
                    return self.page(request, new_account=user, new_password=password)
            return self.page(request, judge_form=judge_form, invalid=True)
        form = MemberForm(request.POST)
        if form.is_valid():
            try:
                membership_add(tournament=self.tournament, **form.cleaned_data)
            except ServiceError as exc:
                apply_to_form(form, exc)
            else:
                messages.success(request, _("Papel concedido."))
                return redirect(reverse("tournaments:members", args=[slug]))
        return self.page(request, member_form=form, invalid=True)
