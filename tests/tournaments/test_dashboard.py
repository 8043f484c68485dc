"""The dashboard that runs to the champion, the menus and the public home, for every
shape: chaves only, chaves + mata-mata, mata-mata only; and the demo event."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from interchange.load import load_tournament
from knockout.placings import final_placings
from knockout.services.advance import bracket_sync
from tests.documents import team
from tests.knockout.test_bracket_services import organizer, play
from tests.knockout.test_placings import GOIANO, SEMIS_AND_FINAL, chave_matches, event
from tests.tournaments.conftest import member
from tournaments.models import Match, Team, Tournament
from tournaments.revision import bump

pytestmark = pytest.mark.django_db


def board(t: Tournament) -> str:
    c = Client()
    user = get_user_model().objects.filter(username=f"gestor-{t.slug}").first()
    c.force_login(user or member(t, f"gestor-{t.slug}", "organizer"))
    response = c.get(reverse("tournaments:dashboard", args=[t.slug]))
    assert response.status_code == 200
    return response.content.decode()


def steps(html: str) -> list[tuple[str, str]]:
    """(state, step key) of every step, in order."""
    return re.findall(r'<li class="(done|now|todo)" data-step="([^"]+)"', html)


def nav(html: str) -> str:
    return html.split("<nav", 1)[1].split("</nav>", 1)[0]


def test_chaves_only_finished_shows_the_champion_and_no_mata_mata() -> None:
    t = event("so-chaves", chaves=True, knockout=None)
    html = board(t)
    keys = [k for _s, k in steps(html)]
    assert all(state == "done" for state, _k in steps(html))
    assert [k for k in keys if not k.startswith(("draw-", "schedule-", "round-"))] == [
        "registration",
        "checkin",
        "standings",
        "champion",
    ]
    assert sum(k.startswith("round-") for k in keys) == 3
    assert "Campeão: Trio A1" in html and "Classificação final" in html and "(dividido)" in html
    assert "Classificados" not in html and "Gerar o mata-mata" not in html
    assert "Mata-mata" not in nav(html) and "Rodadas" in nav(html)


def test_chaves_and_mata_mata_runs_to_the_champion() -> None:
    t = event("chaves-mm", chaves=True, knockout=["a1", "b1", "a2", "b2"], ko_matches=SEMIS_AND_FINAL)
    html = board(t)  # the disputa de 3º lugar still to play: the final step is «now»
    states = dict((k, s) for s, k in steps(html))
    assert states["qualification-" + str(t.stages.get(kind="groups").pk)] == "done"
    assert states["bracket"] == "done" and states["knockout-1"] == "done"
    assert states["knockout-2"] == "now" and states["champion"] == "todo"
    assert "Próximo passo" in html and "Final e 3º lugar em jogo" in html
    assert "?fase=mata&amp;rodada=2" in html  # the súmulas of the final's rodada
    assert "Campeão:" not in html
    bracket_sync(stage=t.stages.get(kind="knockout"))  # creates the disputa de 3º lugar
    third = Match.objects.select_related("team_a", "team_b").get(stage__tournament=t, third_place=True)

    play(
        third,
        organizer(t),
        {"games": [[24, 13], [24, 20]]} if third.team_a.key == "b2" else {"games": [[13, 24], [20, 24]]},
    )
    html = board(t)
    assert all(state == "done" for state, _k in steps(html))
    assert "Campeão: Trio A2" in html and "Vice-campeão" in html and "3º lugar" in html
    assert "Mata-mata" in nav(html) and "Chaves" in nav(html)


def test_chaves_and_mata_mata_offers_the_mata_mata_only_once_the_chaves_are_final() -> None:
    t = event("meio", chaves=True, knockout=None, unplayed=True)
    Tournament.objects.filter(pk=t.pk).update(stage_plan=Tournament.StagePlan.GROUPS_KNOCKOUT)
    t.refresh_from_db()
    html = board(t)
    assert "Classificados ao mata-mata" in html and "provisória: 1 jogo sem súmula homologada" in html
    assert "Gerar o mata-mata" not in html and "Classificação final" not in html
    assert dict((k, s) for s, k in steps(html))["bracket"] == "todo"


def test_mata_mata_only_has_no_chaves_steps_from_creation_to_the_champion() -> None:
    keys = ["t1", "t2", "t3", "t4"]
    t = event("copa", chaves=False, knockout=None, modality="truco-goiano", keys=keys)
    Tournament.objects.filter(pk=t.pk).update(stage_plan=Tournament.StagePlan.KNOCKOUT)
    t.refresh_from_db()
    html = board(t)
    keys_shown = [k for _s, k in steps(html)]
    assert keys_shown == ["registration", "checkin", "bracket", "final", "champion"]
    assert "Sortear as chaves" not in html and "Gerar as rodadas" not in html
    assert "Chaves" not in nav(html) and "Rodadas" not in nav(html) and "Mata-mata" in nav(html)
    assert reverse("knockout:bracket", args=[t.slug]) in html  # «Gerar o mata-mata»
    ko = [(1, "t1", "t4", GOIANO), (1, "t2", "t3", GOIANO), (2, "t1", "t2", GOIANO)]
    done = event("copa-fim", chaves=False, knockout=keys, ko_matches=ko, modality="truco-goiano", keys=keys)
    html = board(done)
    assert all(state == "done" for state, _k in steps(html))
    # a Truco Goiano team is a dupla: «a campeã» (core.words), whatever its name says
    assert "Campeã: Trio T1" in html and html.count("3º <span") == 2  # two shared 3ºs
    home = Client().get(reverse("public:home", args=[done.slug])).content.decode()
    assert "Campeã: Trio T1" in home and "Pódio" in home and "Encerrado" in home
    assert "Classificação" not in nav(home) and "Mata-mata" in nav(home)
    actions = home.split('class="actions"', 1)[1]
    assert actions.index("Mata-mata") < actions.index("Resultados")


def test_public_home_before_the_end_shows_no_podium(monkeypatch: pytest.MonkeyPatch) -> None:
    t = event("inacabado", chaves=True, knockout=None, unplayed=True)
    with monkeypatch.context() as m:  # a jogo to homologate: no final placings to compute
        m.setattr("public.views.final_placings", lambda t: pytest.fail("final placings computed"))
        home = Client().get(reverse("public:home", args=[t.slug])).content.decode()
    assert "Rodada 3 em jogo" in home and "Pódio" not in home and "Campeão" not in home
    finished = event("acabado", chaves=True, knockout=None)
    home = Client().get(reverse("public:home", args=[finished.slug])).content.decode()
    assert "Campeão: Trio A1" in home and "Pódio" in home and "Mata-mata" not in nav(home)


def test_the_demo_event_is_coherent() -> None:
    call_command("demo", stdout=StringIO())
    t = Tournament.objects.get()
    assert t.registration_closed_at is not None
    assert set(t.teams.values_list("status", flat=True)) == {Team.Status.CHECKED_IN}
    for rnd in (1, 2, 3):
        tables = list(
            Match.objects.filter(stage__tournament=t, round=rnd)
            .order_by("table__order")
            .values_list("table__name", flat=True)
        )
        assert sorted(tables, key=int) == [str(n) for n in range(1, 9)]
    user = get_user_model().objects.get(username="organizador")
    assert user.has_perm("tournaments.add_tournament")
    c = Client()
    c.force_login(user)
    html = c.get(reverse("tournaments:dashboard", args=[t.slug])).content.decode()
    assert "Inscrições encerradas" in html and "Rodada 3 em jogo" in html
    assert "Classificados ao mata-mata" in html and "Chaveamento do mata-mata" in html
    assert "sem check-in: 0" in html
    states = steps(html)
    assert [k for s, k in states if s == "now"][0].startswith("round-")


def test_no_tie_waits_for_a_sorteio_before_a_jogo_is_played() -> None:
    t = event("antes", chaves=True, knockout=None)
    Match.objects.filter(stage__tournament=t).delete()  # drawn, nothing played yet
    bump(t.pk)
    page = Client().get(reverse("public:standings", args=[t.slug])).content.decode()
    assert "Trio A1" in page and "sorteio pendente" not in page and "Classificados" not in page
    Tournament.objects.filter(pk=t.pk).update(stage_plan=Tournament.StagePlan.GROUPS_KNOCKOUT)
    bump(t.pk)  # with a mata-mata to come: still no classificados before a jogo counts
    page = Client().get(reverse("public:standings", args=[t.slug])).content.decode()
    assert "sorteio pendente" not in page and "Classificados" not in page


def test_the_dashboard_asks_for_no_sorteio_between_the_chave_draw_and_the_rodadas() -> None:
    t = event("antes-mm", chaves=True, knockout=None)
    Match.objects.filter(stage__tournament=t).delete()  # chaves drawn, no rodada generated
    Tournament.objects.filter(pk=t.pk).update(stage_plan=Tournament.StagePlan.GROUPS_KNOCKOUT)
    bump(t.pk)
    html = board(t)
    assert "Registrar o sorteio na classificação" not in html
    assert "aguardando sorteio" not in html and "rodadas ainda não geradas" in html
    assert "Gerar o mata-mata" not in html
    page = Client()
    page.force_login(get_user_model().objects.get(username=f"gestor-{t.slug}"))
    standings = page.get(reverse("public:standings", args=[t.slug])).content.decode()
    assert "Sorteio de desempate" not in standings  # no form to draw a tie of nothing played


def test_several_phases_of_chaves_end_with_the_final_chave() -> None:
    a, b = ["a1", "a2", "a3", "a4"], ["b1", "b2", "b3", "b4"]
    final = ["a1", "b1", "a2", "b2"]
    doc = {
        "format": "tenteio/1",
        "tournament": {"name": "Fases", "slug": "fases", "modality": "truco-cego-trio"},
        "teams": [team(k, 3, entity=None) for k in a + b],
        "stages": [
            {
                "key": "fase-1",
                "kind": "groups",
                "groups": [{"name": "A", "teams": a}, {"name": "B", "teams": b}],
            },
            {"key": "fase-2", "kind": "groups", "groups": [{"name": "F", "teams": final}]},
        ],
        "matches": [{**m, "stage": "fase-1"} for m in chave_matches("A", a) + chave_matches("B", b)]
        + [{**m, "stage": "fase-2"} for m in chave_matches("F", ["b2", "a1", "a2", "b1"])],
    }
    t = load_tournament(doc).tournament
    assert t.stage_plan == Tournament.StagePlan.MULTI_PHASE
    html = board(t)
    keys = [k for _s, k in steps(html)]
    assert all(state == "done" for state, _k in steps(html))
    assert keys[-2:] == ["standings", "champion"] and "Classificados à próxima fase" in html
    assert "Fase 1 — Rodada 1" in html and "Fase 2 — Sorteio das chaves" in html
    assert "Campeão: Trio B2" in html and "Mata-mata" not in nav(html)
    lines = [(p.position, p.team.key) for p in final_placings(t).lines]
    assert lines[:4] == [(1, "b2"), (2, "a1"), (3, "a2"), (4, "b1")]
    assert {k for _p, k in lines[4:]} == {"a3", "b3", "a4", "b4"}


def test_a_mata_mata_only_tournament_refuses_a_sorteio_das_chaves() -> None:
    t = event("so-mm", chaves=False, knockout=None, modality="truco-goiano", keys=["t1", "t2", "t3", "t4"])
    Tournament.objects.filter(pk=t.pk).update(stage_plan=Tournament.StagePlan.KNOCKOUT)
    c = Client()
    c.force_login(member(t, "gestor-so-mm", "organizer"))
    response = c.post(reverse("tournaments:groups", args=[t.slug]), {"groups": "2"})
    assert response.status_code == 400
    assert "Somente mata-mata" in response.content.decode()
    assert not t.stages.exists()


def test_the_dashboard_offers_the_file_and_the_sheets_and_each_answers() -> None:
    t = event("exporta", chaves=True, knockout=None)
    html = board(t)
    section = html.split('id="exportar"', 1)[1].split("</section>", 1)[0]
    links = [link.replace("&amp;", "&") for link in re.findall(r'href="([^"]+)"', section)]
    assert links[0] == f"/t/{t.slug}/exportar.json" and f'download="{t.slug}.tenteio.json"' in section
    c = Client()
    c.force_login(get_user_model().objects.get(username=f"gestor-{t.slug}"))
    kinds = []
    for link in links:
        response = c.get(link)
        assert response.status_code == 200, link
        kinds.append(response["Content-Type"].split(";")[0])
    assert kinds[0] == "application/json" and c.get(links[0]).json()["format"] == "tenteio/1"
    assert kinds.count("text/csv") == 2 and len(kinds) == 5  # resultados and classificação, CSV and XLSX
