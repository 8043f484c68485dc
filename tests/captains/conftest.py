"""Fixtures of the capataz's page tests: the súmula tests' tournament and people, a team
with a PIN and a capataz's link."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client

from captains.services import captain_link_issue
from scoring.services.pins import pins_generate
from scoring.services.workflow import sheet_save
from tests.scoring.conftest import PASSWORD, World, win_a, world  # noqa: F401  (fixtures)
from tournaments.models import Match, Team


@dataclass
class Captain:
    world: World
    team: Team
    token: str
    pin: str
    match: Match  # the team's jogo of rodada 1

    @property
    def url(self) -> str:
        return f"/capataz/{self.token}/"

    def organizer(self) -> Client:
        client = Client()
        assert client.login(username="org", password=PASSWORD)
        return client

    def judge(self) -> Client:
        client = Client()
        assert client.login(username="juiz", password=PASSWORD)
        return client


@pytest.fixture
def captain(world: World) -> Captain:  # noqa: F811
    m = world.match(1, "1")
    team = m.team_a
    pins = pins_generate(tournament=world.tournament, user=world.organizer, teams=[team, m.team_b])
    token = captain_link_issue(team, world.organizer)
    return Captain(world, team, token, pins[team.pk], m)


def submit(c: Captain) -> Any:
    """The judge sends the súmula of the capataz's jogo of rodada 1 (his team wins)."""
    return sheet_save(match=c.match, user=c.world.judge, data=win_a(c.match), base_version=0, submit=True)
