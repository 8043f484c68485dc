"""Organizer pages of who is who across a circuit's etapas: the link proposals of teams and
of players (``circuits.proposals``), grouped, to accept all or one by one; the links made,
to undo; the merge of two people of the registry found to be one.

A proposal is named in a form by the etapa teams (or players) it joins: when the
proposals changed meanwhile (someone else accepted it), the post names none and is
refused with a 409 saying so, and nothing is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.generic import View

from circuits.forms import LinkForm, MergeForm
from circuits.models import Circuit, CircuitPlayer, CircuitTeam, PlayerLink, TeamLink
from circuits.proposals import PlayerProposal, TeamProposal, player_link_proposals, team_link_proposals
from circuits.services.links import (
    people_merge,
    player_link,
    player_links_apply,
    player_unlink,
    team_link,
    team_links_apply,
    team_unlink,
)
from circuits.views import CircuitOrganizerMixin
from tournaments.models import Player, Team
from tournaments.services import ServiceError


def team_token(p: TeamProposal) -> str:
    return ",".join(str(team.pk) for _etapa, team in p.teams)


def player_token(p: PlayerProposal) -> str:
    return ",".join(str(player.pk) for _etapa, player in p.players)


def unlinked_teams(circuit: Circuit) -> list[tuple[int, str]]:
    """The etapas' teams not linked yet, as «Etapa: Equipe (Entidade)», in etapa order."""
    linked = TeamLink.objects.filter(etapa__circuit=circuit).values("team_id")
    teams = (
        Team.objects.filter(tournament__circuit_etapas__circuit=circuit)
        .exclude(pk__in=linked)
        .select_related("tournament", "entity")
        .order_by("tournament__circuit_etapas__order", "name")
    )
    return [
        (t.pk, f"{t.tournament.name}: {t.name}" + (f" ({t.entity.name})" if t.entity else "")) for t in teams
    ]


def unlinked_players(circuit: Circuit) -> list[tuple[int, str]]:
    """The etapas' players not linked yet, as «Etapa: Jogador (Equipe)»."""
    linked = PlayerLink.objects.filter(circuit=circuit).values("player_id")
    players = (
        Player.objects.filter(team__tournament__circuit_etapas__circuit=circuit)
        .exclude(pk__in=linked)
        .select_related("team__tournament")
        .order_by("team__tournament__circuit_etapas__order", "name")
    )
    return [(p.pk, f"{p.team.tournament.name}: {p.name} ({p.team.name})") for p in players]


def _chosen(request: HttpRequest, tokens: Sequence[str]) -> list[int] | None:
    """The indices of the proposals posted: all, or the one named (None: it is gone)."""
    if request.POST.get("all") == "1":
        return list(range(len(tokens)))
    asked = request.POST.get("proposal", "")
    return [tokens.index(asked)] if asked in tokens else None


class TeamLinksView(CircuitOrganizerMixin, View):
    def page(
        self, request: HttpRequest, status: int = 200, error: str = "", link_form: LinkForm | None = None
    ) -> HttpResponse:
        c = self.circuit
        proposals = team_link_proposals(c)
        teams = c.teams.prefetch_related(
            Prefetch(
                "links",
                queryset=TeamLink.objects.select_related("team", "etapa__tournament").order_by(
                    "etapa__order"
                ),
            )
        )
        context = {
            "circuit": c,
            "proposals": [(team_token(p), p) for p in proposals],
            "circuit_teams": teams,
            "link_form": link_form
            or LinkForm(targets=[(t.pk, t.name) for t in teams], items=unlinked_teams(c)),
            "error": error,
        }
        return render(request, "circuits/teams.html", context, status=status)

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return self.page(request)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        if request.POST.get("action") == "unlink":
            link = get_object_or_404(
                TeamLink, pk=request.POST.get("link") or 0, circuit_team__circuit=self.circuit
            )
            team_unlink(link=link, user=request.user)
            messages.success(request, _("Vínculo de «%(team)s» desfeito.") % {"team": link.team.name})
            return redirect("circuits:teams", slug=slug)
        if request.POST.get("action") == "link":
            return self.link(request)
        proposals = team_link_proposals(self.circuit)
        chosen = _chosen(request, [team_token(p) for p in proposals])
        if chosen is None:
            message = _("Proposta: ela não está mais na lista (já aceita ou mudou); veja a lista de novo.")
            return self.page(request, 409, message)
        try:
            links = team_links_apply(
                circuit=self.circuit, proposals=[proposals[k] for k in chosen], user=request.user
            )
        except ServiceError as exc:
            return self.page(request, 400, exc.messages[0])
        n = len(links)
        messages.success(
            request, ngettext("%(n)d equipe vinculada.", "%(n)d equipes vinculadas.", n) % {"n": n}
        )
        return redirect("circuits:teams", slug=slug)

    def link(self, request: HttpRequest) -> HttpResponse:
        targets = [(t.pk, t.name) for t in self.circuit.teams.all()]
        form = LinkForm(request.POST, targets=targets, items=unlinked_teams(self.circuit))
        if form.is_valid():
            ct = get_object_or_404(CircuitTeam, pk=form.cleaned_data["target"], circuit=self.circuit)
            team = get_object_or_404(Team, pk=form.cleaned_data["item"])
            try:
                team_link(circuit_team=ct, team=team, user=request.user)
            except ServiceError as exc:
                form.add_error(None, exc.messages[0])
            else:
                messages.success(
                    request, _("«%(team)s» vinculada a «%(ct)s».") % {"team": team.name, "ct": ct.name}
                )
                return redirect("circuits:teams", slug=self.circuit.slug)
        return self.page(request, 400, link_form=form)


