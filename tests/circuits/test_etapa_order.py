"""Reordering a circuit's etapas from its page («Subir», «Descer»: a form per row, no
script): the columns of the rankings follow, among equal points outside the best N the
earlier etapa is the one counted, and no position moves; a move past either end, an
unknown direction or another circuit's etapa is refused and changes nothing."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from circuits.models import Circuit
from circuits.proposals import team_link_proposals
from circuits.selectors import circuit_ranking
from circuits.services.circuits import circuit_create, circuit_etapa_add, circuit_etapa_remove
from circuits.services.links import team_links_apply
from tests.circuits.conftest import load_etapa

pytestmark = pytest.mark.django_db

FIRST = ["Os Taura", "Pealo", "Gaudérios", "Xiru"]
SECOND = ["Pealo", "Os Taura", "Xiru", "Gaudérios"]


def client_of(user: User) -> Client:
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def circuit(owner: User) -> Circuit:
    """Três etapas; Os Taura wins the 1ª and the 3ª (25 each), the best result counts."""
    c = circuit_create(name="Circuito", slug="circuito", user=owner, best_n=1)
    for slug, finish in (("etapa-a", FIRST), ("etapa-b", SECOND), ("etapa-c", FIRST)):
        circuit_etapa_add(circuit=c, tournament=load_etapa(slug, finish), user=owner)
    team_links_apply(circuit=c, proposals=team_link_proposals(c), user=owner)
    return c


def order(circuit: Circuit) -> list[str]:
    return [e.tournament.slug for e in circuit.etapas.order_by("order", "pk")]


def move(c: Client, circuit: Circuit, slug: str, direction: str) -> object:
    etapa = circuit.etapas.get(tournament__slug=slug)
    url = reverse("circuits:manage", args=[circuit.slug])
    return c.post(url, {"action": "etapa_move", "etapa": etapa.pk, "direction": direction})


def test_moving_an_etapa_reorders_the_columns_not_the_ranking(owner: User, circuit: Circuit) -> None:
    c = client_of(owner)
    page = c.get(reverse("circuits:manage", args=[circuit.slug])).content.decode()
    assert page.count('name="action" value="etapa_move"') == 4  # the 1ª cannot go up, the 3ª down
    assert 'aria-label="Subir a etapa «Etapa C»"' in page and 'aria-label="Descer a etapa «Etapa A»"' in page
    before = circuit_ranking(circuit)
    taura = next(line for line in before.lines if line.name == "Os Taura")
    assert [cell.counted for cell in taura.cells if cell] == [True, False, False]  # the earlier 25

    response = move(c, circuit, "etapa-c", "up")
    assert response.status_code == 302 and response["Location"].endswith("#etapas")  # type: ignore[attr-defined]
    assert move(c, circuit, "etapa-c", "up").status_code == 302  # type: ignore[attr-defined]
    assert order(circuit) == ["etapa-c", "etapa-a", "etapa-b"]
    assert [e.order for e in circuit.etapas.order_by("order")] == [1, 2, 3]
    after = circuit_ranking(circuit)
    assert [col.tournament.slug for col in after.columns] == ["etapa-c", "etapa-a", "etapa-b"]
    taura = next(line for line in after.lines if line.name == "Os Taura")
    assert [(cell.etapa, cell.counted) for cell in taura.cells if cell] == [
        (after.columns[0].key, True),  # now the 3ª's 25, first in the order, counts
        (after.columns[1].key, False),
        (after.columns[2].key, False),
    ]
    same = lambda table: [(line.position, line.name, line.total) for line in table.lines]  # noqa: E731
    assert same(after) == same(before)
    public = Client().get(reverse("public:circuit", args=[circuit.slug])).content.decode()
    assert re.search(r"Etapa C.*Etapa A.*Etapa B", public, re.S)

    circuit_etapa_remove(etapa=circuit.etapas.get(tournament__slug="etapa-c"), user=owner)
    assert move(c, circuit, "etapa-b", "up").status_code == 302  # type: ignore[attr-defined]
    assert [e.order for e in circuit.etapas.order_by("order")] == [1, 2]  # numbered again, no gap
    assert order(circuit) == ["etapa-b", "etapa-a"]


def test_a_move_refused_changes_nothing(owner: User, circuit: Circuit) -> None:
    c = client_of(owner)
    stamp = Circuit.objects.get(pk=circuit.pk).updated_at
    for slug, direction, words in (
        ("etapa-a", "up", "Ordem: «Etapa A» já é a primeira etapa."),
        ("etapa-c", "down", "Ordem: «Etapa C» já é a última etapa."),
        ("etapa-b", "sideways", "Ordem: escolha subir ou descer a etapa."),
    ):
        response = move(c, circuit, slug, direction)
        assert response.status_code == 400  # type: ignore[attr-defined]
        assert words in response.content.decode()  # type: ignore[attr-defined]
    assert order(circuit) == ["etapa-a", "etapa-b", "etapa-c"]
    assert Circuit.objects.get(pk=circuit.pk).updated_at == stamp  # not even marked changed
    other = circuit_create(name="Outro", slug="outro", user=owner)
    foreign = circuit.etapas.first()
    url = reverse("circuits:manage", args=[other.slug])
    assert c.post(url, {"action": "etapa_move", "etapa": foreign.pk, "direction": "up"}).status_code == 404
    assert c.post(url, {"action": "etapa_move", "etapa": "x", "direction": "up"}).status_code == 404


def test_only_the_organizers_move_etapas(owner: User, circuit: Circuit) -> None:
    url = reverse("circuits:manage", args=[circuit.slug])
    etapa = circuit.etapas.get(tournament__slug="etapa-b")
    data = {"action": "etapa_move", "etapa": etapa.pk, "direction": "up"}
    response = Client().post(url, data)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert client_of(User.objects.create_user("outro")).post(url, data).status_code == 403
    assert order(circuit) == ["etapa-a", "etapa-b", "etapa-c"]
