"""Swiss phases through the services (standings.swiss): the phase, each rodada paired
from the standings when the last one is homologated, the folga counted as a W.O. win,
the Swiss desempates in the classificação, replays, swaps and refusals."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from bench.generate import tournament_document
from interchange.load import load_tournament
from rules.types import Criterion
from scoring.services.entry import EntryData
from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_homologate, sheet_save
from standings.selectors import tournament_standings
from standings.swiss import pairing_swap, swiss_pair_next, swiss_replay, swiss_start
from tournaments.models import DrawOfLots, Match, Membership, PairingSwap, Stage, Team, Tournament
from tournaments.services import ServiceError

pytestmark = pytest.mark.django_db


def event(teams: int) -> tuple[Tournament, Any]:
    doc = tournament_document("truco-cego-dupla", groups=1, size=teams, seed=3)
    for key in ("stages", "matches", "lots"):
        doc.pop(key, None)
    doc["tournament"]["stage_plan"] = "groups"
    t = load_tournament(doc).tournament
    organizer = get_user_model().objects.create_user("org")
    Membership.objects.create(tournament=t, user=organizer, role="organizer")
    return t, organizer


def homologate(m: Match, user: Any, games: list[list[int]]) -> None:
    m = Match.objects.select_related("team_a", "team_b", "stage__tournament").get(pk=m.pk)
    sheet = sheet_save(
        match=m, user=user, data=EntryData(result={"games": games}), base_version=0, submit=True
    )
    for team in (m.team_a, m.team_b):
        sheet = sheet_sign(match=m, user=user, team=team, version=sheet.version)
    sheet_homologate(match=m, user=user, version=sheet.version)


def play_rodada(stage: Stage, number: int, user: Any) -> None:
    """The lower-seeded key (e1 < e2 …) of each jogo wins 18–9, 18–12."""
    for m in stage.matches.filter(round=number).select_related("team_a", "team_b"):
        a_wins = m.team_a.order < m.team_b.order
        homologate(m, user, [[18, 9], [18, 12]] if a_wins else [[9, 18], [12, 18]])


def test_a_swiss_phase_played_to_its_last_rodada() -> None:
    t, org = event(9)
    stage = swiss_start(tournament=t, user=org)
    assert (stage.system, stage.swiss_rounds, stage.groups.get().teams.count()) == ("swiss", 4, 9)
    seen: set[frozenset[str]] = set()
    byes = []
    for number in range(1, 5):
        draw = swiss_pair_next(stage=stage, user=org)
        assert draw.inputs["round"] == number and swiss_replay(draw) == draw.result
        pairs = [frozenset(p) for p in draw.result["pairs"]]
        assert len(pairs) == 4 and not seen & set(pairs)  # no revanche
        seen |= set(pairs)
        byes.append(draw.result["bye"])
        with pytest.raises(ServiceError, match="sem resultado homologado"):
            swiss_pair_next(stage=stage, user=org)
        play_rodada(stage, number, org)
    assert len(set(byes)) == 4 and None not in byes  # a folga each rodada, never twice
    with pytest.raises(ServiceError, match="já foram pareadas"):
        swiss_pair_next(stage=stage, user=org)
    table = tournament_standings(t)[0].groups[0]
    rows = {r.team: r for r in table.standings.rows}
    for key in byes:  # the folga is a W.O. win: the dupla's clean 2–0 (sweep credit)
        played = Match.objects.filter(stage=stage).filter(team_a__key=key) | Match.objects.filter(
            stage=stage, team_b__key=key
        )
        assert rows[key].counters.played == played.count() + 1
    assert sum(r.counters.wins for r in rows.values()) == 4 * 4 + 4
    criteria = {s.criterion for s in table.standings.separations}
    assert criteria & {
        Criterion.BUCHHOLZ_CUT1,
        Criterion.BUCHHOLZ,
        Criterion.SONNEBORN_BERGER,
        Criterion.WINS,
    }
    order = [r.team for r in table.standings.rows]
    assert order[0] == "e1"  # e1 beats everyone


def test_the_pairing_is_recorded_and_a_swap_keeps_its_reason() -> None:
    t, org = event(8)
    stage = swiss_start(tournament=t, user=org, rounds=3)
    swiss_pair_next(stage=stage, user=org)
    play_rodada(stage, 1, org)
    draw = swiss_pair_next(stage=stage, user=org)
    assert draw.purpose == DrawOfLots.Purpose.SWISS and draw.seed.isdigit()
    team = {k.key: k for k in Team.objects.filter(tournament=t)}
    met = {frozenset(p) for p in Match.objects.filter(stage=stage, round=1).values_list("team_a", "team_b")}

    def revanche(x: str, y: str) -> bool:
        return frozenset((team[x].pk, team[y].pk)) in met

    def swapped(x: str, y: str) -> list[tuple[str, str]]:
        swap = {x: y, y: x}
        return [(swap.get(p, p), swap.get(q, q)) for p, q in draw.result["pairs"]]

    jogo = {k: i for i, pair in enumerate(draw.result["pairs"]) for k in pair}
    options = [(x, y) for x in jogo for y in jogo if jogo[x] < jogo[y]]
    bad = next((x, y) for x, y in options if any(revanche(p, q) for p, q in swapped(x, y)))
    b1, b2 = next((x, y) for x, y in options if not any(revanche(p, q) for p, q in swapped(x, y)))
    with pytest.raises(ServiceError, match="motivo"):
        pairing_swap(stage=stage, team_a=team[b1], team_b=team[b2], reason=" ", user=org)
    with pytest.raises(ServiceError, match="revanche"):
        pairing_swap(stage=stage, team_a=team[bad[0]], team_b=team[bad[1]], reason="Pedido", user=org)
    assert not PairingSwap.objects.exists()
    pairing_swap(stage=stage, team_a=team[b1], team_b=team[b2], reason="Pedido da comissão", user=org)
    expected = {frozenset((team[p].pk, team[q].pk)) for p, q in swapped(b1, b2)}
    now = {frozenset(p) for p in Match.objects.filter(stage=stage, round=2).values_list("team_a", "team_b")}
    assert expected == now and PairingSwap.objects.get().reason == "Pedido da comissão"
    m = Match.objects.filter(stage=stage, round=2).first()
    assert m is not None
    homologate(m, org, [[18, 0], [18, 0]] if m.team_a.order < m.team_b.order else [[0, 18], [0, 18]])
    with pytest.raises(ServiceError, match="antes de a rodada começar"):
        pairing_swap(stage=stage, team_a=team[b1], team_b=team[b2], reason="Outra", user=org)


def test_refusals_write_nothing() -> None:
    t, org = event(4)
    with pytest.raises(ServiceError, match="Rodadas do suíço"):
        swiss_start(tournament=t, user=org, rounds=4)
    assert not Stage.objects.filter(tournament=t).exists()
    stage = swiss_start(tournament=t, user=org)
    assert stage.swiss_rounds == 2
    swiss_pair_next(stage=stage, user=org)
    homologate(stage.matches.first(), org, [[18, 1], [18, 2]])  # type: ignore[arg-type]
    with pytest.raises(ServiceError, match="súmulas lançadas"):
        swiss_start(tournament=t, user=org)
    assert Match.objects.filter(stage=stage).count() == 2
