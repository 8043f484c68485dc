"""An open event of 120 duplas of Truco Cego in one day, in a real browser: 7 Swiss
rodadas, then a mata-mata of the first 16, to the champion (issue #35).

The organizer (desktop) creates the event on «Novo torneio» (chaves then mata-mata),
imports the 120 duplas from a CSV, closes the inscrições, starts the Swiss on its page
(7 rodadas, 16 go on) and pairs each rodada there once the one before is homologated.
In every rodada the judge's phone (390×844) types and signs one súmula and the
organizer homologates it on its page; the other jogos are entered through the scoring
services (``tests.e2e.event.complete``) exactly as a judge and an organizer would. A
tie at the cut is drawn on the classificação page. The mata-mata is generated on its
page from the Swiss classificação and played to the final, the final on the phone.
Checked: no revanche and one folga at most per dupla across the Swiss, the 16 who go on
are the Swiss classificação's first 16, seeded 1º × 16º, and the champion is on the
dashboard and the public page.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from scoring.models import ScoreSheet
from standings.selectors import tournament_standings
from tests.e2e.conftest import DESKTOP
from tests.e2e.event import complete
from tests.e2e.steps import PASSWORD, TIMEOUT, login
from tournaments.models import DrawOfLots, Match, Membership, Tournament
from tournaments.services.organizers import organizer_mark

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SLUG = "aberto-cego-duplas"
DUPLAS = 120
RODADAS = 7
CTGS = [f"CTG {n}" for n in ("Pampa", "Coxilha", "Minuano", "Guaiaca", "Galpão", "Fronteira", "Rincão")]


def csv_of_duplas() -> bytes:
    """Two players a dupla, the first its capataz; seven CTGs, so entities meet often."""
    lines = ["equipe;entidade;jogador;capataz;reserva;cabeça de chave"]
    for i in range(1, DUPLAS + 1):
        for j, player in enumerate(("Adão", "Bento")):
            lines.append(
                f"Dupla {i:03d};{CTGS[i % len(CTGS)]};{player} {i:03d};{'sim' if j == 0 else 'não'};não;"
            )
    return ("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8")


def result(match: Match) -> dict[str, Any]:
    """The lower inscrição wins in straight partidas at the preset's target, the loser's
    tentos varying by jogo so that saldo separates most duplas level on vitórias."""
    rules = match.stage.tournament.rules()
    a_wins = match.team_a.order < match.team_b.order
    loser = (match.team_a.order * 7 + match.team_b.order * 3) % (rules.points_to_win - 1)
    game = [rules.points_to_win, loser] if a_wins else [loser, rules.points_to_win]
    return {"games": [game] * rules.wins_needed}


def homologated(match: Match) -> bool:
    return ScoreSheet.objects.filter(match=match, status=ScoreSheet.Status.HOMOLOGATED).exists()


def on_the_phone(phone: Page, org: Page, base: str, match: Match) -> None:
    """The judge types, sends and records both paper signatures; the organizer homologates."""
    phone.goto(f"{base}/juiz/{SLUG}/jogo/{match.pk}/")
    for n, (a, b) in enumerate(result(match)["games"], start=1):
        phone.fill(f"input[name=g{n}_a]", str(a))
        phone.fill(f"input[name=g{n}_b]", str(b))
    with phone.expect_navigation():
        phone.get_by_role("button", name="Enviar súmula").click()
    paper = phone.get_by_role("button", name="Assinada em papel")
    while paper.count():
        with phone.expect_navigation():
            paper.first.click()
        phone.wait_for_load_state()
    org.goto(f"{base}/t/{SLUG}/sumulas/{match.pk}/")
    org.get_by_role("button", name=re.compile(r"^Homologar a versão")).click()
    expect(org.locator(".meta .state")).to_have_text(re.compile("homologada", re.I))


def create(org: Page, base: str, tmp_path: Path) -> Tournament:
    org.goto(f"{base}/")
    org.get_by_role("link", name="Novo torneio").click()
    org.fill("#id_name", "Aberto de Truco Cego em Duplas")
    org.fill("#id_slug", SLUG)
    org.select_option("#id_modality", "truco-cego-dupla")
    org.select_option("#id_stage_plan", "groups_knockout")
    org.fill("#id_table_count", "60")
    org.get_by_role("button", name="Criar torneio").click()
    expect(org).to_have_url(f"{base}/t/{SLUG}/gestao/")
    org.goto(f"{base}/t/{SLUG}/gestao/equipes/importar/")
    sheet = tmp_path / "duplas.csv"
    sheet.write_bytes(csv_of_duplas())
    org.set_input_files("input[name=file]", str(sheet))
    org.get_by_role("button", name="Ver prévia").click()
    org.click("button[name=confirm]")
    expect(org.locator(".messages .success")).to_contain_text("120 equipes importadas")
    org.goto(f"{base}/t/{SLUG}/gestao/")
    org.get_by_role("button", name="Encerrar inscrições").click()
    t = Tournament.objects.get(slug=SLUG)
    assert t.teams.count() == DUPLAS
    return t


def draw_ties_at_the_cut(org: Page, base: str) -> None:
    """A tie the Swiss's desempates leave whole is drawn on the classificação page."""
    org.goto(f"{base}/t/{SLUG}/classificacao/")
    for _ in range(DUPLAS):
        lots = org.locator("form.lots")
        if not lots.count():
            return
        lots.first.locator("button:has-text('Registrar sorteio')").click()
        org.wait_for_load_state()


