"""The organizer's day in a real browser, from an empty tournament to the champion.

One test plays the whole event as people do it: the organizer (1280-wide desktop)
logs in, lands on the home page and creates a Truco Cego trio tournament from its
«Novo torneio», imports 16 trios from a CSV, closes the inscrições (a late trio is
refused), checks them in, draws the chaves, generates the rodadas, gives the judge a
new password, prints the súmulas of rodada 1 and gives «Seu Lauro», who has no account,
a private link for mesa 1 that his phone opens on that mesa's jogos; the judge logs in with it on a phone
(390×844, touch, pt-BR), lands on her jogos and enters chave A's súmulas — one refused
and fixed on the spot, one W.O.; rodada 1 of the other chaves is entered through the
scoring services. A spectator sees no score of a súmula not yet homologated; the
organizer reviews rodada 1 on the súmula list and homologates the signed ones in bulk,
and the score goes public. With results in, «Editar torneio» saves a new venue but
refuses a rules change without its confirmation. The rest of the chaves is completed
through the services, chave B with a circular tie that the organizer settles with the
"Registrar sorteio" form; then the mata-mata is generated and played to the final
through the pages, the spectator opens the public pages and the dashboard ends with the
champion.
Screenshots of each step go to docs/screens/.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from scoring.models import ScoreSheet
from tests.e2e.conftest import DESKTOP, Screens
from tests.e2e.event import complete, finish, games, inscriptions_csv, submit
from tests.e2e.steps import (
    PASSWORD,
    SLUG,
    TIMEOUT,
    bulk_homologate,
    close_registration,
    edit_after_first_result,
    judge_by_link,
    judge_logs_in,
    judge_new_password,
    login,
    new_tournament_from_home,
    score_not_public,
    score_public,
)
from tournaments.models import Match, Team, Tournament
from tournaments.services.organizers import organizer_mark

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def homologated(match: Match) -> bool:
    return ScoreSheet.objects.filter(match=match, status=ScoreSheet.Status.HOMOLOGATED).exists()


def winner_is_a(match: Match) -> bool:
    """A strict order (earlier registration wins), so no chave but B ends in a tie."""
    return match.team_a_id < match.team_b_id  # type: ignore[operator]


class Judge:
    """The judge's phone: open the jogo, type the súmula, record both capatazes' signatures."""

    def __init__(self, page: Page, base: str) -> None:
        self.page, self.base = page, base

    def open(self, match: Match) -> None:
        self.page.goto(f"{self.base}/juiz/{SLUG}/jogo/{match.pk}/")

    def type_games(self, rows: list[list[int]]) -> None:
        for n, (a, b) in enumerate(rows, start=1):
            self.page.fill(f"input[name=g{n}_a]", str(a))
            self.page.fill(f"input[name=g{n}_b]", str(b))

    def send(self, *, accepted: bool = True) -> None:
        """Press "Enviar súmula"; an accepted súmula reloads the page with the signatures."""
        if not accepted:  # a refusal is written into the page by sumula.js: no navigation
            self.page.click("button[name=action][value=submit]")
            return
        with self.page.expect_navigation():
            self.page.click("button[name=action][value=submit]")
        expect(self.page.locator(".signing")).to_be_visible()

    def sign_all(self) -> None:
        paper = self.page.locator("button:has-text('Assinada em papel')")
        while paper.count():
            # The phone's queue sends the signature, then the page loads itself again.
            with self.page.expect_navigation():
                paper.first.click()
            self.page.wait_for_load_state()
        expect(self.page.locator(".meta .state")).to_have_text(re.compile("assinada"))

    def play(self, match: Match) -> None:
        self.open(match)
        self.type_games(games(match, winner_is_a(match)))
        self.send()
        self.sign_all()


def homologate(page: Page, base: str, match: Match) -> None:
    page.goto(f"{base}/t/{SLUG}/sumulas/{match.pk}/")
    page.click("button:has-text('Homologar a versão')")
    expect(page.locator(".meta .state")).to_have_text(re.compile("homologada"), timeout=TIMEOUT)
    assert homologated(match)


def set_up_event(org: Page, base: str, screens: Screens, tmp_path: Path) -> Tournament:
    new_tournament_from_home(org, base, screens)
    org.fill("#id_name", "Rodeio Crioulo de São Sepé — Truco Cego")
    org.fill("#id_slug", SLUG)
    org.select_option("#id_modality", "truco-cego-trio")
    org.fill("#id_event", "32º Rodeio Crioulo Internacional")
    org.fill("#id_venue", "Galpão Crioulo do CTG Sentinela dos Pampas")
    org.select_option("#id_stage_plan", "groups_knockout")
    org.fill("#id_table_count", "8")
    screens.shot(org, "organizador-novo-torneio")
    org.click("button:has-text('Criar torneio')")
    expect(org).to_have_url(f"{base}/t/{SLUG}/gestao/")
    t = Tournament.objects.get(slug=SLUG)

    sheet = tmp_path / "inscricoes.csv"
    sheet.write_bytes(inscriptions_csv())
    org.goto(f"{base}/t/{SLUG}/gestao/equipes/importar/")
    org.set_input_files("input[name=file]", str(sheet))
    org.click("button:has-text('Ver prévia')")
    expect(org.locator("h2", has_text="Prévia: 16 equipes")).to_be_visible()
    expect(org.get_by_text("Jerônimo Assunção").first).to_be_visible()
    screens.shot(org, "organizador-importar-previa")
    org.click("button[name=confirm]")
    expect(org.get_by_text("Trio Galponeiro").first).to_be_visible()
    assert t.teams.count() == 16
    assert t.teams.get(name="Os Índios Vagos").players.get(is_captain=True).name == "Antônio Brum"
    close_registration(org, base, screens, t)

    org.goto(f"{base}/t/{SLUG}/gestao/checkin/")
    for team in t.teams.order_by("name"):
        org.click(f"#t{team.pk} button[value=checked_in]")
        expect(org.locator(f"#t{team.pk}")).to_have_class(re.compile("status-checked_in"))
    screens.shot(org, "organizador-checkin")
    assert t.teams.filter(status=Team.Status.CHECKED_IN).count() == 16

    org.goto(f"{base}/t/{SLUG}/gestao/chaves/")
    org.fill("#id_size", "4")  # the form's default; "número de chaves" stays empty
    org.fill("#id_seed", "sao-sepe-2026")
    org.click("button:has-text('Sortear')")
    expect(org.locator("section.card h2")).to_have_count(4)
    screens.shot(org, "organizador-chaves", full_page=True)

    org.goto(f"{base}/t/{SLUG}/gestao/rodadas/")
    org.fill("#id_start", "2026-12-12T09:00")
    org.fill("#id_minutes", "60")
    org.click("form.form button:has-text('Gerar')")
    expect(org.locator("section.block")).to_have_count(3)
    screens.shot(org, "organizador-rodadas")
    assert Match.objects.filter(stage__tournament=t).count() == 4 * 6
    return t


def print_round_one(org: Page, base: str, screens: Screens, tmp_path: Path) -> None:
    org.goto(f"{base}/t/{SLUG}/gestao/impressao/")
    org.select_option("select[name=doc]", "sumulas")
    org.select_option("select[name=round]", label="Rodada 1")  # a phase's rodada by its name
    org.click("button:has-text('Imprimir')")
    link = org.locator("li.print-job a.print-download").first
    expect(link).to_be_visible(timeout=60_000)
    screens.shot(org, "organizador-impressao")
    # The link opens the PDF inline (Chromium's viewer); fetch it with the page's cookies.
    response = org.request.get(base + str(link.get_attribute("href")))
    assert response.ok and response.headers["content-type"] == "application/pdf"
    pdf = tmp_path / "sumulas-rodada-1.pdf"
    pdf.write_bytes(response.body())
    reader = PdfReader(io.BytesIO(pdf.read_bytes()))
    assert len(reader.pages) == 8  # one súmula per jogo: 4 chaves × 2 jogos


def chave_a_on_the_phone(judge: Judge, org: Page, base: str, screens: Screens, matches: list[Match]) -> None:
    phone = judge.page
    phone.goto(f"{base}/juiz/{SLUG}/")
    expect(phone.locator("li.card a.jogo")).to_have_count(24)
    screens.shot(phone, "juiz-meus-jogos")

    first = matches[0]
    judge.open(first)
    judge.type_games([[24, 13], [22, 20]])  # the winner must reach exactly 24
    judge.send(accepted=False)
    # The phone's queue sent it; the server's refusal is drawn in partida 2's block, as the
    # page without JS shows it, and stays in «Neste aparelho» too, until closed or resent.
    sentence = "Partida 2: o vencedor deve ter exatamente 24 tentos"
    expect(phone.locator("#partida-2.has-error .field-error")).to_contain_text(sentence)
    expect(phone.locator("#partida-1 .field-error")).to_have_count(0)
    error = phone.locator("#phone-queue .queue-item[data-state=refused]")
    expect(error).to_contain_text("recusada")
    expect(error).to_contain_text(sentence)
    assert not ScoreSheet.objects.filter(match=first).exists()
    phone.locator("#partida-2").evaluate("el => el.scrollIntoView({block: 'center'})")  # partida 1 above it
    screens.shot(phone, "juiz-sumula-recusada")
    phone.fill("input[name=g2_a]", "24")
    phone.fill("input[name=g2_b]", "20")
    judge.send()
    screens.shot(phone, "juiz-sumula-enviada-assinaturas")
    judge.sign_all()
    assert ScoreSheet.objects.get(match=first, confirmed=True).result["games"] == [[24, 13], [24, 20]]

    walkover = matches[-1]  # rodada 3: the absent trio has no later jogo
    absent = walkover.team_b if winner_is_a(walkover) else walkover.team_a
    judge.open(walkover)
    phone.select_option("select[name=outcome]", "walkover")
    phone.select_option("select[name=walkover]", "b" if absent == walkover.team_b else "a")
    screens.shot(phone, "juiz-sumula-wo")
    judge.send()
    judge.sign_all()  # only the present capataz signs
    assert ScoreSheet.objects.get(match=walkover, confirmed=True).result["walkover"] == absent.key

    for match in matches[1:-1]:
        judge.play(match)


def homologate_chave_a_later_rodadas(org: Page, base: str, screens: Screens, matches: list[Match]) -> None:
    """Rodadas 2 and 3 of chave A, each on its own page; the W.O. shows its consequences."""
    for match in matches:
        if homologated(match):
            continue
        homologate(org, base, match)
        if match == matches[-1]:  # the W.O.
            expect(org.locator(".consequences")).to_contain_text("W.O.")
            screens.shot(org, "organizador-homologacao-wo")


class OtherChaves:
    """Chaves B, C and D through the services. Chave B: P beats Q, Q beats R, R beats P,
    all beat S, every jogo 24–13 24–13: wins, partidas, tentos and confronto direto all
    tie, so only a sorteio separates P, Q and R. Chaves C and D follow the registration
    order. Rodada 1 is entered and signed, one súmula with a signature missing, for the
    organizer to review; the rest is completed later."""

    def __init__(self, t: Tournament, judge: Any, organizer: Any) -> None:
        self.judge, self.organizer = judge, organizer
        group_b = t.stages.get(kind="groups").groups.get(name="B")
        p, q, r, s = [e.team for e in group_b.entries.order_by("team__pk")]
        self.beats = {(p.pk, q.pk), (q.pk, r.pk), (r.pk, p.pk), (p.pk, s.pk), (q.pk, s.pk), (r.pk, s.pk)}
        self.matches = list(Match.objects.filter(stage__tournament=t).exclude(group__name="A").order_by("pk"))
        self.round_one = [m for m in self.matches if m.round == 1]
        self.unsigned = self.round_one[-1]  # chave D: its second capataz has not signed yet

    def result(self, match: Match) -> dict[str, Any]:
        if match.group.name == "B":
            return {"games": games(match, (match.team_a_id, match.team_b_id) in self.beats)}
        return {"games": games(match, winner_is_a(match))}

    def enter_round_one(self) -> list[Match]:
        """Sent and signed (one with a signature missing); returns the fully signed."""
        for match in self.round_one:
            signers = [match.team_a] if match == self.unsigned else None
            submit(match, judge=self.judge, result=self.result(match), signers=signers)
        return [m for m in self.round_one if m != self.unsigned]

    def complete_the_rest(self) -> None:
        finish(self.unsigned, judge=self.judge, organizer=self.organizer, late=self.unsigned.team_b)
        for match in self.matches:
            if match.round != 1:
                complete(match, judge=self.judge, organizer=self.organizer, result=self.result(match))


def play_the_knockout(judge: Judge, org: Page, base: str, t: Tournament) -> list[Match]:
    played: list[Match] = []
    for _ in range(8):
        ready = [
            m
            for m in Match.objects.filter(stage__tournament=t, stage__kind="knockout")
            .exclude(team_a=None)
            .exclude(team_b=None)
            .order_by("round", "pk")
            if not homologated(m)
        ]
        if not ready:
            org.goto(f"{base}/t/{SLUG}/gestao/mata-mata/")
            org.click("button:has-text('Atualizar o chaveamento')")
            org.wait_for_load_state()
            if not any(
                not homologated(m)
                for m in Match.objects.filter(stage__tournament=t, stage__kind="knockout")
                .exclude(team_a=None)
                .exclude(team_b=None)
            ):
                break
            continue
        for match in ready:
            judge.play(match)
            homologate(org, base, match)
            played.append(match)
    return played


def test_the_organizers_day(
    browser: Any, new_context: Any, live_server: Any, screens: Screens, media: Path, tmp_path: Path
) -> None:
    base = live_server.url
    users = get_user_model().objects
    organizer = users.create_user("comissao", password=PASSWORD, first_name="Comissão")
    organizer_mark(organizer)  # the site admin marked the account: it may create tournaments
    judge_user = users.create_user("juiza.marta", password=PASSWORD, first_name="Marta")

    org = screens.watch(browser.new_context(**DESKTOP).new_page())  # the organizer's desktop
    org.set_default_timeout(TIMEOUT)
    login(org, base, "comissao")
    t = set_up_event(org, base, screens, tmp_path)
    new_password = judge_new_password(org, base, screens, "juiza.marta")
    print_round_one(org, base, screens, tmp_path)
    judge_by_link(org, screens.watch(new_context().new_page()), base, screens)

    phone = screens.watch(new_context().new_page())  # the plugin's context args: the judge's phone
    phone.set_default_timeout(TIMEOUT)
    judge_logs_in(phone, base, "juiza.marta", new_password)
    judge = Judge(phone, base)
    chave_a = list(Match.objects.filter(stage__tournament=t, group__name="A").order_by("round", "pk"))
    assert len(chave_a) == 6
    chave_a_on_the_phone(judge, org, base, screens, chave_a)
    others = OtherChaves(t, judge_user, organizer)
    signed = [m for m in chave_a if m.round == 1] + others.enter_round_one()

    spectator = screens.watch(new_context().new_page())  # no login: the public on a phone
    spectator.set_default_timeout(TIMEOUT)
    score_not_public(spectator, base, screens, chave_a[0])
    bulk_homologate(org, base, screens, signed, others.unsigned)
    assert all(homologated(m) for m in signed) and not homologated(others.unsigned)
    score_public(spectator, base, screens, chave_a[0])
    edit_after_first_result(org, base, screens, t)
    homologate_chave_a_later_rodadas(org, base, screens, chave_a)
    others.complete_the_rest()

    org.goto(f"{base}/t/{SLUG}/classificacao/")
    lots = org.locator("#chave-B form.lots")
    expect(lots).to_be_visible()
    expect(org.locator("form.lots")).to_have_count(1)  # only chave B is tied
    lots.scroll_into_view_if_needed()
    screens.shot(org, "organizador-sorteio-pendente")
    lots.locator("button:has-text('Registrar sorteio')").click()
    expect(org.locator("form.lots")).to_have_count(0)
    expect(org.locator("#chave-B ul.draws")).to_be_visible()
    org.locator("#chave-B").scroll_into_view_if_needed()
    screens.shot(org, "organizador-sorteio-registrado")

    org.goto(f"{base}/t/{SLUG}/gestao/mata-mata/")
    org.select_option("#id_source", "groups")
    org.fill("#id_per_group", "2")
    org.click("form.form button:has-text('Gerar')")
    expect(org.get_by_text("Mata-mata gerado")).to_be_visible()
    knockout = play_the_knockout(judge, org, base, t)
    assert len(knockout) >= 7  # quartas, semifinais, final (and the 3º lugar if any)
    org.goto(f"{base}/t/{SLUG}/gestao/mata-mata/")
    screens.shot(org, "organizador-mata-mata-final", full_page=True)

    wins: dict[str, int] = {}
    for m in knockout:
        name = (m.team_a if winner_is_a(m) else m.team_b).name  # type: ignore[union-attr]
        wins[name] = wins.get(name, 0) + 1
    champion = max(wins, key=lambda name: wins[name])  # quartas, semifinal and final: 3 wins
    assert wins[champion] == 3
    spectator.goto(f"{base}/t/{SLUG}/")
    expect(spectator.get_by_text("Rodeio Crioulo de São Sepé").first).to_be_visible()
    screens.shot(spectator, "publico-inicio")
    spectator.goto(f"{base}/t/{SLUG}/classificacao/")
    expect(spectator.locator("#chave-B ul.draws")).to_be_visible()
    expect(spectator.locator("form.lots")).to_have_count(0)
    screens.shot(spectator, "publico-classificacao")
    spectator.goto(f"{base}/t/{SLUG}/resultados/")
    expect(spectator.get_by_text("W.O.").first).to_be_visible()
    screens.shot(spectator, "publico-resultados")
    spectator.goto(f"{base}/t/{SLUG}/programacao/")
    screens.shot(spectator, "publico-programacao")
    spectator.goto(f"{base}/t/{SLUG}/mata-mata/")
    expect(spectator.get_by_text(f"Campeão: {champion}")).to_be_visible()  # a trio
    screens.shot(spectator, "publico-mata-mata", full_page=True)
    bracket = spectator.request.get(f"{base}/t/{SLUG}/mata-mata.json").json()
    assert champion in str(bracket)  # the public JSON agrees
    org.goto(f"{base}/t/{SLUG}/gestao/")  # the dashboard ends with the champion
    expect(org.get_by_role("heading", name=f"Campeão: {champion}")).to_be_visible()
    screens.shot(org, "organizador-painel-campeao", full_page=True)
    assert screens.count == 33
