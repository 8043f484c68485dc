"""The circuits in the admin: pages open, and a table the rules refuse is an error on the form."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.test import Client

from circuits.models import Circuit, EtapaPlacing
from circuits.services.circuits import circuit_create
from tests.circuits.conftest import load_etapa

pytestmark = pytest.mark.django_db


def test_admin_pages_and_a_refused_table(client: Client) -> None:
    root = User.objects.create_superuser("root", password="x-Senha-Forte-1")
    client.force_login(root)
    circuit = circuit_create(name="Circuito", slug="circuito", user=root)
    for url in (
        "/admin/circuits/circuit/",
        f"/admin/circuits/circuit/{circuit.pk}/change/",
        "/admin/circuits/circuitteam/add/",
        "/admin/circuits/circuitplayer/add/",
        "/admin/circuits/circuitlots/",
    ):
        assert client.get(url).status_code == 200, url
    form = {
        "name": "Circuito",
        "slug": "circuito",
        "kind": "season",
        "preset": "",
        "points_table": '{"places": [10, 12]}',
        "shared_points": "average",
        "entity_mode": "all",
        "entity_best_k": "1",
        "tiebreakers": '["etapas_won", "lots"]',
        "is_public": "on",
        "etapas-TOTAL_FORMS": "0",
        "etapas-INITIAL_FORMS": "0",
    }
    response = client.post(f"/admin/circuits/circuit/{circuit.pk}/change/", form)
    assert response.status_code == 200
    assert "O 2º lugar não pode valer mais pontos que o lugar acima dele." in response.content.decode()
    circuit.refresh_from_db()
    assert circuit.points_table["places"][0] == 25


def test_an_etapa_added_in_the_admin_is_read_and_moves_the_circuit(client: Client) -> None:
    root = User.objects.create_superuser("root", password="x-Senha-Forte-1")
    client.force_login(root)
    circuit = circuit_create(name="Circuito", slug="circuito", user=root)
    t = load_etapa("etapa-1", ["Os Taura", "Pealo", "Gaudérios", "Xiru"])
    before = Circuit.objects.get(pk=circuit.pk).revision
    form = {
        "name": "Circuito",
        "slug": "circuito",
        "kind": "season",
        "preset": circuit.preset,
        "points_table": json.dumps(circuit.points_table),
        "shared_points": "average",
        "entity_mode": "all",
        "entity_best_k": "1",
        "tiebreakers": json.dumps(circuit.tiebreakers),
        "is_public": "on",
        "etapas-TOTAL_FORMS": "1",
        "etapas-INITIAL_FORMS": "0",
        "etapas-0-tournament": str(t.pk),
        "etapas-0-order": "1",
    }
    response = client.post(f"/admin/circuits/circuit/{circuit.pk}/change/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Circuit.objects.get(pk=circuit.pk).revision > before
    assert EtapaPlacing.objects.filter(etapa__circuit=circuit).count() == 4
