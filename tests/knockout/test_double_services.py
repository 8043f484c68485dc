"""Double elimination (repescagem) through the services: generation, every jogo created
when both its teams are known (checked against the pure ``knockout.double_bracket`` after
each homologation), the grand final with and without reset, the losses, the final
placings, a reversal in the repescagem, and refusals."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from interchange.load import load_tournament
from knockout import double_bracket as d
from knockout.placings import final_placings
from knockout.services.bracket import bracket_generate
from scoring.services.entry import EntryData
from scoring.services.errors import WorkflowError
from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_homologate, sheet_revert, sheet_save
from tests.documents import team
from tournaments.models import Match, Membership, StageTeam, Tournament

pytestmark = pytest.mark.django_db
CEGO_A = {"games": [[24, 13], [24, 20]]}  # team_a wins
CEGO_B = {"games": [[13, 24], [20, 24]]}


def double(count: int, *, reset: bool = True, slug: str = "dupla") -> Tournament:
    keys = [f"t{i:02d}" for i in range(1, count + 1)]
    doc = {
        "format": "tenteio/1",
        "tournament": {"name": "Dupla", "slug": slug, "modality": "truco-cego-trio"},
        "teams": [team(k, 3, entity=None) for k in keys],
        "stages": [],
        "matches": [],
    }
    t = load_tournament(doc).tournament
    Tournament.objects.filter(pk=t.pk).update(double_elimination=True, grand_final_reset=reset)
    t.refresh_from_db()
    bracket_generate(tournament=t, user=None, source="teams")
    return t


def organizer(t: Tournament) -> Any:
    user = get_user_model().objects.create_user(f"org-{t.slug}", password="x")
    Membership.objects.create(tournament=t, user=user, role="organizer")
    return user


def homologate(m: Match, user: Any, winner: str, base: int = 0) -> None:
    """The judges' path: súmula sent, signed by both capatazes, homologated."""
    m = Match.objects.select_related("team_a", "team_b", "stage__tournament").get(pk=m.pk)
    result = CEGO_A if m.team_a.key == winner else CEGO_B
    sheet = sheet_save(match=m, user=user, data=EntryData(result=result), base_version=base, submit=True)
    sheet_sign(match=m, user=user, team=m.team_a, version=sheet.version)
    sheet_sign(match=m, user=user, team=m.team_b, version=sheet.version)
    sheet_homologate(match=m, user=user, version=sheet.version)


def jogo(t: Tournament, side: str, rnd: int, slot: int = 0) -> Match:
    return Match.objects.select_related("team_a", "team_b").get(
        stage__tournament=t, bracket=side, round=rnd, slot=slot
    )


def structure(t: Tournament) -> d.DoubleBracket:
    entries = StageTeam.objects.filter(stage__tournament=t).select_related("team").order_by("order")
    return d.build([e.team.key for e in entries], reset=t.grand_final_reset)


def in_db(t: Tournament) -> set[tuple[d.JogoId, frozenset[str]]]:
    rows = Match.objects.filter(stage__tournament=t).select_related("team_a", "team_b")
    return {((m.bracket, m.round or 0, m.slot or 0), frozenset((m.team_a.key, m.team_b.key))) for m in rows}


def expected(bracket: d.DoubleBracket, winners: dict[d.JogoId, str]) -> set[tuple[d.JogoId, frozenset[str]]]:
    return {(s.id, frozenset((str(s.a), str(s.b)))) for s in d.play(bracket, winners).jogos if s.is_match}


def run(t: Tournament, pick: Any) -> tuple[d.DoubleBracket, dict[d.JogoId, str], dict[str, int]]:
    """Play the whole double elimination through the workflow, ``pick(state)`` choosing
    each winner, asserting after every homologation that the jogos in the database are
    exactly the pure bracket's jogos with two known teams."""
    user = organizer(t)
    bracket = structure(t)
    winners: dict[d.JogoId, str] = {}
    assert in_db(t) == expected(bracket, winners)  # WB rodada 1 only (chapéus aside)
    assert {j for j, _pair in in_db(t)} <= {j.id for j in bracket.jogos if j.id[0] == d.WB and j.id[1] == 1}
    losses = dict.fromkeys(bracket.keys, 0)
    while True:
        progress = d.play(bracket, winners)
        if progress.finished:
            break
        state = progress.state(progress.playable[0])
        assert state is not None
        won = pick(state)
        homologate(jogo(t, *state.id), user, won)
        winners[state.id] = won
        losses[str(state.b if won == state.a else state.a)] += 1
        assert in_db(t) == expected(bracket, winners), state.id
    return bracket, winners, losses


