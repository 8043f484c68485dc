"""Organizer pages of the interchange app: importing and exporting tenteio/1 files."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import View

from interchange.export import export_tournament
from interchange.load import MAX_FILE_BYTES, InterchangeError
from interchange.services import tournament_import
from tournaments.permissions import CreatorRequiredMixin
from tournaments.views import OrganizerMixin


class ExportView(OrganizerMixin, View):
    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        text = json.dumps(export_tournament(self.tournament), ensure_ascii=False, indent=2)
        response = HttpResponse(text, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{self.tournament.slug}.tenteio.json"'
        return response


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Arquivo tenteio/1 (.json)"))
    clamp = forms.BooleanField(
        required=False,
        label=gettext_lazy("Registrar como o alvo as pontuações de vencedor acima do alvo (V-P2)"),
    )
    replace = forms.BooleanField(
        required=False,
        label=gettext_lazy("Substituir o torneio existente"),
        help_text=gettext_lazy(
            "Se este site já tem o torneio do arquivo (o mesmo endereço), ele é apagado e trocado "
            "pelo arquivo, numa só operação; a comissão e os juízes continuam."
        ),
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(_("Arquivo maior que 20 MB."))
        return upload


class ImportView(CreatorRequiredMixin, View):
    """Load a tenteio/1 file as a new tournament: whoever may create one (the same
    rule as «Novo torneio», ``settings.TOURNAMENT_CREATORS``); anyone else gets a 403."""

    template_name = "interchange/import.html"

    def get(self, request: HttpRequest) -> HttpResponse:
        return render(request, self.template_name, {"form": ImportForm()})

    def post(self, request: HttpRequest) -> HttpResponse:
        form = ImportForm(request.POST, request.FILES)
        if not form.is_valid():
            return render(request, self.template_name, {"form": form}, status=400)
        try:
            outcome = tournament_import(
                raw=form.cleaned_data["file"].read(),
                user=request.user,
                clamp=form.cleaned_data["clamp"],
                replace=form.cleaned_data["replace"],
            )
        except InterchangeError as exc:
            # People read sentences; the code goes in a data- attribute (tests, support).
            issues = [(i.sentence(), i.code) for i in exc.issues]
            return render(request, self.template_name, {"form": form, "issues": issues}, status=400)
        for note in outcome.notes:
            messages.info(request, _("Ajustado: %(note)s") % {"note": note})
        messages.success(request, _("Torneio «%(name)s» importado.") % {"name": outcome.tournament.name})
        return HttpResponseRedirect(reverse("public:home", args=[outcome.tournament.slug]), status=303)
