"""The main pages in both languages on a phone: pt-BR first, then English by the switch.

A small event is built through the services (8 trios from ``tests.e2e.event`` in two
chaves, every jogo homologated, one W.O., the mata-mata's semifinals: one súmula sent
and signed, one jogo still to play). Three phones (390×844) read the judge's pages, the
organizer's and the public's: each page once in pt-BR, where the page must say
``lang="pt-br"`` and carry no English left over (``words.ENGLISH``); then the header's
language switch is pressed and each page is read again in English, where the
rulebook's terms may stay but no other Portuguese (``words.KEEP``, ``words.MUST_NOT``,
accented words, mixed constructions). Every leak of every page is collected before the
test fails, so one run lists them all (page, word, the text around it).

What a person reads is taken from the browser's DOM (``READ``): every text node, joined
per block of text, plus the title and the placeholder, title, aria-label and alt
attributes and the labels of input buttons. Text marked as another language (``lang``)
or as not to be translated (``translate="no"``) is left out, and the event's own names
are blanked by the checker (``words.strip_data``). A few English phone pages are saved
as docs/screens/40-en-*.png.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from knockout.services.bracket import bracket_generate
from knockout.services.edits import bracket_schedule
from tests.e2e.conftest import SCREENS
from tests.e2e.event import CTGS, TRIOS, complete, games, submit
from tests.e2e.steps import PASSWORD, SLUG, TIMEOUT, login
from tests.e2e.words import Leak, english_page_leaks, portuguese_page_leaks, report
from tournaments.models import Match, Membership, Tournament
from tournaments.selectors import group_stage
from tournaments.services.draws import groups_draw
from tournaments.services.organizers import organizer_mark
from tournaments.services.registration import PlayerInput, TeamInput, team_register
from tournaments.services.schedule import ScheduleTemplate, schedule_generate
from tournaments.services.tournaments import tournament_create

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAME = "Rodeio Crioulo de São Sepé — Truco Cego"
EVENT = "32º Rodeio Crioulo Internacional"
VENUE = "Galpão Crioulo do CTG Sentinela dos Pampas"
START = datetime(2026, 12, 12, 9, 0, tzinfo=ZoneInfo("America/Sao_Paulo"))

# The text a person reads, one string per block of text (inline elements join their
# block) or attribute. Hidden blocks are read too: a script may show them.
READ = """() => {
  const lang = (document.documentElement.getAttribute("lang") || "").toLowerCase();
  const skipped = (el) => {
    if (!el || el.closest("script, style, noscript, [translate=no]")) return true;
    const marked = el.closest("[lang]");
    return marked !== null && marked !== document.documentElement
      && marked.getAttribute("lang").toLowerCase() !== lang;
  };
  const block = (el) => {
    while (el.parentElement && ["inline", "contents"].includes(getComputedStyle(el).display)) {
      el = el.parentElement;
    }
    return el;
  };
  const blocks = new Map();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (skipped(el)) continue;  // a space between two inline elements is kept: it parts words
    const b = block(el);
    blocks.set(b, (blocks.get(b) || "") + node.nodeValue);
  }
  const chunks = [document.title, ...blocks.values()];
  const attrs = ["placeholder", "title", "aria-label", "alt"];
  for (const el of document.body.querySelectorAll("*")) {
    if (skipped(el)) continue;
    for (const a of attrs) if (el.hasAttribute(a)) chunks.push(el.getAttribute(a));
    if (el.matches("input[type=submit], input[type=button], input[type=reset]")) chunks.push(el.value);
  }
  return chunks.map((c) => c.replace(/\\s+/g, " ").trim()).filter(Boolean);
}"""


class Event:
    """The tournament the phones read, built as the organizer and the judge would."""

    def __init__(self) -> None:
        users = get_user_model().objects
        self.organizer = users.create_user("comissao", password=PASSWORD, first_name="Comissão")
        organizer_mark(self.organizer)
        self.judge = users.create_user("juiza.marta", password=PASSWORD, first_name="Marta")
        t = tournament_create(
            user=self.organizer,
            name=NAME,
            slug=SLUG,
            modality="truco-cego-trio",
            event=EVENT,
            venue=VENUE,
            date=START.date(),
            stage_plan=Tournament.StagePlan.GROUPS_KNOCKOUT,
        )
        Membership.objects.create(tournament=t, user=self.judge, role=Membership.Role.JUDGE)
        for i, (team, players) in enumerate(TRIOS[:8]):
            roster = [PlayerInput(p, is_captain=j == 0) for j, p in enumerate(players)]
            team_register(tournament=t, data=TeamInput(team, CTGS[i % len(CTGS)], players=roster))
        groups_draw(tournament=t, user=self.organizer, sizes=[4, 4], seed="sao-sepe-2026")
        stage = group_stage(t)
        assert stage is not None
        schedule_generate(stage=stage, template=ScheduleTemplate(start=START, minutes=60))
        chave = list(Match.objects.filter(stage=stage).select_related("team_a", "team_b").order_by("pk"))
        for match in chave:
            a_wins = match.team_a_id < match.team_b_id  # type: ignore[operator]
            if match is chave[-1]:  # the losing trio did not come: a W.O.
                result: dict[str, Any] = {"walkover": (match.team_b if a_wins else match.team_a).key}
            else:
                result = {"games": games(match, a_wins)}
            complete(match, judge=self.judge, organizer=self.organizer, result=result)
        knockout = bracket_generate(tournament=t, user=self.organizer, source="groups", per_group=2)
        bracket_schedule(stage=knockout, start=START.replace(hour=15), minutes=60)
        semis = list(knockout.matches.exclude(team_a=None).exclude(team_b=None).order_by("slot", "pk"))
        assert len(semis) == 2
        self.sent, self.open = semis  # the first sent and signed, the second still to play
        submit(self.sent, judge=self.judge, result={"games": games(self.sent, True)})
        self.tournament = t
        self.team = self.sent.team_a

    def names(self) -> list[str]:
        """Everything the pages show that is data, not the site's text."""
        t = self.tournament
        names = [t.name, t.event, t.venue, *CTGS]
        for team, players in TRIOS[:8]:
            names += [team, *players]
        for user in (self.organizer, self.judge):
            names += [user.username, user.first_name]
        return names


