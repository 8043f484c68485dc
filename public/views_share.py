"""The pictures to share (PNG) and a jogo's public page, cached like every public page.

``/t/SLUG/imagens/…png``: a chave's classificação, the mata-mata, one jogo, the final
podium, each drawn by ``public.pictures`` (an SVG template) and turned into PNG by
``public.raster``. Each is kept by ``public.caching`` under the revision of what it shows
(its chave, the mata-mata, the jogos), with its ETag: a picture is drawn once per change,
and a browser or a link preview that has it gets a 304.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.views import View

from core.site import base_url
from knockout.selectors import knockout_stages, pick_stage
from public import pictures, raster, scopes
from public.caching import public_page
from standings.results import match_rows
from tournaments.models import Match
from tournaments.permissions import Action, TournamentPermissionMixin
from tournaments.phases import names_by_id
from tournaments.revision import published


class PictureView(TournamentPermissionMixin, View):
    """A PNG drawn from the context ``picture`` builds with its SVG template."""

    action = Action.VIEW_PUBLIC
    template_name = ""

    def picture(self, revision: int, address: str, **kwargs: Any) -> dict[str, Any] | None:
        raise NotImplementedError

    def get(self, request: HttpRequest, slug: str, **kwargs: Any) -> HttpResponse:
        t = self.tournament
        found = published(t.slug, getattr(request, "public_scopes", []))
        address = base_url(request).split("://", 1)[-1] + reverse("public:home", args=[t.slug])
        context = self.picture(found.revision if found else 0, address, **kwargs)
        if context is None:
            raise Http404
        svg = render_to_string(self.template_name, context)
        return HttpResponse(raster.png(svg), content_type="image/png")


@method_decorator(public_page(scopes=scopes.chave), name="dispatch")
class ChavePictureView(PictureView):
    template_name = "public/pictures/chave.svg.html"

    def picture(self, revision: int, address: str, **kwargs: Any) -> dict[str, Any] | None:
        return pictures.chave_picture(self.tournament, int(kwargs["group_id"]), revision, address)


@method_decorator(public_page("fase", scopes=scopes.bracket), name="dispatch")
class BracketPictureView(PictureView):
    template_name = "public/pictures/bracket.svg.html"

    def picture(self, revision: int, address: str, **kwargs: Any) -> dict[str, Any] | None:
        stage = pick_stage(knockout_stages(self.tournament), self.request.GET.get("fase"))
        return pictures.bracket_picture(self.tournament, stage, revision, address) if stage else None


@method_decorator(public_page(scopes=scopes.jogos), name="dispatch")
class JogoPictureView(PictureView):
    template_name = "public/pictures/jogo.svg.html"

    def picture(self, revision: int, address: str, **kwargs: Any) -> dict[str, Any] | None:
        return pictures.jogo_picture(self.tournament, int(kwargs["match_id"]), revision, address)


@method_decorator(public_page(scopes=scopes.jogos), name="dispatch")
class PodiumPictureView(PictureView):
    template_name = "public/pictures/podium.svg.html"

    def picture(self, revision: int, address: str, **kwargs: Any) -> dict[str, Any] | None:
        return pictures.podium_picture(self.tournament, revision, address)


@method_decorator(public_page(scopes=scopes.jogos), name="dispatch")
class JogoView(TournamentPermissionMixin, View):
    """One jogo's public page: its teams, its result as the pages show it (the
    publication rule), and its picture to share."""

    action = Action.VIEW_PUBLIC

    def get(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        t = self.tournament
        team = (
            Match.objects.filter(stage__tournament=t, pk=match_id).values_list("team_a_id", flat=True).first()
        )
        if team is None:
            raise Http404
        row = next(r for r in match_rows(t, team_id=team) if r["pk"] == match_id)
        context = {
            "tournament": t,
            "m": row,
            "round_name": names_by_id([match_id]).get(match_id, ""),
            "live": True,
        }
        return render(request, "public/jogo.html", context)
