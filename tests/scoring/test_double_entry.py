"""Double entry as the organizer sees it: the setting on «Editar torneio», the two entries
on the súmula page and the list, and the comissão's decision between them."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.translation import override

from audit.models import AuditEntry
from scoring.models import MatchContribution, ScoreSheet, ScoringSettings, SheetEvent
from scoring.selectors import sheet_view
from scoring.selectors_review import Filters, review_rows
from scoring.services.double_entry import FIRST, SECOND, double_entry_resolve
from scoring.services.errors import NotAllowed, StaleDecision, WorkflowError
from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_check, sheet_homologate, sheet_save
from tests.scoring.conftest import PASSWORD, World, entry, win_a
from tests.scoring.sending import JSON, check_url, key
from tests.scoring.test_views import post_data
from tests.tournaments.test_editing import form_data
from tournaments.models import Match, Stage, Tournament

Status = ScoreSheet.Status
pytestmark = pytest.mark.django_db


def client_for(user: Any) -> Client:
    c = Client()
    assert c.login(username=user.username, password=PASSWORD)
    return c


def sent_and_signed(w: World, m: Match) -> ScoreSheet:
    """The judge's súmula (24–13, 24–20), signed by both capatazes at the mesa."""
    sheet = sheet_save(match=m, user=w.judge, data=win_a(m), base_version=0, submit=True)
    for team in (m.team_a, m.team_b):
        sheet_sign(match=m, user=w.judge, team=team, version=sheet.version)
    sheet.refresh_from_db()
    return sheet


def differing(w: World, m: Match, b2: int = 21) -> SheetEvent:
    """judge2 re-types partida 2 as 24–``b2``: the two entries differ."""
    outcome = sheet_check(match=m, user=w.judge2, data=entry(m, [[24, 13], [24, b2]]), version=1)
    assert not outcome.confirmed
    return SheetEvent.objects.filter(match=m, kind=SheetEvent.Kind.CHECK_MISMATCH).latest("id")


def history_url(w: World, m: Match) -> str:
    return reverse("scoring:history", args=[w.tournament.slug, m.pk])


def resolve_url(w: World, m: Match) -> str:
    return reverse("scoring:resolve_entries", args=[w.tournament.slug, m.pk])


# --- the service ------------------------------------------------------------------


def test_a_signed_sheet_waits_for_its_second_entry_and_a_mismatch_is_its_own_state(world: World) -> None:
    world.double_entry()
    m = world.match(1, "1")
    sheet = sent_and_signed(world, m)
    assert (sheet.status, sheet.confirmed) == (Status.SIGNED, False)
    assert sheet_view(m).state == "awaiting_check"  # signed, but not confirmed: not ready
    differing(world, m)
    assert sheet_view(m).state == "check_mismatch"
    with pytest.raises(WorkflowError, match="conferência"):
        sheet_homologate(match=m, user=world.organizer, version=1)


def test_the_organizer_accepts_the_first_entry(world: World) -> None:
    world.double_entry()
    m = world.match(1, "1")
    sent_and_signed(world, m)
    check = differing(world, m)
    counted = double_entry_resolve(
        match=m, user=world.organizer, version=1, check=check.pk, accept=FIRST, reason="Conferido no papel."
    )
    assert counted.version == 1 and counted.confirmed and counted.confirmed_by == world.organizer
    assert counted.status == Status.SIGNED  # the capatazes' signatures stay with it
    event = SheetEvent.objects.get(match=m, kind=SheetEvent.Kind.CHECK_RESOLVED)
    assert event.actor == world.organizer and event.reason == "Conferido no papel."
    assert event.details == {"version": 1, "accepted": "first", "check": check.pk, "counted": 1}
    assert sheet_view(m).state == "signed"
    sheet_homologate(match=m, user=world.organizer, version=1)
    assert MatchContribution.objects.get(match=m, side="b").points_for == 33  # 13 + 20