def swiss(org: Page, phone: Page, base: str, t: Tournament, judge: Any, organizer: Any) -> None:
    org.goto(f"{base}/t/{SLUG}/gestao/suico/")
    org.fill("#id_swiss_rounds", str(RODADAS))
    org.fill("#id_qualifiers", "16")
    org.get_by_role("button", name="Iniciar o suíço").click()
    expect(org.locator(".messages .success")).to_contain_text("120 equipes, 7 rodadas")
    stage = t.stages.get(kind="groups")
    for n in range(1, RODADAS + 1):
        org.goto(f"{base}/t/{SLUG}/gestao/")
        org.get_by_role("link", name=f"Parear a rodada {n}").first.click()
        org.fill("#id_start", f"2026-12-12T{8 + n:02d}:00")
        org.get_by_role("button", name=f"Parear a rodada {n}").click()
        expect(org.locator("#rodada h2")).to_have_text(f"Rodada {n}")
        jogos = list(
            Match.objects.filter(stage=stage, round=n)
            .select_related("team_a", "team_b", "stage__tournament")
            .order_by("table__order")
        )
        assert len(jogos) == DUPLAS // 2
        on_the_phone(phone, org, base, jogos[0])
        for m in jogos[1:]:
            complete(m, judge=judge, organizer=organizer, result=result(m))
    met = [frozenset((m.team_a_id, m.team_b_id)) for m in Match.objects.filter(stage=stage)]
    assert len(met) == len(set(met)) == RODADAS * DUPLAS // 2  # no revanche
    byes = [d.result.get("bye") for d in DrawOfLots.objects.filter(stage=stage, purpose="swiss")]
    assert len(byes) == RODADAS and not any(byes)  # 120 is even: no folga
    draw_ties_at_the_cut(org, base)


def knockout(org: Page, phone: Page, base: str, t: Tournament, judge: Any, organizer: Any) -> None:
    (table,) = tournament_standings(t)
    first16 = [r.team for r in table.groups[0].standings.rows][:16]
    org.goto(f"{base}/t/{SLUG}/gestao/")
    org.get_by_role("link", name="Gerar o mata-mata").first.click()
    org.select_option("#id_source", "groups")
    org.click("form.form button[type=submit]")
    expect(org.get_by_text("Mata-mata gerado")).to_be_visible()
    ko = t.stages.get(kind="knockout")
    assert sorted(ko.entries.values_list("team__key", flat=True)) == sorted(first16)
    opening = {
        frozenset((m.team_a.key, m.team_b.key))
        for m in ko.matches.filter(round=1).select_related("team_a", "team_b", "stage__tournament")
    }
    assert frozenset((first16[0], first16[15])) in opening  # 1º × 16º
    last = ko.matches.order_by("-round")[0].round
    for _ in range(6):
        ready = [
            m
            for m in ko.matches.exclude(team_a=None)
            .exclude(team_b=None)
            .select_related("team_a", "team_b", "stage__tournament")
            if not homologated(m)
        ]
        for m in sorted(ready, key=lambda m: (m.round, m.slot)):
            if m.round == last and m.slot == 0:
                on_the_phone(phone, org, base, m)  # the final
            else:
                complete(m, judge=judge, organizer=organizer, result=result(m))
        org.goto(f"{base}/t/{SLUG}/gestao/mata-mata/")
        update = org.get_by_role("button", name=re.compile(r"^Atualizar o chaveamento"))
        if not ready or not update.count():
            break
        update.first.click()
        org.wait_for_load_state()


def test_an_open_event_of_120_duplas_swiss_then_mata_mata(
    browser: Any, new_context: Any, live_server: Any, tmp_path: Path
) -> None:
    base = live_server.url
    users = get_user_model().objects
    organizer = users.create_user("organizador", password=PASSWORD, first_name="Organizador")
    organizer_mark(organizer)
    judge = users.create_user("juiz", password=PASSWORD, first_name="Juiz")
    org = browser.new_context(**DESKTOP).new_page()
    org.set_default_timeout(TIMEOUT)
    login(org, base, "organizador")
    t = create(org, base, tmp_path)
    Membership.objects.create(tournament=t, user=judge, role=Membership.Role.JUDGE)
    phone = new_context().new_page()  # a phone (390×844)
    phone.set_default_timeout(TIMEOUT)
    login(phone, base, "juiz")

    swiss(org, phone, base, t, judge, organizer)
    knockout(org, phone, base, t, judge, organizer)

    org.goto(f"{base}/t/{SLUG}/gestao/")
    expect(org.locator("h2", has_text=re.compile(r"^Campeã?o?: "))).to_be_visible()
    public = new_context().new_page()
    public.goto(f"{base}/t/{SLUG}/")
    expect(public.locator(".card.champion")).to_contain_text("Dupla")
