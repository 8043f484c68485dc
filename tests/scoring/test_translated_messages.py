"""Counts said in agreement (one súmula, two súmulas; one attempt left, two left) and the
organizer's messages in the language of the switch: pt-BR by default, English by cookie."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils.translation import override

from scoring.services.errors import PinRefused
from scoring.services.pins import pin_verify, pins_generate
from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_save
from tests.scoring.conftest import World, win_a
from tests.scoring.test_views import client_for
from tournaments.models import Match

pytestmark = pytest.mark.django_db


def _signed(w: World, table: str) -> Match:
    m = w.match(1, table)
    sheet = sheet_save(match=m, user=w.organizer, data=win_a(m), base_version=0, submit=True)
    for side in (m.team_a, m.team_b):
        sheet = sheet_sign(match=m, user=w.organizer, team=side, version=sheet.version)
    return m


def _bulk_page(w: World, selected: list[str], lang: str | None) -> str:
    c = client_for(w.organizer)
    if lang is not None:
        c.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    url = reverse("scoring:bulk_homologate", args=[w.tournament.slug])
    response = c.post(url, {"sumula": selected, "filtros": "rodada=1"})
    assert response.status_code == 303
    return c.get(response["Location"]).content.decode()


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        (None, "1 súmula homologada: Jogo", "2 súmulas homologadas: Jogo"),
        ("en", "1 súmula homologated: Jogo", "2 súmulas homologated: Jogo"),
    ],
)
def test_bulk_homologation_says_the_count_in_agreement(
    world: World, lang: str | None, one: str, two: str
) -> None:
    first = _signed(world, "1")
    page = _bulk_page(world, [f"{first.pk}:1"], lang)
    assert one in page and "(s)" not in page
    second, third = world.match(2, "1"), world.match(2, "2")
    for m in (second, third):
        sheet = sheet_save(match=m, user=world.organizer, data=win_a(m), base_version=0, submit=True)
        for side in (m.team_a, m.team_b):
            sheet_sign(match=m, user=world.organizer, team=side, version=sheet.version)
    page = _bulk_page(world, [f"{second.pk}:1", f"{third.pk}:1"], lang)
    assert two in page


def test_an_english_request_reads_the_flash_and_the_service_refusal_in_english(world: World) -> None:
    ok = _signed(world, "1")
    unsigned = world.match(1, "2")
    sheet_save(match=unsigned, user=world.organizer, data=win_a(unsigned), base_version=0, submit=True)
    page = _bulk_page(world, [f"{ok.pk}:1", f"{unsigned.pk}:1"], "en")
    # The flash of the view and the WorkflowError the service raised, both in English.
    assert f"1 súmula homologated: Jogo {ok.team_a.name} × {ok.team_b.name} (mesa 1, rodada 1)." in page
    assert (
        f"Not homologated — Jogo {unsigned.team_a.name} × {unsigned.team_b.name} (mesa 2, rodada 1)" in page
    )
    assert "The capatazes&#x27; signatures are missing." in page
    assert "súmula homologada" not in page and "Não homologada" not in page and "Faltam" not in page
    # The same request without the cookie stays pt-BR.
    pt = _bulk_page(world, [f"{unsigned.pk}:1"], None)
    assert "Faltam as assinaturas dos capatazes." in pt


@pytest.mark.parametrize(
    ("lang", "two_left", "one_left"),
    [
        ("pt-br", "restam 2 tentativas.", "resta 1 tentativa."),
        ("en", "2 attempts left.", "1 attempt left."),
    ],
)
def test_wrong_pins_count_the_attempts_left_in_agreement(
    world: World, lang: str, two_left: str, one_left: str
) -> None:
    m = world.match(1, "1")
    team = m.team_a
    pins_generate(tournament=world.tournament, user=world.organizer, teams=[team])
    said = []
    with override(lang):
        for _attempt in range(4):  # 5 attempts: 4, 3, 2 and 1 left
            with pytest.raises(PinRefused) as refused:
                pin_verify(team=team, pin="x")
            said.append(refused.value.message)
    assert said[2].endswith(two_left) and said[3].endswith(one_left)
    assert all("(s)" not in text for text in said)