def check_placings(t: Tournament, bracket: d.DoubleBracket, winners: dict[d.JogoId, str]) -> list[int]:
    placings = final_placings(t)
    assert placings.complete
    by_team = {line.team.key: line for line in placings.lines}
    bands = d.placings(bracket, d.play(bracket, winners))
    assert sum(len(band.keys) for band in bands) == len(bracket.keys) == len(by_team)
    for band in bands:
        for key in band.keys:
            assert by_team[key].position == band.position_from
            assert by_team[key].shared == (band.position_to > band.position_from)
    return [line.position for line in placings.lines]


SIXTEEN = [1, 2, 3, 4, 5, 5, 7, 7, 9, 9, 9, 9, 13, 13, 13, 13]


def test_sixteen_teams_with_the_grand_final_reset_to_the_champion() -> None:
    t = double(16)
    assert Match.objects.filter(stage__tournament=t).count() == 8
    assert set(Match.objects.values_list("bracket", flat=True)) == {"W"}
    rng = random.Random(35)

    def pick(state: d.JogoState) -> str:
        if state.id == d.GF1:
            return str(state.b)  # the repescagem's champion wins: GF 2 is needed
        if state.id == d.GF2:
            return str(state.a)
        return str(rng.choice([state.a, state.b]))

    bracket, winners, losses = run(t, pick)
    assert Match.objects.filter(stage__tournament=t).count() == 31  # 2n - 1
    assert Match.objects.filter(stage__tournament=t, bracket="GF").count() == 2
    assert Match.objects.filter(stage__tournament=t, bracket="L").count() == 14
    assert not Match.objects.filter(stage__tournament=t, third_place=True).exists()
    champion = winners[d.GF2]
    assert losses[champion] == 1
    assert all(n == 2 for k, n in losses.items() if k != champion)
    assert check_placings(t, bracket, winners) == SIXTEEN
    lines = final_placings(t).lines
    assert lines[0].team.key == champion and lines[1].team.key == jogo(t, "GF", 2).team_b.key
    assert lines[2].team.key in {jogo(t, "L", 6).team_a.key, jogo(t, "L", 6).team_b.key}
    assert lines[2].team.key != winners[("L", 6, 0)]
    assert lines[3].team.key in {jogo(t, "L", 5).team_a.key, jogo(t, "L", 5).team_b.key}
    assert lines[3].team.key != winners[("L", 5, 0)]


def test_sixteen_teams_without_reset_the_first_grand_final_decides() -> None:
    t = double(16, reset=False, slug="sem-reset")

    def pick(state: d.JogoState) -> str:
        if state.id == d.GF1:
            return str(state.b)  # the WB champion loses once and is 2º
        return str(min(str(state.a), str(state.b)))  # the better seed (t01 < t02 …)

    bracket, winners, losses = run(t, pick)
    assert Match.objects.filter(stage__tournament=t).count() == 30  # 2n - 2
    assert not Match.objects.filter(stage__tournament=t, bracket="GF", round=2).exists()
    gf = jogo(t, "GF", 1)
    champion, runner = winners[d.GF1], gf.team_a.key
    assert (champion, runner) == ("t02", "t01")
    assert losses[champion] == 1 and losses[runner] == 1
    assert all(n == 2 for k, n in losses.items() if k not in (champion, runner))
    assert check_placings(t, bracket, winners) == SIXTEEN
    assert [line.team.key for line in final_placings(t).lines[:2]] == ["t02", "t01"]


