"""A new event of a preset other than the demo's, walked in English from the home page to
the champion, in a real browser.

For Truco Paulista (duplas) and Truco de Amostra (trios): the organizer (desktop) logs
in, switches the site to English on the home page and, from «New tournament», creates
the event with chaves then a mata-mata, imports 8 teams from a CSV built on the
tournament's own model file, closes the inscrições, checks the teams in, draws two
chaves and generates the rodadas. The judge's phone (390×844, English) types and signs
a súmula of rodada 1 whose tentos come from the preset's target; the other súmulas are
entered through the scoring services; the comissão homologates rodada 1 in bulk and the
rest one by one, generates the mata-mata and plays it to the final, the final on the
judge's phone. Every page the organizer, the judge and the public open is read
(``test_languages.READ``) and checked for Portuguese outside the glossary
(``words.english_page_leaks``), for «pontos» (another modality's word, or untranslated)
and for the champion's line; every leak of every page is listed before the test fails.
The dashboard and the public home at the end are kept as docs/screens/45-en-*.png.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from scoring.models import ScoreSheet
from tests.e2e.conftest import DESKTOP, SCREENS
from tests.e2e.event import complete, submit
from tests.e2e.steps import PASSWORD, TIMEOUT, login
from tests.e2e.test_languages import READ
from tests.e2e.words import Leak, english_page_leaks, report
from tournaments.models import Match, Membership, Team, Tournament
from tournaments.services.organizers import organizer_mark

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
NAMES = ["Pampa", "Coxilha", "Minuano", "Guaiaca", "Chimarrão", "Querência", "Galpão", "Fronteira"]
PLAYERS = ["Adão", "Bento", "Cândido", "Dário", "Élio", "Flávio", "Genésio", "Hélio"]


def wins(match: Match, a_wins: bool) -> dict[str, Any]:
    """A win in straight partidas at the preset's target (the loser at half of it)."""
    rules = match.stage.tournament.rules()
    target = rules.points_to_win
    game = [target, target // 2] if a_wins else [target // 2, target]
    return {"games": [game] * rules.wins_needed}


def a_wins(match: Match) -> bool:
    return match.team_a_id < match.team_b_id  # type: ignore[operator]


def homologated(match: Match) -> bool:
    return ScoreSheet.objects.filter(match=match, status=ScoreSheet.Status.HOMOLOGATED).exists()


class Reader:
    """Reads each page a person opens; collects what is not English, or not this preset's."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.leaks: list[Leak] = []
        self.problems: list[str] = []

    def read(self, page: Page, name: str) -> None:
        expect(page.locator("html")).to_have_attribute("lang", "en")
        chunks: list[str] = page.evaluate(READ)
        where = f"{name} ({page.url})"
        self.leaks += english_page_leaks(where, chunks, self.names)
        text = " ".join(chunks)
        if re.search(r"\bpontos?\b", text, re.I):
            self.problems.append(f"{where}: «pontos» on an English page of a tentos modality")
        if re.search(r"\bcampe[ãa]o?\b", text, re.I):
            self.problems.append(f"{where}: «campeão/campeã» on an English page")

    def visit(self, page: Page, url: str, name: str) -> None:
        response = page.goto(url)
        if response is None or response.status != 200:
            self.problems.append(f"{name} ({url}): HTTP {response.status if response else '—'}")
            return
        self.read(page, name)


def csv_of(template: str, players: int) -> bytes:
    """Eight teams in the model file's columns, the first player of each its capataz."""
    lines = [template.splitlines()[0].lstrip("\ufeff")]
    for i, name in enumerate(NAMES):
        for j in range(players):
            captain = "sim" if j == 0 else "não"
            lines.append(f"Equipe {name};CTG {NAMES[(i + 1) % 8]};{PLAYERS[j]} {name};{captain};não;")
    return ("\r\n".join(lines) + "\r\n").encode("utf-8")


def create(org: Page, base: str, r: Reader, preset: str, slug: str, tmp_path: Path) -> Tournament:
    """Home → English → «New tournament» → import → close → check-in → chaves → rodadas."""
    expect(org).to_have_url(f"{base}/")
    org.click("header .lang a[hreflang=en]")
    r.read(org, "home")
    org.get_by_role("link", name="New tournament").click()
    r.read(org, "new tournament")
    org.fill("#id_name", f"Copa {slug}")
    org.fill("#id_slug", slug)
    org.select_option("#id_modality", preset)
    org.select_option("#id_stage_plan", "groups_knockout")
    org.fill("#id_table_count", "4")
    org.get_by_role("button", name="Create tournament").click()
    expect(org).to_have_url(f"{base}/t/{slug}/gestao/")
    r.read(org, "dashboard")
    t = Tournament.objects.get(slug=slug)
    players = t.rules().players

    org.goto(f"{base}/t/{slug}/gestao/equipes/importar/")
    r.read(org, "import")
    model = org.locator("a[href*='modelo']").first.get_attribute("href")
    template = org.request.get(base + str(model)).text()
    sheet = tmp_path / "teams.csv"
    sheet.write_bytes(csv_of(template, players))
    org.set_input_files("input[name=file]", str(sheet))
    org.get_by_role("button", name="Preview").click()
    expect(org.locator("button[name=confirm]")).to_be_visible()
    r.read(org, "import preview")
    org.click("button[name=confirm]")
    expect(org.get_by_text("Equipe Pampa").first).to_be_visible()
    r.read(org, "teams")
    assert t.teams.count() == 8 and all(team.players.count() == players for team in t.teams.all())

    org.goto(f"{base}/t/{slug}/gestao/")
    org.get_by_role("button", name="Close registration").click()
    r.read(org, "registration closed")
    org.goto(f"{base}/t/{slug}/gestao/checkin/")
    for team in t.teams.all():
        org.click(f"#t{team.pk} button[value=checked_in]")
        expect(org.locator(f"#t{team.pk}")).to_have_class(re.compile("status-checked_in"))
    r.read(org, "check-in")
    assert t.teams.filter(status=Team.Status.CHECKED_IN).count() == 8

    org.goto(f"{base}/t/{slug}/gestao/chaves/")
    r.read(org, "chave draw")
    org.fill("#id_groups", "2")  # «number of chaves»; the form comes empty
    org.fill("#id_seed", f"{slug}-2026")
    org.click("form.form button[type=submit]")
    expect(org.locator("section.card h2")).to_have_count(2)
    r.read(org, "chaves")
    org.goto(f"{base}/t/{slug}/gestao/rodadas/")
    org.fill("#id_start", "2026-12-12T09:00")
    org.fill("#id_minutes", "45")
    org.click("form.form button[type=submit]")
    expect(org.locator("section.block")).to_have_count(3)
    r.read(org, "rodadas")
    return t


def play_on_the_phone(phone: Page, base: str, r: Reader, match: Match, name: str) -> None:
    """The judge types the súmula, sends it and records both signatures on paper."""
    slug = match.stage.tournament.slug
    phone.goto(f"{base}/juiz/{slug}/jogo/{match.pk}/")
    r.read(phone, f"judge: {name}")
    for n, (a, b) in enumerate(wins(match, a_wins(match))["games"], start=1):
        phone.fill(f"input[name=g{n}_a]", str(a))
        phone.fill(f"input[name=g{n}_b]", str(b))
    with phone.expect_navigation():
        phone.get_by_role("button", name="Send súmula").click()
    paper = phone.get_by_role("button", name="Signed on paper")
    while paper.count():
        with phone.expect_navigation():
            paper.first.click()
        phone.wait_for_load_state()
    r.read(phone, f"judge: {name} signed")


def knockout(org: Page, phone: Page, base: str, r: Reader, t: Tournament, judge: Any, organizer: Any) -> None:
    """Generate the mata-mata and play it round by round; the final on the judge's phone."""
    org.goto(f"{base}/t/{t.slug}/gestao/mata-mata/")
    r.read(org, "mata-mata to generate")
    org.select_option("#id_source", "groups")
    org.fill("#id_per_group", "2")
    org.click("form.form button[type=submit]")
    expect(org.get_by_text("Mata-mata generated")).to_be_visible()
    r.read(org, "mata-mata generated")
    for _ in range(4):
        ready = [
            m
            for m in Match.objects.filter(stage__tournament=t, stage__kind="knockout")
            .exclude(team_a=None)
            .exclude(team_b=None)
            .select_related("team_a", "team_b", "stage__tournament")
            .order_by("round", "pk")
            if not homologated(m)
        ]
        for m in ready:
            if m.round == t.stages.get(kind="knockout").matches.order_by("-round")[0].round and m.slot == 0:
                play_on_the_phone(phone, base, r, m, "the final")
                org.goto(f"{base}/t/{t.slug}/sumulas/{m.pk}/")
                r.read(org, "the final's súmula")
                org.get_by_role("button", name=re.compile(r"^Homologate version")).click()
                expect(org.locator(".meta .state")).to_have_text(re.compile("homologated", re.I))
            else:
                complete(m, judge=judge, organizer=organizer, result=wins(m, a_wins(m)))
        org.goto(f"{base}/t/{t.slug}/gestao/mata-mata/")
        update = org.get_by_role("button", name=re.compile(r"^Update the bracket"))
        if not ready or not update.count():
            break
        update.first.click()
        org.wait_for_load_state()


@pytest.mark.parametrize("preset", ["truco-paulista", "truco-amostra-trio"])
def test_a_new_event_in_english_from_the_home_to_the_champion(
    preset: str, browser: Any, new_context: Any, live_server: Any, tmp_path: Path
) -> None:
    base = live_server.url
    slug = preset.replace("truco-", "copa-")
    users = get_user_model().objects
    organizer = users.create_user("organizer", password=PASSWORD, first_name="Organizer")
    organizer_mark(organizer)
    judge = users.create_user("judge", password=PASSWORD, first_name="Judge")
    names = [f"Equipe {n}" for n in NAMES] + [f"CTG {n}" for n in NAMES] + [f"Copa {slug}"]
    names += [f"{p} {n}" for n in NAMES for p in PLAYERS] + ["Organizer", "Judge", "organizer", "judge"]
    r = Reader(names)

    org = browser.new_context(**DESKTOP).new_page()
    org.set_default_timeout(TIMEOUT)
    login(org, base, "organizer")
    t = create(org, base, r, preset, slug, tmp_path)
    Membership.objects.create(tournament=t, user=judge, role=Membership.Role.JUDGE)

    phone = new_context().new_page()  # a phone (390×844)
    phone.set_default_timeout(TIMEOUT)
    login(phone, base, "judge")
    phone.click("header .lang a[hreflang=en]")
    phone.goto(f"{base}/juiz/{slug}/")
    r.read(phone, "judge: jogos")
    chaves = list(
        Match.objects.filter(stage__tournament=t, stage__kind="groups")
        .select_related("team_a", "team_b", "stage__tournament")
        .order_by("round", "pk")
    )
    first, rest = chaves[0], chaves[1:]
    play_on_the_phone(phone, base, r, first, "rodada 1")
    phone.goto(f"{base}/juiz/{slug}/jogo/{rest[0].pk}/tenteio/")
    r.read(phone, "judge: tenteio")
    round_one = [m for m in rest if m.round == 1]
    for m in round_one:
        submit(m, judge=judge, result=wins(m, a_wins(m)))

    org.goto(f"{base}/t/{slug}/sumulas/?rodada=1")
    r.read(org, "súmulas of rodada 1")
    org.click("a[href*='selecionar']")
    org.get_by_role("button", name="Homologate the selected").click()
    expect(org.locator(".messages .success")).to_be_visible()
    r.read(org, "bulk homologation")
    assert all(homologated(m) for m in [first, *round_one])
    for m in rest:
        if m.round != 1:
            complete(m, judge=judge, organizer=organizer, result=wins(m, a_wins(m)))
    org.goto(f"{base}/t/{slug}/classificacao/")
    r.read(org, "classificação (organizer)")

    knockout(org, phone, base, r, t, judge, organizer)
    org.goto(f"{base}/t/{slug}/gestao/")
    champion = org.locator("h2", has_text=re.compile(r"^Champion: "))
    expect(champion).to_be_visible()
    r.read(org, "dashboard with the champion")
    SCREENS.mkdir(parents=True, exist_ok=True)
    org.screenshot(path=str(SCREENS / f"45-en-{slug}-painel.png"), full_page=True)
    for path, name in [
        ("/gestao/impressao/", "print"),
        ("/gestao/auditoria/", "audit"),
        ("/gestao/editar/", "edit"),
        ("/gestao/equipes/", "teams"),
    ]:
        r.visit(org, f"{base}/t/{slug}{path}", name)

    public = new_context().new_page()
    public.set_default_timeout(TIMEOUT)
    public.goto(f"{base}/")
    public.click("header .lang a[hreflang=en]")
    team = t.teams.order_by("pk").first()
    assert team is not None
    for path, name in [
        ("/", "public home"),
        ("/classificacao/", "public standings"),
        ("/resultados/", "public results"),
        ("/programacao/", "public schedule"),
        ("/mata-mata/", "public bracket"),
        (f"/equipes/{team.pk}/", "public team"),
        ("/telao/", "telão"),
    ]:
        r.visit(public, f"{base}/t/{slug}{path}", name)
    public.goto(f"{base}/t/{slug}/")
    expect(public.locator(".card.champion")).to_contain_text("Champion: Equipe")
    public.screenshot(path=str(SCREENS / f"45-en-{slug}-inicio.png"), full_page=True)
    assert not r.problems and not r.leaks, "\n".join(r.problems) + "\n" + report(r.leaks)
