"""Every event the application can create survives export → load → export (docs/interchange.md).

Events are built through the services (``tests.interchange.events``), by Hypothesis and
by hand; each is exported with ``export_tournament`` and with ``exporttournament``, the
tournament is deleted (a fresh database), and the file is loaded back with
``loadtournament`` and again through the import page ``/t/importar/``. Each time the
second export must equal the first, and so must the public JSON documents: the
classificação of every phase, every jogo's result and every mata-mata (the checks are in
``roundtrip.py``).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from scoring.models import ScoreSheet
from standings.services import tiebreak_lots_record
from tests.commands import run
from tests.interchange.events import START, Event, build, result
from tests.interchange.roundtrip import fresh_cache, round_trip, scripted
from tournaments.models import Group, Match, Stage, Tournament
from tournaments.services.draws import groups_draw
from tournaments.services.organizers import organizer_mark
from tournaments.services.schedule import ScheduleTemplate, schedule_generate

DEFAULT_EXAMPLES = 12
EXAMPLES = int(os.environ.get("TENTEIO_ROUND_TRIP_EXAMPLES", DEFAULT_EXAMPLES))


class RoundTripProperty(TestCase):
    """Random events: modality, teams, chave sizes, every jogo's fate, the mata-mata."""

    # A handful of fixed examples keeps the suite near 30 s on a busy machine; set
    # TENTEIO_ROUND_TRIP_EXAMPLES (e.g. 200) to search further, with fresh random events.
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=EXAMPLES == DEFAULT_EXAMPLES,
        database=None,
    )
    @given(st.data())
    def test_every_event_survives_the_round_trip(self, data: st.DataObject) -> None:
        fresh_cache()

        def pick(label: str, options: Any) -> Any:
            return data.draw(st.sampled_from(list(options)), label=label)

        t = build(pick)
        with tempfile.TemporaryDirectory() as tmp:
            exported = round_trip(t.slug, Path(tmp))
        event(f"modalidade {exported['tournament']['modality']}")
        event(f"fases {'+'.join(s['kind'] for s in exported['stages'])}")
        for lot in exported["lots"]:
            event(f"sorteio {lot['purpose']}{' stale' if lot.get('stale') else ''}")


@pytest.mark.django_db
def test_chave_draw_with_seed_loads_back(tmp_path: Path) -> None:
    """The bug of issue 18: a chave draw was written as a list of chaves in ``order``."""
    pick = scripted(
        {
            "modalidade": ["truco-paulista"],
            "só mata-mata": [False],
            "formato": [Tournament.StagePlan.GROUPS_KNOCKOUT],
            "equipes": [6],
            "sorteio das chaves": ["semente"],
            "troca entre chaves": [False],
            "tamanho das chaves": [3],
            "fase seguinte": [False],
        }
    )
    t = build(pick)
    exported = round_trip(t.slug, tmp_path)
    (draw,) = [lot for lot in exported["lots"] if lot["purpose"] == "groups"]
    assert draw["seed"] == "semente-6" and draw["sizes"] == [3, 3]
    assert all(isinstance(k, str) for k in draw["order"])
    chaves = exported["stages"][0]["groups"]
    assert draw["order"] == [k for g in chaves for k in g["teams"]]


@pytest.mark.django_db
@pytest.mark.parametrize("how", ["à mão", "refeito"])
def test_chave_draw_by_hand_or_redone_loads_back(tmp_path: Path, how: str) -> None:
    pick = scripted(
        {
            "modalidade": ["truco-cego-trio"],
            "só mata-mata": [False],
            "formato": [Tournament.StagePlan.GROUPS_KNOCKOUT],
            "equipes": [7],
            "sorteio das chaves": [how],
            "tamanho das chaves": [3],
            "nomes das chaves": [("OURO", "PRATA", "BRONZE", "COBRE")],
            "troca entre chaves": [True],
        },
        seed=3,
    )
    exported = round_trip(build(pick).slug, tmp_path)
    draws = [lot for lot in exported["lots"] if lot["purpose"] == "groups"]
    assert ("seed" not in draws[0]) == (how == "à mão")
    if how == "refeito":
        assert [d["sizes"] for d in draws] == [[7], [4, 3]]


