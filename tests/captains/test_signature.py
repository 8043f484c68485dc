"""The PIN signature from the capataz's phone: the judge's PIN signature (same service,
same lockout), which the judge's súmula page then shows."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring.models import SheetEvent, Signature, TeamPin
from tests.captains.conftest import Captain, submit

pytestmark = pytest.mark.django_db


def _sign(c: Captain, pin: str, version: int = 1) -> object:
    return Client().post(c.url + "assinar/", {"version": version, "pin": pin})


def test_no_form_before_the_sheet_is_sent(captain: Captain) -> None:
    text = Client().get(captain.url).content.decode()
    assert 'id="assinatura"' not in text
    response = _sign(captain, captain.pin)
    assert response.status_code == 409 and not Signature.objects.exists()  # type: ignore[attr-defined]


def test_the_right_pin_signs_and_the_judges_page_shows_it(captain: Captain) -> None:
    sheet = submit(captain)
    page = Client().get(captain.url).content.decode()
    card = page.split('id="assinatura"')[1].split("</section>")[0]
    assert "2–0" in card and 'name="pin"' in card
    response = _sign(captain, captain.pin, sheet.version)
    assert response.status_code == 303  # type: ignore[attr-defined]
    signature = Signature.objects.get(sheet=sheet)
    assert signature.team == captain.team and signature.method == Signature.Method.PIN
    assert signature.recorded_by is None
    event = SheetEvent.objects.get(kind=SheetEvent.Kind.SIGNED)
    assert event.details["via"] == "capataz" and event.details["method"] == "pin"
    assert "já assinou" in Client().get(captain.url).content.decode()
    m = captain.match
    judge_page = captain.judge().get(f"/juiz/{captain.world.tournament.slug}/jogo/{m.pk}/").content.decode()
    side = "a" if m.team_a_id == captain.team.pk else "b"
    card = judge_page.split(f'id="sign-{side}"')[1].split("</div>")[0]
    assert "✓" in card and "PIN da equipe" in card


def test_a_wrong_pin_is_refused_and_locks_as_on_the_judges_phone(captain: Captain) -> None:
    sheet = submit(captain)
    wrong = "0000" if captain.pin != "0000" else "1111"
    first = _sign(captain, wrong, sheet.version)
    assert first.status_code == 403  # type: ignore[attr-defined]
    assert "PIN errado" in first.content.decode() and "restam 4" in first.content.decode()  # type: ignore[attr-defined]
    for _ in range(TeamPin.MAX_ATTEMPTS - 1):
        last = _sign(captain, wrong, sheet.version)
    assert "bloqueado" in last.content.decode()  # type: ignore[attr-defined]
    locked = _sign(captain, captain.pin, sheet.version)  # the right PIN, but locked
    assert locked.status_code == 403 and "bloqueado" in locked.content.decode()  # type: ignore[attr-defined]
    assert not Signature.objects.exists()
    assert TeamPin.objects.get(team=captain.team).locked_until is not None
