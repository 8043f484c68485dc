"""A circuit's public page left open in a browser follows its etapas: the etapa still
in progress («em andamento: ainda não conta») becomes a counted column within a few
seconds of its final's homologation, with no reload (static/js/live.js polling
``/circuito/SLUG/revisao.json``)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from tests.public.test_circuit_live import PASSWORD, homologate_final, season
from tournaments.services.organizers import organizer_mark

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_circuit_page_follows_a_homologation(page: Page, live_server: Any) -> None:
    owner = User.objects.create_user("dono", password=PASSWORD)
    organizer_mark(owner)
    circuit = season(owner)
    page.goto(f"{live_server.url}/circuito/gaucho/")
    pending = page.locator(".etapa-names .badge")
    expect(pending).to_have_count(1)
    page.wait_for_timeout(2500)  # the first poll has read the number
    last = circuit.etapas.order_by("order")[1].tournament
    homologate_final(last, owner)  # the final; the 3º lugar still to play: in progress
    homologate_final(last, owner)  # the disputa de 3º lugar: the etapa has ended
    expect(pending).to_have_count(0, timeout=6000)
    assert page.url.endswith("/circuito/gaucho/")
