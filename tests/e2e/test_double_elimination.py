"""A 16-trio double elimination (repescagem) with the grand-final reset, in a real browser:
created through «Novo torneio» with the setting on, the mata-mata generated and its
rodadas scheduled through its page, and played to the champion after the final de
desempate: the first jogo of each batch on the judge's phone (the súmula typed and both
capatazes' signatures recorded on paper) and homologated on the organizer's súmula page,
the others by the services those pages call. The public
bracket page is read on the way (the repescagem fills in) and at the end on desktop and
on a 390×844 phone, with every final placing checked against the pure bracket.

The screenshots go to ``$DOUBLE_SCREENS`` when set (else the test's temporary folder),
never to docs/screens/.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from knockout import double_bracket as d
from knockout.placings import final_placings
from knockout.services.double import jogo_id
from scoring.models import ScoreSheet
from tests.e2e.conftest import DESKTOP
from tests.e2e.event import complete
from tests.e2e.steps import PASSWORD, TIMEOUT, login
from tests.tournaments.conftest import trio
from tournaments.models import Match, Membership, StageTeam, Tournament
from tournaments.services.organizers import organizer_mark
from tournaments.services.registration import teams_register_many

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SLUG = "dupla-eliminacao"
PLACES = [1, 2, 3, 4, 5, 5, 7, 7, 9, 9, 9, 9, 13, 13, 13, 13]


def homologated(m: Match) -> bool:
    return ScoreSheet.objects.filter(match=m, status=ScoreSheet.Status.HOMOLOGATED).exists()


def winner_is_a(m: Match) -> bool:
    """The GF 1 to the repescagem's champion (side b: the reset is played), GF 2 to the
    winners' champion; elsewhere the trio registered earlier, but a few upsets so the
    repescagem is not the seeds' path."""
    if m.bracket == d.GF:
        return m.round == 2
    upset = (m.round or 0) + (m.slot or 0) == 2
    return (m.team_a_id < m.team_b_id) != upset  # type: ignore[operator]


def play(phone: Page, org: Page, base: str, m: Match) -> None:
    """The judge types a 2–0 on the phone and records both signatures on paper; the
    comissão homologates it on the súmula's page."""
    phone.goto(f"{base}/juiz/{SLUG}/jogo/{m.pk}/")
    a = winner_is_a(m)
    for n in (1, 2):
        phone.fill(f"input[name=g{n}_a]", "24" if a else "13")
        phone.fill(f"input[name=g{n}_b]", "13" if a else "24")
    with phone.expect_navigation():
        phone.click("button[name=action][value=submit]")
    paper = phone.locator("button:has-text('Assinada em papel')")
    while paper.count():
        with phone.expect_navigation():
            paper.first.click()
        phone.wait_for_load_state()
    org.goto(f"{base}/t/{SLUG}/sumulas/{m.pk}/")
    org.click("button:has-text('Homologar a versão')")
    expect(org.locator(".meta .state")).to_have_text(re.compile("homologada"), timeout=TIMEOUT)


def playable(t: Tournament) -> list[Match]:
    rows = Match.objects.filter(stage__tournament=t).select_related("team_a", "team_b").order_by("order")
    return [m for m in rows if not homologated(m)]


