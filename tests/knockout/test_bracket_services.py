"""Mata-mata services: generation, advancement on homologation, correction and refusal,
Copa Truco E6 end to end, the interchange round trip, rodadas and swaps."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from interchange.export import export_tournament
from interchange.load import load_tournament
from knockout.selectors import bracket_data
from knockout.services.advance import bracket_sync
from knockout.services.bracket import bracket_draw_replay, bracket_generate
from knockout.services.edits import bracket_schedule, bracket_swap
from scoring.services.entry import EntryData
from scoring.services.errors import WorkflowError
from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_homologate, sheet_revert, sheet_save
from tests.documents import team
from tests.generators import tournament_document
from tournaments.models import DrawOfLots, Match, Membership, Stage, StageTeam, Tournament
from tournaments.services import ServiceError

pytestmark = pytest.mark.django_db
CEGO_A = {"games": [[24, 13], [24, 20]]}
CEGO_B = {"games": [[13, 24], [20, 24]]}
E6 = {"games": [[12, 8], [7, 10], [9, 9], [12, 5]], "endings": ["target", "time", "time", "target"]}


def knockout(
    keys: list[str], *, modality: str = "truco-cego-trio", slug: str = "mm", **tournament: Any
) -> Tournament:
    size = 2 if modality == "truco-goiano" else 3
    doc = {
        "format": "tenteio/1",
        "tournament": {"name": "Mata", "slug": slug, "modality": modality, **tournament},
        "teams": [team(k, size, entity=None) for k in keys],
        "stages": [{"key": "mata", "kind": "knockout", "teams": keys}],
        "matches": [],
    }
    t = load_tournament(doc).tournament
    bracket_sync(stage=t.stages.get())
    return t


def organizer(t: Tournament) -> Any:
    user = get_user_model().objects.create_user(f"org-{t.slug}", password="x")
    Membership.objects.create(tournament=t, user=user, role="organizer")
    return user


def play(m: Match, user: Any, result: dict[str, Any], base: int = 0) -> None:
    m = Match.objects.select_related("team_a", "team_b", "stage__tournament").get(pk=m.pk)
    sheet = sheet_save(match=m, user=user, data=EntryData(result=result), base_version=base, submit=True)
    sheet_sign(match=m, user=user, team=m.team_a, version=sheet.version)
    sheet_sign(match=m, user=user, team=m.team_b, version=sheet.version)
    sheet_homologate(match=m, user=user, version=sheet.version)


def won_by(m: Match, key: str) -> dict[str, Any]:
    return CEGO_A if m.team_a.key == key else CEGO_B


def at(t: Tournament, rnd: int, slot: int = 0) -> Match:
    return Match.objects.select_related("team_a", "team_b").get(stage__tournament=t, round=rnd, slot=slot)


def test_registered_teams_by_seed_with_byes_and_advancement() -> None:
    t = knockout([f"t{i}" for i in range(1, 7)])  # 6 teams: 8 lines, chapéus to seeds 1 and 2
    data = bracket_data(t.stages.get())
    assert [len(r) for r in data.rounds] == [4, 2, 1]
    r1 = data.rounds[0]
    assert sum(s.bye for s in r1) == 2 and {s.winner for s in r1 if s.bye} == {"t1", "t2"}
    assert Match.objects.filter(stage__tournament=t).count() == 2  # a chapéu has no jogo
    user = organizer(t)
    for m in list(Match.objects.filter(stage__tournament=t, round=1).select_related("team_a", "team_b")):
        play(m, user, CEGO_A)
    semis = Match.objects.filter(stage__tournament=t, round=2).select_related("team_a", "team_b")
    assert {frozenset((m.team_a.key, m.team_b.key)) for m in semis} == {
        frozenset(("t1", "t4")),
        frozenset(("t2", "t3")),
    }
    for m in list(semis):
        play(m, user, won_by(m, min(m.team_a.key, m.team_b.key)))
    # Truco Cego has a disputa de 3º lugar; the final and it are created together.
    final, third = at(t, 3, 0), at(t, 3, 1)
    assert {final.team_a.key, final.team_b.key} == {"t1", "t2"} and third.third_place
    play(final, user, won_by(final, "t2"))
    play(third, user, won_by(third, "t3"))
    places = [(p.position, p.team.key) for p in bracket_data(t.stages.get()).placings]
    assert places == [(1, "t2"), (2, "t1"), (3, "t3"), (4, "t4"), (5, "t5"), (5, "t6")]


def test_copa_truco_e6_goiano_tiebreak_partida_advances_a() -> None:
    t = knockout(["a", "b", "c", "d"], modality="truco-goiano", slug="copa")
    user = organizer(t)
    first = at(t, 1, 0)
    assert {first.team_a.key, first.team_b.key} == {"a", "d"}
    result = E6 if first.team_a.key == "a" else {**E6, "games": [g[::-1] for g in E6["games"]]}
    play(first, user, result)
    other = at(t, 1, 1)
    play(other, user, {"games": [[12, 4], [12, 6]]})  # team_a of that jogo wins
    final = at(t, 2, 0)
    assert "a" in (final.team_a.key, final.team_b.key)
    assert not Match.objects.filter(stage__tournament=t, third_place=True).exists()  # V-M18
    slot = bracket_data(t.stages.get()).rounds[0][0]
    assert slot.winner == "a" and len(slot.games) == 4
    play(final, user, {"games": [[12, 3], [12, 3]]})
    positions = [p.position for p in bracket_data(t.stages.get()).placings]
    assert positions == [1, 2, 3, 3]  # Copa Truco: both semifinal losers are 3º


def test_correction_moves_the_new_winner_then_refusals() -> None:
    t = knockout(["t1", "t2", "t3", "t4"])
    user = organizer(t)
    m1, m2 = at(t, 1, 0), at(t, 1, 1)
    play(m1, user, won_by(m1, "t1"))
    play(m2, user, won_by(m2, "t2"))
    assert {at(t, 2).team_a.key, at(t, 2).team_b.key} == {"t1", "t2"}
    # Correction while the final has no súmula: the new winner goes forward.
    sheet_revert(match=m1, user=user, version=1, reason="placar trocado")
    assert not Match.objects.filter(stage__tournament=t, round=2, slot=0).exists()
    play(m1, user, won_by(m1, "t4"), base=1)
    final = at(t, 2)
    assert {final.team_a.key, final.team_b.key} == {"t4", "t2"}
    # The final gets a súmula: changing who plays it is refused, nothing is saved.
    sheet_save(match=final, user=user, data=EntryData(result=CEGO_A), base_version=0, submit=True)
    sheet_revert(match=m1, user=user, version=2, reason="outro erro")
    with pytest.raises(WorkflowError, match="já tem súmula"):
        play(m1, user, won_by(m1, "t1"), base=2)
    assert m1.sheets.get(version=3).status == "signed"  # the homologation rolled back
    assert not m1.sheets.filter(status="homologated").exists()
    # Once the final is homologated, reverting the semifinal is refused.
    play(m1, user, won_by(m1, "t4"), base=3)
    final = at(t, 2)
    sheet_sign(match=final, user=user, team=final.team_a, version=1)
    sheet_sign(match=final, user=user, team=final.team_b, version=1)
    sheet_homologate(match=final, user=user, version=1)
    with pytest.raises(WorkflowError, match="Reverta primeiro"):
        sheet_revert(match=m1, user=user, version=4, reason="de novo")
    assert m1.sheets.get(version=4).status == "homologated"


def test_from_chave_qualifiers_first_meets_second_of_another_chave() -> None:
    doc = tournament_document("truco-cego-trio", groups=4, size=4, seed=3, played=1.0, walkovers=False)
    t = load_tournament(doc).tournament
    stage = bracket_generate(tournament=t, user=None, source="groups")
    data = bracket_data(stage)
    assert data.size == 8 and all(not s.bye for s in data.rounds[0])
    for s in data.rounds[0]:
        labels = sorted([s.team_a.label, s.team_b.label])  # type: ignore[union-attr]
        assert labels[0].startswith("1º") and labels[1].startswith("2º") and labels[0][-1] != labels[1][-1]
    halves = [{s.team_a.label[-1], s.team_b.label[-1]} for s in data.rounds[0]]  # type: ignore[union-attr]
    assert not (halves[0] | halves[1]) & (halves[2] | halves[3]) or len(halves[0] | halves[1]) == 4
    with pytest.raises(ServiceError):
        bracket_generate(tournament=t, user=None, source="groups")  # already generated, no «replace»


def test_provisional_chaves_are_refused_and_nothing_is_written() -> None:
    doc = tournament_document("truco-cego-trio", groups=2, size=4, seed=5, played=0.5)
    t = load_tournament(doc).tournament
    with pytest.raises(ServiceError) as err:
        bracket_generate(tournament=t, user=None, source="groups")
    assert "provisória" in err.value.messages[0]
    assert not Stage.objects.filter(tournament=t, kind="knockout").exists()


def test_drawn_bracket_and_byes_are_recorded_and_replay() -> None:
    doc = tournament_document("truco-cego-trio", groups=1, size=5, seed=1, played=0.0)
    t = load_tournament(doc).tournament
    stage = bracket_generate(tournament=t, user=None, source="teams", draw=True, draw_byes=True, seed="abc")
    draws = list(DrawOfLots.objects.filter(stage=stage).order_by("id"))
    assert [d.purpose for d in draws] == ["bracket", "byes"]
    assert all(bracket_draw_replay(d) == d.result for d in draws)
    order = list(StageTeam.objects.filter(stage=stage).order_by("order").values_list("team__key", flat=True))
    assert order == draws[1].result


def test_swap_before_the_start_and_refused_after() -> None:
    t = knockout(["t1", "t2", "t3", "t4"])
    stage = t.stages.get()
    t1, t2 = (t.teams.get(key=k) for k in ("t1", "t2"))
    with pytest.raises(ServiceError):
        bracket_swap(stage=stage, team_a=t1, team_b=t2, reason="", user=None)
    bracket_swap(stage=stage, team_a=t1, team_b=t2, reason="mesma entidade", user=None)
    pairs = {
        frozenset((m.team_a.key, m.team_b.key))
        for m in Match.objects.filter(stage=stage).select_related("team_a", "team_b")
    }
    assert pairs == {frozenset(("t2", "t4")), frozenset(("t1", "t3"))}
    user = organizer(t)
    m = at(t, 1, 0)
    sheet_save(match=m, user=user, data=EntryData(result=CEGO_A), base_version=0, submit=True)
    with pytest.raises(ServiceError, match="já começou"):
        bracket_swap(stage=stage, team_a=t1, team_b=t2, reason="de novo", user=None)


def test_schedule_soft_deadlines_and_late_warning() -> None:
    t = knockout([f"t{i}" for i in range(1, 9)], modality="truco-cego-trio")
    stage = t.stages.get()
    start = timezone.make_aware(datetime(2026, 2, 14, 10, 0))
    rounds = bracket_schedule(stage=stage, start=start, minutes=60, first_deadline=start.replace(minute=45))
    assert [timezone.localtime(r.deadline).strftime("%H:%M") for r in rounds] == ["10:45", "11:45", "12:45"]
    user = organizer(t)
    play(at(t, 1, 0), user, CEGO_A)  # homologated "now", long after 2026-02-14 10:45
    data = bracket_data(stage, staff=True)
    assert [s.match_id for s in data.late] == [at(t, 1, 0).pk]
    with pytest.raises(ServiceError):
        bracket_schedule(stage=stage, start=start, minutes=0)


def test_knockout_file_round_trip_keeps_the_bracket() -> None:
    t = knockout([f"t{i}" for i in range(1, 7)], slug="ida")
    user = organizer(t)
    play(at(t, 1, 1), user, CEGO_A)
    before = bracket_data(t.stages.get())
    exported = export_tournament(t)
    Tournament.objects.all().delete()
    # Another site: the accounts the file names are not there.
    get_user_model().objects.filter(username__in=[p["key"] for p in exported["people"]]).delete()
    again = load_tournament(json.loads(json.dumps(exported))).tournament
    assert export_tournament(again) == exported
    after = bracket_data(again.stages.get())
    assert after.recognized
    assert [
        [(s.team_a and s.team_a.key, s.team_b and s.team_b.key, s.winner) for s in r] for r in after.rounds
    ] == [
        [(s.team_a and s.team_a.key, s.team_b and s.team_b.key, s.winner) for s in r] for r in before.rounds
    ]
