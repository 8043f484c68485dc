"""Fixtures of the inscrições online: a trio tournament with its organizer, its
inscrições opened, and helpers that fill the public form or call the service."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from signups.models import Signup
from signups.services import settings_save, signup_register
from tests.trust.conftest import site  # noqa: F401 (fixture: the privacy tests walk its pages)
from tournaments.models import Tournament
from tournaments.services.organizers import organizer_mark
from tournaments.services.registration import PlayerInput, TeamInput
from tournaments.services.tournaments import tournament_create

PASSWORD = "x-Senha-Forte-1"


@pytest.fixture
def organizer(db: None) -> User:
    user = User.objects.create_user("org", password=PASSWORD)
    organizer_mark(user)
    return user


@pytest.fixture
def tournament(organizer: User) -> Tournament:
    return tournament_create(
        user=organizer,
        name="Rodeio da Querência — Truco Cego",
        slug="rodeio-cego",
        modality="truco-cego-trio",
        stage_plan=Tournament.StagePlan.GROUPS,
    )


def open_signups(t: Tournament, capacity: int = 4, **kwargs: Any) -> None:
    settings_save(
        tournament=t,
        enabled=True,
        capacity=capacity,
        closes_at=kwargs.get("closes_at", timezone.now() + timedelta(days=7)),
        contact_required=kwargs.get("contact_required", True),
    )


@pytest.fixture
def opened(tournament: Tournament) -> Tournament:
    open_signups(tournament)
    return tournament


def trio(name: str, *, reserve: bool = False) -> TeamInput:
    players = [PlayerInput(f"{name} Capataz", True), PlayerInput(f"{name} Dois"), PlayerInput(f"{name} Três")]
    if reserve:
        players.append(PlayerInput(f"{name} Reserva", is_reserve=True))
    return TeamInput(name=name, entity="CTG Sentinela", players=players)


@pytest.fixture
def sign_up(opened: Tournament) -> Callable[..., Signup]:
    def make(name: str, t: Tournament = opened) -> Signup:
        signup, _token = signup_register(tournament=t, data=trio(name), phone="(51) 99999-0000")
        return signup

    return make


def form_data(team: str, **extra: str) -> dict[str, str]:
    """What a capataz types in the public form of a trio."""
    name = team
    data = {
        "name": team,
        "entity": "CTG Sentinela",
        "titular_0": f"{name} Capataz",
        "titular_1": f"{name} Dois",
        "titular_2": f"{name} Três",
        "reserva_0": "",
        "capataz": "titular_0",
        "phone": "(51) 99999-0000",
        "email": "",
        "website": "",
    }
    data.update(extra)
    return data
