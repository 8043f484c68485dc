"""The telão: a full-screen page per tournament for a TV or projector in the hall, with
no menu and nothing to click, that cycles through its screens (``public.telao``) and
stays current by itself (``static/js/live.js`` swaps the screens when the tournament's
revision moves; ``static/js/telao.js`` cycles them, and reloads the page now and then).

Cached like every public page (``public.caching``): the telão shows every part of the
tournament, so it is kept under the tournament's last revision (no scope named).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.decorators import method_decorator
from django.views import View

from public.caching import public_page
from public.telao import cycle_seconds, telao_screens
from tournaments.permissions import Action, TournamentPermissionMixin

RELOAD_SECONDS = 3600  # a fresh page every hour: nothing a day of swaps leaves behind


@method_decorator(public_page("ciclo"), name="dispatch")
class TelaoView(TournamentPermissionMixin, View):
    action = Action.VIEW_PUBLIC

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        context = {
            "tournament": self.tournament,
            "modality": self.tournament.rules(),
            "screens": telao_screens(self.tournament),
            "cycle": cycle_seconds(request.GET.get("ciclo")),
            "reload": RELOAD_SECONDS,
            "live_every": 2000,
            "live_target": "#telao",
        }
        return render(request, "public/telao.html", context)
