"""Súmula workflow services: every transition, refusal and consequence."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from scoring.models import ScoreSheet, SheetEvent, Signature
from scoring.selectors import expelled_teams, history, sheet_view
from scoring.services.entry import EntryData
from scoring.services.errors import EntryInvalid, NotAllowed, StaleEdit, WorkflowError
from scoring.services.signing import sheet_sign
from scoring.services.workflow import Origin, sheet_check, sheet_homologate, sheet_revert, sheet_save
from tests.scoring.conftest import World, entry, win_a

Status = ScoreSheet.Status
pytestmark = pytest.mark.django_db


def submit_and_sign(w: World, m, data=None, user=None):  # type: ignore[no-untyped-def]
    user = user or w.judge
    sheet = sheet_save(match=m, user=user, data=data or win_a(m), base_version=0, submit=True)
    sheet_sign(match=m, user=user, team=m.team_a, version=sheet.version)
    sheet_sign(match=m, user=user, team=m.team_b, version=sheet.version)
    sheet.refresh_from_db()
    return sheet


def test_full_workflow_draft_submit_sign_homologate(world: World) -> None:
    m = world.match(1, "1")
    origin = Origin(ip="10.0.0.7", user_agent="Celular")
    draft = sheet_save(match=m, user=world.judge, data=entry(m, [[24, 13]]), base_version=0, submit=False)
    assert (draft.version, draft.status, draft.confirmed) == (1, Status.DRAFT, False)
    sheet = sheet_save(match=m, user=world.judge, data=win_a(m), base_version=1, submit=True, origin=origin)
    draft.refresh_from_db()
    assert draft.status == Status.SUPERSEDED
    assert (sheet.version, sheet.status, sheet.confirmed) == (2, Status.SUBMITTED, True)
    assert sheet.entered_ip == "10.0.0.7" and sheet.user_agent == "Celular" and sheet.based_on == 1
    assert sheet.lineups["a"] == [sorted(p.pk for p in m.team_a.players.filter(is_reserve=False))] * 2
    sheet_sign(match=m, user=world.judge, team=m.team_a, version=2)
    sheet.refresh_from_db()
    assert sheet.status == Status.SUBMITTED
    sheet_sign(match=m, user=world.judge, team=m.team_b, version=2)
    sheet.refresh_from_db()
    assert sheet.status == Status.SIGNED
    sheet_homologate(match=m, user=world.organizer, version=2)
    sheet.refresh_from_db()
    assert sheet.status == Status.HOMOLOGATED and sheet.confirmed
    kinds = list(SheetEvent.objects.filter(match=m).values_list("kind", flat=True))
    assert kinds == ["draft_saved", "submitted", "confirmed", "signed", "signed", "homologated"]
    assert sheet_view(m).state == "homologated"


def test_invalid_submission_writes_nothing(world: World) -> None:
    m = world.match(1, "1")
    with pytest.raises(EntryInvalid) as err:
        sheet_save(
            match=m, user=world.judge, data=entry(m, [[24, 13], [20, 22]]), base_version=0, submit=True
        )
    assert any(p.game == 2 for p in err.value.problems)
    assert all(p.message for p in err.value.problems)
    assert not ScoreSheet.objects.filter(match=m).exists()
    assert not SheetEvent.objects.filter(match=m).exists()


def test_score_above_target_needs_the_explicit_clamp(world: World) -> None:
    m = world.match(1, "1")
    data = entry(m, [[25, 13], [24, 20]])
    with pytest.raises(EntryInvalid) as err:
        sheet_save(match=m, user=world.judge, data=data, base_version=0, submit=True)
    assert err.value.fixable
    clamped = EntryData(result=data.result, clamp=True)
    sheet = sheet_save(match=m, user=world.judge, data=clamped, base_version=0, submit=True)
    assert sheet.result["games"][0] == [24, 13] and sheet.normalizations


def test_stale_edit_is_refused_with_the_changes(world: World) -> None:
    m = world.match(1, "1")
    sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=True)
    with pytest.raises(StaleEdit) as err:
        sheet_save(
            match=m, user=world.judge2, data=entry(m, [[13, 24], [20, 24]]), base_version=0, submit=True
        )
    assert "juiz" in err.value.message and err.value.current.version == 1
    assert any(c.field == "Partida 1 — tentos" and c.after == "24–13" for c in err.value.changes)
    assert ScoreSheet.objects.filter(match=m).count() == 1


def test_correction_supersedes_and_moves_the_confirmation(world: World) -> None:
    m = world.match(1, "1")
    first = submit_and_sign(world, m)
    second = sheet_save(
        match=m, user=world.judge, data=entry(m, [[24, 0], [24, 1]]), base_version=1, submit=True
    )
    first.refresh_from_db()
    assert (first.status, first.confirmed) == (Status.SUPERSEDED, False)
    assert (second.status, second.confirmed) == (Status.SUBMITTED, True)  # signatures again
    assert ScoreSheet.objects.filter(match=m, confirmed=True).count() == 1


def test_no_draft_after_submission_and_no_edit_after_homologation(world: World) -> None:
    m = world.match(1, "1")
    submit_and_sign(world, m)
    with pytest.raises(WorkflowError):
        sheet_save(match=m, user=world.judge, data=win_a(m), base_version=1, submit=False)
    sheet_homologate(match=m, user=world.organizer, version=1)
    with pytest.raises(WorkflowError, match="homologada"):
        sheet_save(match=m, user=world.organizer, data=win_a(m), base_version=1, submit=True)


def test_homologation_needs_signatures_and_organizer(world: World) -> None:
    m = world.match(1, "1")
    sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=True)
    with pytest.raises(WorkflowError, match="assinaturas"):
        sheet_homologate(match=m, user=world.organizer, version=1)
    sheet_sign(match=m, user=world.judge, team=m.team_a, version=1)
    sheet_sign(match=m, user=world.judge, team=m.team_b, version=1)
    for who in (world.judge, world.free_judge, world.stranger, AnonymousUser()):
        with pytest.raises(NotAllowed):
            sheet_homologate(match=m, user=who, version=1)
    sheet_homologate(match=m, user=world.organizer, version=1)
    with pytest.raises(WorkflowError):
        sheet_homologate(match=m, user=world.organizer, version=1)


def test_signing_rules(world: World) -> None:
    m = world.match(1, "1")
    with pytest.raises(WorkflowError):
        sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=False) and sheet_sign(
            match=m, user=world.judge, team=m.team_a, version=1
        )
    sheet_sign_draft = ScoreSheet.objects.get(match=m)
    assert sheet_sign_draft.status == Status.DRAFT
    other_team = world.match(1, "2").team_a
    sheet = sheet_save(match=m, user=world.judge, data=win_a(m), base_version=1, submit=True)
    with pytest.raises(WorkflowError):
        sheet_sign(match=m, user=world.judge, team=other_team, version=sheet.version)
    with pytest.raises(StaleEdit):
        sheet_sign(match=m, user=world.judge, team=m.team_a, version=1)
    sheet_sign(match=m, user=world.judge, team=m.team_a, version=2)
    with pytest.raises(WorkflowError, match="já assinou"):
        sheet_sign(match=m, user=world.judge, team=m.team_a, version=2)
    assert Signature.objects.filter(sheet=sheet).count() == 1


def test_judge_permissions_follow_mesas_and_tournaments(world: World) -> None:
    mesa1, mesa2 = world.match(1, "1"), world.match(1, "2")
    with pytest.raises(NotAllowed):
        sheet_save(match=mesa2, user=world.judge, data=win_a(mesa2), base_version=0, submit=True)
    for who in (world.stranger, AnonymousUser()):
        with pytest.raises(NotAllowed):
            sheet_save(match=mesa1, user=who, data=win_a(mesa1), base_version=0, submit=True)
    sheet_save(match=mesa2, user=world.free_judge, data=win_a(mesa2), base_version=0, submit=True)
    sheet_save(match=mesa1, user=world.organizer, data=win_a(mesa1), base_version=0, submit=True)
    assert ScoreSheet.objects.filter(match__in=[mesa1, mesa2]).count() == 2


def test_double_entry_blind_check(world: World) -> None:
    world.double_entry()
    m = world.match(1, "1")
    sheet = sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=True)
    assert (sheet.status, sheet.confirmed) == (Status.SUBMITTED, False)
    assert sheet_view(m).state == "awaiting_check"
    with pytest.raises(NotAllowed, match="Quem lançou"):
        sheet_check(match=m, user=world.judge, data=win_a(m), version=1)
    outcome = sheet_check(match=m, user=world.judge2, data=entry(m, [[24, 13], [24, 21]]), version=1)
    assert not outcome.confirmed
    assert [(c.field, c.before, c.after) for c in outcome.changes] == [
        ("Partida 2 — tentos", "24–20", "24–21")
    ]
    assert SheetEvent.objects.filter(match=m, kind="check_mismatch").exists()
    sheet.refresh_from_db()
    assert not sheet.confirmed
    outcome = sheet_check(match=m, user=world.judge2, data=win_a(m), version=1)
    sheet.refresh_from_db()
    assert outcome.confirmed and sheet.confirmed and sheet.confirmed_by == world.judge2
    with pytest.raises(WorkflowError):
        sheet_check(match=m, user=world.organizer, data=win_a(m), version=1)


def test_double_entry_homologation_waits_for_check(world: World) -> None:
    world.double_entry()
    m = world.match(1, "1")
    submit_and_sign(world, m)
    with pytest.raises(WorkflowError, match="conferência"):
        sheet_homologate(match=m, user=world.organizer, version=1)
    sheet_check(match=m, user=world.organizer, data=win_a(m), version=1)
    sheet_homologate(match=m, user=world.organizer, version=1)


def test_walkover_expels_and_revert_undoes_it(world: World) -> None:
    m = world.match(1, "1")
    sheet = sheet_save(match=m, user=world.judge, data=entry(m, walkover="t2"), base_version=0, submit=True)
    assert sheet.lineups == {}
    with pytest.raises(WorkflowError, match="ausente"):
        sheet_sign(match=m, user=world.judge, team=m.team_b, version=1)
    sheet_sign(match=m, user=world.judge, team=m.team_a, version=1)
    sheet.refresh_from_db()
    assert sheet.status == Status.SIGNED  # only the present side signs a W.O.
    assert expelled_teams(world.tournament) == set()
    sheet_homologate(match=m, user=world.organizer, version=1)
    assert expelled_teams(world.tournament) == {"t2"}
    event = SheetEvent.objects.get(match=m, kind="homologated")
    assert "desclassificada do torneio" in event.details["consequences"][0]
    with pytest.raises(WorkflowError, match="motivo"):
        sheet_revert(match=m, user=world.organizer, version=1, reason="  ")
    with pytest.raises(NotAllowed):
        sheet_revert(match=m, user=world.judge, version=1, reason="erro")
    sheet_revert(match=m, user=world.organizer, version=1, reason="O trio chegou; foi engano da mesa.")
    sheet.refresh_from_db()
    assert sheet.status == Status.SIGNED and sheet.confirmed
    assert expelled_teams(world.tournament) == set()
    reverted = SheetEvent.objects.get(match=m, kind="reverted")
    assert reverted.reason.startswith("O trio chegou") and reverted.details["undone"]


def test_disqualification_scopes(world: World) -> None:
    m1 = world.match(1, "1")
    dq1 = {"team": "t2", "article": "20-II", "scope": "tournament"}
    submit_and_sign(world, m1, entry(m1, [[24, 21], [6, 15]], disqualified=dq1))
    sheet_homologate(match=m1, user=world.organizer, version=1)
    assert expelled_teams(world.tournament) == {"t2"}
    m2 = world.match(1, "2")
    dq2 = {"team": "t4", "article": "20-VIII", "scope": "match"}
    submit_and_sign(world, m2, entry(m2, [], disqualified=dq2), user=world.organizer)
    sheet_homologate(match=m2, user=world.organizer, version=1)
    assert expelled_teams(world.tournament) == {"t2"}  # §2º costs only that jogo


def test_article_scope_mismatch_is_the_engines_message(world: World) -> None:
    m = world.match(1, "1")
    dq = {"team": "t2", "article": "20-VIII", "scope": "tournament"}
    with pytest.raises(EntryInvalid) as err:
        sheet_save(match=m, user=world.judge, data=entry(m, [], disqualified=dq), base_version=0, submit=True)
    assert any("VIII" in p.message for p in err.value.problems)


def test_history_shows_field_differences(world: World) -> None:
    m = world.match(1, "1")
    submit_and_sign(world, m)
    sheet_save(match=m, user=world.judge, data=entry(m, [[24, 0], [24, 20]]), base_version=1, submit=True)
    h = history(m)
    assert [e.sheet.version for e in h.entries] == [2, 1]
    assert [(c.field, c.before, c.after) for c in h.entries[0].changes] == [
        ("Partida 1 — tentos", "24–13", "24–0")
    ]
    assert len(h.events) == 6
