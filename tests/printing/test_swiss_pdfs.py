"""A Swiss phase on paper (docs/rules.md §3.17): «Emparceiramentos da rodada N», a rodada a
page with its mesas, teams and folga, asked from the printing page and from the
organizer's page «Suíço»; the classificação PDF with the Swiss desempates for the Swiss
chave only; a refusal naming the field where there is no Swiss phase."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from core.demo import demo_document
from interchange.load import load_tournament
from printing.documents import Params, PrintError, clean_params
from printing.models import PrintJob
from printing.services import render_document
from tests.printing.conftest import pdf_pages
from tests.public.test_swiss_public import by_hand, swiss_event
from tournaments.models import DrawOfLots, Match

pytestmark = pytest.mark.django_db


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_the_pairings_of_a_rodada_list_every_mesa_its_teams_and_the_folga() -> None:
    t, _org, stage = swiss_event(teams=9, played=1)
    params = clean_params(t, "pairings", stage=stage.key, round="2")
    (page,) = pdf_pages(render_document(t, params))
    text = flat(page)
    assert "Emparceiramentos da rodada 2" in text
    jogos = Match.objects.filter(stage=stage, round=2).select_related("team_a", "team_b", "table")
    assert jogos.count() == 4
    for m in jogos:
        mesa = m.table.name if m.table else "—"
        assert re.search(rf"{mesa} .*{m.team_a.name} × {m.team_b.name}", text), (mesa, m.team_a.name)
    bye = DrawOfLots.objects.get(stage=stage, inputs__round=2).result["bye"]
    assert f"Folga: {t.teams.get(key=bye).name}" in text
    every = pdf_pages(render_document(t, Params(doc="pairings")))  # a page per rodada, in order
    assert len(every) == 2 and "rodada 1" in every[0] and "rodada 2" in every[1]
    assert re.search(r"2–0|0–2", every[0])  # rodada 1 was played: its results are printed


def test_the_standings_pdf_has_the_swiss_columns_for_the_swiss_chave() -> None:
    t, _org, stage = swiss_event(teams=7, played=2)
    text = flat(" ".join(pdf_pages(render_document(t, Params(doc="standings")))))
    assert "Bh Bh−1 SB" in text and "Buchholz corte 1" in text
    expected = by_hand(stage)
    for name, v in expected.items():  # a row: … J V D P+ P− T+ T− Bh Bh−1 SB
        assert re.search(rf"{name} .*?(\d+ ){{7}}{v['Bh']} {v['Bh-1']} {v['SB']}\b", text), name
    demo = load_tournament(demo_document()).tournament
    plain = flat(" ".join(pdf_pages(render_document(demo, Params(doc="standings")))))
    assert "Bh−1" not in plain and "Buchholz" not in plain


def test_no_swiss_phase_no_pairings_to_print() -> None:
    demo = load_tournament(demo_document()).tournament
    with pytest.raises(PrintError, match="fase: não há suíço para imprimir"):
        clean_params(demo, "pairings")
    t, _org, stage = swiss_event(teams=5, played=0)
    with pytest.raises(PrintError, match="rodada: não há jogos na rodada 3"):
        clean_params(t, "pairings", stage=stage.key, round="3")
    text = " ".join(pdf_pages(render_document(demo, Params(doc="pairings"))))
    assert "Nenhuma rodada do suíço foi pareada ainda." in text


def test_the_organizers_swiss_page_prints_the_rodadas_pairings(
    media: Any, django_capture_on_commit_callbacks: Any
) -> None:
    t, org, stage = swiss_event(teams=7, played=1)
    c = Client()
    c.force_login(org)
    page = c.get(reverse("standings:swiss", args=[t.slug])).content.decode()
    action = reverse("printing:page", args=[t.slug])
    form = re.search(rf'<form method="post" action="{action}"[^>]*>(.*?)</form>', page, re.S)
    assert form is not None and "Emparceiramentos da rodada 2 (PDF)" in form.group(1)
    fields = dict(re.findall(r'<input type="hidden" name="(doc|round)" value="([^"]*)"', form.group(1)))
    assert fields == {"doc": "pairings", "round": f"{stage.key}:2"}
    with django_capture_on_commit_callbacks(execute=True):
        response = c.post(action, fields)
    assert response.status_code == 302
    job = PrintJob.objects.get()
    assert job.status == PrintJob.Status.DONE and job.params["round"] == 2
    listing = c.get(action).content.decode()
    assert "Emparceiramentos do suíço — fase" in listing and "rodada 2" in listing
    assert '<option value="pairings">emparceiramentos do suíço</option>' in listing
    pdf = c.get(reverse("printing:download", args=[t.slug, job.pk]))
    assert pdf.status_code == 200 and "pairings-" in pdf["Content-Disposition"]
