"""A 16-team double elimination with its reset played, through the pages users read:
the public bracket page, its JSON and embed, the organizer's page, the bracket PDF, the
rodadas' schedule, the names the judges' lists give the jogos, the dashboard's champion,
the final placings and a circuit's etapa placings; and a double W.O. refused."""

from __future__ import annotations

import io
import os
import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from pypdf import PdfReader

from circuits.models import EtapaPlacing
from circuits.services.circuits import circuit_create, circuit_etapa_add
from knockout import double_bracket as d
from knockout.placings import final_placings
from knockout.services.edits import bracket_schedule
from printing.documents import Params
from printing.services import render_document
from scoring.models import ScoreSheet
from scoring.services.entry import EntryData
from scoring.services.errors import WorkflowError
from scoring.services.workflow import sheet_homologate, sheet_save
from tests.knockout.test_double_services import SIXTEEN, double, jogo, organizer, run
from tournaments.board import dashboard
from tournaments.models import Match, Round, Stage, Tournament
from tournaments.phases import match_round_names
from tournaments.services.organizers import organizer_mark

pytestmark = pytest.mark.django_db
START = datetime(2026, 5, 2, 9, 0, tzinfo=UTC)


def org_of(t: Tournament) -> Any:
    """The organizer ``run`` made."""
    return get_user_model().objects.get(username=f"org-{t.slug}")


def pick_with_reset(seed: int = 35):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)

    def pick(state: d.JogoState) -> str:
        if state.id == d.GF1:
            return str(state.b)  # the repescagem's champion wins: the final de desempate
        if state.id == d.GF2:
            return str(state.a)
        return str(rng.choice([state.a, state.b]))

    return pick


@pytest.fixture
def played(commits: None) -> tuple:  # type: ignore[type-arg]
    t = double(16)
    Tournament.objects.filter(pk=t.pk).update(stage_plan=Tournament.StagePlan.KNOCKOUT)
    t.refresh_from_db()
    stage = Stage.objects.get(tournament=t, kind=Stage.Kind.KNOCKOUT)
    rounds = bracket_schedule(stage=stage, start=START, minutes=60)
    assert [r.number for r in rounds] == list(range(1, 10))  # 2k + 1 with the reset
    bracket, winners, _losses = run(t, pick_with_reset())
    return t, bracket, winners


def test_the_schedule_gives_each_bracket_its_rodada(played: tuple) -> None:  # type: ignore[type-arg]
    t, _bracket, _winners = played
    starts = {r.number: r.starts_at for r in Round.objects.filter(stage__tournament=t)}
    for side, number, turn in (("W", 1, 1), ("W", 2, 2), ("L", 1, 2), ("L", 2, 3), ("W", 4, 4)):
        assert {m.scheduled_at for m in Match.objects.filter(bracket=side, round=number)} == {starts[turn]}
    assert jogo(t, "L", 6).scheduled_at == starts[7]
    assert jogo(t, "GF", 1).scheduled_at == starts[8] and jogo(t, "GF", 2).scheduled_at == starts[9]
    assert starts[9] == START + timedelta(hours=8)


def test_the_judges_lists_name_each_jogo(played: tuple) -> None:  # type: ignore[type-arg]
    t, _bracket, _winners = played
    matches = list(Match.objects.filter(stage__tournament=t).select_related("stage"))
    names = match_round_names(matches)
    by = {(m.bracket, m.round): names[m.pk] for m in matches}
    assert by[("W", 1)] == "Chave dos vencedores, rodada 1"
    assert by[("L", 3)] == "Repescagem, rodada 3"
    assert by[("GF", 1)] == "Grande final" and by[("GF", 2)] == "Final de desempate"
    client = Client()
    client.force_login(org_of(t))
    stage = Stage.objects.get(tournament=t)
    page = client.get(f"/t/{t.slug}/sumulas/?fase={stage.key}").content.decode()
    assert "Repescagem, rodada 6" in page and "Final de desempate" in page


def test_the_public_bracket_json_and_embed(played: tuple) -> None:  # type: ignore[type-arg]
    t, _bracket, winners = played
    champion = t.teams.get(key=winners[d.GF2])
    page = Client().get(f"/t/{t.slug}/mata-mata/").content.decode()
    for text in ("Chave dos vencedores", "Repescagem", "Grande final", "Final de desempate", champion.name):
        assert text in page
    assert "Sem disputa de 3º lugar" not in page
    assert "5º a 6º" in page and "13º a 16º" in page
    doc = Client().get(f"/t/{t.slug}/mata-mata.json").json()
    assert len(doc["rounds"]) == 4 and len(doc["double_elimination"]["losers_rounds"]) == 6
    finals = doc["double_elimination"]["grand_final"]
    assert [g["name"] for g in finals] == ["Grande final", "Final de desempate"]
    assert [p["position"] for p in doc["placings"]] == SIXTEEN
    assert doc["placings"][0]["team"] == champion.key
    embed = Client().get(f"/t/{t.slug}/embed/mata-mata/").content.decode()
    assert "Repescagem" in embed and "Grande final" in embed


