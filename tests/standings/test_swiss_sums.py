"""A Swiss chave ranked from its stored sums and who met whom (``standings.selectors``,
``standings.chaves.swiss_sums``) ranks exactly as from its stored jogos
(``standings.chaves.from_swiss``): folgas, a W.O., a 2–1, upsets, ties down to
head-to-head and the sorteio; an expelled team still sends the chave to its jogos."""

from __future__ import annotations

from typing import Any

import pytest

from rules.swiss_tiebreaks import FinishedRound, Game, SwissLine, swiss_tiebreaks
from scoring.selectors_contributions import matches_between, stored_matches
from scoring.services.entry import EntryData
from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_homologate, sheet_save
from standings import selectors
from standings.chaves import ChaveResult, from_swiss
from standings.selectors import GroupTable, tournament_standings
from standings.swiss import swiss_pair_next, swiss_replay, swiss_start
from tests.standings.test_swiss_services import event, homologate
from tournaments.models import DrawOfLots, GroupTeam, Match, Stage, Team, Tournament

pytestmark = pytest.mark.django_db


def from_jogos(t: Tournament, stage: Stage) -> ChaveResult:
    """The chave ranked from its stored jogos, as before the sums path."""
    group = stage.groups.get()
    key_of = dict(Team.objects.filter(tournament=t).values_list("id", "key"))
    draws = DrawOfLots.objects.filter(group=group).order_by("performed_at", "id")
    byes = [d.result["bye"] for d in draws if d.purpose == "swiss" and d.result.get("bye")]
    lots = [list(d.result) for d in draws if d.purpose == "tiebreak"]
    members = GroupTeam.objects.filter(group=group).order_by("order", "id")
    teams = list(members.values_list("team__key", flat=True))
    fixtures = stored_matches([group.pk], False, key_of).get(group.pk, [])
    return from_swiss(t.rules(), teams, fixtures, lots, byes)


BETWEEN: list[object] = []  # the ties for which the selector fetched jogos among the tied


def from_sums(t: Tournament, monkeypatch: pytest.MonkeyPatch) -> GroupTable:
    """The selector's table, which must not read the jogos to rank."""

    def refused(*args: Any) -> None:
        raise AssertionError("ranked from the jogos")

    def between(wanted: Any, *args: Any) -> Any:
        BETWEEN.append(wanted)
        return matches_between(wanted, *args)

    with monkeypatch.context() as m:
        m.setattr(selectors, "stored_matches", refused)
        m.setattr(selectors, "matches_between", between)
        return tournament_standings(t)[0].groups[0]


def same(t: Tournament, stage: Stage, monkeypatch: pytest.MonkeyPatch) -> GroupTable:
    BETWEEN.clear()
    table, expected = from_sums(t, monkeypatch), from_jogos(t, stage)
    assert table.standings == expected.standings
    assert (table.unplayed, dict(table.dq_reasons)) == (expected.unplayed, dict(expected.dq_reasons))
    assert table.ranked == expected.ranked  # what qualification reads, fetched on first use
    # The lines the pages show (``GroupTable.swiss``) are those the chave was ranked by,
    # both ways, and what ``rules.swiss_tiebreaks`` gives rodada by rodada.
    assert dict(table.swiss) == dict(expected.swiss) == by_rodada(stage, table)
    return table


def by_rodada(stage: Stage, table: GroupTable) -> dict[str, SwissLine]:
    draws = DrawOfLots.objects.filter(group__stage=stage, purpose="swiss").order_by("performed_at", "id")
    byes = [d.result.get("bye") for d in draws]
    winners = {(m.team_a, m.team_b): m.winner for m in table.ranked}
    rounds = []
    for number, bye in enumerate(byes, start=1):
        pairs = stage.matches.filter(round=number).values_list("team_a__key", "team_b__key")
        games = tuple(Game(a, b, winners[(a, b)]) for a, b in pairs if (a, b) in winners)
        rounds.append(FinishedRound(games, bye))
    return swiss_tiebreaks(list(table.teams), rounds)


def play(stage: Stage, number: int, user: Any, results: dict[int, Any]) -> None:
    """The better seed wins 18–9, 18–12 unless ``results`` says otherwise for the jogo
    at that index: "upset" (the other side wins 18–16, 18–17), "close" (a 2–1), or a
    W.O. given as ("wo", "a"|"b", the absent side)."""
    jogos = stage.matches.filter(round=number).select_related("team_a", "team_b").order_by("order")
    for i, m in enumerate(jogos):
        a_wins = m.team_a.order < m.team_b.order
        how = results.get(i)
        if how == "upset":
            a_wins = not a_wins
            games = [[18, 16], [18, 17]] if a_wins else [[16, 18], [17, 18]]
        elif how == "close":
            games = [[18, 9], [12, 18], [18, 5]] if a_wins else [[9, 18], [18, 12], [5, 18]]
        else:
            games = [[18, 9], [18, 12]] if a_wins else [[9, 18], [12, 18]]
        if isinstance(how, tuple):
            absent = m.team_a if how[1] == "a" else m.team_b
            homologate_result(m, user, {"walkover": absent.key})
        else:
            homologate(m, user, games)


