"""Issue #36's whole day in the browser: the organizer opens the inscrições online with 4
places on the settings page; a capataz signs up on his phone (390×844) and keeps his
link; three more trios fill the places and a fifth waits; the organizer refuses one with a
reason and the waiting one takes its place; approved, the capataz's same link opens his
team's page; the form closes by itself at its closing time; the chave is drawn and the
rodadas generated; the capataz sees his mesa, signs the judge's súmula with the team PIN
on his phone and files a contestação that the comissão reads on the súmula page; the same
page in English."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db.models import Q
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from captains.models import Contest
from scoring.models import Signature
from scoring.services.pins import pins_generate
from scoring.services.workflow import sheet_save
from signups.models import Signup
from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.steps import PASSWORD, login
from tests.e2e.test_signups_browser import sign_up
from tests.scoring.conftest import win_a
from tournaments.models import Match, Membership, Team, Tournament
from tournaments.services.organizers import organizer_mark
from tournaments.services.tournaments import tournament_create

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SLUG = "online"  # sign_up (test_signups_browser) starts from /t/online/
TIMEOUT = 15_000
SHOTS = "/tmp/signup-to-contestacao"
OTHERS = ["Os Pampeanos", "Trio Galponeiro", "Os Xirus do Pago"]
WAITING = "Trio Minuano"


def _local(when: Any) -> str:
    """A datetime-local field's value, in the server's time zone (the form reads it so)."""
    return timezone.localtime(when).strftime("%Y-%m-%dT%H:%M")


def _fits(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"


def _shot(page: Page, name: str) -> None:
    page.screenshot(path=f"{SHOTS}-{name}.png", full_page=True, scale="css")


def open_signups(org: Page, base: str) -> None:
    """The settings page: inscrições online on, 4 places, closing tomorrow."""
    org.goto(f"{base}/t/{SLUG}/gestao/inscricoes-online/")
    org.check("#id_enabled")
    org.fill("#id_capacity", "4")
    org.fill("#id_closes_at", _local(timezone.now() + timedelta(days=1)))
    org.click("form.form button.primary")
    expect(org.locator(".messages")).to_contain_text("Inscrições online salvas.")
    expect(org.locator("main")).to_contain_text("0/4 inscritas")


def review(org: Page, base: str, t: Tournament, taura: Signup) -> None:
    """Refuse one with a reason: the waiting one is promoted; approve the rest."""
    org.goto(f"{base}/t/{SLUG}/gestao/inscricoes-online/revisao/")
    table = org.locator("table.signup-review")
    expect(table.locator("tr", has_text=WAITING)).to_contain_text("na espera")
    refused = Signup.objects.get(tournament=t, name=OTHERS[0])
    org.fill(f"input[name=reason_{refused.pk}]", "Entidade não filiada ao MTG")
    org.click(f"button[name=refuse][value='{refused.pk}']")
    expect(org.locator(".messages")).to_contain_text(f"«{WAITING}» saiu da lista de espera")
    expect(table.locator("tr", has_text=WAITING)).to_contain_text("inscrita (pendente)")
    expect(table.locator("tr", has_text=OTHERS[0])).to_have_count(0)
    _shot(org, "revisao-promovida")

    org.click(f"button[name=approve][value='{taura.pk}']")
    expect(org.locator(".messages")).to_contain_text("equipe «Os Taura» inscrita")
    for row in table.locator("tbody tr").all():
        row.locator("input[name=selected]").check()
    org.click("button[name=approve_many]")
    expect(org.locator(".messages")).to_contain_text("3 inscrições aprovadas.")
    assert sorted(t.teams.values_list("name", flat=True)) == sorted(["Os Taura", *OTHERS[1:], WAITING])


def closes_at_its_time(org: Page, late: Page, base: str) -> None:
    """A capataz has the form open; the closing time passes; his submission is refused
    (403, nothing written) and the public page says the form is closed."""
    late.goto(f"{base}/t/{SLUG}/inscricao-online/")
    late.fill("#id_name", "Os Atrasados")
    for i, who in enumerate(("Capataz", "Dois", "Três")):
        late.fill(f"#id_titular_{i}", f"Atrasado {who}")
    org.goto(f"{base}/t/{SLUG}/gestao/inscricoes-online/")
    org.fill("#id_closes_at", _local(timezone.now() - timedelta(minutes=5)))
    org.click("form.form button.primary")
    expect(org.locator(".messages")).to_contain_text("Inscrições online salvas.")
    with late.expect_navigation() as refused:
        late.click("form button.primary")
    assert refused.value is not None and refused.value.status == 403
    closed = re.compile(r"As inscrições online encerraram em \d\d/\d\d/\d{4} \d\d:\d\d\.")
    expect(late.locator(".messages .error")).to_have_text(closed)
    expect(late.locator("#id_name")).to_have_count(0)  # no form any more
    late.goto(f"{base}/t/{SLUG}/")
    expect(late.locator(".signup-summary")).to_contain_text(closed)
    expect(late.locator(".signup-summary a.button")).to_have_count(0)
    assert not Signup.objects.filter(name="Os Atrasados").exists()


def draw_and_generate(org: Page, base: str, t: Tournament) -> None:
    """Close the inscrições on the dashboard, draw one chave of 4, generate its rodadas."""
    org.goto(f"{base}/t/{SLUG}/gestao/")
    org.click("button:has-text('Encerrar inscrições')")
    expect(org.locator("button:has-text('Reabrir inscrições')")).to_be_visible()
    org.goto(f"{base}/t/{SLUG}/gestao/chaves/")
    org.fill("#id_size", "4")
    org.fill("#id_seed", "online-2026")
    org.click("button:has-text('Sortear')")
    expect(org.locator("section.card h2")).to_have_count(1)
    org.goto(f"{base}/t/{SLUG}/gestao/rodadas/")
    org.fill("#id_start", _local(timezone.now() + timedelta(hours=1)))
    org.fill("#id_minutes", "60")
    org.click("form.form button:has-text('Gerar')")
    expect(org.locator("section.block")).to_have_count(3)
    assert Match.objects.filter(stage__tournament=t).count() == 6


def test_a_capataz_signs_up_is_approved_signs_and_contests(browser: Browser, live_server: Any) -> None:
    base = live_server.url
    org_user = User.objects.create_user("org", password=PASSWORD)
    organizer_mark(org_user)
    t = tournament_create(
        user=org_user, name="Rodeio Online", slug=SLUG, modality="truco-cego-trio", table_count=2
    )
    judge = User.objects.create_user("juiz", password=PASSWORD)
    Membership.objects.create(tournament=t, user=judge, role=Membership.Role.JUDGE)

    org = browser.new_context(**DESKTOP).new_page()
    login(org, base, "org")
    open_signups(org, base)

    phone = browser.new_context(**PHONE).new_page()  # the capataz's own phone
    link = sign_up(phone, base, "Os Taura")
    assert "/inscricao/" in link
    expect(phone.locator(".badge")).to_have_text("inscrita (pendente)")
    _fits(phone)
    others = browser.new_context(**PHONE).new_page()  # the other capatazes, one after another
    for name in OTHERS:
        sign_up(others, base, name)
    sign_up(others, base, WAITING)
    expect(others.locator(".badge")).to_have_text("na espera")
    others.goto(f"{base}/t/{SLUG}/")
    expect(others.locator(".signup-summary")).to_contain_text("4/4 inscritas, 1 na espera")
    _shot(others, "publico-vagas")

    taura = Signup.objects.get(tournament=t, name="Os Taura")
    review(org, base, t, taura)
    team = Team.objects.get(tournament=t, name="Os Taura")

    phone.goto(link)  # the same link, shown once at registration
    expect(phone.locator(".signup-state .badge")).to_have_text("aprovada")
    phone.click("a:has-text('Abrir a página do capataz')")
    expect(phone).to_have_url(re.compile(r"/capataz/[^/]+/$"))
    captain_url = phone.url
    expect(phone.locator("h1")).to_have_text("Os Taura")
    expect(phone.locator("#proximo-jogo")).to_contain_text("Nenhum jogo a jogar por enquanto.")

    closes_at_its_time(org, others, base)
    draw_and_generate(org, base, t)

    m = Match.objects.select_related("team_a", "team_b", "table").get(
        Q(team_a=team) | Q(team_b=team), stage__tournament=t, round=1
    )
    assert m.table is not None
    side, opponent = ("a", m.team_b) if m.team_a_id == team.pk else ("b", m.team_a)
    phone.goto(captain_url)
    expect(phone.locator("#proximo-jogo dd.mesa")).to_have_text(m.table.name)
    expect(phone.locator("#proximo-jogo")).to_contain_text(opponent.name)
    _fits(phone)
    _shot(phone, "capataz-mesa")

    pin = pins_generate(tournament=t, user=org_user, teams=[team])[team.pk]
    sheet = sheet_save(match=m, user=judge, data=win_a(m), base_version=0, submit=True)
    # The open page follows by its live refresh: the súmula to sign appears.
    expect(phone.locator("#assinatura input[name=pin]")).to_be_visible(timeout=TIMEOUT)
    phone.fill("#assinatura input[name=pin]", pin)
    phone.click("#assinatura button[type=submit]")
    expect(phone.locator("#assinatura")).to_contain_text("já assinou", timeout=TIMEOUT)
    assert Signature.objects.filter(sheet=sheet, team=team, method=Signature.Method.PIN).exists()

    judge_page = browser.new_context(**PHONE).new_page()
    login(judge_page, base, "juiz")
    judge_page.goto(f"{base}/juiz/{SLUG}/jogo/{m.pk}/")
    expect(judge_page.locator(f"#sign-{side} p.ok")).to_contain_text("PIN da equipe")

    phone.fill("#contest-text", "O juiz não anotou a flor da segunda mão.")
    phone.click("#contestacoes button[type=submit]")
    expect(phone.locator("#contestacoes")).to_contain_text("aguardando resposta", timeout=TIMEOUT)
    assert Contest.objects.filter(match=m, team=team).count() == 1
    _fits(phone)
    _shot(phone, "capataz-assinada-contestada")
    org.goto(f"{base}/t/{SLUG}/sumulas/{m.pk}/")
    expect(org.locator("#contestacoes")).to_contain_text("não anotou a flor")
    expect(org.locator("#contestacoes")).to_contain_text("Os Taura")

    phone.click("header .lang a[hreflang=en]")
    expect(phone).to_have_url(captain_url)
    expect(phone.locator("html")).to_have_attribute("lang", "en")
    expect(phone.get_by_role("heading", name="Players")).to_be_visible()
    expect(phone.get_by_role("heading", name="Standings")).to_be_visible()
    _fits(phone)
    _shot(phone, "capataz-en")