def test_the_organizer_accepts_the_second_entry_as_a_new_version(world: World) -> None:
    world.double_entry()
    m = world.match(1, "1")
    sent_and_signed(world, m)
    check = differing(world, m)
    counted = double_entry_resolve(match=m, user=world.organizer, version=1, check=check.pk, accept=SECOND)
    assert counted.version == 2 and counted.based_on == 1 and counted.confirmed
    assert counted.result["games"] == [[24, 13], [24, 21]] and counted.entered_by == world.judge2
    assert counted.status == Status.SUBMITTED and not counted.signatures.exists()
    assert ScoreSheet.objects.get(match=m, version=1).status == Status.SUPERSEDED
    assert MatchContribution.objects.get(match=m, side="b").points_for == 34  # 13 + 21: it counts
    with pytest.raises(WorkflowError, match="assinaturas"):
        sheet_homologate(match=m, user=world.organizer, version=2)  # signed again first
    for team in (m.team_a, m.team_b):
        sheet_sign(match=m, user=world.organizer, team=team, version=2)
    sheet_homologate(match=m, user=world.organizer, version=2)


def test_a_decision_on_a_stale_page_is_refused_and_writes_nothing(world: World) -> None:
    world.double_entry()
    m = world.match(1, "1")
    sent_and_signed(world, m)
    first_check = differing(world, m)
    newer = differing(world, m, b2=22)  # someone re-typed again after the page was loaded
    with pytest.raises(StaleDecision, match="outra segunda digitação") as refused:
        double_entry_resolve(match=m, user=world.organizer, version=1, check=first_check.pk, accept=FIRST)
    assert refused.value.status == 409
    # The judge corrects the súmula: a new version, waiting for its own second entry.
    data = entry(m, [[24, 13], [24, 22]])
    sheet_save(match=m, user=world.judge, data=data, base_version=1, submit=True)
    with pytest.raises(StaleDecision, match="versão 2"):
        double_entry_resolve(match=m, user=world.organizer, version=1, check=newer.pk, accept=SECOND)
    assert not SheetEvent.objects.filter(match=m, kind=SheetEvent.Kind.CHECK_RESOLVED).exists()
    assert not ScoreSheet.objects.filter(match=m, confirmed=True).exists()
    assert sheet_view(m).state == "awaiting_check"  # the correction has no mismatch yet


def test_only_the_comissao_decides_and_never_one_who_typed(world: World) -> None:
    world.double_entry()
    m = world.match(1, "1")
    sent_and_signed(world, m)
    check = differing(world, m)
    for judge in (world.judge, world.judge2, world.free_judge):
        with pytest.raises(NotAllowed, match="comissão organizadora"):
            double_entry_resolve(match=m, user=judge, version=1, check=check.pk, accept=FIRST)
    # An organizer who typed the first entry does not decide on it.
    m2 = world.match(2, "1")
    sheet_save(match=m2, user=world.organizer, data=win_a(m2), base_version=0, submit=True)
    sheet_check(match=m2, user=world.judge, data=entry(m2, [[24, 13], [24, 21]]), version=1)
    check2 = SheetEvent.objects.get(match=m2, kind=SheetEvent.Kind.CHECK_MISMATCH)
    with pytest.raises(NotAllowed, match="Você digitou"):
        double_entry_resolve(match=m2, user=world.organizer, version=1, check=check2.pk, accept=FIRST)
    assert not ScoreSheet.objects.filter(match__in=[m, m2], confirmed=True).exists()


def test_nothing_to_decide_without_a_differing_second_entry(world: World) -> None:
    world.double_entry()
    m = world.match(1, "1")
    sent_and_signed(world, m)
    with pytest.raises(WorkflowError, match="não divergiu"):
        double_entry_resolve(match=m, user=world.organizer, version=1, check=1, accept=FIRST)
    check = differing(world, m)
    with pytest.raises(WorkflowError, match="Escolha"):
        double_entry_resolve(match=m, user=world.organizer, version=1, check=check.pk, accept="both")


def test_knockout_only_confirms_chave_jogos_at_sending(world: World) -> None:
    ScoringSettings.objects.create(tournament=world.tournament, double_entry=True, knockout_only=True)
    m = world.match(1, "1")
    assert m.stage.kind == Stage.Kind.GROUPS
    assert sheet_save(match=m, user=world.judge, data=win_a(m), base_version=0, submit=True).confirmed
    Stage.objects.filter(pk=m.stage_id).update(kind=Stage.Kind.KNOCKOUT)
    m2 = world.match(2, "1")
    sheet = sheet_save(match=m2, user=world.judge, data=win_a(m2), base_version=0, submit=True)
    assert not sheet.confirmed and sheet_view(m2).state == "awaiting_check"


