"""Organizer pages of who is who across a circuit's etapas: the link proposals of teams and
of players (``circuits.proposals``), grouped, to accept all or one by one; the links made,
to undo; a link made by hand; and, for people, the merge of two found to be one.

One view, :class:`LinksView`, serves both pages; a :class:`LinkKind` says what differs
(the models, the proposals, the services that apply, link and unlink, the words).

A proposal is named in a form by the etapa teams (or players) it joins: when the
proposals changed meanwhile (someone else accepted it), the post names none and is
refused with a 409 saying so, and nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from django.contrib import messages
from django.db.models import Model, Prefetch, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.generic import View

from circuits.forms import LinkForm, MergeForm
from circuits.models import Circuit, CircuitPlayer, PlayerLink, TeamLink
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


def _posted_pk(request: HttpRequest, field: str) -> int:
    value = request.POST.get(field) or ""
    return int(value) if value.isdecimal() else 0  # 0: no row, a 404


def _chosen(request: HttpRequest, tokens: Sequence[str]) -> list[int] | None:
    """The indices of the proposals posted: all, or the one named (None: it is gone)."""
    if request.POST.get("all") == "1":
        return list(range(len(tokens)))
    asked = request.POST.get("proposal", "")
    return [tokens.index(asked)] if asked in tokens else None


@dataclass(frozen=True)
class LinkKind:
    """What the team page and the people page differ in."""

    url_name: str  # the page, to come back to after a change
    template: str
    heading: Promise
    listing_name: str  # the template's name for the circuit teams (or people) with their links
    link_model: type[Model]
    link_scope: str  # the lookup from a link to its circuit
    listing: Callable[[Circuit], QuerySet[Any]]  # circuit teams (people), links prefetched
    targets: Callable[[Circuit], QuerySet[Any]]  # what an etapa's item may be linked to
    items: Callable[[], QuerySet[Any]]  # an etapa's teams (players), as the services need them
    unlinked: Callable[[Circuit], list[tuple[int, str]]]
    proposals: Callable[[Circuit], Sequence[Any]]
    token: Callable[[Any], str]
    apply: Callable[..., list[Any]]  # (circuit=, proposals=, user=)
    link: Callable[[Any, Any, Any], Any]  # (target, item, user)
    unlink: Callable[..., None]  # (link=, user=)
    unlinked_words: Callable[[Any], str]  # the message after undoing ``link``
    linked_words: Callable[[Any, Any], str]  # after linking (item, target) by hand
    applied_words: Callable[[int], str]  # after accepting proposals that made n links


TEAMS = LinkKind(
    url_name="circuits:teams",
    template="circuits/teams.html",
    heading=gettext_lazy("Equipes do circuito"),
    listing_name="circuit_teams",
    link_model=TeamLink,
    link_scope="circuit_team__circuit",
    listing=lambda c: c.teams.prefetch_related(
        Prefetch(
            "links",
            queryset=TeamLink.objects.select_related("team", "etapa__tournament").order_by("etapa__order"),
        )
    ),
    targets=lambda c: c.teams.all(),
    items=lambda: Team.objects.all(),
    unlinked=unlinked_teams,
    proposals=team_link_proposals,
    token=team_token,
    apply=team_links_apply,
    link=lambda target, item, user: team_link(circuit_team=target, team=item, user=user),
    unlink=team_unlink,
    unlinked_words=lambda link: _("Vínculo de «%(team)s» desfeito.") % {"team": link.team.name},
    linked_words=lambda item, target: (
        _("«%(team)s» vinculada a «%(ct)s».") % {"team": item.name, "ct": target.name}
    ),
    applied_words=lambda n: ngettext("%(n)d equipe vinculada.", "%(n)d equipes vinculadas.", n) % {"n": n},
)

PLAYERS = LinkKind(
    url_name="circuits:players",
    template="circuits/players.html",
    heading=gettext_lazy("Jogadores do circuito"),
    listing_name="people",
    link_model=PlayerLink,
    link_scope="circuit",
    listing=lambda c: c.people.prefetch_related(
        Prefetch(
            "links", queryset=PlayerLink.objects.select_related("player__team__tournament").order_by("pk")
        )
    ),
    targets=lambda c: c.people.all(),
    items=lambda: Player.objects.select_related("team"),
    unlinked=unlinked_players,
    proposals=player_link_proposals,
    token=player_token,
    apply=player_links_apply,
    link=lambda target, item, user: player_link(person=target, player=item, user=user),
    unlink=player_unlink,
    unlinked_words=lambda link: _("Vínculo de «%(player)s» desfeito.") % {"player": link.player.name},
    linked_words=lambda item, target: (
        _("«%(player)s» vinculado a «%(person)s».") % {"player": item.name, "person": target.name}
    ),
    applied_words=lambda n: ngettext("%(n)d jogador vinculado.", "%(n)d jogadores vinculados.", n) % {"n": n},
)


class LinksView(CircuitOrganizerMixin, View):
    """A circuit's links of one kind: GET the page; POST ``action`` ``unlink`` (a link),
    ``link`` (by hand), or else the proposals (``all=1`` or the one ``proposal``).
    Subclasses add actions (``extra_actions``) and context (:meth:`extra_context`)."""

    kind: ClassVar[LinkKind]
    extra_actions: ClassVar[tuple[str, ...]] = ()

    def extra_context(self, listing: list[Any], extra: dict[str, Any]) -> dict[str, Any]:
        return {}

    def page(self, request: HttpRequest, status: int = 200, error: str = "", **extra: Any) -> HttpResponse:
        c, kind = self.circuit, self.kind
        listing = list(kind.listing(c))
        context = {
            "circuit": c,
            "heading": kind.heading,
            "proposals": [(kind.token(p), p) for p in kind.proposals(c)],
            kind.listing_name: listing,
            "link_form": extra.get("link_form")
            or LinkForm(targets=[(t.pk, t.name) for t in listing], items=kind.unlinked(c)),
            "error": error,
            **self.extra_context(listing, extra),
        }
        return render(request, kind.template, context, status=status)

    def done(self, request: HttpRequest, words: str) -> HttpResponse:
        messages.success(request, words)
        return redirect(self.kind.url_name, slug=self.circuit.slug)

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        return self.page(request)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        action = request.POST.get("action") or ""
        if action == "unlink":
            return self.unlink(request)
        if action == "link":
            return self.link(request)
        if action in self.extra_actions:
            handler: Callable[[HttpRequest], HttpResponse] = getattr(self, action)
            return handler(request)
        return self.accept(request)

    def unlink(self, request: HttpRequest) -> HttpResponse:
        kind = self.kind
        scope = {kind.link_scope: self.circuit}
        link = get_object_or_404(kind.link_model, pk=_posted_pk(request, "link"), **scope)
        kind.unlink(link=link, user=request.user)
        return self.done(request, kind.unlinked_words(link))

    def accept(self, request: HttpRequest) -> HttpResponse:
        kind = self.kind
        proposals = kind.proposals(self.circuit)
        chosen = _chosen(request, [kind.token(p) for p in proposals])
        if chosen is None:
            message = _("Proposta: ela não está mais na lista (já aceita ou mudou); veja a lista de novo.")
            return self.page(request, 409, message)
        try:
            links = kind.apply(
                circuit=self.circuit, proposals=[proposals[k] for k in chosen], user=request.user
            )
        except ServiceError as exc:
            return self.page(request, 400, exc.messages[0])
        return self.done(request, kind.applied_words(len(links)))

    def link(self, request: HttpRequest) -> HttpResponse:
        kind = self.kind
        targets = kind.targets(self.circuit)
        form = LinkForm(
            request.POST, targets=[(t.pk, t.name) for t in targets], items=kind.unlinked(self.circuit)
        )
        if form.is_valid():
            target = get_object_or_404(targets, pk=form.cleaned_data["target"])
            item = get_object_or_404(kind.items(), pk=form.cleaned_data["item"])
            try:
                kind.link(target, item, request.user)
            except ServiceError as exc:
                form.add_error(None, exc.messages[0])
            else:
                return self.done(request, kind.linked_words(item, target))
        return self.page(request, 400, link_form=form)


class TeamLinksView(LinksView):
    kind = TEAMS


class PlayerLinksView(LinksView):
    """People's links, and the merge of two people of the registry found to be one."""

    kind = PLAYERS
    extra_actions = ("merge",)

    def extra_context(self, listing: list[Any], extra: dict[str, Any]) -> dict[str, Any]:
        return {"merge_form": extra.get("merge_form") or MergeForm(choices=[(p.pk, p.name) for p in listing])}

    def merge(self, request: HttpRequest) -> HttpResponse:
        people = self.circuit.people.all()
        form = MergeForm(request.POST, choices=[(p.pk, p.name) for p in people])
        if not form.is_valid():
            return self.page(request, 400, merge_form=form)
        keep = get_object_or_404(CircuitPlayer, pk=form.cleaned_data["keep"], circuit=self.circuit)
        merge = get_object_or_404(CircuitPlayer, pk=form.cleaned_data["merge"], circuit=self.circuit)
        try:
            people_merge(keep=keep, merge=merge, user=request.user)
        except ServiceError as exc:
            form.add_error(None, exc.messages[0])
            return self.page(request, 400, merge_form=form)
        words = _("«%(merge)s» e «%(keep)s» são uma pessoa só.") % {"merge": merge.name, "keep": keep.name}
        return self.done(request, words)