@pytest.mark.django_db
@pytest.mark.parametrize("seed", range(3))
def test_chaves_then_mata_mata_with_byes_and_third_place(tmp_path: Path, seed: int) -> None:
    pick = scripted(
        {
            "modalidade": ["truco-cego-trio"],
            "só mata-mata": [False],
            "formato": [Tournament.StagePlan.GROUPS_KNOCKOUT],
            "equipes": [9],
            "tamanho das chaves": [3],
            "fase seguinte": [True],
            "melhores seguintes": [0],
            "3º lugar": [None],
        },
        seed=seed,
    )
    t = build(pick)
    exported = round_trip(t.slug, tmp_path)
    assert Stage.objects.filter(tournament__slug=t.slug, kind="knockout").exists() or any(
        d["purpose"] == "tiebreak" for d in exported["lots"]
    )


@pytest.mark.django_db
@pytest.mark.parametrize("modality", ["truco-goiano", "truco-uruguaio"])
def test_mata_mata_of_registered_teams_drawn(tmp_path: Path, modality: str) -> None:
    pick = scripted(
        {
            "modalidade": [modality],
            "só mata-mata": [True],
            "equipes": [6],
            "sorteio do mata-mata": [True],
            "chapéus por sorteio": [True],
        },
        seed=1,
    )
    exported = round_trip(build(pick).slug, tmp_path)
    assert {lot["purpose"] for lot in exported["lots"]} >= {"bracket", "byes"}


@pytest.mark.django_db
def test_multi_phase_chaves(tmp_path: Path) -> None:
    pick = scripted(
        {
            "modalidade": ["truco-cego-dupla"],
            "só mata-mata": [False],
            "formato": [Tournament.StagePlan.MULTI_PHASE],
            "equipes": [9],
            "tamanho das chaves": [3],
            "fase seguinte": [True],
        },
        seed=2,
    )
    exported = round_trip(build(pick).slug, tmp_path)
    assert len([s for s in exported["stages"] if s["kind"] == "groups"]) in (1, 2)


@pytest.mark.django_db
def test_a_sheet_waiting_for_homologation(tmp_path: Path) -> None:
    pick = scripted(
        {
            "modalidade": ["truco-cego-trio"],
            "só mata-mata": [False],
            "formato": [Tournament.StagePlan.GROUPS_KNOCKOUT],
            "fase seguinte": [False],
            "resultado": ["waiting"] * 3,
        }
    )
    round_trip(build(pick).slug, tmp_path)


def circle_event(slug: str = "circulo") -> tuple[Event, Group]:
    """Three trios that beat each other by the same 2–1: tied all the way, a sorteio pending."""
    pick = scripted({"modalidade": ["truco-cego-trio"], "só mata-mata": [False], "reserva 0": [False]})
    ev = Event(pick, slug)
    teams = ev.register(3)
    groups_draw(tournament=ev.t, user=ev.user, sizes=[3], seed="roda")
    stage = Stage.objects.get(tournament=ev.t)
    schedule_generate(stage=stage, template=ScheduleTemplate(start=START, minutes=60))
    beats = {(teams[0].key, teams[1].key), (teams[1].key, teams[2].key), (teams[2].key, teams[0].key)}
    for m in Match.objects.filter(stage=stage).select_related("team_a", "team_b"):
        won = "a2-1" if (m.team_a.key, m.team_b.key) in beats else "b2-1"
        ev.homologate(m, ev.submit(m, result(ev.modality, won, m.team_a.key, m.team_b.key, 12)))
    return ev, stage.groups.get()