def test_the_organizer_page_and_the_dashboard(played: tuple) -> None:  # type: ignore[type-arg]
    t, _bracket, winners = played
    user = org_of(t)
    client = Client()
    client.force_login(user)
    page = client.get(f"/t/{t.slug}/gestao/mata-mata/").content.decode()
    assert "Repescagem" in page and "Final de desempate" in page
    board = dashboard(t)
    assert board.champion is not None and board.champion.key == winners[d.GF2]
    steps = {s.key: s for s in board.steps}
    assert steps["champion"].done
    assert all(s.done for s in board.steps if s.key.startswith("knockout-"))
    titles = [s.title for s in board.steps if s.key.startswith("knockout-")]
    assert titles[:5] == [  # in the order they are played: W 2 and L 1 together, then W 3 and L 2
        "Chave dos vencedores, rodada 1",
        "Chave dos vencedores, rodada 2",
        "Repescagem, rodada 1",
        "Chave dos vencedores, rodada 3",
        "Repescagem, rodada 2",
    ]
    assert titles[-2:] == ["Repescagem, rodada 6", "Grande final"] and len(titles) == 11


def test_the_bracket_pdf(played: tuple) -> None:  # type: ignore[type-arg]
    t, _bracket, winners = played
    pdf = render_document(t, Params("bracket"))
    if os.environ.get("DUMP_PDF"):
        with open(os.environ["DUMP_PDF"], "wb") as out:
            out.write(pdf)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 3
    texts = [p.extract_text() for p in reader.pages]
    assert "Chave dos vencedores" in texts[0]
    assert "Repescagem" in texts[1]
    assert "Grande final" in texts[2] and "Final de desempate" in texts[2]
    assert t.teams.get(key=winners[d.GF2]).name in texts[2]
    assert "Classificação final" in texts[2] and "13º a 16º lugar" in texts[2]


def test_final_placings_and_a_circuit_etapa(played: tuple) -> None:  # type: ignore[type-arg]
    t, bracket, winners = played
    placings = final_placings(t)
    assert placings.complete and [line.position for line in placings.lines] == SIXTEEN
    assert placings.champion is not None and placings.champion.key == winners[d.GF2]
    assert placings.lines[1].team.key == jogo(t, "GF", 2).team_b.key
    user = org_of(t)
    organizer_mark(user)
    circuit = circuit_create(name="Circuito", slug="circuito", user=user)
    circuit_etapa_add(circuit=circuit, tournament=t, user=user)
    rows = list(EtapaPlacing.objects.filter(etapa__circuit=circuit).select_related("team"))
    by_key = {r.team.key: (r.position, r.shared) for r in rows}
    for band in d.placings(bracket, d.play(bracket, winners)):
        for key in band.keys:
            assert by_key[key] == (band.position_from, band.position_to > band.position_from)
    assert sorted(p for p, _shared in by_key.values()) == SIXTEEN


def test_a_double_wo_is_refused_at_homologation() -> None:
    t = double(4, slug="duplo-wo")
    user = organizer(t)
    m = Match.objects.select_related("team_a", "team_b", "stage__tournament").filter(bracket="W").first()
    assert m is not None
    result = {"walkover": [m.team_a.key, m.team_b.key]}
    sheet = sheet_save(match=m, user=user, data=EntryData(result=result), base_version=0, submit=True)
    with pytest.raises(WorkflowError, match="duplo W.O."):
        sheet_homologate(match=m, user=user, version=sheet.version)
    assert not ScoreSheet.objects.filter(match=m, status=ScoreSheet.Status.HOMOLOGATED).exists()
    assert not Match.objects.filter(stage__tournament=t, bracket="L").exists()


def test_a_rodada_of_each_bracket_played_together_takes_different_mesas(played: tuple) -> None:  # type: ignore[type-arg]
    t, _bracket, _winners = played
    for side_a, a, side_b, b in (("W", 2, "L", 1), ("W", 3, "L", 2), ("W", 4, "L", 3)):
        first = {m.table_id for m in Match.objects.filter(stage__tournament=t, bracket=side_a, round=a)}
        second = {m.table_id for m in Match.objects.filter(stage__tournament=t, bracket=side_b, round=b)}
        assert first and second and not first & second


def test_with_chapeus_the_pages_and_the_pdf_before_any_jogo(commits: None) -> None:
    t = double(6, reset=False, slug="seis")
    page = Client().get(f"/t/{t.slug}/mata-mata/").content.decode()
    assert "Repescagem" in page and "chapéu: avança sem jogo" in page
    assert "final de desempate" not in page  # no reset: the grande final decides
    doc = Client().get(f"/t/{t.slug}/mata-mata.json").json()
    assert doc["double_elimination"]["reset"] is False and doc["placings"] == []
    texts = [p.extract_text() for p in PdfReader(io.BytesIO(render_document(t, Params("bracket")))).pages]
    assert len(texts) == 3 and "Repescagem" in texts[1]