def pages(e: Event) -> dict[str, list[tuple[str, str]]]:
    """(name, path) of the pages each phone reads, by whose phone it is."""
    t = f"/t/{SLUG}"
    judge = f"/juiz/{SLUG}"
    return {
        "judge": [
            ("juiz-jogos", f"{judge}/"),
            ("juiz-sumula", f"{judge}/jogo/{e.open.pk}/"),
            ("juiz-tenteio", f"{judge}/jogo/{e.open.pk}/tenteio/"),
        ],
        "organizer": [
            ("organizador-painel", f"{t}/gestao/"),
            ("organizador-equipes", f"{t}/gestao/equipes/"),
            ("organizador-sumulas", f"{t}/sumulas/"),
            ("organizador-sumula", f"{t}/sumulas/{e.sent.pk}/"),
            ("organizador-auditoria", f"{t}/gestao/auditoria/"),
            ("organizador-editar", f"{t}/gestao/editar/"),
            ("organizador-impressao", f"{t}/gestao/impressao/"),
        ],
        "public": [
            ("publico-site", "/"),
            ("publico-inicio", f"{t}/"),
            ("publico-classificacao", f"{t}/classificacao/"),
            ("publico-resultados", f"{t}/resultados/"),
            ("publico-programacao", f"{t}/programacao/"),
            ("publico-mata-mata", f"{t}/mata-mata/"),
            ("publico-equipe", f"{t}/equipes/{e.team.pk}/"),
        ],
    }


# The English phone pages kept in docs/screens/ (the organizer's day owns the rest).
SHOTS = {
    "juiz-jogos",
    "juiz-sumula",
    "juiz-tenteio",
    "organizador-painel",
    "publico-classificacao",
    "publico-mata-mata",
}


class Reader:
    """Opens each page on one phone, checks its language, collects every leak."""

    def __init__(self, page: Page, base: str, names: list[str]) -> None:
        self.page, self.base, self.names = page, base, names
        self.leaks: list[Leak] = []
        self.problems: list[str] = []

    def read(self, name: str, path: str, lang: str) -> None:
        response = self.page.goto(self.base + path)
        where = f"{lang} {name} ({path})"
        if response is None or response.status != 200:
            self.problems.append(f"{where}: HTTP {response.status if response else '—'}")
            return
        found = self.page.locator("html").get_attribute("lang")
        if found != lang:
            self.problems.append(f'{where}: <html lang="{found}">, not "{lang}"')
        chunks: list[str] = self.page.evaluate(READ)
        check = english_page_leaks if lang == "en" else portuguese_page_leaks
        self.leaks += check(where, chunks, self.names)
        if lang == "en" and name in SHOTS:
            self.page.screenshot(path=str(SCREENS / f"40-en-{name}.png"), scale="css")

    def switch_to_english(self) -> None:
        """The header's language switch, as a visitor presses it."""
        self.page.click("header .lang a[hreflang=en]")
        expect(self.page.locator("html")).to_have_attribute("lang", "en")


def test_main_pages_in_both_languages_on_a_phone(new_context: Any, live_server: Any) -> None:
    e = Event()
    base = live_server.url
    SCREENS.mkdir(parents=True, exist_ok=True)
    for old in SCREENS.glob("40-*.png"):
        old.unlink()
    readers = []
    for who, visits in pages(e).items():
        page = new_context().new_page()  # the plugin's context args: a phone, pt-BR
        page.set_default_timeout(TIMEOUT)
        if who == "judge":
            login(page, base, e.judge.username)
        elif who == "organizer":
            login(page, base, e.organizer.username)
        reader = Reader(page, base, e.names())
        for name, path in visits:
            reader.read(name, path, "pt-br")
        reader.switch_to_english()
        for name, path in visits:
            reader.read(name, path, "en")
        readers.append(reader)
    problems = [p for r in readers for p in r.problems]
    leaks = [leak for r in readers for leak in r.leaks]
    assert not problems and not leaks, "\n".join(problems) + "\n" + report(leaks)
    assert len(list(SCREENS.glob("40-en-*.png"))) == len(SHOTS)
