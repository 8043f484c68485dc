"""«Novo torneio» in the organizer's words: the tiebreak order chosen by name, as on
«Editar torneio»; every number with its range; every error of a post in one pass (the
form's own and the service's together), nothing written."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tournaments.models import PublicRevision, Tournament

pytestmark = pytest.mark.django_db

BASE = {"name": "Copa", "slug": "copa", "modality": "truco-paulista", "stage_plan": "groups"}


def test_the_page_offers_the_criteria_by_name(client: Client, organizer: User) -> None:
    client.force_login(organizer)
    page = client.get("/torneios/novo/").content.decode()
    assert 'name="tiebreaker_1"' in page and ">Vitórias (V)</option>" in page
    assert ">Confronto direto</option>" in page and "head_to_head," not in page
    assert "vale a ordem da modalidade" in page


def test_a_chosen_order_is_kept_and_blank_is_the_modality_s(client: Client, organizer: User) -> None:
    client.force_login(organizer)
    chosen = {"tiebreaker_1": "wins", "tiebreaker_2": "head_to_head", "tiebreaker_3": "points_for"}
    assert client.post("/torneios/novo/", {**BASE, **chosen}).status_code == 302
    assert Tournament.objects.get().settings["tiebreakers"] == ["wins", "head_to_head", "points_for"]
    assert client.post("/torneios/novo/", {**BASE, "slug": "copa-2"}).status_code == 302
    assert "tiebreakers" not in Tournament.objects.get(slug="copa-2").settings


def test_every_error_in_one_pass_nothing_written(client: Client, organizer: User) -> None:
    client.force_login(organizer)
    data = {
        **BASE,
        "slug": "não é slug",
        "points_to_win": "500",
        "best_of": "2",
        "table_count": "900",
        "match_minutes": "muito",
        "stage_plan": "multi_phase",
        "advance_per_group": "40",
        "tiebreaker_1": "wins",
        "tiebreaker_2": "wins",
    }
    response = client.post("/torneios/novo/", data)
    assert response.status_code == 200
    page = response.content.decode()
    for text in (
        "Identificador no endereço: use letras sem acento, números e hífens; informado: não é slug.",
        "Tentos por partida: de 6 a 24 tentos no Truco Paulista — jogo livre (o padrão é 12); "
        "informado: 500.",
        "Número de mesas: de 1 a 500 mesas; informado: 900.",
        "Minutos por jogo: informe um número inteiro.",
        "Classificados por chave (várias fases): de 1 a 16 equipes; informado: 40.",
        "Cada critério de desempate aparece uma vez só.",
        "ímpar",  # melhor de 2: the rules engine's message
    ):
        assert text in page, text
    assert not Tournament.objects.exists() and not PublicRevision.objects.exists()
