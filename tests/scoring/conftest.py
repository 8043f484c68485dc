"""Fixtures of the súmula tests: a loaded Truco Cego trio tournament, its people."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from interchange.load import load_tournament
from scoring.models import JudgeAssignment, ScoreSheet, ScoringSettings
from scoring.services.entry import EntryData
from tests.documents import document, match, team
from tournaments.models import Match, Membership, Tournament

PASSWORD = "senha-de-teste-1"


def played(rnd: int, a: str, b: str, table: str | None, result: Any = None) -> dict[str, Any]:
    entry = match(rnd, a, b, result)
    if table:
        entry["table"] = table
    return entry


def make_tournament(slug: str = "teste", **kwargs: Any) -> Tournament:
    doc = document(
        [
            played(1, "t1", "t2", "1"),
            played(1, "t3", "t4", "2"),
            played(2, "t1", "t3", "1"),
            played(2, "t2", "t4", "2"),
            played(3, "t1", "t4", "1"),
            played(3, "t2", "t3", "2"),
        ],
        slug=slug,
        **kwargs,
    )
    doc["teams"][0] = team("t1", reserve=True)
    return load_tournament(doc).tournament


def user(name: str, tournament: Tournament | None = None, role: str | None = None) -> Any:
    u = get_user_model().objects.create_user(name, password=PASSWORD)
    if tournament is not None and role is not None:
        Membership.objects.create(tournament=tournament, user=u, role=role)
    return u


@dataclass
class World:
    tournament: Tournament
    other: Tournament
    organizer: Any
    judge: Any  # assigned to mesa 1 only
    free_judge: Any  # a judge with no mesa assigned: every mesa
    judge2: Any  # assigned to mesa 1 as well
    stranger: Any  # a judge of the other tournament

    def signed(self, rnd: int = 1, table: str = "1") -> tuple[Match, ScoreSheet]:
        """A jogo whose súmula the judge submitted (A wins) and both capatazes signed."""
        from scoring.services.signing import sheet_sign
        from scoring.services.workflow import sheet_save

        m = self.match(rnd, table)
        sheet = sheet_save(match=m, user=self.judge, data=win_a(m), base_version=0, submit=True)
        for side in (m.team_a, m.team_b):
            sheet = sheet_sign(match=m, user=self.judge, team=side, version=sheet.version)
        return m, sheet

    def match(self, rnd: int, table: str) -> Match:
        return Match.objects.select_related("team_a", "team_b", "stage__tournament").get(
            stage__tournament=self.tournament, round=rnd, table__name=table
        )

    def double_entry(self) -> None:
        ScoringSettings.objects.update_or_create(tournament=self.tournament, defaults={"double_entry": True})


@pytest.fixture
def world(db: Any) -> World:
    t = make_tournament()
    other = make_tournament("outro")
    w = World(
        tournament=t,
        other=other,
        organizer=user("org", t, "organizer"),
        judge=user("juiz", t, "judge"),
        free_judge=user("juiz_livre", t, "judge"),
        judge2=user("juiz2", t, "judge"),
        stranger=user("juiz_outro", other, "judge"),
    )
    mesa1 = t.tables.get(name="1")
    JudgeAssignment.objects.create(tournament=t, user=w.judge, table=mesa1)
    JudgeAssignment.objects.create(tournament=t, user=w.judge2, table=mesa1)
    return w


def entry(m: Match, games: list[list[int]] | None = None, **result: Any) -> EntryData:
    body: dict[str, Any] = dict(result)
    if games is not None:
        body["games"] = games
    return EntryData(result=body)


def win_a(m: Match) -> EntryData:
    return entry(m, [[24, 13], [24, 20]])
