"""The contestação: only during the jogo (Art. 20 §3º), text required and at most 1,000
characters, refused with a pt-BR message naming the field and nothing written; it
reaches the comissão's súmula page, is answered there, and is in the audit trail."""

from __future__ import annotations

import pytest
from django.test import Client

from audit.models import AuditEntry
from captains.models import Contest
from scoring.services.signing import sheet_sign
from tests.captains.conftest import Captain, submit

pytestmark = pytest.mark.django_db


def _contest(c: Captain, text: str) -> object:
    return Client().post(c.url + "contestar/", {"text": text})


def test_filed_during_the_jogo_reaches_the_comissao_and_the_audit(captain: Captain) -> None:
    text = Client().get(captain.url).content.decode()
    assert 'name="text"' in text.split('id="contestacoes"')[1]
    response = _contest(captain, "  O trio adversário trocou um jogador sem avisar o juiz.  ")
    assert response.status_code == 303  # type: ignore[attr-defined]
    contest = Contest.objects.get()
    assert contest.match == captain.match and contest.team == captain.team
    assert contest.text == "O trio adversário trocou um jogador sem avisar o juiz."
    entry = AuditEntry.objects.get(model="captains.Contest")
    assert entry.match_id == captain.match.pk and entry.actor is None and entry.where == "captains:contest"
    assert "contestação" in entry.summary and captain.team.name in entry.summary
    slug = captain.world.tournament.slug
    organizer = captain.organizer()
    page = organizer.get(f"/t/{slug}/sumulas/{captain.match.pk}/").content.decode()
    panel = page.split('id="contestacoes"')[1]
    assert "trocou um jogador" in panel and f'value="{contest.pk}"' in panel
    answered = organizer.post(
        f"/t/{slug}/sumulas/{captain.match.pk}/contestacoes/", {"contest": contest.pk, "answer": "Conferido."}
    )
    assert answered.status_code == 302
    contest.refresh_from_db()
    assert contest.answer == "Conferido." and contest.answered_by == captain.world.organizer
    assert AuditEntry.objects.filter(model="captains.Contest").count() == 2
    assert "Conferido." in Client().get(captain.url).content.decode()  # the capataz sees the answer
    trail = organizer.get(f"/t/{slug}/gestao/auditoria/").content.decode()
    assert "registrou uma contestação" in trail and "respondeu à contestação" in trail


@pytest.mark.parametrize("text", ["", "   ", "x" * 1001])
def test_empty_or_too_long_is_refused_naming_the_field(captain: Captain, text: str) -> None:
    response = _contest(captain, text)
    assert response.status_code == 400  # type: ignore[attr-defined]
    body = response.content.decode()  # type: ignore[attr-defined]
    assert "Contestação:" in body and ("obrigatório" in body or "1000 caracteres" in body)
    assert not Contest.objects.exists() and not AuditEntry.objects.filter(model="captains.Contest").exists()


def test_refused_after_the_jogo(captain: Captain) -> None:
    sheet = submit(captain)
    assert _contest(captain, "Ainda durante o jogo.").status_code == 303  # type: ignore[attr-defined]
    for side in (captain.match.team_a, captain.match.team_b):
        sheet = sheet_sign(match=captain.match, user=captain.world.judge, team=side, version=sheet.version)
    page = Client().get(captain.url).content.decode()
    assert 'name="text"' not in page.split('id="contestacoes"')[1].split("</section>")[0]
    response = _contest(captain, "Depois da assinatura.")
    assert response.status_code == 400  # type: ignore[attr-defined]
    assert "só durante o jogo" in response.content.decode()  # type: ignore[attr-defined]
    assert Contest.objects.count() == 1


def test_an_answer_needs_text_and_a_contest_of_this_jogo(captain: Captain) -> None:
    _contest(captain, "Reclamação.")
    contest = Contest.objects.get()
    slug = captain.world.tournament.slug
    organizer = captain.organizer()
    url = f"/t/{slug}/sumulas/{captain.match.pk}/contestacoes/"
    empty = organizer.post(url, {"contest": contest.pk, "answer": " "})
    assert empty.status_code == 400 and "Resposta:" in empty.content.decode()
    other = captain.world.match(1, "2")
    wrong = organizer.post(
        f"/t/{slug}/sumulas/{other.pk}/contestacoes/", {"contest": contest.pk, "answer": "x"}
    )
    assert wrong.status_code == 400
    contest.refresh_from_db()
    assert contest.answered_at is None
    assert captain.judge().post(url, {"contest": contest.pk, "answer": "x"}).status_code == 403
