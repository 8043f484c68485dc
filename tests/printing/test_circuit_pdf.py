"""The PDF of a circuit's rankings: only its organizers; the words of the page on paper."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from circuits.proposals import team_link_proposals
from circuits.services.circuits import circuit_create, circuit_etapa_add
from circuits.services.links import team_links_apply
from tests.circuits.conftest import load_etapa
from tournaments.services.organizers import organizer_mark

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(db: None) -> User:
    user = User.objects.create_user("dono", password="x-Senha-Forte-1")
    organizer_mark(user)
    return user


def test_the_circuit_pdf(owner: User) -> None:
    import io

    circuit = circuit_create(name="Circuito Gaúcho", slug="gaucho", user=owner, best_n=1)
    for slug, finish in (
        ("e1", ["Os Taura", "Pealo", "Gaudérios", "Xiru"]),
        ("e2", ["Pealo", "Os Taura", "Xiru", "Gaudérios"]),
    ):
        circuit_etapa_add(circuit=circuit, tournament=load_etapa(slug, finish), user=owner)
    team_links_apply(circuit=circuit, proposals=team_link_proposals(circuit), user=owner)
    url = reverse("printing:circuit_pdf", args=["gaucho"])
    assert Client().get(url).status_code == 302  # to the login
    other = Client()
    other.force_login(User.objects.create_user("outro"))
    assert other.get(url).status_code == 403
    c = Client()
    c.force_login(owner)
    response = c.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    for words in ("Circuito Gaúcho", "Equipes", "Jogadores", "Entidades", "Os Taura", "Pealo", "dividido"):
        assert words in text