@pytest.mark.django_db
def test_sorteio_left_without_its_tie_by_a_correction_loads_back(tmp_path: Path) -> None:
    """docs/rules.md §3.2: a sorteio recorded before a correction changed the tie stays in
    the history; the file marks it ``stale`` and the loader keeps it instead of refusing it."""
    ev, group = circle_event()
    keys = sorted(group.entries.values_list("team__key", flat=True))
    tiebreak_lots_record(tournament=ev.t, teams=keys, user=ev.user, group=group)
    m = Match.objects.select_related("team_a", "team_b").filter(group=group)[0]
    sheet = m.sheets.get(status="homologated")
    ev.correct(m, sheet, {"games": [[b, a] for a, b in sheet.result["games"]]})
    exported = round_trip(ev.t.slug, tmp_path)
    (lot,) = [lot for lot in exported["lots"] if lot["purpose"] == "tiebreak"]
    assert lot["stale"] is True and sorted(lot["order"]) == keys and lot["seed"]
    # Without the mark the same file is refused: a sorteio must order exactly one tie.
    del lot["stale"]
    Tournament.objects.all().delete()
    path = tmp_path / "sem-marca.json"
    path.write_text(json.dumps(exported, ensure_ascii=False), encoding="utf-8")
    code, _, err = run("loadtournament", str(path))
    assert code == 1 and "lots[1]" in err and "[lots.not_a_tie]" in err
    client = Client()
    other = User.objects.create_user("outro")
    organizer_mark(other)
    client.force_login(other)
    response = client.post("/t/importar/", {"file": SimpleUploadedFile("t.json", path.read_bytes())})
    assert response.status_code == 400 and "lots.not_a_tie" in response.content.decode()
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_a_sorteio_still_deciding_its_tie_is_not_stale(tmp_path: Path) -> None:
    ev, group = circle_event()
    keys = sorted(group.entries.values_list("team__key", flat=True))
    draw = tiebreak_lots_record(
        tournament=ev.t, teams=keys, user=ev.user, group=group, manual_order=keys[::-1]
    )
    exported = round_trip(ev.t.slug, tmp_path)
    (lot,) = [lot for lot in exported["lots"] if lot["purpose"] == "tiebreak"]
    assert lot == {"purpose": "tiebreak", "stage": "chaves", "group": "A", "order": keys[::-1]}
    assert draw.manual and Tournament.objects.get().draws.get(purpose="tiebreak").manual


@pytest.mark.django_db
def test_walkovers_disqualifications_and_corrections_load_back(tmp_path: Path) -> None:
    outcomes = ["wo-a", "dq-b-jogo", "fix", "fix-before", "wo-both", "a2-1", "dq-a", "fix"]
    pick = scripted(
        {
            "modalidade": ["truco-paulista"],
            "só mata-mata": [False],
            "formato": [Tournament.StagePlan.GROUPS_KNOCKOUT],
            "equipes": [8],
            "tamanho das chaves": [4],
            "placares iguais": [False],
            "fase seguinte": [False],
            "resultado": outcomes,
        },
        seed=5,
    )
    t = build(pick)
    versions = ScoreSheet.objects.filter(match__stage__tournament=t).values_list("version", flat=True)
    assert list(versions).count(2) >= 3  # three corrected súmulas (at least)
    hall = sorted(ScoreSheet.objects.values_list("match__order", "version", "status", "confirmed"))
    exported = round_trip(t.slug, tmp_path)
    results = [m["result"] for m in exported["matches"] if m["result"]]
    assert sum("walkover" in r for r in results) >= 2
    scopes = {r["disqualified"]["scope"] for r in results if "disqualified" in r}
    assert scopes == {"match", "tournament"}
    # Loaded back, every version of every súmula is there again, as it moved in the hall.
    assert sorted(ScoreSheet.objects.values_list("match__order", "version", "status", "confirmed")) == hall


@pytest.mark.django_db
def test_double_walkover_in_the_mata_mata_loads_back(tmp_path: Path) -> None:
    """Neither team of a double W.O. advances; the next opponent passes (docs/rules.md)."""
    pick = scripted(
        {
            "modalidade": ["truco-uruguaio"],
            "só mata-mata": [True],
            "equipes": [8],
            "troca no mata-mata": [False],
            "resultado do mata-mata": ["wo-both", "a2-0", "b2-1", "a2-0", "a2-0", "b2-0", "a2-0", "a2-0"],
        }
    )
    t = build(pick)
    exported = round_trip(t.slug, tmp_path)
    knockout = [m for m in exported["matches"] if m["stage"] == "mata-mata"]
    assert knockout[0]["result"] == {"walkover": knockout[0]["teams"]}
    assert len(knockout) >= 6, knockout
