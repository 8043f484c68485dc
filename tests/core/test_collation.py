"""The names' order: accents and case do not put «Ás» after «Sete», in Python, in the
database (SQLite here, PostgreSQL in CI) and on the organizer's pages alike."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from core.collation import by_name, name_order
from tournaments.models import Entity, Team, Tournament
from tournaments.services.tournaments import tournament_create

NAMES = ["Sete de Ouro", "Ás de Espadas", "as de copas", "Zorro", "Águia Branca", "ÉGUA", "égua", "Eco"]
EXPECTED = ["Águia Branca", "as de copas", "Ás de Espadas", "Eco", "égua", "ÉGUA", "Sete de Ouro", "Zorro"]


def test_name_order_is_letters_then_accents_then_case() -> None:
    assert sorted(NAMES, key=name_order) == EXPECTED


@pytest.mark.django_db
def test_the_database_orders_names_as_python_does() -> None:
    t = Tournament.objects.create(name="Ordem", slug="ordem", modality="truco-cego-dupla")
    for name in NAMES:
        Entity.objects.create(tournament=t, name=name)
    assert list(t.entities.order_by(by_name()).values_list("name", flat=True)) == EXPECTED


@pytest.mark.django_db
def test_the_organizers_lists_put_as_de_espadas_before_sete_de_ouro() -> None:
    owner = User.objects.create_user("gestora", password="x-Senha-Forte-1")
    t = tournament_create(user=owner, name="Copa Ordem", slug="copa-ordem", modality="truco-cego-dupla")
    for k, name in enumerate(["Sete de Ouro", "Ás de Espadas", "Zorro", "as de copas"]):
        Team.objects.create(tournament=t, key=f"e{k}", name=name)
    client = Client()
    client.force_login(owner)
    for page in ("tournaments:teams", "tournaments:checkin"):
        html = client.get(reverse(page, args=[t.slug])).content.decode()
        at = [html.index(n) for n in ("as de copas", "Ás de Espadas", "Sete de Ouro", "Zorro")]
        assert at == sorted(at), page
