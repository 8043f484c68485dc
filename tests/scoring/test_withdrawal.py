"""After the first result: rules changed only with confirmation (contributions judged
again, the change audited), and «Retirar equipe» with its W.O. súmulas."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from audit.models import AuditEntry
from scoring.models import MatchContribution, ScoreSheet
from scoring.services.withdrawal import team_withdraw
from tests.scoring.conftest import World
from tournaments.models import Match, Team, TeamStatusChange
from tournaments.services import ServiceError
from tournaments.services.editing import Details, current_rules, tournament_update

pytestmark = pytest.mark.django_db


def details(world: World) -> Details:
    t = world.tournament
    return Details(name=t.name, event=t.event, stage_plan=t.stage_plan)


def games_won(world: World, match: Match) -> int:
    return MatchContribution.objects.get(match=match, team=match.team_a).games_won


def test_rules_after_the_first_result_need_confirmation_and_recompute(world: World) -> None:
    match, _sheet = world.signed()  # A wins 2 a 0: with the sweep credit, 3 partidas
    assert games_won(world, match) == 3
    no_sweep = {**current_rules(world.tournament), "sweep_bonus": False}
    with pytest.raises(ServiceError) as exc:
        tournament_update(tournament=world.tournament, details=details(world), rules=no_sweep)
    assert "marque a confirmação" in exc.value.errors["confirm"][0]
    world.tournament.refresh_from_db()
    assert world.tournament.settings == {} and games_won(world, match) == 3
    outcome = tournament_update(
        tournament=world.tournament, details=details(world), rules=no_sweep, confirm=True
    )
    assert outcome.recomputed
    assert games_won(world, match) == 2  # judged again under the new rules
    # Details alone never need the confirmation.
    tournament_update(
        tournament=world.tournament,
        details=Details(
            name="Outro nome", event=world.tournament.event, stage_plan=world.tournament.stage_plan
        ),
        rules=current_rules(world.tournament),
    )


def test_the_confirmation_names_the_sumulas_that_would_stop_counting(world: World) -> None:
    match, _sheet = world.signed()  # 24-13, 24-20: no partida reaches 30
    to_30 = {**current_rules(world.tournament), "points_to_win": 30}
    with pytest.raises(ServiceError) as exc:
        tournament_update(tournament=world.tournament, details=details(world), rules=to_30)
    assert f"1 súmula deixa de valer: {match.team_a} × {match.team_b}." in exc.value.errors["confirm"][0]
    outcome = tournament_update(
        tournament=world.tournament, details=details(world), rules=to_30, confirm=True
    )
    assert outcome.stopped_counting == [f"{match.team_a} × {match.team_b}"]
    assert not MatchContribution.objects.filter(match=match, counts=True).exists()


def test_the_edit_page_after_a_result(client: Client, world: World) -> None:
    world.signed()
    t = world.tournament
    client.force_login(world.organizer)
    page = client.get(f"/t/{t.slug}/gestao/editar/").content.decode()
    assert "Já há súmulas enviadas" in page and "Confirmo a mudança das regras" in page
    rules = current_rules(t)
    data: dict[str, Any] = {
        "name": t.name,
        "event": t.event,
        "venue": t.venue,
        "date": t.date.isoformat() if t.date else "",
        "stage_plan": t.stage_plan,
        "is_public": "on",
        "points_to_win": 30,
        "best_of": rules["best_of"],
        "sweep_bonus": "sim",
        "max_reserves": rules["max_reserves"],
        "match_minutes": rules["match_minutes"] or "",
        "tiebreaker_1": "wins",
        "tiebreaker_2": "head_to_head",
    }
    response = client.post(f"/t/{t.slug}/gestao/editar/", data)
    assert response.status_code == 400 and "marque a confirmação" in response.content.decode()
    response = client.post(f"/t/{t.slug}/gestao/editar/", {**data, "confirm": "on"})
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.settings == {"points_to_win": 30, "tiebreakers": ["wins", "head_to_head"]}
    entry = AuditEntry.objects.filter(tournament_id=t.pk, model="tournaments.Tournament").first()
    assert entry is not None and entry.actor == world.organizer
    assert entry.before == {"settings": {}} and entry.after["settings"]["points_to_win"] == 30


def test_a_withdrawn_team_loses_its_remaining_jogos_by_wo(world: World) -> None:
    played, _ = world.signed(1, "1")  # t1 × t2, rodada 1, played
    t1 = played.team_a
    done = team_withdraw(team=t1, user=world.organizer, reason="O trio foi embora")
    t1.refresh_from_db()
    assert t1.status == Team.Status.WITHDRAWN
    assert TeamStatusChange.objects.get(team=t1).reason == "O trio foi embora"
    assert [m.round for m in done.walkovers] == [2, 3]
    for m in done.walkovers:
        sheet = ScoreSheet.objects.get(match=m)
        assert sheet.result == {"walkover": t1.key} and sheet.status == "submitted" and sheet.confirmed
        assert sheet.source == "desistência"
        opponent = m.team_b if m.team_a_id == t1.pk else m.team_a
        won = MatchContribution.objects.get(match=m, team=opponent)
        assert (won.wins, won.games_won, won.points_for) == (1, 3, 72)  # a clean 2–0 of the modality
    assert ScoreSheet.objects.filter(match=played).count() == 1  # its result stands
    # Run again: nothing left to write.
    assert team_withdraw(team=t1, user=world.organizer, reason="").walkovers == []


def test_withdrawal_needs_a_reason_and_a_drawn_team(world: World) -> None:
    t1 = Team.objects.get(tournament=world.tournament, key="t1")
    with pytest.raises(ServiceError, match="motivo"):
        team_withdraw(team=t1, user=world.organizer, reason=" ")
    loose = Team.objects.create(tournament=world.tournament, key="solto", name="Trio Solto")
    with pytest.raises(ServiceError, match="ainda não foi sorteada"):
        team_withdraw(team=loose, user=world.organizer, reason="x")
    assert not ScoreSheet.objects.exists()


def test_the_withdraw_page(client: Client, world: World) -> None:
    t1 = Team.objects.get(tournament=world.tournament, key="t1")
    page = f"/t/{world.tournament.slug}/gestao/equipes/{t1.pk}/retirar/"
    client.force_login(world.judge)
    assert client.get(page).status_code == 403
    assert client.post(page, {"confirm": "1", "reason": "x"}).status_code == 403
    client.force_login(world.organizer)
    body = client.get(page).content.decode()
    assert "Jogos que passam a W.O." in body and "Trio T2" in body
    assert client.post(page, {"reason": "saiu"}).status_code == 400  # no confirmation
    assert client.post(page, {"confirm": "1"}).status_code == 400  # no reason
    assert not ScoreSheet.objects.exists()
    response = client.post(page, {"confirm": "1", "reason": "saiu"})
    assert response.status_code == 302
    assert ScoreSheet.objects.filter(result={"walkover": "t1"}).count() == 3