def test_a_double_elimination_with_reset_to_the_champion(
    page: Page, browser: Any, new_context: Any, live_server: Any, tmp_path: Path
) -> None:
    base = live_server.url
    shots = Path(os.environ.get("DOUBLE_SCREENS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    users = get_user_model().objects
    organizer = users.create_user("organizadora", password=PASSWORD)
    organizer_mark(organizer)
    judge = users.create_user("juiz.dupla", password=PASSWORD)
    org = browser.new_context(**DESKTOP).new_page()
    org.set_default_timeout(TIMEOUT)
    login(org, base, "organizadora")

    # «Novo torneio» with the double elimination and its reset.
    org.goto(f"{base}/torneios/novo/")
    org.fill("#id_name", "Copa da Repescagem — Truco Cego")
    org.fill("#id_slug", SLUG)
    org.select_option("#id_modality", "truco-cego-trio")
    org.select_option("#id_stage_plan", "knockout")
    org.check("#id_double_elimination")
    expect(org.locator("#id_grand_final_reset")).to_be_checked()
    org.fill("#id_table_count", "8")
    org.get_by_role("button", name="Criar torneio").click()
    expect(org).to_have_url(f"{base}/t/{SLUG}/gestao/")
    t = Tournament.objects.get(slug=SLUG)
    assert t.double_elimination and t.grand_final_reset
    Membership.objects.create(tournament=t, user=judge, role=Membership.Role.JUDGE)
    teams_register_many(tournament=t, teams=[trio(f"Trio {n:02d}", f"CTG {n % 5}") for n in range(1, 17)])

    # The mata-mata generated and its rodadas scheduled through its page.
    org.goto(f"{base}/t/{SLUG}/gestao/mata-mata/")
    org.select_option("#id_source", "teams")
    org.click("form.form button:has-text('Gerar')")
    expect(org.get_by_text("Mata-mata gerado")).to_be_visible()
    expect(org.locator("h2#vencedores")).to_have_text("Chave dos vencedores")
    org.locator("summary:has-text('Programação das rodadas')").click()
    org.fill("#id_start", "2026-12-12T09:00")
    org.fill("#id_first_deadline", "")
    org.fill("#id_minutes", "40")
    org.click("form.form button:has-text('Programar')")
    expect(org.get_by_text("Rodadas do mata-mata programadas")).to_be_visible()
    assert t.stages.get().rounds.count() == 9  # 2 × 4 rodadas, and the final de desempate

    phone = page  # the plugin's context: the judge's phone
    phone.set_default_timeout(TIMEOUT)
    login(phone, base, "juiz.dupla")
    played = 0
    while ready := playable(t):
        # The first jogo of each batch on the phone and the súmula's page; the others by
        # the same services those pages call (tests.e2e.event.complete), to stay quick.
        play(phone, org, base, ready[0])
        for m in ready[1:]:
            result = {"games": [[24, 13], [24, 13]] if winner_is_a(m) else [[13, 24], [13, 24]]}
            complete(m, judge=judge, organizer=organizer, result=result)
        played += len(ready)
        if played == 16:  # the winners' rodadas 1 and 2 and the repescagem's first: mid-way
            org.goto(f"{base}/t/{SLUG}/mata-mata/")
            expect(org.locator("h2#repescagem")).to_be_visible()
            org.screenshot(path=str(shots / "dupla-meio-desktop.png"), full_page=True)
    assert played == 31  # 2n − 1: the reset was played

    keys = [
        e.team.key
        for e in StageTeam.objects.filter(stage__tournament=t).select_related("team").order_by("order")
    ]
    bracket = d.build(keys)
    winners = {}
    for m in Match.objects.filter(stage__tournament=t).select_related("team_a", "team_b"):
        winners[jogo_id(m)] = m.team_a.key if winner_is_a(m) else m.team_b.key
    progress = d.play(bracket, winners)
    assert progress.finished and progress.champion == winners[d.GF2]
    champion = t.teams.get(key=progress.champion)

    # The public bracket, desktop and phone.
    org.goto(f"{base}/t/{SLUG}/mata-mata/")
    for anchor, heading in (("vencedores", "Chave dos vencedores"), ("repescagem", "Repescagem")):
        expect(org.locator(f"h2#{anchor}")).to_have_text(heading)
    expect(org.locator("h2#grande-final")).to_have_text("Grande final")
    expect(org.locator("section.round h3", has_text="Final de desempate")).to_be_visible()
    expect(org.locator("p.champion")).to_contain_text(champion.name)
    org.screenshot(path=str(shots / "dupla-fim-desktop.png"), full_page=True)
    spectator = new_context().new_page()
    spectator.goto(f"{base}/t/{SLUG}/mata-mata/")
    expect(spectator.locator("h2#repescagem")).to_be_visible()
    spectator.screenshot(path=str(shots / "dupla-fim-celular.png"), full_page=True)
    spectator.locator("h2#repescagem").scroll_into_view_if_needed()
    spectator.screenshot(path=str(shots / "dupla-repescagem-celular.png"))

    # Every final placing, on the page and in knockout.placings.
    bands = d.placings(bracket, progress)
    expected = {key: band.position_from for band in bands for key in band.keys}
    lines = final_placings(t).lines
    assert [line.position for line in lines] == PLACES
    assert all(expected[line.team.key] == line.position for line in lines)
    items = org.locator("ol.placings li")
    expect(items).to_have_count(16)
    for i, line in enumerate(lines):
        expect(items.nth(i)).to_contain_text(line.team.name)
        expect(items.nth(i)).to_have_attribute("value", str(line.position))
    org.goto(f"{base}/t/{SLUG}/gestao/")
    expect(org.get_by_text(champion.name).first).to_be_visible()
    org.screenshot(path=str(shots / "dupla-painel.png"), full_page=True)
