"""The organizer's pages that keep the day going, as steps of the browser test.

Each step is what a person does on one or two pages: close the inscrições on the
dashboard and see a late trio refused; give a judge a new password on the comissão page;
review rodada 1 on the súmula list and homologate the signed ones in one go; edit the
tournament once results exist. ``test_organizers_day`` calls them in the day's order.
"""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import Screens
from tournaments.models import Match, Membership, Tournament

SLUG = "rodeio-sao-sepe"
PASSWORD = "Senha-do-Rodeio-2026"
TIMEOUT = 15_000
# What the team form answers once the inscrições are closed (tournaments.services.closing).
CLOSED = "As inscrições deste torneio estão encerradas: nenhuma equipe nova pode ser inscrita."
NEW_VENUE = "Parque de Rodeios Bento Gonçalves, galpão 2"


def login(page: Page, base: str, username: str, password: str = PASSWORD) -> None:
    page.goto(f"{base}/entrar/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("form.form button[type=submit]")
    expect(page).not_to_have_url(re.compile("/entrar/"))


def new_tournament_from_home(org: Page, base: str, screens: Screens) -> None:
    """After logging in, the organizer is on the home page: «Novo torneio» starts one."""
    expect(org).to_have_url(f"{base}/")
    expect(org.locator(".home-organizer h1")).to_have_text("Torneios que organizo")
    screens.shot(org, "organizador-inicio")
    org.get_by_role("link", name="Novo torneio").click()
    expect(org).to_have_url(f"{base}/torneios/novo/")


def close_registration(org: Page, base: str, screens: Screens, t: Tournament) -> None:
    """«Encerrar inscrições» on the dashboard; a trio arriving late is then refused."""
    org.goto(f"{base}/t/{SLUG}/gestao/")
    org.click("button:has-text('Encerrar inscrições')")
    expect(org.get_by_text("Inscrições encerradas", exact=True)).to_be_visible()
    expect(org.locator("button:has-text('Reabrir inscrições')")).to_be_visible()
    screens.shot(org, "organizador-inscricoes-encerradas", full_page=True)

    org.click("header nav a:has-text('Equipes')")
    org.click("a.button:has-text('Inscrever equipe')")
    org.fill("#id_name", "Trio Retardatário")
    org.fill("#id_entity", "CTG Querência Amada")
    for n, player in enumerate(["Lauro Medeiros", "Nestor Garcia", "Alcides Feijó"]):
        org.fill(f"input[name=p-{n}-name]", player)
    with org.expect_navigation() as refused:
        org.click("form.form button:has-text('Salvar')")
    assert refused.value is not None and refused.value.status == 400
    expect(org.locator("form.form .messages .error")).to_contain_text(CLOSED)
    screens.shot(org, "organizador-inscricao-recusada")
    assert t.teams.count() == 16 and not t.teams.filter(name="Trio Retardatário").exists()


def judge_new_password(org: Page, base: str, screens: Screens, username: str) -> str:
    """The judge has an account but no password at hand: the comissão adds her as juíza
    and «Gerar nova senha» shows one, once."""
    org.goto(f"{base}/t/{SLUG}/gestao/")
    org.click("a:has-text('Comissão organizadora e juízes')")
    add = org.locator("form.card", has_text="Adicionar pessoa cadastrada")
    add.locator("input[name=username]").fill(username)
    add.locator("select[name=role]").select_option(Membership.Role.JUDGE.value)
    add.locator("button:has-text('Adicionar')").click()
    expect(org.get_by_text("Papel concedido.")).to_be_visible()
    org.locator("tr", has_text=username).locator("button:has-text('Gerar nova senha')").click()
    shown = org.locator("code.password")
    expect(shown).to_be_visible()
    password = shown.inner_text().strip()
    screens.shot(org, "organizador-nova-senha-juiz")
    user = get_user_model().objects.get(username=username)
    assert password and user.check_password(password) and not user.check_password(PASSWORD)
    return password


def judge_by_link(org: Page, phone: Page, base: str, screens: Screens) -> None:
    """A judge with no account at all: the comissão creates a private link for «Seu Lauro»,
    only for the first mesa; his phone opens it and lands on that mesa's jogos."""
    org.goto(f"{base}/t/{SLUG}/gestao/")
    org.click("a:has-text('Comissão organizadora e juízes')")
    form = org.locator("form.card", has_text="Criar link de acesso")
    form.locator("input[name=name]").fill("Seu Lauro")
    first_mesa = form.locator("fieldset.link-choices").first.locator("input").first
    mesa = form.locator("fieldset.link-choices").first.locator("label").first.inner_text().strip()
    first_mesa.check()
    form.locator("button:has-text('Criar link')").click()
    url = org.locator("code.link-url").inner_text().strip()
    assert url.startswith(base) and "/acesso/" in url
    screens.shot(org, "organizador-link-do-juiz")
    phone.goto(url)
    expect(phone).to_have_url(f"{base}/juiz/{SLUG}/")
    rows = phone.locator("main li, main tr").filter(has_text="Mesa")
    assert rows.count() > 0 and all(mesa in r for r in rows.all_inner_texts())
    screens.shot(phone, "juiz-link-meus-jogos")


def judge_logs_in(phone: Page, base: str, username: str, password: str) -> None:
    """The old password no longer opens the door; the new one lands on her jogos."""
    phone.goto(f"{base}/entrar/")
    phone.fill("#id_username", username)
    phone.fill("#id_password", PASSWORD)
    phone.click("form.form button[type=submit]")
    expect(phone.locator("form.form .error")).to_be_visible()
    login(phone, base, username, password)
    expect(phone).to_have_url(f"{base}/juiz/{SLUG}/")


def result_line(page: Page, match: Match) -> Locator:
    """A jogo's line on the public results page."""
    return page.locator("li.result").filter(has_text=match.team_a.name).filter(has_text=match.team_b.name)


def score_not_public(spectator: Page, base: str, screens: Screens, match: Match) -> None:
    """Signed but not homologated: the public sees the jogo without its score."""
    spectator.goto(f"{base}/t/{SLUG}/resultados/")
    line = result_line(spectator, match)
    expect(line.locator(".score")).to_have_text("×")
    expect(line.locator("span.games")).to_have_text("a jogar")  # docs/rules.md §3.14
    expect(line).not_to_have_class(re.compile(r"\bdone\b"))
    expect(line).not_to_contain_text("24")
    screens.shot(spectator, "publico-resultados-aguardando")


def score_public(spectator: Page, base: str, screens: Screens, match: Match) -> None:
    spectator.goto(f"{base}/t/{SLUG}/resultados/")
    line = result_line(spectator, match)
    expect(line).to_have_class(re.compile(r"\bdone\b"))
    expect(line.locator("span.games")).to_contain_text("24")
    screens.shot(spectator, "publico-resultados-homologados")


def bulk_homologate(org: Page, base: str, screens: Screens, ready: list[Match], unsigned: Match) -> None:
    """The comissão reads rodada 1 (scores, avisos, signatures), selects the signed ones
    without avisos and homologates them with one button; the one still missing a
    signature has no box and stays as it was."""
    org.goto(f"{base}/t/{SLUG}/gestao/")
    org.click("header nav a:has-text('Súmulas')")
    org.select_option("select[name=rodada]", "1")
    org.click("form.filters button:has-text('Filtrar')")
    expect(org).to_have_url(re.compile(r"rodada=1"))
    rows = org.locator("table.sheet-review tbody tr")
    expect(rows).to_have_count(len(ready) + 1)
    missing = rows.filter(has_text=unsigned.team_a.name).filter(has_text=unsigned.team_b.name)
    expect(missing.locator("input[name=sumula]")).to_have_count(0)
    screens.shot(org, "organizador-sumulas-rodada-1", full_page=True)

    org.click(f"a:has-text('Selecionar as assinadas sem avisos ({len(ready)})')")
    boxes = org.locator("input[name=sumula]")
    expect(boxes).to_have_count(len(ready))
    for i in range(len(ready)):
        expect(boxes.nth(i)).to_be_checked()
    screens.shot(org, "organizador-sumulas-selecionadas", full_page=True)
    org.click("button:has-text('Homologar selecionadas')")
    report = org.locator(".messages .success")
    homologated = "1 súmula homologada" if len(ready) == 1 else f"{len(ready)} súmulas homologadas"
    expect(report).to_contain_text(homologated)
    for match in ready:
        expect(report).to_contain_text(f"{match.team_a.name} × {match.team_b.name}")
    expect(org.locator("input[name=sumula]")).to_have_count(0)
    screens.shot(org, "organizador-homologacao-em-lote", full_page=True)


def edit_after_first_result(org: Page, base: str, screens: Screens, t: Tournament) -> None:
    """«Editar torneio» with results in: a new venue is saved, but the target changed
    without the confirmation is refused (nothing written); put back, the venue goes in."""
    org.goto(f"{base}/t/{SLUG}/gestao/")
    org.click("a:has-text('Editar torneio')")
    expect(org.locator("#regras .messages .warning")).to_contain_text("Já há súmulas enviadas")
    target = org.input_value("#id_points_to_win")
    org.fill("#id_venue", NEW_VENUE)
    org.fill("#id_points_to_win", "30")
    with org.expect_navigation() as refused:
        org.click("button:has-text('Salvar alterações')")
    assert refused.value is not None and refused.value.status == 400
    expect(org.locator("#regras")).to_contain_text("marque a confirmação para mudar as regras")
    expect(org.locator("#regras")).to_contain_text("deixam de valer")  # the 24-tento súmulas
    screens.shot(org, "organizador-editar-regras-recusadas", full_page=True)
    t.refresh_from_db()
    assert t.venue != NEW_VENUE and t.rules().points_to_win == int(target)

    org.fill("#id_points_to_win", target)
    org.click("button:has-text('Salvar alterações')")
    expect(org).to_have_url(f"{base}/t/{SLUG}/gestao/")
    expect(org.get_by_text("Torneio alterado.", exact=True)).to_be_visible()
    expect(org.locator("p.muted").first).to_contain_text(NEW_VENUE)
    screens.shot(org, "organizador-torneio-editado")
    t.refresh_from_db()
    assert t.venue == NEW_VENUE and t.rules().points_to_win == int(target)
