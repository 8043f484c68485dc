"""The «cartão do capataz» PDF, printed from the page that has just issued the link
(``captains.views_organizer.IssueView``): that page's form hands the token back, which
is checked to be the team's live link, rendered into the card, and forgotten.

Rendered in the request (one page, well under a second), not as a print job: a job
would keep the address in its parameters or its file.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views import View

from captains.services import captain_link_find
from core.site import absolute, base_url
from printing.documents import captain_card
from tournaments.models import Team
from tournaments.views import OrganizerMixin


class CaptainCardView(OrganizerMixin, View):
    def post(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        from printing.render import html_to_pdf  # WeasyPrint loads only where PDFs are made

        team = get_object_or_404(
            Team.objects.select_related("entity", "tournament"), pk=pk, tournament=self.tournament
        )
        token = str(request.POST.get("token", ""))
        link = captain_link_find(token) if token else None
        if link is None or link.team_id != team.pk:
            return render(request, "captains/refused.html", {}, status=404)
        url = absolute(reverse("captains:page", args=[token]), base_url(request))
        pdf = html_to_pdf(render_to_string("printing/captain_card.html", captain_card.build(team, url)))
        response = HttpResponse(pdf, content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="capataz-{team.pk}.pdf"'
        response["Cache-Control"] = "private, no-store, max-age=0"
        return response
