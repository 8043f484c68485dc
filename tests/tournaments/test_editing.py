"""«Editar torneio», inscrições that close, teams deleted before the sorteio, a judge's
new password: each through its service and through its page."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.test import Client, RequestFactory

from audit.models import AuditEntry
from knockout.services.bracket import bracket_generate
from tests.tournaments.conftest import member, trio
from tournaments.models import Membership, Team, Tournament
from tournaments.revision import current
from tournaments.services import ServiceError
from tournaments.services.accounts import judge_password_new
from tournaments.services.closing import registration_close, registration_reopen, team_delete
from tournaments.services.draws import groups_draw
from tournaments.services.editing import Details, current_rules, tournament_update
from tournaments.services.importing import import_preview
from tournaments.services.registration import PlayerInput, TeamInput, team_register, teams_register_many
from tournaments.services.tournaments import tournament_create

pytestmark = pytest.mark.django_db
Register = Callable[..., list[Team]]


def url(t: Tournament, page: str = "") -> str:
    return f"/t/{t.slug}/gestao/{page}"


def form_data(t: Tournament, **changes: Any) -> dict[str, Any]:
    """The edit form as the page fills it in, with ``changes`` typed over it."""
    rules = current_rules(t)
    data: dict[str, Any] = {
        "name": t.name,
        "event": t.event,
        "venue": t.venue,
        "date": t.date.isoformat() if t.date else "",
        "end_date": "",
        "is_public": "on",
        "checkin_deadline": "",
        "table_count": t.table_count or "",
        "stage_plan": t.stage_plan,
        "points_to_win": rules["points_to_win"],
        "best_of": rules["best_of"],
        "sweep_bonus": "sim" if rules["sweep_bonus"] else "nao",
        "match_minutes": rules["match_minutes"] or "",
        "partida_minutes": rules["partida_minutes"] or "",
        "max_reserves": rules["max_reserves"],
    }
    for n, code in enumerate(rules["tiebreakers"], start=1):  # type: ignore[arg-type]
        data[f"tiebreaker_{n}"] = code
    data.update(changes)
    return data


# --- Editar torneio ---------------------------------------------------------------


def test_the_edit_page_shows_the_tiebreakers_by_their_names(client: Client, tournament: Tournament) -> None:
    client.force_login(tournament.memberships.get().user)
    page = client.get(url(tournament, "editar/")).content.decode()
    assert "1º critério" in page and "Confronto direto" in page and "Vitórias (V)" in page
    assert 'value="wins" selected' in page  # the current order, chosen in the list
    assert "Editar torneio" in client.get(url(tournament)).content.decode()  # linked from the dashboard


def test_details_change_at_any_time_audited_and_published(
    client: Client, tournament: Tournament, organizer: User
) -> None:
    client.force_login(organizer)
    before = current(tournament.pk)
    data = form_data(tournament, name="Rodeio da Querência 2026", venue="CTG Sentinela", table_count=12)
    data.update(date="2026-12-05", end_date="2026-12-06", checkin_deadline="2026-12-05T08:30")
    response = client.post(url(tournament, "editar/"), data)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.venue, tournament.table_count) == (
        "Rodeio da Querência 2026",
        "CTG Sentinela",
        12,
    )
    assert tournament.date == date(2026, 12, 5) and tournament.checkin_deadline is not None
    assert current(tournament.pk) > before
    entry = AuditEntry.objects.filter(tournament_id=tournament.pk, model="tournaments.Tournament").first()
    assert entry is not None and entry.actor == organizer and entry.after["venue"] == "CTG Sentinela"


def test_every_error_in_one_pass_and_nothing_written(
    client: Client, tournament: Tournament, organizer: User
) -> None:
    client.force_login(organizer)
    data = form_data(
        tournament,
        points_to_win=500,
        best_of=4,
        table_count=0,
        max_reserves="x",
        date="2026-12-06",
        end_date="2026-12-05",
        tiebreaker_2="wins",
    )
    response = client.post(url(tournament, "editar/"), data)
    assert response.status_code == 400
    page = response.content.decode()
    assert (
        "Tentos por partida: de 12 a 48 tentos no Truco Cego — trios (o padrão é 24); informado: 500." in page
    )
    assert "Número de mesas: de 1 a 500 mesas; informado: 0." in page
    assert "A data de término é anterior à data de início." in page
    assert "Cada critério de desempate aparece uma vez só." in page
    assert "max_reserves" in page and "Informe um número inteiro." in page
    assert "deve ser um inteiro ímpar ≥ 1 (informado: 4)" in page
    tournament.refresh_from_db()
    assert tournament.settings == {} and tournament.table_count is None


def test_a_target_out_of_range_is_refused_at_creation_too(client: Client, organizer: User) -> None:
    client.force_login(organizer)
    base = {"name": "Copa", "slug": "copa", "modality": "truco-paulista", "stage_plan": "groups"}
    response = client.post("/torneios/novo/", {**base, "points_to_win": 500})
    assert response.status_code == 200  # the create page re-renders its form
    assert "de 6 a 24 tentos no Truco Paulista" in response.content.decode()
    assert not Tournament.objects.filter(slug="copa").exists()


def test_rules_change_freely_before_the_first_result(tournament: Tournament) -> None:
    order = ["head_to_head", "wins", "games_won", "points_for", "lots"]
    outcome = tournament_update(
        tournament=tournament,
        details=Details(name=tournament.name, event=tournament.event, stage_plan=tournament.stage_plan),
        rules={**current_rules(tournament), "points_to_win": 30, "tiebreakers": order},
    )
    assert outcome.rules_changed and not outcome.recomputed
    tournament.refresh_from_db()
    assert tournament.settings == {"points_to_win": 30, "tiebreakers": order}
    assert [c.value for c in tournament.rules().tiebreakers] == order


def test_back_to_the_preset_value_clears_the_override(tournament: Tournament) -> None:
    tournament.settings = {"points_to_win": 30, "walkover_expels": False}
    tournament.save()
    details = Details(name=tournament.name, event=tournament.event, stage_plan=tournament.stage_plan)
    tournament_update(
        tournament=tournament, details=details, rules={**current_rules(tournament), "points_to_win": 24}
    )
    tournament.refresh_from_db()
    assert tournament.settings == {"walkover_expels": False}  # the page does not show it: kept


def test_fewer_reservas_than_a_team_has_is_refused(tournament: Tournament) -> None:
    team_register(tournament=tournament, data=trio("Trio Com Reserva", reserve=True))
    details = Details(name=tournament.name, event=tournament.event, stage_plan=tournament.stage_plan)
    with pytest.raises(ServiceError) as exc:
        tournament_update(
            tournament=tournament, details=details, rules={**current_rules(tournament), "max_reserves": 0}
        )
    assert exc.value.errors["max_reserves"] == [
        "Reservas por equipe: a equipe «Trio Com Reserva» já tem 1 reserva; informe pelo menos 1 "
        "ou corrija a equipe antes."
    ]


def test_the_format_is_fixed_once_drawn(tournament: Tournament, register: Register, organizer: User) -> None:
    register(4)
    groups_draw(tournament=tournament, user=organizer, sizes=[4])
    details = Details(name=tournament.name, event=tournament.event, stage_plan="groups_knockout")
    with pytest.raises(ServiceError) as exc:
        tournament_update(tournament=tournament, details=details, rules=current_rules(tournament))
    assert "o formato não pode mais mudar" in exc.value.errors["stage_plan"][0]


def test_only_organizers_edit(client: Client, tournament: Tournament) -> None:
    client.force_login(member(tournament, "juiz", "judge"))
    assert client.get(url(tournament, "editar/")).status_code == 403
    assert client.post(url(tournament, "editar/"), form_data(tournament, name="X")).status_code == 403
    assert Tournament.objects.get(pk=tournament.pk).name != "X"


# --- Inscrições abertas e encerradas -------------------------------------------------


def test_closed_registration_refuses_the_form_and_the_import(
    client: Client, tournament: Tournament, organizer: User
) -> None:
    client.force_login(organizer)
    assert "Inscrições abertas" in client.get(url(tournament)).content.decode()
    assert client.post(url(tournament, "inscricoes/"), {"action": "encerrar"}).status_code == 302
    page = client.get(url(tournament)).content.decode()
    assert "Inscrições encerradas" in page and "Reabrir inscrições" in page
    with pytest.raises(ServiceError, match="inscrições deste torneio estão encerradas"):
        team_register(tournament=tournament, data=trio("Trio Tardio"))
    with pytest.raises(ServiceError, match="encerradas"):
        teams_register_many(tournament=tournament, teams=[trio("Trio Tardio")])
    preview = import_preview(tournament=tournament, filename="a.csv", raw=b"equipe;jogador\nA;B\n")
    assert not preview.ok and "encerradas" in preview.errors[0][1]
    post = {
        "name": "Trio Tardio",
        "p-TOTAL_FORMS": "3",
        "p-INITIAL_FORMS": "0",
        "p-0-name": "Um",
        "p-0-is_captain": "on",
        "p-1-name": "Dois",
        "p-2-name": "Três",
    }
    assert "As inscrições estão encerradas" in client.get(url(tournament, "equipes/nova/")).content.decode()
    assert "As inscrições estão encerradas" in client.get(url(tournament, "equipes/")).content.decode()
    response = client.post(url(tournament, "equipes/nova/"), post)
    assert response.status_code == 400 and "encerradas" in response.content.decode()
    assert not Team.objects.filter(tournament=tournament).exists()
    client.post(url(tournament, "inscricoes/"), {"action": "reabrir"})
    assert client.post(url(tournament, "equipes/nova/"), post).status_code == 302


def test_the_draw_closes_registration(tournament: Tournament, register: Register, organizer: User) -> None:
    register(4)
    groups_draw(tournament=tournament, user=organizer, sizes=[4])
    tournament.refresh_from_db()
    assert tournament.registration_closed_at is not None
    assert registration_reopen(tournament=tournament) and not registration_reopen(tournament=tournament)
    assert registration_close(tournament=tournament) and not registration_close(tournament=tournament)


def test_closing_and_reopening_are_in_the_audit_trail(tournament: Tournament) -> None:
    registration_close(tournament=tournament)
    registration_reopen(tournament=tournament)
    summaries = AuditEntry.objects.filter(tournament_id=tournament.pk).values_list("summary", flat=True)
    assert list(summaries[:2]) == ["Inscrições reabertas", "Inscrições encerradas"]


def test_the_mata_mata_draw_closes_registration_too(organizer: User) -> None:
    copa = tournament_create(
        user=organizer, name="Copa Truco", slug="copa", modality="truco-goiano", stage_plan="knockout"
    )
    for name in ("Dupla A", "Dupla B", "Dupla C", "Dupla D"):
        players = [PlayerInput(f"{name} Um", True), PlayerInput(f"{name} Dois")]
        team_register(tournament=copa, data=TeamInput(name=name, players=players))
    bracket_generate(tournament=copa, user=organizer, source="teams")
    copa.refresh_from_db()
    assert copa.registration_closed_at is not None


def test_a_bad_registration_action_is_a_400(client: Client, tournament: Tournament) -> None:
    client.force_login(tournament.memberships.get().user)
    assert client.post(url(tournament, "inscricoes/"), {"action": "x"}).status_code == 400
    assert Tournament.objects.get(pk=tournament.pk).registration_closed_at is None


# --- Excluir equipe --------------------------------------------------------------------


def test_a_team_not_drawn_is_deleted_with_confirmation(
    client: Client, tournament: Tournament, register: Register, organizer: User
) -> None:
    team = register(1)[0]
    client.force_login(organizer)
    page = url(tournament, f"equipes/{team.pk}/excluir/")
    assert "Confirmo: excluir esta equipe" in client.get(page).content.decode()
    assert client.post(page, {}).status_code == 400
    assert Team.objects.filter(pk=team.pk).exists()
    assert client.post(page, {"confirm": "1"}).status_code == 302
    assert not Team.objects.filter(pk=team.pk).exists()
    assert AuditEntry.objects.filter(
        tournament_id=tournament.pk, action="delete", model="tournaments.Team"
    ).exists()


def test_a_drawn_team_is_not_deleted(
    client: Client, tournament: Tournament, register: Register, organizer: User
) -> None:
    teams = register(4)
    groups_draw(tournament=tournament, user=organizer, sizes=[4])
    with pytest.raises(ServiceError, match="Retirar equipe"):
        team_delete(team=teams[0])
    client.force_login(organizer)
    response = client.post(url(tournament, f"equipes/{teams[0].pk}/excluir/"), {"confirm": "1"})
    assert response.status_code == 409 and "já foi sorteada" in response.content.decode()
    assert Team.objects.filter(pk=teams[0].pk).exists()


def test_a_team_of_another_tournament_is_a_404(
    client: Client, tournament: Tournament, organizer: User
) -> None:
    other = Tournament.objects.create(name="Outro", slug="outro", modality="truco-cego-trio")
    team = team_register(tournament=other, data=trio("Trio Alheio"))
    client.force_login(organizer)
    assert client.post(url(tournament, f"equipes/{team.pk}/excluir/"), {"confirm": "1"}).status_code == 404


# --- Gerar nova senha ------------------------------------------------------------------


def locked(username: str) -> None:
    AccessAttempt.objects.create(
        username=username,
        ip_address="10.0.0.9",
        user_agent="x",
        failures_since_start=5,
        get_data="",
        post_data="",
    )


def test_an_organizer_gives_a_locked_out_judge_a_new_password(
    client: Client, tournament: Tournament, organizer: User
) -> None:
    judge = member(tournament, "juiz", "judge")
    locked("juiz")
    membership = Membership.objects.get(user=judge)
    client.force_login(organizer)
    assert "Gerar nova senha" in client.get(url(tournament, "organizacao/")).content.decode()
    response = client.post(url(tournament, f"organizacao/{membership.pk}/nova-senha/"))
    assert response.status_code == 200
    password = response.context["reset_password"]
    assert password in response.content.decode() and "não será mostrada de novo" in response.content.decode()
    request = RequestFactory().post("/entrar/")
    assert authenticate(request, username="juiz", password=password) == judge
    assert not AccessAttempt.objects.filter(username="juiz").exists()
    entry = AuditEntry.objects.get(
        tournament_id=tournament.pk, kind=AuditEntry.Kind.PEOPLE, model="auth.User"
    )
    assert entry.actor == organizer and "juiz" in entry.summary and password not in entry.summary
    # Shown once: the page reloaded shows no password.
    assert password not in client.get(url(tournament, "organizacao/")).content.decode()


def test_only_an_organizer_of_the_judges_tournament(client: Client, tournament: Tournament) -> None:
    judge = member(tournament, "juiz", "judge")
    membership = Membership.objects.get(user=judge)
    old_hash = judge.password
    other = Tournament.objects.create(name="Outro", slug="outro", modality="truco-paulista")
    client.force_login(member(other, "org2", "organizer"))
    assert client.post(url(tournament, f"organizacao/{membership.pk}/nova-senha/")).status_code == 403
    assert client.post(url(other, f"organizacao/{membership.pk}/nova-senha/")).status_code == 404
    client.force_login(member(tournament, "juiz2", "judge"))
    assert client.post(url(tournament, f"organizacao/{membership.pk}/nova-senha/")).status_code == 403
    judge.refresh_from_db()
    assert judge.password == old_hash


def test_no_new_password_for_an_organizer_or_an_admin(tournament: Tournament, organizer: User) -> None:
    own = Membership.objects.get(user=organizer)
    with pytest.raises(ServiceError, match="juiz deste torneio"):
        judge_password_new(tournament=tournament, membership=own, by=organizer)
    # An organizer elsewhere, made judge here, keeps their password to themselves.
    other = Tournament.objects.create(name="Outro", slug="outro", modality="truco-paulista")
    boss = member(other, "chefe", "organizer")
    as_judge = Membership.objects.create(tournament=tournament, user=boss, role="judge")
    with pytest.raises(ServiceError, match="também organiza"):
        judge_password_new(tournament=tournament, membership=as_judge, by=organizer)
    admin = User.objects.create_superuser("admin", password="x-Senha-Forte-1")
    as_judge = Membership.objects.create(tournament=tournament, user=admin, role="judge")
    with pytest.raises(ServiceError, match="administra o site"):
        judge_password_new(tournament=tournament, membership=as_judge, by=organizer)
