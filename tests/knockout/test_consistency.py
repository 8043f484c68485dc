"""Knockout consistency (docs/rules.md §3.5 revised, §3.10, V-M18) in every path: the pure
check, the loader and ``loadtournament``, the súmula workflow, the generation page;
double W.O. in a mata-mata. Table-driven over the eight modality presets."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from core.problem_text import render
from interchange.load import InterchangeError, load_tournament
from knockout import bracket as b
from knockout.consistency import check_played
from knockout.selectors import bracket_data
from knockout.services.bracket import bracket_generate
from rules.modalities import PRESETS
from rules.problems import problem
from scoring.services.entry import EntryData
from scoring.services.errors import EntryInvalid, WorkflowError
from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_homologate, sheet_revert, sheet_save
from tests.documents import team
from tests.knockout.test_bracket_services import at, knockout, organizer, play
from tournaments.models import Match, Tournament
from tournaments.services import ServiceError

KEYS = ["t1", "t2", "t3", "t4"]  # standard lines: t1 × t4, t2 × t3


def sweep(key: str, winner_first: bool = True) -> dict[str, Any]:
    target = PRESETS[key].points_to_win
    row = [target, 0] if winner_first else [0, target]
    return {"games": [row, row]}


def file(key: str, matches: list[tuple[int, str, str, Any]], **settings: Any) -> dict[str, Any]:
    return {
        "format": "tenteio/1",
        "tournament": {"name": "Mata", "slug": "mm", "modality": key, "settings": settings},
        "teams": [team(k, PRESETS[key].players, entity=None) for k in KEYS],
        "stages": [{"key": "mata", "kind": "knockout", "teams": KEYS}],
        "matches": [
            {"stage": "mata", "round": r, "teams": [x, y], "result": result} for r, x, y, result in matches
        ],
    }


def codes(doc: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(InterchangeError) as exc:
        load_tournament(doc)
    return [(i.code, i.message) for i in exc.value.issues]


# -- the pure check -----------------------------------------------------------------


def test_a_team_eliminated_in_the_semi_cannot_play_the_final() -> None:
    lines = b.standard_lines(KEYS)
    played = [
        b.PlayedMatch(1, "t1", "t4", "t1"),
        b.PlayedMatch(1, "t2", "t3", "t2"),
        b.PlayedMatch(2, "t4", "t2", "t2"),
    ]
    found = check_played(lines, played, third_place=True, modality="m")
    assert [(i, p.code, p.params_dict) for i, p in found] == [
        (2, "knockout.team_eliminated", {"team": "t4", "lost_round": 1, "round": 2})
    ]
    assert render(found[0][1]) == "t4 foi eliminada na rodada 1 e não pode jogar a rodada 2."


def test_feeder_undecided_only_matters_once_the_jogo_has_a_result() -> None:
    lines = b.standard_lines(KEYS)
    waiting = [b.PlayedMatch(1, "t1", "t4", "t1"), b.PlayedMatch(1, "t2", "t3"), b.PlayedMatch(2, "t1", "t2")]
    assert check_played(lines, waiting, third_place=True, modality="m") == []
    played = [*waiting[:2], b.PlayedMatch(2, "t1", "t2", "t1")]
    found = check_played(lines, played, third_place=True, modality="m")
    assert [(i, p.code, p.params_dict) for i, p in found] == [
        (2, "knockout.feeder_undecided", {"team": "t2", "round": 2})
    ]


def test_third_place_jogo_where_the_modality_has_none_and_in_the_wrong_rodada() -> None:
    lines = b.standard_lines(KEYS)
    semis = [b.PlayedMatch(1, "t1", "t4", "t1"), b.PlayedMatch(1, "t2", "t3", "t2")]
    third = [b.PlayedMatch(2, "t4", "t3", "t3")]
    assert check_played(lines, semis + third, third_place=True, modality="m") == []
    found = check_played(lines, semis + third, third_place=False, modality="truco-goiano")
    assert [(i, p.code, p.params_dict) for i, p in found] == [
        (2, "knockout.third_place_not_allowed", {"modality": "truco-goiano"})
    ]
    eight = [f"t{i}" for i in range(1, 9)]
    lines8 = b.standard_lines(eight)  # t1×t8, t4×t5, t2×t7, t3×t6
    quarters = [
        b.PlayedMatch(1, "t1", "t8", "t1"),
        b.PlayedMatch(1, "t4", "t5", "t4"),
        b.PlayedMatch(1, "t2", "t7", "t2"),
        b.PlayedMatch(1, "t3", "t6", "t3"),
    ]
    losers_meet = [b.PlayedMatch(2, "t8", "t5", "t5")]  # two quarter-final losers: no such jogo
    found = check_played(lines8, quarters + losers_meet, third_place=True, modality="m")
    assert sorted((p.code, p.param("team")) for _, p in found) == [
        ("knockout.team_eliminated", "t5"),
        ("knockout.team_eliminated", "t8"),
    ]


def test_a_pair_that_does_not_meet_in_that_rodada() -> None:
    found = check_played(
        b.standard_lines(KEYS), [b.PlayedMatch(2, "t1", "t4")], third_place=True, modality="m"
    )
    assert [(p.code, p.params_dict) for _, p in found] == [
        ("knockout.not_in_bracket", {"round": 2, "teams_text": "t1 × t4"})
    ]


def test_double_walkover_eliminates_both() -> None:
    lines = b.standard_lines(KEYS)
    played = [
        b.PlayedMatch(1, "t1", "t4", b.NO_WINNER),
        b.PlayedMatch(1, "t2", "t3", "t2"),
        b.PlayedMatch(2, "t1", "t2", "t2"),
    ]
    found = check_played(lines, played, third_place=True, modality="m")
    assert [(p.code, p.param("team")) for _, p in found] == [("knockout.team_eliminated", "t1")]
    rounds = b.bracket_rounds(lines, {(1, 0): b.NO_WINNER, (1, 1): "t2"})
    assert rounds[1][0].is_bye and b.advance(rounds[1][0], {}) == "t2"  # passes by W.O.


# -- the loader, for every preset ------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("key", sorted(PRESETS))
def test_loader_refuses_an_eliminated_team_in_the_final(key: str) -> None:
    doc = file(
        key,
        [(1, "t1", "t4", sweep(key)), (1, "t2", "t3", sweep(key)), (2, "t4", "t2", sweep(key, False))],
    )
    assert codes(doc) == [
        ("knockout.team_eliminated", "t4 foi eliminada na rodada 1 e não pode jogar a rodada 2.")
    ]
    assert not Tournament.objects.exists()
    good = file(key, [(1, "t1", "t4", sweep(key)), (1, "t2", "t3", sweep(key)), (2, "t1", "t2", sweep(key))])
    t = load_tournament(good).tournament
    champion = bracket_data(t.stages.get()).champion
    assert champion is not None and champion.key == "t1"


@pytest.mark.django_db
@pytest.mark.parametrize("key", sorted(PRESETS))
def test_loader_refuses_a_third_place_jogo_only_where_the_modality_has_none(key: str) -> None:
    matches = [
        (1, "t1", "t4", sweep(key)),
        (1, "t2", "t3", sweep(key)),
        (2, "t1", "t2", sweep(key)),
        (2, "t4", "t3", sweep(key)),
    ]
    if PRESETS[key].third_place_match:
        t = load_tournament(file(key, matches)).tournament
        assert Match.objects.get(stage__tournament=t, third_place=True).team_a.key == "t4"
        t.delete()
        refused = codes(file(key, matches, third_place_match=False))
    else:
        refused = codes(file(key, matches))
    message = render(problem("knockout.third_place_not_allowed", modality=key))
    assert refused == [("knockout.third_place_not_allowed", message)]


@pytest.mark.django_db
def test_copa_truco_cannot_be_given_a_third_place_by_a_setting() -> None:
    with pytest.raises(InterchangeError) as exc:
        load_tournament(file("truco-goiano", [], third_place_match=True))
    assert "knockout.third_place_not_allowed" in [i.code for i in exc.value.issues]


@pytest.mark.django_db
def test_loadtournament_command_names_the_same_problem(tmp_path: Path) -> None:
    key = "truco-paulista"
    doc = file(key, [(1, "t1", "t4", sweep(key)), (1, "t2", "t3", sweep(key)), (2, "t4", "t2", sweep(key))])
    path = tmp_path / "t.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit):
        call_command("loadtournament", str(path), stdout=out, stderr=err)
    assert (
        "t4 foi eliminada na rodada 1 e não pode jogar a rodada 2. [knockout.team_eliminated]"
        in err.getvalue()
    )


def double_walkover(m: Match, user: Any) -> None:
    m = Match.objects.select_related("team_a", "team_b", "stage__tournament").get(pk=m.pk)
    keys = [m.team_a.key, m.team_b.key]
    sheet = sheet_save(
        match=m, user=user, data=EntryData(result={"walkover": keys}), base_version=0, submit=True
    )
    sheet_homologate(match=m, user=user, version=sheet.version)  # nobody present signs


# -- the web paths -------------------------------------------------------------------


@pytest.mark.django_db
def test_generation_refuses_a_third_place_for_copa_truco() -> None:
    t = knockout(KEYS, modality="truco-goiano")
    with pytest.raises(ServiceError) as exc:
        bracket_generate(tournament=t, user=None, source="teams", third_place=True, replace=True)
    assert render(problem("knockout.third_place_not_allowed", modality="truco-goiano")) in str(exc.value)


@pytest.mark.django_db
def test_entry_refuses_a_third_place_sumula_for_copa_truco() -> None:
    t = knockout(KEYS, modality="truco-goiano")
    semi = at(t, 1, 0)
    m = Match.objects.create(
        stage=semi.stage, round=2, slot=1, third_place=True, team_a=semi.team_a, team_b=semi.team_b
    )
    m = Match.objects.select_related("team_a", "team_b", "stage__tournament").get(pk=m.pk)
    with pytest.raises(EntryInvalid) as exc:
        sheet_save(
            match=m,
            user=organizer(t),
            data=EntryData(result=sweep("truco-goiano")),
            base_version=0,
            submit=True,
        )
    assert [p.code for p in exc.value.problems] == ["knockout.third_place_not_allowed"]


@pytest.mark.django_db
def test_homologation_refuses_a_final_whose_feeder_was_reverted() -> None:
    t = knockout(KEYS)
    user = organizer(t)
    first, second = at(t, 1, 0), at(t, 1, 1)  # t1 × t4, t2 × t3
    play(first, user, sweep("truco-cego-trio"))
    play(second, user, sweep("truco-cego-trio"))
    final = Match.objects.select_related("team_a", "team_b", "stage__tournament").get(pk=at(t, 2, 0).pk)
    sheet = sheet_save(
        match=final, user=user, data=EntryData(result=sweep("truco-cego-trio")), base_version=0, submit=True
    )
    sheet_sign(match=final, user=user, team=final.team_a, version=sheet.version)
    sheet_sign(match=final, user=user, team=final.team_b, version=sheet.version)
    sheet_revert(match=first, user=user, version=1, reason="placar trocado")  # the final is frozen
    with pytest.raises(WorkflowError) as exc:
        sheet_homologate(match=final, user=user, version=sheet.version)
    name = final.team_a.name
    assert str(exc.value) == f"{name} joga a rodada 2 sem ter vencido o jogo anterior do chaveamento."


@pytest.mark.django_db
def test_double_walkover_in_a_quarter_final_gives_the_next_opponent_a_bye() -> None:
    keys = [f"t{i}" for i in range(1, 9)]
    t = knockout(keys)
    user = organizer(t)
    double_walkover(at(t, 1, 0), user)
    play(at(t, 1, 1), user, sweep("truco-cego-trio"))  # t4 beats t5
    data = bracket_data(t.stages.get())
    semi = data.rounds[1][0]
    assert semi.bye and semi.winner == "t4"
    assert not Match.objects.filter(stage__tournament=t, round=2, slot=0).exists()


@pytest.mark.django_db
def test_double_walkover_final_has_no_champion() -> None:
    t = knockout(["t1", "t2"])
    double_walkover(at(t, 1, 0), organizer(t))
    data = bracket_data(t.stages.get())
    assert data.champion is None and [p.position for p in data.placings] == []