def homologate_result(m: Match, user: Any, result: dict[str, Any]) -> None:
    m = Match.objects.select_related("team_a", "team_b", "stage__tournament").get(pk=m.pk)
    sheet = sheet_save(match=m, user=user, data=EntryData(result=result), base_version=0, submit=True)
    absent = result.get("walkover")
    for team in (m.team_a, m.team_b):
        if team.key != absent:  # an absent team does not sign
            sheet = sheet_sign(match=m, user=user, team=team, version=sheet.version)
    sheet_homologate(match=m, user=user, version=sheet.version)


def test_a_played_swiss_phase_ranks_the_same_from_its_sums(monkeypatch: pytest.MonkeyPatch) -> None:
    t, org = event(11)
    stage = swiss_start(tournament=t, user=org, rounds=4)
    swiss_pair_next(stage=stage, user=org)
    same(t, stage, monkeypatch)  # nothing played: the folga alone
    plan: dict[int, dict[int, Any]] = {
        1: {0: "upset", 2: "close"},
        2: {1: ("wo", "b"), 3: "upset"},
        3: {0: "close", 4: "upset"},
        4: {},
    }
    separations, head_to_head = set(), False
    for number in range(1, 5):
        play(stage, number, org, plan[number])
        table = same(t, stage, monkeypatch)
        separations |= {s.criterion.value for s in table.standings.separations if s.criterion is not None}
        head_to_head = head_to_head or bool(BETWEEN)
        if number < 4:
            swiss_pair_next(stage=stage, user=org)
    assert {"wins", "buchholz", "buchholz_cut1", "points_for"} <= separations and head_to_head
    assert DrawOfLots.objects.filter(purpose="swiss").exclude(result__bye=None).count() == 4


def test_a_rodada_half_homologated_ranks_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    t, org = event(8)
    stage = swiss_start(tournament=t, user=org, rounds=3)
    swiss_pair_next(stage=stage, user=org)
    first = stage.matches.order_by("order").first()
    assert first is not None
    homologate(first, org, [[18, 9], [18, 12]])
    assert same(t, stage, monkeypatch).unplayed == 3


def test_a_tie_down_to_head_to_head_reads_only_the_jogos_among_the_tied(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two winners of 18–9, 18–12 over losers who won nothing: level on every Swiss
    criterion and every sum, they reach head-to-head (they never met) and the sorteio."""
    t, org = event(4)
    stage = swiss_start(tournament=t, user=org, rounds=2)
    swiss_pair_next(stage=stage, user=org)
    play(stage, 1, org, {})
    table = same(t, stage, monkeypatch)
    winners = [r for r in table.standings.rows if r.counters.wins == 1]
    assert len(winners) == 2 and winners[0].position == winners[1].position
    assert BETWEEN and all(r.pending_lots for r in winners)


def test_an_expelled_team_sends_the_chave_to_its_jogos(monkeypatch: pytest.MonkeyPatch) -> None:
    t, org = event(6)
    stage = swiss_start(tournament=t, user=org, rounds=3)
    swiss_pair_next(stage=stage, user=org)
    jogos = list(stage.matches.filter(round=1).order_by("order"))
    expelled = {"team": jogos[0].team_b.key, "article": "20-II", "scope": "tournament"}
    homologate_result(jogos[0], org, {"games": [[18, 9], [9, 2]], "disqualified": expelled})
    for m in jogos[1:]:
        homologate(m, org, [[18, 9], [18, 12]])
    table = tournament_standings(t)[0].groups[0]
    expected = from_jogos(t, stage)
    assert table.standings == expected.standings and table.dq_reasons == expected.dq_reasons
    assert table.dq_reasons


def test_the_recorded_inputs_are_read_from_the_standings_and_the_jogos(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What a pairing records is what the jogos, the GroupTeam rows and the recorded
    pairings say, each read on its own as before; it replays equal."""
    t, org = event(9)
    stage = swiss_start(tournament=t, user=org, rounds=3)
    for number in (1, 2):
        swiss_pair_next(stage=stage, user=org)
        play(stage, number, org, {0: "upset"})
    expected = from_jogos(t, stage)  # before the folga the new pairing gives
    draw = swiss_pair_next(stage=stage, user=org)
    group = stage.groups.get()
    rows = {r.team: r for r in expected.standings.rows}
    members = [gt.team for gt in GroupTeam.objects.filter(group=group).select_related("team__entity")]
    key = {team.pk: team.key for team in members}
    earlier = DrawOfLots.objects.filter(group=group, purpose="swiss").exclude(pk=draw.pk).order_by("id")
    history = [
        [
            [
                [key[a], key[b]]
                for a, b in Match.objects.filter(group=group, round=d.inputs["round"]).values_list(
                    "team_a", "team_b"
                )
            ],
            d.result["bye"],
        ]
        for d in earlier
    ]
    assert draw.inputs == {
        "method": "swiss/1",
        "round": 3,
        "teams": [team.key for team in members],
        "scores": {k: r.counters.wins for k, r in rows.items()},
        "positions": {k: r.position for k, r in rows.items()},
        "entities": {team.key: team.entity.name if team.entity else "" for team in members},
        "history": history,
    }
    assert swiss_replay(draw) == draw.result
    assert Match.objects.filter(group=group, round=3).count() == 4