def test_the_list_filters_by_the_double_entry_states(world: World) -> None:
    world.double_entry()
    m1, m2 = world.match(1, "1"), world.match(2, "1")
    sent_and_signed(world, m1)
    differing(world, m1)
    sheet_save(match=m2, user=world.judge, data=win_a(m2), base_version=0, submit=True)

    def shown(estado: str) -> list[int]:
        return [r.match.pk for r in review_rows(world.tournament, Filters(estado=estado))]

    assert shown("digitacoes-diferentes") == [m1.pk]
    assert shown("segunda-digitacao") == [m2.pk]
    c = client_for(world.organizer)
    url = reverse("scoring:round", args=[world.tournament.slug])
    page = c.get(url).content.decode()
    assert "com digitações diferentes" in page and "aguardando 2ª digitação" in page
    assert "1 com digitações diferentes" in page and "1 aguardando 2ª digitação" in page
    filtered = c.get(url, {"estado": "digitacoes-diferentes"}).content.decode()
    assert history_url(world, m1) in filtered and history_url(world, m2) not in filtered


# --- the organizer's súmula page --------------------------------------------------


def test_the_page_shows_both_entries_where_they_differ_and_who_resolves(world: World) -> None:
    world.double_entry()
    m = world.match(1, "1")
    sent_and_signed(world, m)
    c = client_for(world.organizer)
    page = c.get(history_url(world, m)).content.decode()
    assert "Dupla digitação da versão 1" in page and "aguardando a segunda digitação" in page
    assert "juiz" in page and "2–0" in page and "24–13, 24–20" in page
    assert "Aceitar a 1ª digitação" not in page  # nothing to decide yet
    differing(world, m)
    page = c.get(history_url(world, m)).content.decode()
    assert "com digitações diferentes" in page and "Onde as digitações diferem" in page
    assert "Partida 2 — tentos" in page and "24–20" in page and "24–21" in page
    assert "juiz2" in page and "24–13, 24–21" in page
    assert "Quem resolve:" in page
    assert "Aceitar a 1ª digitação (juiz)" in page and "Aceitar a 2ª digitação (juiz2)" in page
    with override("en"):
        c.cookies["django_language"] = "en"
        english = c.get(history_url(world, m)).content.decode()
    assert "Where the two entries differ" in english and "Accept the 2nd entry (juiz2)" in english


def test_the_decision_through_the_page(world: World) -> None:
    world.double_entry()
    m = world.match(1, "1")
    sent_and_signed(world, m)
    check = differing(world, m)
    post = {"version": 1, "check": check.pk, "accept": "second", "reason": "Papel confere com a 2ª."}
    assert client_for(world.judge2).post(resolve_url(world, m), post).status_code == 403
    c = client_for(world.organizer)
    stale = c.post(resolve_url(world, m), {**post, "version": 2})
    assert stale.status_code == 409
    assert "nada foi decidido" in stale.content.decode()
    assert not ScoreSheet.objects.filter(match=m, confirmed=True).exists()
    assert c.post(resolve_url(world, m), {**post, "accept": "x"}).status_code == 400
    before = AuditEntry.objects.count()
    done = c.post(resolve_url(world, m), post)
    assert done.status_code == 303
    audited = AuditEntry.objects.order_by("-id")[: AuditEntry.objects.count() - before]
    assert any(e.actor == world.organizer and "scoring." in e.model for e in audited)
    assert ScoreSheet.objects.get(match=m, confirmed=True).version == 2
    page = c.get(history_url(world, m)).content.decode()
    assert "valeu a 2ª digitação, gravada como versão 2" in page and "Papel confere com a 2ª." in page
    assert "Onde as digitações diferem" in page  # the story stays on the page
    again = c.post(resolve_url(world, m), post)  # the same form sent twice
    assert again.status_code == 409 and ScoreSheet.objects.filter(match=m).count() == 2


