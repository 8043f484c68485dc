"""Every preset played to its champion, every document and picture, both languages.

The events of ``test_presets`` (two chaves of three — an odd chave, a folga each rodada
—, W.O.s, the 2 first of each chave and the best 3rd on) with their mata-mata generated
and played through the services to the final, and its disputa de 3º lugar where the
preset has one (Copa Truco: the mata-mata from the registered teams, no 3º lugar). Then
each printable document (its PDF's text, read back by pdftotext) and each picture (the
SVG it is drawn from) in pt-BR and English is checked as the pages are
(``test_presets.problems``: another modality's unit, «pontos» in English, the other
team noun's champion), and for what only a finished event shows: the champion in the
language's word, the 3º lugar where it was played."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from knockout.services.bracket import bracket_generate
from printing.documents import DOCS, Params
from printing.services import render_document
from public import raster
from rules.modalities import PRESETS
from tests.knockout.test_bracket_services import organizer, play
from tests.matrix.test_presets import build, problems, text_of
from tests.printing.conftest import pdf_pages
from tournaments.models import Match, Tournament

pytestmark = pytest.mark.django_db


def wins(m: Match) -> dict[str, Any]:
    """Team A in straight partidas, the loser at half the target."""
    rules = m.stage.tournament.rules()
    return {"games": [[rules.points_to_win, rules.points_to_win // 2]] * rules.wins_needed}


def played(key: str) -> Tournament:
    t = build(key)
    user = organizer(t)
    if not Match.objects.filter(stage__tournament=t, stage__kind="knockout").exists():
        source = "teams" if PRESETS[key].knockout_only else "groups"
        bracket_generate(tournament=t, user=user, source=source, replace=True)
    for _ in range(12):  # each homologation creates the jogos it decides
        ready = [
            m
            for m in Match.objects.filter(stage__tournament=t, stage__kind="knockout")
            .exclude(team_a=None)
            .exclude(team_b=None)
            .select_related("stage__tournament")
            if not m.sheets.filter(status="homologated").exists()
        ]
        if not ready:
            break
        for m in ready:
            play(m, user, wins(m))
    return t


@pytest.fixture
def svgs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    drawn: list[str] = []
    monkeypatch.setattr(raster, "png", lambda svg: drawn.append(svg) or b"")
    return drawn


def pictures(t: Tournament) -> list[str]:
    urls = [reverse("public:podium_png", args=[t.slug]), reverse("public:bracket_png", args=[t.slug])]
    groups = t.stages.filter(kind="groups").first()
    if groups is not None:
        urls += [reverse("public:chave_png", args=[t.slug, g.pk]) for g in groups.groups.all()]
    final = Match.objects.filter(stage__tournament=t, stage__kind="knockout").order_by("-round", "slot")[0]
    return [*urls, reverse("public:jogo_png", args=[t.slug, final.pk])]


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_every_document_and_picture_of_a_finished_event(key: str, svgs: list[str]) -> None:
    t = played(key)
    modality = t.rules()
    third = Match.objects.filter(stage__tournament=t, stage__kind="knockout", third_place=True).exists()
    assert third == modality.third_place_match, "the disputa de 3º lugar where the preset has it"
    report: list[str] = []
    for lang, champion in (("pt-br", "Campeã" if modality.players == 2 else "Campeão"), ("en", "Champion")):
        with translation.override(lang):
            for doc in DOCS:
                text = text_of(" ".join(pdf_pages(render_document(t, Params(doc=doc)))), t)
                report += [f"{lang} {doc}.pdf: {p}" for p in problems(t, text, lang)]
                if doc == "bracket" and champion not in text:
                    report.append(f"{lang} bracket.pdf: no «{champion}»")
                if doc == "bracket" and third and not re.search(r"3º lugar|3rd place", text):
                    report.append(f"{lang} bracket.pdf: the 3º lugar played but not printed")
        client = Client()
        client.get(f"/idioma/{lang}/")
        for url in pictures(t):
            del svgs[:]
            assert client.get(url).status_code == 200, url
            text = text_of(re.sub(r"<[^>]+>", " ", svgs[0]), t)
            report += [f"{lang} {url}: {p}" for p in problems(t, text, lang)]
            if url.endswith("podio.png") and f"{champion}:" not in svgs[0]:
                report.append(f"{lang} {url}: no «{champion}:»")
    translation.activate("pt-br")
    assert not report, "\n".join(report)
