"""The publication rule (docs/rules.md §3.14), walked over every public page and file.

A chave jogo and a mata-mata semi-final each have a súmula sent, confirmed and signed
by both capatazes, not homologated. Every page and endpoint of ``public/urls.py``, the
public exports (CSV) and the printed documents (their HTML) are read:

- switch off (the default): neither score appears anywhere;
- switch on: the pages that show results show them, marked «aguardando homologação»,
  and nothing counts them (classificação, who advances);
- after homologation they appear unmarked, and counted;
- a reverted súmula disappears again (switch off).
"""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from knockout.selectors import bracket_data
from knockout.services.bracket import bracket_generate
from printing import documents
from printing.documents import Params
from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_homologate, sheet_revert, sheet_save
from standings.selectors import tournament_standings
from tests.scoring.conftest import entry, make_tournament, user
from tournaments.models import Match, Stage, Tournament
from tournaments.services.tournaments import publication_set

pytestmark = pytest.mark.django_db

MARK = "aguardando homologação"
CHAVE_GAMES = [[24, 7], [24, 3]]
KNOCKOUT_GAMES = [[24, 5], [24, 9]]
SCORES = ("2–0", "24–7", "24–3", "24–5", "24–9")  # what the two súmulas would show

# Pages that show a jogo's result (with the switch on, the pending ones marked).
RESULT_PAGES = {
    "results",
    "results_json",
    "schedule",
    "team",
    "team_b",
    "bracket",
    "bracket_json",
    "results_csv",
    "pdf_schedule",
}


class Event:
    def __init__(self) -> None:
        self.t: Tournament = make_tournament("publicacao")
        self.organizer = user("org", self.t, "organizer")
        self.stage: Stage = bracket_generate(tournament=self.t, user=self.organizer, source="teams")
        self.chave = Match.objects.select_related("team_a", "team_b", "stage__tournament").get(
            stage__tournament=self.t, stage__kind=Stage.Kind.GROUPS, round=1, table__name="1"
        )
        semi = (
            Match.objects.select_related("team_a", "team_b", "stage__tournament")
            .filter(stage=self.stage, round=1)
            .order_by("slot")
            .first()
        )
        assert semi is not None
        self.semi: Match = semi
        self.versions = {
            m.pk: self.send(m, games) for m, games in ((self.chave, CHAVE_GAMES), (self.semi, KNOCKOUT_GAMES))
        }

    def send(self, m: Match, games: list[list[int]]) -> int:
        sheet = sheet_save(match=m, user=self.organizer, data=entry(m, games), base_version=0, submit=True)
        for team in (m.team_a, m.team_b):
            sheet = sheet_sign(match=m, user=self.organizer, team=team, version=sheet.version)
        return sheet.version

    def homologate(self) -> None:
        for m in (self.chave, self.semi):
            sheet_homologate(match=m, user=self.organizer, version=self.versions[m.pk])

    def revert(self) -> None:
        for m in (self.semi, self.chave):  # the later jogo first
            sheet_revert(match=m, user=self.organizer, version=self.versions[m.pk], reason="Placar trocado.")

    def switch(self, on: bool) -> None:
        publication_set(tournament=self.t, show_pending_results=on)
        self.t.refresh_from_db()

    def pages(self, client: Client) -> dict[str, str]:
        slug = self.t.slug
        mesa = self.chave.table_id
        urls = {
            "home": reverse("public:home", args=[slug]),
            "standings": reverse("public:standings", args=[slug]),
            "standings_json": reverse("public:standings_json", args=[slug]),
            "standings_csv": reverse("public:standings", args=[slug]) + "?_export=csv",
            "qualification": reverse("public:qualification", args=[slug]),
            "results": reverse("public:results", args=[slug]),
            "results_json": reverse("public:results_json", args=[slug]),
            "results_csv": reverse("public:results", args=[slug]) + "?_export=csv",
            "schedule": reverse("public:schedule", args=[slug]),
            "schedule_csv": reverse("public:schedule", args=[slug]) + "?_export=csv",
            "bracket": reverse("public:bracket", args=[slug]),
            "bracket_json": reverse("public:bracket_json", args=[slug]),
            "team": reverse("public:team", args=[slug, self.chave.team_a_id]),
            "team_b": reverse("public:team", args=[slug, self.semi.team_b_id]),
            "live_board": reverse("public:live_board", args=[slug]),
            "mesa": reverse("public:mesa", args=[slug, mesa]),
            "revision": reverse("public:revision", args=[slug]),
        }
        out = {}
        for name, url in urls.items():
            response = client.get(url)
            assert response.status_code == 200, name
            out[name] = response.content.decode()
        for doc in ("schedule", "standings", "bracket"):
            out[f"pdf_{doc}"] = printed(self.t, doc)
        return out