class PlayerLinksView(CircuitOrganizerMixin, View):
    def page(self, request: HttpRequest, status: int = 200, error: str = "", **extra: Any) -> HttpResponse:
        c = self.circuit
        proposals = player_link_proposals(c)
        people = list(
            c.people.prefetch_related(
                Prefetch(
                    "links",
                    queryset=PlayerLink.objects.select_related("player__team__tournament").order_by("pk"),
                )
            )
        )
        context = {
            "circuit": c,
            "proposals": [(player_token(p), p) for p in proposals],
            "people": people,
            "merge_form": extra.get("merge_form") or MergeForm(choices=[(p.pk, p.name) for p in people]),
            "link_form": extra.get("link_form")
            or LinkForm(targets=[(p.pk, p.name) for p in people], items=unlinked_players(c)),
            "error": error,
        }
        return render(request, "circuits/players.html", context, status=status)

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return self.page(request)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        action = request.POST.get("action")
        if action == "unlink":
            link = get_object_or_404(PlayerLink, pk=request.POST.get("link") or 0, circuit=self.circuit)
            player_unlink(link=link, user=request.user)
            messages.success(request, _("Vínculo de «%(player)s» desfeito.") % {"player": link.player.name})
            return redirect("circuits:players", slug=slug)
        if action == "merge":
            return self.merge(request)
        if action == "link":
            return self.link(request)
        proposals = player_link_proposals(self.circuit)
        chosen = _chosen(request, [player_token(p) for p in proposals])
        if chosen is None:
            message = _("Proposta: ela não está mais na lista (já aceita ou mudou); veja a lista de novo.")
            return self.page(request, 409, message)
        try:
            links = player_links_apply(
                circuit=self.circuit, proposals=[proposals[k] for k in chosen], user=request.user
            )
        except ServiceError as exc:
            return self.page(request, 400, exc.messages[0])
        n = len(links)
        messages.success(
            request, ngettext("%(n)d jogador vinculado.", "%(n)d jogadores vinculados.", n) % {"n": n}
        )
        return redirect("circuits:players", slug=slug)

    def link(self, request: HttpRequest) -> HttpResponse:
        targets = [(p.pk, p.name) for p in self.circuit.people.all()]
        form = LinkForm(request.POST, targets=targets, items=unlinked_players(self.circuit))
        if form.is_valid():
            person = get_object_or_404(CircuitPlayer, pk=form.cleaned_data["target"], circuit=self.circuit)
            player = get_object_or_404(Player.objects.select_related("team"), pk=form.cleaned_data["item"])
            try:
                player_link(person=person, player=player, user=request.user)
            except ServiceError as exc:
                form.add_error(None, exc.messages[0])
            else:
                messages.success(
                    request,
                    _("«%(player)s» vinculado a «%(person)s».")
                    % {"player": player.name, "person": person.name},
                )
                return redirect("circuits:players", slug=self.circuit.slug)
        return self.page(request, 400, link_form=form)

    def merge(self, request: HttpRequest) -> HttpResponse:
        choices = [(p.pk, p.name) for p in self.circuit.people.all()]
        form = MergeForm(request.POST, choices=choices)
        if not form.is_valid():
            return self.page(request, 400, merge_form=form)
        keep = get_object_or_404(CircuitPlayer, pk=form.cleaned_data["keep"], circuit=self.circuit)
        merge = get_object_or_404(CircuitPlayer, pk=form.cleaned_data["merge"], circuit=self.circuit)
        try:
            people_merge(keep=keep, merge=merge, user=request.user)
        except ServiceError as exc:
            form.add_error(None, exc.messages[0])
            return self.page(request, 400, merge_form=form)
        messages.success(
            request,
            _("«%(merge)s» e «%(keep)s» são uma pessoa só.") % {"merge": merge.name, "keep": keep.name},
        )
        return redirect("circuits:players", slug=self.circuit.slug)
