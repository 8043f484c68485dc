"""The «Suíço» page as the organizer: start the phase, pair rodada 1, its results, pair
rodada 2, a swap with its reason; the refusals (nothing written, the sentence beside
the form), who may see the page, the page in English and the dashboard's steps."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from standings.views_swiss import note_sentences
from tests.standings.test_swiss_services import event, play_rodada
from tournaments.models import DrawOfLots, Match, Membership, PairingSwap, Round, Stage, Team, Tournament

pytestmark = pytest.mark.django_db


def page(t: Tournament) -> str:
    return reverse("standings:swiss", args=[t.slug])


def organizer_client(org: Any) -> Client:
    c = Client()
    c.force_login(org)
    return c


def written(t: Tournament) -> tuple[int, int, int, int, int]:
    return (
        Stage.objects.filter(tournament=t).count(),
        Match.objects.filter(stage__tournament=t).count(),
        Round.objects.filter(stage__tournament=t).count(),
        DrawOfLots.objects.filter(tournament=t).count(),
        PairingSwap.objects.filter(stage__tournament=t).count(),
    )


def steps(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<li class="(done|now|todo)" data-step="([^"]+)"', html)


def start_and_pair(c: Client, t: Tournament, rounds: int = 3) -> Stage:
    r = c.post(page(t), {"action": "start", "swiss_rounds": rounds})
    assert r.status_code == 302
    r = c.post(page(t), {"action": "pair", "start": "", "minutes": ""})
    assert r.status_code == 302
    return Stage.objects.get(tournament=t)


def test_the_organizer_runs_two_rodadas_and_a_swap_from_the_page() -> None:
    t, org = event(8)
    c = organizer_client(org)
    html = c.get(page(t)).content.decode()
    assert "Iniciar o suíço" in html and "Em branco: 3 rodadas" in html  # ⌈log₂ 8⌉
    r = c.post(page(t), {"action": "start", "swiss_rounds": ""}, follow=True)
    assert "Suíço iniciado: 8 equipes, 3 rodadas." in r.content.decode()
    stage = Stage.objects.get(tournament=t)
    assert (stage.system, stage.swiss_rounds, stage.groups.get().teams.count()) == ("swiss", 3, 8)

    r = c.post(page(t), {"action": "pair", "start": "2026-03-14T09:00", "minutes": "50"}, follow=True)
    html = r.content.decode()
    draw = DrawOfLots.objects.get(stage=stage, purpose="swiss")
    assert f"Rodada 1 pareada (semente {draw.seed})." in html
    assert f"Semente do pareamento: {draw.seed}" in html
    assert f"as equipes na ordem sorteada com a semente {draw.seed}" in html
    names = dict(Team.objects.filter(tournament=t).values_list("key", "name"))
    for a, b in draw.result["pairs"]:
        assert f"{names[a]} × {names[b]}" in html
    assert Match.objects.filter(stage=stage, round=1).count() == 4
    assert Round.objects.get(stage=stage, number=1).deadline is not None
    assert "Parear a rodada 2" in html

    play_rodada(stage, 1, org)
    r = c.post(page(t), {"action": "pair", "start": "", "minutes": ""}, follow=True)
    html = r.content.decode()
    assert "Rodada 2 pareada" in html and "Pareada pela classificação" in html
    jogos = list(Match.objects.filter(stage=stage, round=2).order_by("order"))
    met = {frozenset((m.team_a_id, m.team_b_id)) for m in Match.objects.filter(stage=stage, round=1)}

    def pairs_after(x: int, y: int) -> set[frozenset[int]]:
        swap = {x: y, y: x}
        return {
            frozenset((swap.get(m.team_a_id, m.team_a_id), swap.get(m.team_b_id, m.team_b_id))) for m in jogos
        }

    x, y = next(
        (m.team_a_id, n.team_b_id)
        for m in jogos
        for n in jogos
        if m.pk != n.pk and not pairs_after(m.team_a_id, n.team_b_id) & met
    )
    before = written(t)
    r = c.post(page(t), {"action": "swap", "team_a": x, "team_b": y, "reason": " "})
    assert r.status_code == 400 and "Informe o motivo da troca." in r.content.decode()
    assert written(t) == before
    r = c.post(
        page(t), {"action": "swap", "team_a": x, "team_b": y, "reason": "Pedido da comissão"}, follow=True
    )
    html = r.content.decode()
    assert "Troca registrada." in html and "Pedido da comissão" in html
    assert PairingSwap.objects.get().reason == "Pedido da comissão"
    now = {frozenset((m.team_a_id, m.team_b_id)) for m in Match.objects.filter(stage=stage, round=2)}
    assert now == pairs_after(x, y)


def test_pairing_while_results_are_missing_is_refused_and_writes_nothing() -> None:
    t, org = event(6)
    c = organizer_client(org)
    start_and_pair(c, t)
    before = written(t)
    r = c.post(page(t), {"action": "pair", "start": "", "minutes": ""})
    assert r.status_code == 400
    assert (
        "Ainda há 3 jogo(s) do suíço sem resultado homologado: a próxima rodada espera por eles."
        in r.content.decode()
    )
    assert written(t) == before
    r = c.post(page(t), {"action": "pair", "start": "", "minutes": "0"})
    assert r.status_code == 400 and "Minutos por rodada: de 1 a 1440 minutos" in r.content.decode()
    assert written(t) == before
    assert c.post(page(t), {}).status_code == 400
    r = c.post(page(t), {"action": "start", "swiss_rounds": "9"})  # restart: 6 teams, at most 5
    assert r.status_code == 400 and "Rodadas do suíço: de 1 a 5." in r.content.decode()
    assert written(t) == before


def test_a_round_robin_draw_is_not_turned_into_a_swiss_phase() -> None:
    t, org = event(6)
    c = organizer_client(org)
    r = c.post(reverse("tournaments:groups", args=[t.slug]), {"groups": 2, "seed": "7"})
    assert r.status_code == 302
    before = written(t)
    html = c.get(page(t)).content.decode()
    assert "o suíço só começa numa fase sem chaves sorteadas" in html and "Iniciar o suíço" not in html
    r = c.post(page(t), {"action": "start", "swiss_rounds": ""})
    assert r.status_code == 400 and written(t) == before


def test_only_the_organizer_may_use_the_page() -> None:
    t, org = event(4)
    judge = get_user_model().objects.create_user("juiz")
    Membership.objects.create(tournament=t, user=judge, role="judge")
    c = Client()
    c.force_login(judge)
    assert c.get(page(t)).status_code == 403
    assert c.post(page(t), {"action": "start"}).status_code == 403
    assert not Stage.objects.filter(tournament=t).exists()
    anonymous = Client().get(page(t))  # a public tournament: to the login page
    assert anonymous.status_code == 302 and anonymous["Location"].startswith(reverse("login"))
    stranger = get_user_model().objects.create_user("outro")
    c = Client()
    c.force_login(stranger)
    assert c.get(page(t)).status_code in (403, 404)


NEW_SENTENCES = [
    "Iniciar o suíço",
    "Em branco:",
    "Decisões do pareamento",
    "Semente do pareamento",
    "Parear a rodada",
    "Pareada pela classificação",
    "rodadas pareadas",
    "Trocar duas equipes de jogo",
    "Só antes de a rodada começar",
    "A rodada é pareada pela classificação",
]


def test_the_page_in_english_has_no_portuguese_sentence_of_its_own() -> None:
    t, org = event(6)
    c = organizer_client(org)
    start_and_pair(c, t)
    c.post("/i18n/setlang/", {"language": "en", "next": "/"})
    html = c.get(page(t)).content.decode()
    assert [s for s in NEW_SENTENCES if s in html] == []


def test_the_page_in_english_answers() -> None:
    t, org = event(6)
    c = organizer_client(org)
    start_and_pair(c, t)
    c.post("/i18n/setlang/", {"language": "en", "next": "/"})
    r = c.get(page(t))
    assert r.status_code == 200 and r["Content-Language"] == "en"


def test_note_sentences_name_the_teams() -> None:
    names = {"e1": "Trio Alegrete", "e2": "Trio Bagé", "e3": "Trio Caçapava"}
    notes = [
        {"code": "standings", "teams": [], "numbers": []},
        {"code": "bye", "teams": ["e3", "e1"], "numbers": [0]},
        {"code": "float", "teams": ["e1", "e2"], "numbers": [2, 1]},
        {"code": "rematch", "teams": [], "numbers": [1]},
        {"code": "entity", "teams": [], "numbers": [2]},
        {"code": "swaps", "teams": [], "numbers": [1]},
    ]
    with translation.override("pt-br"):
        text = note_sentences(notes, names)
    assert len(text) == 6
    assert text[1].startswith("Folga para Trio Caçapava") and text[1].endswith("Trio Alegrete.")
    assert (
        text[2]
        == "Trio Alegrete (2 vitórias) joga contra Trio Bagé (1 vitória), de um grupo de pontuação abaixo."
    )
    assert text[3] == "1 revanche ficou: nenhum pareamento completo a evita."
    assert "e1" not in " ".join(text)


def test_the_dashboard_walks_the_swiss_rodadas() -> None:
    t, org = event(6)
    c = organizer_client(org)
    dash = reverse("tournaments:dashboard", args=[t.slug])
    html = c.get(dash).content.decode()
    assert "Iniciar o suíço" in html and page(t) in html
    start_and_pair(c, t, rounds=2)
    stage = Stage.objects.get(tournament=t)
    html = c.get(dash).content.decode()
    keys = [k for _s, k in steps(html)]
    p = stage.pk
    swiss = [k for k in keys if k.startswith(("swiss-", "pair-", "round-"))]
    assert swiss == [f"swiss-{p}", f"pair-{p}-1", f"round-{p}-1", f"pair-{p}-2", f"round-{p}-2"]
    assert not any(k.startswith(("draw-", "schedule-")) for k in keys)
    assert ("now", f"round-{p}-1") in steps(html) and "Rodada 1 em jogo" in html
    play_rodada(stage, 1, org)
    html = c.get(dash).content.decode()
    assert ("now", f"pair-{p}-2") in steps(html)
    nxt = html.split('class="next"', 1)[1].split("</p>", 1)[0]
    assert "Parear a rodada 2" in nxt and page(t) in nxt
