"""Every preset, every public page, both languages: an event of each of the eight presets
(two chaves of three — an odd chave, a folga each rodada —, W.O.s, a mata-mata still to
play) rendered page by page in pt-BR and English, and checked for what broke on the
presets other than the demo's: the points of another modality («tentos» in a «pontos»
one and back), the raw Portuguese «pontos» on an English page, the champion's gender
of another team noun, a list numbered twice (an <ol> whose lines write their own
number: «1. 1. Trio»), and a link that does not
answer 200."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from bench.generate import tournament_document
from interchange.load import load_tournament
from rules.modalities import PRESETS
from tournaments.models import Match, Team, Tournament

pytestmark = pytest.mark.django_db
TAGS = re.compile(r"<script.*?</script>|<style.*?</style>|<[^>]+>", re.S)
PAGES = (
    "public:home",
    "public:standings",
    "public:qualification",
    "public:results",
    "public:schedule",
    "public:bracket",
    "public:live_board",
    "public:telao",
    "public:standings_json",
    "public:results_json",
    "public:bracket_json",
)


def build(key: str, plan: str = "groups_knockout") -> Tournament:
    """``plan``: «groups» ends the event in the chaves (a champion on every page),
    «groups_knockout» sends the 2 first and the best 3rd on (the comparison of the 3rds)."""
    slug = f"m-{key}-{plan.replace('_', '-')}"
    doc = tournament_document(key, groups=2, size=3, seed=11, played=1.0, walkovers=0.25, slug=slug)
    preset = PRESETS[key]
    if preset.knockout_only:
        doc["stages"] = [{"key": "mata", "kind": "knockout", "teams": [t["key"] for t in doc["teams"]]}]
        doc["matches"] = []
    else:
        doc["tournament"]["stage_plan"] = plan
        doc["tournament"]["advance_best_next"] = 1 if plan == "groups_knockout" else 0
    return load_tournament(doc).tournament


def text_of(body: str, t: Tournament) -> str:
    text = html.unescape(TAGS.sub(" ", body))
    data = [t.name, t.rules().name, *t.teams.values_list("name", flat=True)]
    data += [e for e in t.teams.values_list("entity__name", flat=True) if e]
    data += list(Team.objects.filter(tournament=t).values_list("players__name", flat=True))
    for name in sorted(set(data), key=len, reverse=True):  # data is not the site's text
        text = text.replace(name, " ")
    return " ".join(text.split())


def pages(t: Tournament) -> list[str]:
    # No mata-mata drawn yet: its JSON is a 404 (nothing to give), its page says so.
    drawn = t.stages.filter(kind="knockout").exists()
    urls = [reverse(name, args=[t.slug]) for name in PAGES if drawn or name != "public:bracket_json"]
    team = t.teams.order_by("pk").first()
    assert team is not None
    urls.append(reverse("public:team", args=[t.slug, team.pk]))
    return urls


def problems(t: Tournament, text: str, lang: str) -> list[str]:
    modality = t.rules()
    found = []
    if modality.score_unit == "ponto" and re.search(r"\btentos?\b", text, re.I):
        found.append("«tentos» in a pontos modality")
    if modality.score_unit == "tento" and lang == "pt-br" and re.search(r"\bpontos?\b", text, re.I):
        found.append("«pontos» in a tentos modality")
    if lang == "en" and re.search(r"\bpontos?\b", text, re.I):
        found.append("Portuguese «pontos» on an English page")
    if lang == "pt-br":
        other = "Campeão" if modality.players == 2 else "Campeã"  # a dupla is «a campeã»
        if re.search(rf"\b{other}\b", text):
            found.append(f"«{other}» for this modality's team noun")
    return found


@pytest.mark.parametrize("plan", ["groups", "groups_knockout"])
@pytest.mark.parametrize("lang", ["pt-br", "en"])
@pytest.mark.parametrize("key", sorted(PRESETS))
def test_every_public_page_of_every_preset(key: str, lang: str, plan: str) -> None:
    if plan == "groups" and PRESETS[key].knockout_only:
        pytest.skip("a mata-mata-only preset has no chaves to end in")
    t = build(key, plan)
    client = Client()
    client.get(f"/idioma/{lang}/")
    seen: set[str] = set()
    report: list[str] = []
    links: set[str] = set()
    try:
        for url in pages(t):
            response = client.get(url)
            assert response.status_code == 200, (url, response.status_code)
            body = response.content.decode()
            seen.add(url)
            report += [f"{url}: {p}" for p in problems(t, text_of(body, t), lang)]
            if re.search(r"<ol[^>]*>\s*<li>\s*\d+[.º] ", body):
                report.append(f"{url}: a numbered list whose lines number themselves too")
            links |= {h for h in re.findall(r'href="(/t/[^"#?]+)', body) if "/gestao/" not in h}
        for url in sorted(links - seen)[:80]:
            answer = client.get(url)
            assert answer.status_code == 200, (url, answer.status_code)
    finally:
        translation.activate("pt-br")
    assert not report, "\n".join(report)


def test_the_matrix_covers_an_odd_chave_a_wo_and_a_mata_mata() -> None:
    t = build("truco-cego-trio")
    assert all(g.entries.count() == 3 for g in t.stages.get(kind="groups").groups.all())
    results: list[Any] = [
        m.pk for m in Match.objects.filter(stage__tournament=t) if m.sheets.filter(result__has_key="walkover")
    ]
    assert results, "a W.O. among the jogos"
    assert t.stage_plan == Tournament.StagePlan.GROUPS_KNOCKOUT


def test_the_home_line_of_an_event_with_no_venue_nor_date_starts_with_its_count() -> None:
    t = build("truco-paulista", "groups")
    Tournament.objects.filter(pk=t.pk).update(venue="", date=None)
    body = Client().get(reverse("public:home", args=[t.slug])).content.decode()
    assert re.search(r"<p>6 equipes</p>", body), "no «·» before the first part"
