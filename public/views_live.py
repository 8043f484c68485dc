"""The public live pages of the digital tenteio: every jogo in progress, and one mesa's
partida hand by hand (the placar parcial, which does not count in the standings). The
result of the mesa's jogo, once its súmula is sent, follows the publication rule
(``standings.results.match_rows``) like every other public page."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.decorators import method_decorator
from django.views import View

from public import scopes
from public.caching import public_page
from standings.results import match_rows
from tally import selectors
from tournaments.permissions import Action, TournamentPermissionMixin


@method_decorator(public_page(scopes=scopes.live_board), name="dispatch")
class LiveBoardView(TournamentPermissionMixin, View):
    action = Action.VIEW_PUBLIC

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        context = {"tournament": self.tournament, "board": selectors.live_board(self.tournament)}
        return render(request, "public/live_board.html", context)


@method_decorator(public_page(scopes=scopes.mesa), name="dispatch")
class LiveMesaView(TournamentPermissionMixin, View):
    action = Action.VIEW_PUBLIC

    def get(self, request: HttpRequest, slug: str, table_id: int) -> HttpResponse:
        table = self.tournament.tables.filter(pk=table_id).first()
        if table is None:
            raise Http404
        match = selectors.mesa_match(self.tournament, table)
        state = selectors.match_state(match, self.tournament.rules()) if match else None
        rows = match_rows(self.tournament, table=table.name) if match else []
        context = {
            "row": next((r for r in rows if match and r["pk"] == match.pk), None),
            "tournament": self.tournament,
            "mesa": table.name,
            "state": state,
            "recent": selectors.recent_rows(match) if match else [],
        }
        return render(request, "public/live_mesa.html", context)
