"""«Dupla eliminação (repescagem)» and «Final com revanche (reset)» on «Novo torneio» and
«Editar torneio» (docs/rules.md §3.18): offered, saved, refused without a mata-mata, and
fixed once the mata-mata is generated — refused naming the field, nothing written."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.knockout.test_double_services import double, organizer
from tests.tournaments.test_editing import form_data
from tournaments.models import Tournament
from tournaments.services.organizers import organizer_mark
from tournaments.services.tournaments import tournament_create

pytestmark = pytest.mark.django_db
BASE = {"name": "Copa", "slug": "copa", "modality": "truco-paulista", "stage_plan": "knockout"}


@pytest.fixture
def creator(client: Client) -> Client:
    user = User.objects.create_user("criador", password="x")
    organizer_mark(user)
    client.force_login(user)
    return client


def test_new_tournament_offers_and_saves_the_double_elimination(creator: Client) -> None:
    page = creator.get("/torneios/novo/").content.decode()
    assert "Dupla eliminação (repescagem)" in page and "Final com revanche (reset)" in page
    assert re.search(r"<input[^>]*name=\"grand_final_reset\"[^>]*checked", page)
    data = {**BASE, "double_elimination": "on", "grand_final_reset": "on"}
    assert creator.post("/torneios/novo/", data).status_code == 302
    t = Tournament.objects.get(slug="copa")
    assert t.double_elimination and t.grand_final_reset
    assert (
        creator.post("/torneios/novo/", {**BASE, "slug": "copa-2", "double_elimination": "on"}).status_code
        == 302
    )
    t = Tournament.objects.get(slug="copa-2")
    assert t.double_elimination and not t.grand_final_reset


def test_without_a_mata_mata_the_setting_is_refused(creator: Client) -> None:
    data = {**BASE, "stage_plan": "groups", "double_elimination": "on"}
    response = creator.post("/torneios/novo/", data)
    assert response.status_code == 200  # the form again, with the message beside the field
    text = response.content.decode()
    assert "Dupla eliminação (repescagem): só vale com mata-mata" in text
    assert not Tournament.objects.exists()


def test_the_edit_changes_it_before_the_mata_mata_is_generated(client: Client) -> None:
    user = User.objects.create_user("org", password="x")
    t = tournament_create(
        user=user, name="Copa", slug="copa", modality="truco-paulista", stage_plan="knockout"
    )
    client.force_login(user)
    page = client.get(f"/t/{t.slug}/gestao/editar/").content.decode()
    assert "Dupla eliminação (repescagem)" in page
    data = form_data(t, double_elimination="sim", grand_final_reset="nao")
    assert client.post(f"/t/{t.slug}/gestao/editar/", data).status_code == 302
    t.refresh_from_db()
    assert t.double_elimination and not t.grand_final_reset
    # Not sent: left as it is.
    assert client.post(f"/t/{t.slug}/gestao/editar/", form_data(t, name="Copa 2")).status_code == 302
    t.refresh_from_db()
    assert t.double_elimination and not t.grand_final_reset and t.name == "Copa 2"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("double_elimination", "nao", "Dupla eliminação (repescagem): o mata-mata já foi gerado"),
        ("grand_final_reset", "nao", "Final com revanche (reset): o mata-mata já foi gerado"),
    ],
)
def test_the_edit_is_refused_once_the_mata_mata_is_generated(
    client: Client, field: str, value: str, message: str
) -> None:
    t = double(4)
    Tournament.objects.filter(pk=t.pk).update(stage_plan="knockout")
    t.refresh_from_db()
    client.force_login(organizer(t))
    response = client.post(f"/t/{t.slug}/gestao/editar/", form_data(t, name="Outro nome", **{field: value}))
    assert response.status_code == 400
    assert message in response.content.decode()
    t.refresh_from_db()
    assert t.double_elimination and t.grand_final_reset and t.name == "Dupla"
    # The same values again are no change: accepted.
    same = form_data(t, double_elimination="sim", grand_final_reset="sim")
    assert client.post(f"/t/{t.slug}/gestao/editar/", same).status_code == 302
