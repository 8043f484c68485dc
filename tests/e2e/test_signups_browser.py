"""Inscrições online in the browser: a capataz signs up on his phone (390×844) from the
tournament's public page and keeps the link shown once; a second trio arrives past the
places and waits; the organizer, on a desktop, refuses the first with a reason and the
waiting one takes the place; each capataz's link shows his state."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import Browser, BrowserContext, Page, expect

from signups.models import Signup
from signups.services import settings_save
from tests.e2e.conftest import DESKTOP
from tests.e2e.steps import PASSWORD, login
from tournaments.models import Tournament
from tournaments.services.organizers import organizer_mark
from tournaments.services.tournaments import tournament_create

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def sign_up(phone: Page, base: str, team: str) -> str:
    """Fill the public form from the tournament's page; the capataz's link it answers."""
    phone.goto(f"{base}/t/online/")
    phone.get_by_role("link", name="Inscrever equipe").click()
    phone.fill("#id_name", team)
    for i, who in enumerate(("Capataz", "Dois", "Três")):
        phone.fill(f"#id_titular_{i}", f"{team} {who}")
    phone.fill("#id_phone", "(51) 99999-0000")
    phone.click("form button.primary")
    expect(phone.locator("h1")).to_have_text("Inscrição recebida")
    box = phone.locator("input.capataz-link").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390  # the link fits the phone
    return phone.locator("input.capataz-link").input_value()


def test_a_capataz_signs_up_and_follows_his_state(
    context: BrowserContext, browser: Browser, live_server: Any
) -> None:
    org = User.objects.create_user("org", password=PASSWORD)
    organizer_mark(org)
    t = tournament_create(user=org, name="Rodeio Online", slug="online", modality="truco-cego-trio")
    settings_save(
        tournament=t,
        enabled=True,
        capacity=1,
        closes_at=timezone.now() + timedelta(days=1),
        contact_required=True,
    )
    base = live_server.url
    phone = context.new_page()
    first = sign_up(phone, base, "Os Taura")
    expect(phone.locator(".badge")).to_have_text("inscrita (pendente)")
    second = sign_up(phone, base, "Os Pampeanos")
    expect(phone.locator(".badge")).to_have_text("na espera")
    phone.goto(f"{base}/t/online/")
    expect(phone.locator(".signup-summary")).to_contain_text("1/1 inscritas, 1 na espera")

    desk = browser.new_context(**DESKTOP).new_page()
    login(desk, base, "org")
    desk.goto(f"{base}/t/online/gestao/inscricoes-online/revisao/")
    expect(desk.locator("table.signup-review")).to_contain_text("(51) 99999-0000")
    taura = Signup.objects.get(tournament=t, name="Os Taura")
    desk.fill(f"input[name=reason_{taura.pk}]", "Entidade não filiada")
    desk.click(f"button[name=refuse][value='{taura.pk}']")
    expect(desk.locator(".messages")).to_contain_text("saiu da lista de espera")

    phone.goto(first)
    expect(phone.locator(".signup-state")).to_contain_text("Entidade não filiada")
    phone.goto(second)
    expect(phone.locator(".signup-state .badge")).to_have_text("inscrita (pendente)")
    pampeanos = Signup.objects.get(tournament=t, name="Os Pampeanos")
    desk.click(f"button[name=approve][value='{pampeanos.pk}']")
    expect(desk.locator(".messages")).to_contain_text("equipe «Os Pampeanos» inscrita")
    phone.reload()
    expect(phone.locator(".signup-state .badge")).to_have_text("aprovada")
    assert Tournament.objects.get(pk=t.pk).teams.get().name == "Os Pampeanos"