def test_an_identical_second_entry_is_shown_as_the_confirmation(world: World) -> None:
    world.double_entry()
    m = world.match(1, "1")
    sent_and_signed(world, m)
    sheet_check(match=m, user=world.judge2, data=win_a(m), version=1)
    page = client_for(world.organizer).get(history_url(world, m)).content.decode()
    assert "Segunda digitação idêntica" in page and "juiz2" in page
    assert "Homologar a versão 1" in page


# --- the setting on «Editar torneio» ------------------------------------------------


def test_editar_torneio_turns_double_entry_on_and_off(world: World) -> None:
    t = world.tournament
    c = client_for(world.organizer)
    edit = f"/t/{t.slug}/gestao/editar/"
    page = c.get(edit).content.decode()
    assert "Dupla digitação" in page and 'value="nao" selected' in page
    assert c.post(edit, form_data(t, double_entry="todos")).status_code == 302
    assert ScoringSettings.objects.filter(tournament=t, double_entry=True, knockout_only=False).exists()
    audited = AuditEntry.objects.filter(tournament_id=t.pk, model="scoring.ScoringSettings")
    assert audited.exists() and audited.first().actor == world.organizer  # type: ignore[union-attr]
    m1 = world.match(1, "1")
    waiting = sheet_save(match=m1, user=world.judge, data=win_a(m1), base_version=0, submit=True)
    assert not waiting.confirmed
    assert 'value="todos" selected' in c.get(edit).content.decode()
    off = c.post(edit, form_data(t, double_entry="nao"), follow=True)
    assert "1 súmula já enviada segue o fluxo com que foi enviada" in off.content.decode()
    assert not ScoringSettings.objects.get(tournament=t).double_entry
    m2 = world.match(2, "1")
    assert sheet_save(match=m2, user=world.judge, data=win_a(m2), base_version=0, submit=True).confirmed
    assert sheet_view(m1).state == "awaiting_check"  # sent under double entry: still waits
    assert "ainda aguarda a confirmação pela dupla digitação" in c.get(edit).content.decode()


def test_editar_torneio_knockout_only_and_its_refusal_without_a_mata_mata(world: World) -> None:
    t = world.tournament
    assert t.stage_plan == Tournament.StagePlan.GROUPS  # «Somente chaves»: no mata-mata
    c = client_for(world.organizer)
    edit = f"/t/{t.slug}/gestao/editar/"
    refused = c.post(edit, form_data(t, double_entry="mata-mata"))
    assert refused.status_code == 400
    assert "Este torneio não tem mata-mata" in refused.content.decode()
    assert not ScoringSettings.objects.filter(tournament=t).exists()  # nothing written
    Tournament.objects.filter(pk=t.pk).update(stage_plan=Tournament.StagePlan.GROUPS_KNOCKOUT)
    t.refresh_from_db()
    assert c.post(edit, form_data(t, double_entry="mata-mata")).status_code == 302
    settings = ScoringSettings.objects.get(tournament=t)
    assert settings.double_entry and settings.knockout_only
    assert 'value="mata-mata" selected' in c.get(edit).content.decode()
    assert c.post(edit, form_data(t)).status_code == 302  # no choice sent: left as it is
    assert ScoringSettings.objects.get(tournament=t).knockout_only


def test_the_conferencia_offers_the_confirmation_of_a_score_above_the_target(world: World) -> None:
    """The second entry goes through the same checks: a score above the target is
    refused «somente com confirmação», the page shows the checkbox (and the phone's
    JSON says ``fixable``), and the confirmed re-entry matches the first."""
    world.double_entry()
    m = world.match(1, "1")
    sent_and_signed(world, m)
    c = client_for(world.judge2)
    above = post_data(m, version=1, g1_a="26", client_key=key())
    page = c.post(check_url(world, m), above)
    assert page.status_code == 422 and '<label class="check fix" data-clamp>' in page.content.decode()
    assert c.post(check_url(world, m), {**above, "client_key": key()}, **JSON).json()["fixable"] is True
    done = c.post(check_url(world, m), {**above, "clamp": "on", "client_key": key()}, **JSON)
    assert done.status_code == 200 and done.json()["ok"]
    assert sheet_view(m).state != "check_mismatch"
