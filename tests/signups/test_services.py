"""The inscrições online's services: capacity, waitlist in arrival order, promotion when
one is refused or withdraws, the closing time, duplicates flagged, approval and audit."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from audit.models import AuditEntry
from signups import links
from signups.links import signup_find
from signups.models import Signup
from signups.review import contact_erase, places_fill, signup_approve, signup_refuse, signups_approve_many
from signups.selectors import public_summary, review_rows
from signups.services import signup_register, signup_withdraw
from tests.signups.conftest import open_signups, trio
from tournaments.models import Team, Tournament
from tournaments.services import ServiceError
from tournaments.services.closing import registration_close, team_delete
from tournaments.services.registration import team_register

S = Signup.Status
pytestmark = pytest.mark.django_db


def states(t: Tournament) -> list[tuple[int, str]]:
    return list(Signup.objects.filter(tournament=t).order_by("number").values_list("number", "status"))


def test_first_come_first_served_then_the_waitlist(
    sign_up: Callable[..., Signup], opened: Tournament
) -> None:
    for i in range(6):
        sign_up(f"Trio {i}")
    assert states(opened) == [(1, S.PENDING), (2, S.PENDING), (3, S.PENDING), (4, S.PENDING)] + [
        (5, S.WAITLIST),
        (6, S.WAITLIST),
    ]
    summary = public_summary(opened)
    assert (summary.taken, summary.capacity, summary.waiting) == (4, 4, 2)


def test_teams_the_organizer_typed_take_places(opened: Tournament, sign_up: Callable[..., Signup]) -> None:
    for name in ("Digitada A", "Digitada B", "Digitada C"):
        team_register(tournament=opened, data=trio(name))
    assert sign_up("Trio 1").status == S.PENDING
    assert sign_up("Trio 2").status == S.WAITLIST


def test_a_refusal_promotes_the_first_of_the_waitlist_in_order(
    sign_up: Callable[..., Signup], opened: Tournament, organizer: User
) -> None:
    made = [sign_up(f"Trio {i}") for i in range(7)]
    promoted = signup_refuse(signup=made[1], user=organizer, reason="Equipe incompleta")
    assert [p.number for p in promoted] == [5]
    signup_refuse(signup=made[0], user=organizer, reason="Inscrita duas vezes")
    assert states(opened)[:7] == [
        (1, S.REFUSED),
        (2, S.REFUSED),
        (3, S.PENDING),
        (4, S.PENDING),
        (5, S.PENDING),
        (6, S.PENDING),
        (7, S.WAITLIST),
    ]
    made[1].refresh_from_db()
    assert made[1].reason == "Equipe incompleta"
    promotions = AuditEntry.objects.filter(summary__contains="saiu da lista de espera")
    assert promotions.count() == 2


def test_a_refusal_needs_a_reason(sign_up: Callable[..., Signup], organizer: User) -> None:
    signup = sign_up("Trio 1")
    with pytest.raises(ServiceError) as exc:
        signup_refuse(signup=signup, user=organizer, reason="   ")
    assert "Motivo" in exc.value.errors["reason"][0]
    signup.refresh_from_db()
    assert signup.status == S.PENDING


def test_a_withdrawal_promotes_too(sign_up: Callable[..., Signup], opened: Tournament) -> None:
    made = [sign_up(f"Trio {i}") for i in range(5)]
    signup_withdraw(signup=made[2])
    assert dict(states(opened))[5] == S.PENDING
    with pytest.raises(ServiceError):
        signup_withdraw(signup=made[2])


def test_more_places_promote_and_a_deleted_team_frees_one(
    sign_up: Callable[..., Signup], opened: Tournament, organizer: User
) -> None:
    made = [sign_up(f"Trio {i}") for i in range(6)]
    open_signups(opened, capacity=5)
    assert dict(states(opened))[5] == S.PENDING
    team = signup_approve(signup=made[0], user=organizer)
    team_delete(team=team)
    assert places_fill(tournament=opened)[0].number == 6


def test_the_form_closes_by_itself_at_its_time(opened: Tournament) -> None:
    open_signups(opened, closes_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(ServiceError) as exc:
        signup_register(tournament=opened, data=trio("Atrasados"), phone="51 99999 0000")
    assert "encerraram em" in exc.value.messages[0]
    assert not Signup.objects.exists()
    assert not public_summary(opened).open


def test_off_by_default_and_closed_with_the_tournaments_inscricoes(tournament: Tournament) -> None:
    with pytest.raises(ServiceError, match="não estão abertas"):
        signup_register(tournament=tournament, data=trio("Cedo"), phone="51 99999 0000")
    open_signups(tournament)
    registration_close(tournament=tournament)
    with pytest.raises(ServiceError, match="encerradas pela comissão"):
        signup_register(tournament=tournament, data=trio("Tarde"), phone="51 99999 0000")
    assert not Signup.objects.exists()


def test_the_roster_is_checked_as_the_organizers_form_does(opened: Tournament) -> None:
    team_register(tournament=opened, data=trio("Os Taura"))
    bad = trio("os  TAURA")
    bad.players = bad.players[:2]
    with pytest.raises(ServiceError) as exc:
        signup_register(tournament=opened, data=bad, phone="51 99999 0000")
    assert "Já existe uma equipe «Os Taura»" in exc.value.errors["name"][0]
    assert "O trio precisa de exatamente 3 titulares; informados: 2." in exc.value.errors["players"]
    with pytest.raises(ServiceError) as exc:
        signup_register(tournament=opened, data=trio("Sem Contato"))
    assert "telefone ou um e-mail" in exc.value.errors["phone"][0]
    with pytest.raises(ServiceError) as exc:
        signup_register(tournament=opened, data=trio("Contato Ruim"), phone="abc", email="não é e-mail")
    assert set(exc.value.errors) == {"phone", "email"}
    assert not Signup.objects.exists()


def test_the_same_team_twice_is_refused(sign_up: Callable[..., Signup], opened: Tournament) -> None:
    sign_up("Os Taura")
    with pytest.raises(ServiceError) as exc:
        signup_register(tournament=opened, data=trio("OS TAURA"), phone="51 99999 0000")
    assert "Já existe uma inscrição «OS TAURA»" in exc.value.errors["name"][0]


def test_possible_duplicates_are_flagged_by_name_key(
    sign_up: Callable[..., Signup], opened: Tournament
) -> None:
    first = sign_up("Os Taura")
    other = trio("Outro Trio")
    other.players[1].name = "os taura  dois"  # also in the first inscrição
    signup_register(tournament=opened, data=other, phone="51 99999 0000")
    typed = trio("os taura")  # typed by the organizer since, with a player of «Outro Trio»
    typed.players[2].name = "Outro Trio Três"
    team_register(tournament=opened, data=typed)
    rows = {r.signup.name: r for r in review_rows(opened)}
    assert any("mesmo nome da equipe «os taura»" in d for d in rows["Os Taura"].duplicates)
    assert any("«Outro Trio Três» já joga na equipe «os taura»" in d for d in rows["Outro Trio"].duplicates)
    assert any("também está na inscrição nº 1" in d for d in rows["Outro Trio"].duplicates)
    # Approving it now is refused by the team service, with its words.
    with pytest.raises(ServiceError, match="Já existe uma equipe"):
        signup_approve(signup=first, user=None)


def test_approval_registers_the_team_with_its_roster(
    opened: Tournament, organizer: User, sign_up: Callable[..., Signup]
) -> None:
    signup, token = signup_register(
        tournament=opened, data=trio("Os Taura", reserve=True), email="Capataz@Example.org"
    )
    team = signup_approve(signup=signup, user=organizer)
    assert team.entity is not None and team.entity.name == "CTG Sentinela"
    roster = [(p.name, p.is_captain, p.is_reserve) for p in team.players.all()]
    assert roster[0] == ("Os Taura Capataz", True, False) and roster[-1] == ("Os Taura Reserva", False, True)
    signup.refresh_from_db()
    assert (signup.status, signup.team_id, signup.decided_by) == (S.APPROVED, team.pk, organizer)
    assert signup.email == "capataz@example.org"
    with pytest.raises(ServiceError, match="só uma inscrição pendente"):
        signup_approve(signup=signup, user=organizer)
    found = signup_find(token)
    assert found is not None and found.pk == signup.pk
    assert signup_find(token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    assert signup_find("x") is None
    assert token[8:] not in signup.secret_hash  # only the hash is kept


def test_approve_many_goes_on_past_a_refusal(
    sign_up: Callable[..., Signup], opened: Tournament, organizer: User
) -> None:
    made = [sign_up(f"Trio {i}") for i in range(5)]
    teams, problems = signups_approve_many(tournament=opened, ids=[s.pk for s in made], user=organizer)
    assert [t.name for t in teams] == ["Trio 0", "Trio 1", "Trio 2", "Trio 3"]
    assert len(problems) == 1 and "na espera" in problems[0]
    assert Team.objects.filter(tournament=opened).count() == 4


def test_every_decision_is_audited_without_the_contact(
    sign_up: Callable[..., Signup], opened: Tournament, organizer: User
) -> None:
    a, b = sign_up("Trio A"), sign_up("Trio B")
    signup_approve(signup=a, user=organizer)
    signup_refuse(signup=b, user=organizer, reason="Fora do prazo")
    assert contact_erase(signup=a, user=organizer)
    assert not contact_erase(signup=a, user=organizer)
    a.refresh_from_db()
    assert (a.phone, a.email) == ("", "") and a.contact_erased_at is not None
    entries = AuditEntry.objects.filter(tournament_id=opened.pk, model="signups.Signup").order_by("id")
    words = [e.summary for e in entries]
    assert any("recebida: inscrita (pendente)" in w for w in words)
    assert any("aprovou a inscrição nº 1" in w for w in words)
    assert any("recusou a inscrição nº 2" in w and "Fora do prazo" in w for w in words)
    assert any("apagou o contato da inscrição nº 1" in w for w in words)
    assert all(e.summaries.get("en") for e in entries)
    everything = str(list(AuditEntry.objects.values()))
    assert "99999" not in everything


def test_a_right_link_is_remembered_a_wrong_one_never(
    opened: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    signup, token = signup_register(tournament=opened, data=trio("Os Taura"), phone="51 99999 0000")
    checks: list[str] = []
    real = links.check_password

    def counted(secret: str, encoded: str) -> bool:
        checks.append(secret)
        return bool(real(secret, encoded))

    monkeypatch.setattr(links, "check_password", counted)
    assert signup_find(token) == signup and signup_find(token) == signup
    assert len(checks) == 1  # the second visit: from the cache
    wrong = token[:-1] + ("A" if token[-1] != "A" else "B")
    assert signup_find(wrong) is None and signup_find(wrong) is None
    assert len(checks) == 3
    Signup.objects.filter(pk=signup.pk).update(secret_hash="changed")
    assert signup_find(token) is None
