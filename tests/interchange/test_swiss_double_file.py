"""The tenteio/1 file of a Swiss phase and of a double elimination (issue #35): the
phase's system, its rodadas planned, each pairing recorded with its inputs and seed and
replayed on load, the swaps with their reasons; the tournament's double elimination
and the «bracket» of each jogo, held to ``knockout.double_bracket``. Export, load,
export again: the same file, the same classificação."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from bench.generate import tournament_document
from interchange.export import export_tournament
from interchange.load import InterchangeError, load_tournament
from interchange.shape import shape_issues
from standings.selectors import tournament_standings
from standings.swiss import pairing_swap, swiss_pair_next, swiss_start
from tests.interchange.roundtrip import assert_same, round_trip
from tests.knockout.test_double_services import double
from tests.standings.test_swiss_services import homologate, play_rodada
from tournaments.models import DrawOfLots, Match, Membership, PairingSwap, Stage, Team, Tournament

pytestmark = pytest.mark.django_db


def organizer(t: Tournament) -> Any:
    user = get_user_model().objects.create_user(f"org-{t.slug}", password="x")
    Membership.objects.create(tournament=t, user=user, role="organizer")
    return user


def swiss_event(teams: int = 7) -> Tournament:
    """A Swiss phase of ``teams`` (a folga each rodada when odd), three rodadas, the second
    with two teams exchanged before it started."""
    doc = tournament_document("truco-cego-dupla", groups=1, size=teams, seed=3)
    for key in ("stages", "matches", "lots"):
        doc.pop(key, None)
    doc["tournament"].update(stage_plan="groups", slug="suico")
    t = load_tournament(doc).tournament
    org = organizer(t)
    stage = swiss_start(tournament=t, user=org, rounds=3)
    swiss_pair_next(stage=stage, user=org)
    play_rodada(stage, 1, org)
    draw = swiss_pair_next(stage=stage, user=org)
    byteam = {k.key: k for k in Team.objects.filter(tournament=t)}
    met = {frozenset(p) for p in Match.objects.filter(stage=stage, round=1).values_list("team_a", "team_b")}
    jogo = {k: i for i, pair in enumerate(draw.result["pairs"]) for k in pair}

    def fine(x: str, y: str) -> bool:
        swap = {x: y, y: x}
        pairs = [(swap.get(p, p), swap.get(q, q)) for p, q in draw.result["pairs"]]
        return not any(frozenset((byteam[p].pk, byteam[q].pk)) in met for p, q in pairs)

    x, y = next((x, y) for x in jogo for y in jogo if jogo[x] < jogo[y] and fine(x, y))
    pairing_swap(stage=stage, team_a=byteam[x], team_b=byteam[y], reason="Pedido da comissão", user=org)
    play_rodada(stage, 2, org)
    swiss_pair_next(stage=stage, user=org)
    play_rodada(stage, 3, org)
    return t


def standings_rows(t: Tournament) -> list[Any]:
    return [
        [(row.team, row.position, row.counters.wins, row.counters.played) for row in g.standings.rows]
        for s in tournament_standings(t)
        for g in s.groups
    ]


def test_a_swiss_phase_round_trips(tmp_path: Path) -> None:
    t = swiss_event()
    rows = standings_rows(t)
    data = export_tournament(t)
    assert not shape_issues(data)
    (stage,) = data["stages"]
    assert (stage["system"], stage["swiss_rounds"]) == ("swiss", 3)
    assert [(w["round"], w["reason"]) for w in stage["swaps"]] == [(2, "Pedido da comissão")]
    swiss = [lot for lot in data["lots"] if lot["purpose"] == "swiss"]
    assert [lot["inputs"]["round"] for lot in swiss] == [1, 2, 3]
    assert all(lot["seed"].isdigit() and "order" not in lot and lot["result"]["bye"] for lot in swiss)

    again = round_trip("suico", tmp_path)
    assert_same(again, data)
    copy_ = Tournament.objects.get(slug="suico")
    assert standings_rows(copy_) == rows
    loaded = Stage.objects.get(tournament=copy_)
    assert (loaded.system, loaded.swiss_rounds) == ("swiss", 3)
    assert PairingSwap.objects.get(stage=loaded).reason == "Pedido da comissão"
    assert DrawOfLots.objects.filter(tournament=copy_, purpose="swiss").count() == 3


def test_a_round_robin_file_is_unchanged() -> None:
    doc = tournament_document("truco-cego-dupla", groups=2, size=4, seed=3)
    t = load_tournament(doc).tournament
    data = export_tournament(t)
    assert all("system" not in s and "swiss_rounds" not in s for s in data["stages"])
    assert not {"double_elimination", "grand_final_reset"} & set(data["tournament"])
    assert all("bracket" not in m for m in data["matches"])


def refused(data: Any) -> list[str]:
    before = Tournament.objects.count()
    with pytest.raises(InterchangeError) as caught:
        load_tournament(data)
    assert Tournament.objects.count() == before
    return [i.code for i in caught.value.issues]


def test_a_tampered_swiss_pairing_is_refused() -> None:
    t = swiss_event()
    data = export_tournament(t)
    Tournament.objects.filter(pk=t.pk).delete()
    swiss = [i for i, lot in enumerate(data["lots"]) if lot["purpose"] == "swiss"]

    pairs = copy.deepcopy(data)  # two teams of the pairing exchanged
    result = pairs["lots"][swiss[1]]["result"]
    (a, b), (c, d) = result["pairs"][:2]
    result["pairs"][:2] = [[a, c], [b, d]]
    assert refused(pairs) == ["file.swiss_replay"]

    scores = copy.deepcopy(data)  # the standings it was paired from changed
    inputs = scores["lots"][swiss[2]]["inputs"]
    first = inputs["teams"][0]
    inputs["scores"][first] += 5
    inputs["positions"][first] = len(inputs["teams"])
    assert "file.swiss_replay" in refused(scores)

    seed = copy.deepcopy(data)
    seed["lots"][swiss[0]]["seed"] = "abc"
    assert refused(seed) == ["file.swiss_seed"]

    missing = copy.deepcopy(data)  # a team with no score: the pairing cannot be replayed
    del missing["lots"][swiss[0]]["inputs"]["scores"][first]
    assert refused(missing) == ["file.swiss_replay"]


def test_the_new_keys_refuse_unknown_values() -> None:
    t = swiss_event()
    data = export_tournament(t)
    Tournament.objects.filter(pk=t.pk).delete()

    system = copy.deepcopy(data)
    system["stages"][0]["system"] = "suico"
    assert refused(system) == ["file.value_invalid"]

    order = copy.deepcopy(data)
    swiss = next(lot for lot in order["lots"] if lot["purpose"] == "swiss")
    swiss["order"] = swiss["inputs"]["teams"]
    assert refused(order) == ["file.unknown_key"]

    rr = copy.deepcopy(data)  # a round robin has no swiss_rounds, swaps or pairings
    del rr["stages"][0]["system"]
    assert set(refused(rr)) == {"file.unknown_key", "file.swiss_stage"}

    rr_lots = copy.deepcopy(data)
    stage = rr_lots["stages"][0]
    for key in ("system", "swiss_rounds", "swaps"):
        del stage[key]
    assert set(refused(rr_lots)) == {"file.swiss_stage"}

    bracket = copy.deepcopy(data)
    bracket["matches"][0]["bracket"] = "W"
    assert refused(bracket) == ["file.match_bracket"]

    side = copy.deepcopy(data)
    side["matches"][0]["bracket"] = "X"
    assert refused(side) == ["file.value_invalid"]

    flag = copy.deepcopy(data)
    flag["tournament"]["double_elimination"] = "sim"
    assert refused(flag) == ["file.boolean_invalid"]


# Double elimination -------------------------------------------------------------

CEGO_A = [[24, 13], [24, 20]]  # team_a wins
CEGO_B = [[13, 24], [20, 24]]


double_event = double  # the bracket of tests/knockout/test_double_services.py


def play_double(t: Tournament, *, upsets: int = 0, until: int | None = None) -> None:
    """Homologate jogos in order of creation until none waits: the better seed (lower
    key) wins, except in the first ``upsets`` jogos; ``until``: stop after that many."""
    user = organizer(t)
    done = 0
    while until is None or done < until:
        m = (
            Match.objects.filter(stage__tournament=t, sheets__isnull=True)
            .select_related("team_a", "team_b")
            .order_by("order", "pk")
            .first()
        )
        if m is None:
            break
        a_wins = (m.team_a.key < m.team_b.key) != (done < upsets)
        homologate(m, user, CEGO_A if a_wins else CEGO_B)
        done += 1


@pytest.mark.parametrize(
    ("count", "reset", "upsets", "until"), [(6, True, 3, None), (5, False, 0, None), (8, True, 2, 9)]
)
def test_a_double_elimination_round_trips(
    tmp_path: Path, count: int, reset: bool, upsets: int, until: Any
) -> None:
    t = double_event(count, reset=reset)
    play_double(t, upsets=upsets, until=until)
    kept = {
        (m.bracket, m.round, m.slot, m.team_a.key, m.team_b.key)
        for m in Match.objects.filter(stage__tournament=t).select_related("team_a", "team_b")
    }
    data = export_tournament(t)
    assert not shape_issues(data)
    assert data["tournament"]["double_elimination"] is True
    assert ("grand_final_reset" in data["tournament"]) is not reset
    assert {m["bracket"] for m in data["matches"]} >= {"W", "L"}
    again = round_trip("dupla", tmp_path)
    assert_same(again, data)
    copy_ = Tournament.objects.get(slug="dupla")
    assert (copy_.double_elimination, copy_.grand_final_reset) == (True, reset)
    loaded = {
        (m.bracket, m.round, m.slot, m.team_a.key, m.team_b.key)
        for m in Match.objects.filter(stage__tournament=copy_).select_related("team_a", "team_b")
    }
    assert loaded == kept


def test_a_double_elimination_jogo_out_of_its_bracket_is_refused() -> None:
    t = double_event(6)
    play_double(t, upsets=1)
    data = export_tournament(t)
    Tournament.objects.filter(pk=t.pk).delete()

    wrong = copy.deepcopy(data)  # a repescagem jogo between other teams
    lb = next(m for m in wrong["matches"] if m["bracket"] == "L")
    others = [k for k in wrong["stages"][0]["teams"] if k not in lb["teams"]]
    lb["teams"] = others[:2]
    lb["result"] = None
    lb.pop("history", None)
    codes = refused(wrong)
    assert codes and set(codes) == {"knockout.not_in_bracket"}

    blank = copy.deepcopy(data)
    del blank["matches"][0]["bracket"]
    assert refused(blank) == ["file.match_bracket"]

    single = copy.deepcopy(data)
    del single["tournament"]["double_elimination"]
    assert "file.match_bracket" in refused(single)


def test_the_messages_name_the_field() -> None:
    t = double_event(4)
    data = export_tournament(t)
    Tournament.objects.filter(pk=t.pk).delete()
    data["stages"][0]["system"] = "swiss"
    data["matches"][0]["bracket"] = "V"
    with pytest.raises(InterchangeError) as caught:
        load_tournament(data)
    lines = [i.line() for i in caught.value.issues]
    assert "stages[0].system: só uma fase de chaves tem «system» [file.unknown_key]" in lines
    assert "matches[0].bracket: «bracket» deve ser «W», «L» ou «GF» [file.value_invalid]" in lines