def test_reset_not_played_when_the_wb_champion_wins_the_first_grand_final() -> None:
    t = double(6, slug="seis")  # 8 lines, chapéus for seeds 1 and 2
    assert Match.objects.filter(stage__tournament=t).count() == 2
    bracket, winners, losses = run(t, lambda s: str(min(str(s.a), str(s.b))))
    assert Match.objects.filter(stage__tournament=t).count() == 2 * 6 - 2
    assert winners[d.GF1] == "t01" and losses["t01"] == 0
    check_placings(t, bracket, winners)


def test_reverting_a_repescagem_result_withdraws_its_next_jogo() -> None:
    t = double(8, slug="reverte")
    user = organizer(t)
    bracket = structure(t)
    for slot in range(4):
        m = jogo(t, "W", 1, slot)
        homologate(m, user, m.team_a.key)
    # Reverting a WB jogo withdraws both its winner's and its loser's next jogos.
    w1 = jogo(t, "W", 1, 3)
    sheet_revert(match=w1, user=user, version=1, reason="erro")
    assert not Match.objects.filter(stage__tournament=t, bracket="L", round=1, slot=1).exists()
    assert not Match.objects.filter(stage__tournament=t, bracket="W", round=2, slot=1).exists()
    assert Match.objects.filter(stage__tournament=t).count() == 4 + 2  # WB 1, WB 2 slot 0, LB 1 slot 0
    homologate(w1, user, w1.team_a.key, base=1)
    assert Match.objects.filter(stage__tournament=t).count() == 4 + 4
    lb1 = jogo(t, "L", 1, 0)
    first, other = lb1.team_a.key, lb1.team_b.key
    homologate(lb1, user, first)
    # LB 2 slot 0 waits for the loser of a WB 2 jogo.
    assert not Match.objects.filter(stage__tournament=t, bracket="L", round=2, slot=0).exists()
    feeder = bracket.jogo(("L", 2, 0)).b.jogo
    assert feeder is not None and feeder[0] == "W"
    wb2 = jogo(t, *feeder)
    homologate(wb2, user, wb2.team_a.key)
    lb2 = jogo(t, "L", 2, 0)
    assert {lb2.team_a.key, lb2.team_b.key} == {first, wb2.team_b.key}
    # Reverted before LB 2 is played: LB 2 is withdrawn, then comes back with the new winner.
    sheet_revert(match=lb1, user=user, version=1, reason="placar trocado")
    assert not Match.objects.filter(stage__tournament=t, bracket="L", round=2, slot=0).exists()
    assert Match.objects.filter(stage__tournament=t, bracket="W", round=2).count() == 2  # untouched
    homologate(lb1, user, other, base=1)
    lb2 = jogo(t, "L", 2, 0)
    assert {lb2.team_a.key, lb2.team_b.key} == {other, wb2.team_b.key}
    # Once LB 2 is homologated, reverting LB 1 is refused.
    homologate(lb2, user, other)
    with pytest.raises(WorkflowError, match="Reverta primeiro"):
        sheet_revert(match=lb1, user=user, version=2, reason="de novo")


def test_a_jogo_outside_the_bracket_is_refused_and_single_elimination_unchanged() -> None:
    t = double(4, slug="quatro")
    user = organizer(t)
    m = jogo(t, "W", 1, 0)
    homologate(m, user, m.team_a.key)
    # A stray jogo in the repescagem slot between the wrong teams.
    stray = Match.objects.create(
        stage=m.stage, bracket="L", round=1, slot=0, team_a=m.team_a, team_b=m.team_b, order=99
    )
    with pytest.raises(WorkflowError, match="dupla eliminação"):
        homologate(stray, user, m.team_a.key)
    # The flag off: the single-elimination mata-mata writes no side.
    single = double(4, slug="simples")
    Tournament.objects.filter(pk=single.pk).update(double_elimination=False)
    single.refresh_from_db()
    single.stages.get().matches.all().delete()
    bracket_generate(tournament=single, user=None, source="teams", key="mata-mata", replace=True)
    assert set(Match.objects.filter(stage__tournament=single).values_list("bracket", flat=True)) == {""}
