"""Services of set-up, called directly: creation, registration, check-in, draw, rodadas."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import datetime, time, timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from core.text import clean_name, name_key
from scoring.models import ScoreSheet
from tests.tournaments.conftest import trio
from tournaments.models import DrawOfLots, GroupSwap, GroupTeam, Match, Membership, Round, Team, Tournament
from tournaments.pairing import Break
from tournaments.services import ServiceError
from tournaments.services.draws import draw_replay, group_swap, groups_draw, groups_draw_manual
from tournaments.services.registration import (
    PlayerInput,
    TeamInput,
    team_register,
    team_set_status,
    team_update,
)
from tournaments.services.schedule import ScheduleTemplate, schedule_generate
from tournaments.services.tournaments import judge_account_create, membership_add, tournament_create

pytestmark = pytest.mark.django_db
Register = Callable[..., list[Team]]


def test_creator_becomes_organizer_and_overrides_are_checked(organizer: User) -> None:
    t = tournament_create(
        user=organizer,
        name="Copa",
        slug="copa",
        modality="truco-paulista",
        overrides={"points_to_win": 12, "best_of": 3},
        stage_plan="groups",
    )
    assert Membership.objects.get(tournament=t).role == "organizer"
    with pytest.raises(ServiceError) as exc:
        tournament_create(
            user=organizer,
            name="Outra",
            slug="outra",
            modality="truco-paulista",
            overrides={"best_of": 2, "points_to_win": 0},
        )
    assert "best_of" in exc.value.errors and "points_to_win" in exc.value.errors
    assert "ímpar" in exc.value.errors["best_of"][0]
    assert Tournament.objects.filter(slug="outra").count() == 0


def test_multi_phase_needs_k_and_slug_unique(organizer: User, tournament: Tournament) -> None:
    with pytest.raises(ServiceError) as exc:
        tournament_create(
            user=organizer, name="X", slug="rodeio-cego", modality="truco-cego-trio", stage_plan="multi_phase"
        )
    assert {"slug", "advance_per_group"} <= set(exc.value.errors)
    t = tournament_create(
        user=organizer,
        name="X",
        slug="x",
        modality="truco-cego-trio",
        stage_plan="multi_phase",
        advance_per_group=2,
        advance_best_next=2,
    )
    assert (t.advance_per_group, t.advance_best_next) == (2, 2)


def test_members(tournament: Tournament, organizer: User) -> None:
    User.objects.create_user("ana")
    membership_add(tournament=tournament, username="ANA", role="judge")
    with pytest.raises(ServiceError):
        membership_add(tournament=tournament, username="ninguem", role="judge")
    user, password = judge_account_create(tournament=tournament, username="juiz1", full_name="Juiz Um")
    assert user.check_password(password) and len(password) >= 10
    with pytest.raises(ServiceError):
        judge_account_create(tournament=tournament, username="juiz1")


def test_name_key() -> None:
    assert name_key("  José   DA Silva ") == name_key("jose da silva") == "jose da silva"
    assert name_key("Os\u200b Taura") == name_key("os taura") == name_key("ＯＳ　ＴＡＵＲＡ")
    assert clean_name(" Os\u200b\u00a0 Tau\u200dra\ufeff ") == "Os Taura"
    assert clean_name("Jose\u0301") == "José"  # NFC


def test_roster_rules(tournament: Tournament) -> None:
    ok = team_register(tournament=tournament, data=trio("Os Taura", "CTG A", reserve=True))
    assert ok.players.count() == 4 and ok.players.filter(is_captain=True).count() == 1
    bad = TeamInput(
        name="os  taura",
        players=[PlayerInput("a", True), PlayerInput("b", True), PlayerInput("Os Taura Dois")]
        + [PlayerInput("r1", is_reserve=True), PlayerInput("r2", is_reserve=True)],
    )
    with pytest.raises(ServiceError) as exc:
        team_register(tournament=tournament, data=bad)
    text = " ".join(exc.value.messages)
    assert "Já existe uma equipe" in text
    assert "No máximo 1 reserva" in text
    assert "exatamente um capataz" in text
    assert "já está inscrito na equipe «Os Taura»" in text
    short = TeamInput(name="Dupla", players=[PlayerInput("x", True), PlayerInput("y")])
    with pytest.raises(ServiceError, match="exatamente 3 titular"):
        team_register(tournament=tournament, data=short)
    assert Team.objects.filter(tournament=tournament).count() == 1
    team_update(team=ok, data=trio("Os Taura", "CTG B"))  # its own players are not duplicates
    assert ok.players.count() == 3


def test_truco_cego_exclusive_in_the_event(tournament: Tournament, organizer: User) -> None:
    team_register(tournament=tournament, data=trio("Os Taura"))
    amostra = tournament_create(
        user=organizer,
        name="Amostra",
        slug="amostra",
        modality="truco-amostra-trio",
        event="Rodeio da Querência 2026",
        stage_plan="groups",
    )
    data = TeamInput(
        "Outro", players=[PlayerInput("os taurá capataz", True), PlayerInput("b"), PlayerInput("c")]
    )
    with pytest.raises(ServiceError, match="Truco Cego"):
        team_register(tournament=amostra, data=data)
    elsewhere = tournament_create(
        user=organizer,
        name="Amostra 2",
        slug="amostra2",
        modality="truco-amostra-trio",
        event="Outro rodeio",
        stage_plan="groups",
    )
    team_register(tournament=elsewhere, data=data)


def test_checkin_deadline_needs_reason(tournament: Tournament, register: Register, organizer: User) -> None:
    team = register(1)[0]
    team_set_status(team=team, status="checked_in", user=organizer)
    tournament.checkin_deadline = timezone.now() - timedelta(minutes=1)
    tournament.save()
    team.refresh_from_db()
    with pytest.raises(ServiceError) as exc:
        team_set_status(team=team, status="absent", user=organizer)
    assert "reason" in exc.value.errors
    team_set_status(team=team, status="absent", user=organizer, reason="chegou o juiz")
    assert team.status_changes.last().after_deadline  # type: ignore[union-attr]
    with pytest.raises(ServiceError):
        team_set_status(team=team, status="withdrawn", user=organizer)


def test_draw_records_and_replays(tournament: Tournament, register: Register, organizer: User) -> None:
    teams = register(14)
    team_set_status(team=teams[0], status="withdrawn", reason="doença")
    draw = groups_draw(tournament=tournament, user=organizer, sizes=[5, 4, 4], seed="semente")
    assert draw.seed == "semente" and draw.performed_by == organizer
    groups = {r["name"]: r["teams"] for r in draw.result}
    assert list(groups) == ["A", "B", "C"]
    assert teams[0].key not in {k for ks in groups.values() for k in ks}
    assert draw_replay(draw) == list(groups.values())
    with pytest.raises(ServiceError, match="refazer"):
        groups_draw(tournament=tournament, user=organizer, sizes=[5, 4, 4])
    with pytest.raises(ServiceError):
        groups_draw(tournament=tournament, user=organizer, sizes=[5, 5, 4], replace=True)
    assert DrawOfLots.objects.count() == 1


def test_only_checked_in_are_drawn(tournament: Tournament, register: Register, organizer: User) -> None:
    teams = register(6)
    for t in teams[:4]:
        team_set_status(team=t, status="checked_in")
    draw = groups_draw(tournament=tournament, user=organizer, sizes=[2, 2])
    assert sorted(k for g in draw.result for k in g["teams"]) == sorted(t.key for t in teams[:4])


def test_manual_draw(tournament: Tournament, register: Register, organizer: User) -> None:
    teams = register(5)
    with pytest.raises(ServiceError) as exc:
        groups_draw_manual(tournament=tournament, user=organizer, assignment={t.pk: "a" for t in teams[:4]})
    assert f"team_{teams[4].pk}" in exc.value.errors
    draw = groups_draw_manual(
        tournament=tournament,
        user=organizer,
        assignment={t.pk: "a" if i < 3 else "B" for i, t in enumerate(teams)},
    )
    assert draw.manual and [g["name"] for g in draw.result] == ["A", "B"]


def _schedule(tournament: Tournament, **kw: object) -> list[Round]:
    stage = tournament.stages.get()
    start = timezone.make_aware(datetime(2026, 12, 12, 9, 0))
    template = ScheduleTemplate(start=start, minutes=60, breaks=(Break(time(12), time(13, 30)),), **kw)  # type: ignore[arg-type]
    return schedule_generate(stage=stage, template=template)


def test_schedule_tables_times_and_refusal(
    tournament: Tournament, register: Register, organizer: User
) -> None:
    register(15)
    groups_draw(tournament=tournament, user=organizer, sizes=[4, 4, 4, 3], seed="s")
    rounds = _schedule(tournament, tables=4)
    matches = list(Match.objects.filter(stage__tournament=tournament).select_related("table"))
    assert len(matches) == 3 * 6 + 3
    slots = Counter((m.scheduled_at, m.table_id) for m in matches)
    assert max(slots.values()) == 1  # no mesa twice at the same time
    per_round = Counter((m.round, m.team_a_id) for m in matches) + Counter(
        (m.round, m.team_b_id) for m in matches
    )
    assert max(per_round.values()) == 1
    local = [timezone.localtime(r.starts_at).time() for r in rounds]
    # 7 jogos per rodada on 4 mesas: two turnos of an hour each; lunch 12:00–13:30.
    assert local == [time(9), time(11), time(14, 30)]  # rodada 2: turnos at 11:00 and 13:30
    assert timezone.localtime(rounds[0].deadline).time() == time(11)
    ScoreSheet.objects.create(match=matches[0], version=1, result={"games": []})
    with pytest.raises(ServiceError, match="súmulas"):
        _schedule(tournament)
    with pytest.raises(ServiceError, match="rodada 1 já começou"):
        group_swap(
            stage=tournament.stages.get(),
            team_a=matches[0].team_a,
            team_b=matches[-1].team_a,
            reason="x",
            user=organizer,
        )


def test_swap_before_results(tournament: Tournament, register: Register, organizer: User) -> None:
    register(8)
    groups_draw(tournament=tournament, user=organizer, sizes=[4, 4], seed="s")
    _schedule(tournament, double=True)
    stage = tournament.stages.get()
    a = GroupTeam.objects.filter(group__name="A").first().team  # type: ignore[union-attr]
    b = GroupTeam.objects.filter(group__name="B").first().team  # type: ignore[union-attr]
    with pytest.raises(ServiceError):
        group_swap(stage=stage, team_a=a, team_b=b, reason=" ", user=organizer)
    group_swap(stage=stage, team_a=a, team_b=b, reason="mesmo CTG", user=organizer)
    assert GroupTeam.objects.get(team=a).group.name == "B"
    assert not Match.objects.filter(group__name="A", team_a=a).exists()
    assert (
        Match.objects.filter(group__name="B").filter(team_a=a).count()
        + Match.objects.filter(group__name="B", team_b=a).count()
        == 6
    )
    assert GroupSwap.objects.get().reason == "mesmo CTG"
