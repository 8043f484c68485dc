"""A circuit's public page left open in a browser follows its etapas: while an etapa is
in play the page shows the provisional ranking («em andamento: provisória»), whose
totals move within a couple of seconds of a homologation there, and the etapa's marks
go once it has ended — with no reload (static/js/live.js polling the circuit's number,
``/circuito/SLUG/revisao.json``). Its picture: docs/screens/60-publico-circuito.png."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from circuits.proposals import team_link_proposals
from circuits.services.links import team_links_apply
from tests.e2e.conftest import SCREENS
from tests.public.test_circuit_live import PASSWORD, homologate_final, season
from tournaments.services.organizers import organizer_mark

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_circuit_page_follows_a_homologation(page: Page, live_server: Any) -> None:
    owner = User.objects.create_user("dono", password=PASSWORD)
    organizer_mark(owner)
    circuit = season(owner)
    team_links_apply(circuit=circuit, proposals=team_link_proposals(circuit), user=owner)
    page.set_viewport_size({"width": 1000, "height": 900})
    page.goto(f"{live_server.url}/circuito/gaucho/")
    in_play = page.locator(".etapa-names .badge")
    expect(in_play).to_have_count(1)
    expect(in_play).to_have_text("em andamento: provisória")
    expect(page.locator("#leitura")).to_contain_text("Classificação provisória")
    page.screenshot(path=str(SCREENS / "60-publico-circuito.png"), full_page=True, scale="css")
    totals = page.locator("#teams tbody td:nth-child(3)")
    before = totals.all_inner_texts()
    page.wait_for_timeout(1500)  # the first poll has read the number
    last = circuit.etapas.order_by("order")[1].tournament
    homologate_final(last, owner)  # the final; the 3º lugar still to play: still in play
    started = time.monotonic()
    page.wait_for_function(
        "before => [...document.querySelectorAll('#teams tbody td:nth-child(3)')]"
        ".map(td => td.innerText).join() !== before",
        arg=",".join(before),
        timeout=4000,
    )
    moved = time.monotonic() - started
    assert moved < 3, moved  # polled every second
    expect(in_play).to_have_count(1)
    homologate_final(last, owner)  # the disputa de 3º lugar: the etapa has ended
    expect(in_play).to_have_count(0, timeout=4000)
    expect(page.locator("#leitura")).to_have_count(0)
    assert page.url.endswith("/circuito/gaucho/")
    print(f"homologação → página do circuito: {moved:.2f} s")