def printed(t: Tournament, doc: str) -> str:
    """The HTML each printed document is made from (printing.render)."""
    built = documents.build(t, Params(doc=doc))
    return "".join(
        render_to_string(
            f"printing/{doc}.html",
            {**built.header, "meta": built.meta, "units": units, "total_pages": built.total_pages},
        )
        for units in built.chunks(documents.chunk_size(doc))
    )


def shows_a_score(body: str) -> bool:
    return any(score in body for score in SCORES)


def played(t: Tournament, key: str) -> int:
    (stage,) = tournament_standings(t)
    (chave,) = stage.groups
    return chave.standings.row_for(key).counters.played


def advanced(event: Event) -> bool:
    data = bracket_data(event.stage)
    return any(slot.team_a or slot.team_b for slot in data.rounds[-1])


@pytest.fixture
def event() -> Event:
    return Event()


def test_switch_off_nothing_sent_is_public(client: Client, event: Event) -> None:
    for name, body in event.pages(client).items():
        assert not shows_a_score(body), name
        assert MARK not in body, name
    assert played(event.t, event.chave.team_a.key) == 0 and not advanced(event)


def test_switch_on_sent_scores_are_marked_and_count_nowhere(client: Client, event: Event) -> None:
    event.switch(True)
    pages = event.pages(client)
    for name, body in pages.items():
        if name in RESULT_PAGES:
            assert shows_a_score(body) and MARK in body, name
        else:
            assert not shows_a_score(body), name
    assert "24–7, 24–3" in pages["results"] and "24–5" in pages["bracket_json"]
    results = [
        m
        for m in client.get(reverse("public:results_json", args=[event.t.slug])).json()["matches"]
        if m["result"]
    ]
    assert len(results) == 2 and all(
        not m["final"] and not m["counted"] and m["winner"] is None for m in results
    )
    assert all(m["state"] == MARK for m in results)
    bracket = client.get(reverse("public:bracket_json", args=[event.t.slug])).json()
    semi = next(s for s in bracket["rounds"][0]["slots"] if s["match"] == event.semi.pk)
    assert semi["pending"] and not semi["final"] and semi["winner"] is None
    assert 'class="result pending"' in pages["results"] and 'class="result done"' not in pages["results"]
    assert played(event.t, event.chave.team_a.key) == 0 and not advanced(event)


@pytest.mark.parametrize("on", [False, True])
def test_after_homologation_the_scores_are_final(client: Client, event: Event, on: bool) -> None:
    event.switch(on)
    event.pages(client)  # cached before the homologation
    event.homologate()
    pages = event.pages(client)
    for name in RESULT_PAGES:
        assert shows_a_score(pages[name]), name
        assert MARK not in pages[name], name
    assert "24–7, 24–3" in pages["results"] and 'class="result done"' in pages["results"]
    results = [
        m
        for m in client.get(reverse("public:results_json", args=[event.t.slug])).json()["matches"]
        if m["result"]
    ]
    assert len(results) == 2 and all(m["final"] and m["counted"] and m["winner"] for m in results)
    assert played(event.t, event.chave.team_a.key) == 1 and advanced(event)


def test_a_reverted_sumula_leaves_every_public_page(client: Client, event: Event) -> None:
    event.homologate()
    assert shows_a_score(event.pages(client)["results"])
    event.revert()
    for name, body in event.pages(client).items():
        assert not shows_a_score(body), name
    assert played(event.t, event.chave.team_a.key) == 0 and not advanced(event)


def test_the_organizer_flips_the_switch_on_the_dashboard(client: Client, event: Event) -> None:
    url = reverse("tournaments:publication", args=[event.t.slug])
    dashboard = reverse("tournaments:dashboard", args=[event.t.slug])
    assert client.post(url, {"show_pending_results": "on"}).status_code in (302, 403)
    event.t.refresh_from_db()
    assert not event.t.show_pending_results  # nobody logged in: nothing changes
    client.force_login(event.organizer)
    assert "Mostrar placares aguardando homologação" in client.get(dashboard).content.decode()
    before = client.get(reverse("public:revision", args=[event.t.slug])).json()["revision"]
    assert client.post(url, {"show_pending_results": "on"}).status_code == 302
    event.t.refresh_from_db()
    assert event.t.show_pending_results
    assert client.get(reverse("public:revision", args=[event.t.slug])).json()["revision"] > before
    assert MARK in client.get(reverse("public:results", args=[event.t.slug])).content.decode()
    assert client.post(url, {}).status_code == 302
    event.t.refresh_from_db()
    assert not event.t.show_pending_results
