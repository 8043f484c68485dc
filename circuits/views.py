"""Organizer pages of circuits: «Circuitos», «Novo circuito» (a season, or a rodeio from an
event's tournaments) and a circuit's page (its etapas, points table and rules, the
sorteios of its pending ties). Linking teams and people: ``circuits.views_links``.

Thin views: a form shapes the input, a service writes (and refuses with a pt-BR message
naming the field: the page comes back with a 400 and nothing is written), a selector
reads. Anonymous visitors go to the login; anyone logged in who does not organize the
circuit gets a 403 (``circuits.permissions``).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import View

from circuits.forms import CircuitCreateForm, CircuitSettingsForm, EtapaAddForm
from circuits.models import Circuit, CircuitEtapa, CircuitLots
from circuits.permissions import can_create_circuit, can_manage_circuit
from circuits.selectors import RankingTable, circuit_etapas, circuit_rankings, managed_circuits
from circuits.services.circuits import (
    circuit_create,
    circuit_etapa_add,
    circuit_etapa_move,
    circuit_etapa_remove,
    circuit_lots_record,
    circuit_settings_set,
    rodeio_create,
)
from circuits.tables import CircuitTable, EtapaTable
from tournaments.selectors import managed_tournaments
from tournaments.services import ServiceError, apply_to_form


class CircuitOrganizerMixin(LoginRequiredMixin):
    """``self.circuit`` from the address; only its organizers (403 otherwise)."""

    circuit: Circuit

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        self.circuit = get_object_or_404(Circuit, slug=kwargs["slug"])
        if not can_manage_circuit(request.user, self.circuit):
            raise PermissionDenied(_("Somente a organização do circuito pode alterá-lo."))
        return super().dispatch(request, *args, **kwargs)  # type: ignore[misc, no-any-return]


class CircuitListView(LoginRequiredMixin, View):
    def get(self, request: HttpRequest) -> HttpResponse:
        table = CircuitTable(managed_circuits(request.user))
        context = {"table": table, "can_create": can_create_circuit(request.user)}
        return render(request, "circuits/list.html", context)


class CircuitCreateView(LoginRequiredMixin, View):
    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.user.is_authenticated and not can_create_circuit(request.user):
            raise PermissionDenied(_("Sua conta não pode criar circuitos: peça ao administrador do site."))
        return super().dispatch(request, *args, **kwargs)

    def get(self, request: HttpRequest) -> HttpResponse:
        return render(request, "circuits/create.html", {"form": CircuitCreateForm()})

    def post(self, request: HttpRequest) -> HttpResponse:
        form = CircuitCreateForm(request.POST)
        if form.is_valid():
            kwargs = form.service_kwargs()
            event = form.cleaned_data.get("event")
            try:
                if event:
                    kwargs.pop("kind")
                    circuit = rodeio_create(event=event, user=request.user, **kwargs)
                else:
                    circuit = circuit_create(user=request.user, **kwargs)
            except ServiceError as exc:
                apply_to_form(form, exc)
            else:
                messages.success(request, _("Circuito «%(name)s» criado.") % {"name": circuit.name})
                return redirect("circuits:manage", slug=circuit.slug)
        return render(request, "circuits/create.html", {"form": form}, status=400)


def lots_blocks(tables: dict[str, RankingTable]) -> list[dict[str, Any]]:
    """Each pending tie of each ranking, with the names of those tied (for a sorteio form)."""
    titles = dict(CircuitLots.Ranking.choices)
    return [
        {
            "ranking": ranking,
            "title": titles[ranking],
            "keys": ",".join(tie),
            "tied": [(key, table.names.get(key, key)) for key in tie],
        }
        for ranking, table in tables.items()
        for tie in table.pending_ties
    ]


class CircuitManageView(CircuitOrganizerMixin, View):
    """The circuit's page: etapas (add, reorder, remove), settings, sorteios of pending ties."""

    def page(self, request: HttpRequest, status: int = 200, **extra: Any) -> HttpResponse:
        c = self.circuit
        tables = circuit_rankings(c)  # reads the etapas' placings again where they changed
        etapas = circuit_etapas(c)
        taken = {e.tournament_id for e in etapas}
        choices = [
            (t.pk, t.name)
            for t in managed_tournaments(request.user).order_by("-date", "name")
            if t.pk not in taken
        ]
        context = {
            "circuit": c,
            "etapa_table": EtapaTable(etapas, request=request, slug=c.slug),
            "etapa_form": extra.pop("etapa_form", None) or EtapaAddForm(choices=choices),
            "settings_form": extra.pop("settings_form", None)
            or CircuitSettingsForm(initial=CircuitSettingsForm.initial_of(c)),
            "lots": lots_blocks(tables),
            **extra,
        }
        return render(request, "circuits/manage.html", context, status=status)

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return self.page(request)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        action = request.POST.get("action")
        handler = {
            "etapa_add": self.etapa_add,
            "etapa_remove": self.etapa_remove,
            "etapa_move": self.etapa_move,
            "settings": self.settings,
            "lots": self.lots,
        }.get(action or "")
        if handler is None:
            return self.page(request, 400, error=_("Ação desconhecida."))
        return handler(request)

    def etapa_add(self, request: HttpRequest) -> HttpResponse:
        taken = set(self.circuit.etapas.values_list("tournament_id", flat=True))
        choices = [(t.pk, t.name) for t in managed_tournaments(request.user) if t.pk not in taken]
        form = EtapaAddForm(request.POST, choices=choices)
        if form.is_valid():
            tournament = managed_tournaments(request.user).get(pk=form.cleaned_data["tournament"])
            try:
                circuit_etapa_add(circuit=self.circuit, tournament=tournament, user=request.user)
            except ServiceError as exc:
                apply_to_form(form, exc)
            else:
                messages.success(request, _("Etapa «%(name)s» incluída.") % {"name": tournament.name})
                return redirect("circuits:manage", slug=self.circuit.slug)
        return self.page(request, 400, etapa_form=form)

    def posted_etapa(self, request: HttpRequest) -> CircuitEtapa:
        """The etapa of this circuit the form names (404 for anything else, «x» too)."""
        pk = request.POST.get("etapa") or ""
        return get_object_or_404(
            CircuitEtapa.objects.select_related("tournament"),
            pk=int(pk) if pk.isdecimal() else 0,
            circuit=self.circuit,
        )

    def etapa_remove(self, request: HttpRequest) -> HttpResponse:
        etapa = self.posted_etapa(request)
        circuit_etapa_remove(etapa=etapa, user=request.user)
        messages.success(
            request, _("Etapa «%(name)s» retirada do circuito.") % {"name": etapa.tournament.name}
        )
        return redirect("circuits:manage", slug=self.circuit.slug)

    def etapa_move(self, request: HttpRequest) -> HttpResponse:
        etapa = self.posted_etapa(request)
        try:
            circuit_etapa_move(etapa=etapa, direction=request.POST.get("direction") or "", user=request.user)
        except ServiceError as exc:
            return self.page(request, 400, error=exc.messages[0])
        messages.success(request, _("Etapa «%(name)s» reordenada.") % {"name": etapa.tournament.name})
        return redirect(reverse("circuits:manage", args=[self.circuit.slug]) + "#etapas")

    def settings(self, request: HttpRequest) -> HttpResponse:
        form = CircuitSettingsForm(request.POST)
        if form.is_valid():
            try:
                circuit_settings_set(circuit=self.circuit, user=request.user, **form.service_kwargs())
            except ServiceError as exc:
                apply_to_form(form, exc)
            else:
                messages.success(request, _("Tabela de pontos e regras do circuito salvas."))
                return redirect("circuits:manage", slug=self.circuit.slug)
        self.circuit.refresh_from_db()
        return self.page(request, 400, settings_form=form)

    def lots(self, request: HttpRequest) -> HttpResponse:
        competitors = [k for k in (request.POST.get("competitors") or "").split(",") if k]
        manual = request.POST.get("mode") == "manual"
        order = [k for k in request.POST.getlist("order") if k] if manual else None
        try:
            with transaction.atomic():
                lot = circuit_lots_record(
                    circuit=self.circuit,
                    ranking=request.POST.get("ranking") or "",
                    competitors=competitors,
                    user=request.user,
                    manual_order=order,
                )
        except ServiceError as exc:
            return self.page(request, 400, error=exc.messages[0])
        messages.success(
            request, _("Sorteio registrado: %(n)d empatados ordenados.") % {"n": len(lot.result)}
        )
        return redirect("circuits:manage", slug=self.circuit.slug)
