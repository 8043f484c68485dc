"""Fixtures of the set-up tests: users with roles and tournaments with registered teams."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from tournaments.models import Membership, Team, Tournament
from tournaments.services.organizers import organizer_mark
from tournaments.services.registration import PlayerInput, TeamInput, team_register
from tournaments.services.tournaments import tournament_create

PASSWORD = "x-Senha-Forte-1"


@pytest.fixture
def organizer(db: None) -> User:
    """An account the site admin marked as an organizer: it may create tournaments."""
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
        event="Rodeio da Querência 2026",
        stage_plan=Tournament.StagePlan.GROUPS,
    )


def trio(name: str, entity: str = "", seed: int | None = None, *, reserve: bool = False) -> TeamInput:
    players = [PlayerInput(f"{name} Capataz", True), PlayerInput(f"{name} Dois"), PlayerInput(f"{name} Três")]
    if reserve:
        players.append(PlayerInput(f"{name} Reserva", is_reserve=True))
    return TeamInput(name=name, entity=entity, seed=seed, players=players)


@pytest.fixture
def register(tournament: Tournament) -> Callable[..., list[Team]]:
    def make(count: int, entities: int = 4, t: Tournament = tournament) -> list[Team]:
        return [
            team_register(tournament=t, data=trio(f"Trio {i:03d}", f"CTG {i % entities}" if entities else ""))
            for i in range(count)
        ]

    return make


def member(tournament: Tournament, username: str, role: str) -> User:
    user = User.objects.create_user(username, password=PASSWORD)
    Membership.objects.create(tournament=tournament, user=user, role=role)
    return user
