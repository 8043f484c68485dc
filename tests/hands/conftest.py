"""Fixtures of the tenteio tests: the súmula tests' Truco Cego tournament and people,
plus a Paulista one (ladder 3-6-9-12, mão de onze)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from hands.services import Recorded, hand_record
from rules.hands import Hand, TrucoCall, TrucoPart
from rules.results import Side
from scoring.models import JudgeAssignment
from tests.scoring.conftest import PASSWORD, World, make_tournament, user

__all__ = ["PASSWORD", "World", "client_for", "record", "simple", "truco"]


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


def client_for(u: Any) -> Client:
    c = Client()
    if u is not None:
        assert c.login(username=u.username, password=PASSWORD)
    return c


def simple(side: Side, mao: Side = Side.A) -> Hand:
    return Hand.roda(mao, TrucoPart.won(side))


def truco(side: Side, mao: Side = Side.A) -> Hand:
    return Hand.roda(mao, TrucoPart.won(side, TrucoCall.TRUCO))


def record(w: World, m: Any, hand: Hand, key: uuid.UUID | None = None, **kw: Any) -> Recorded:
    return hand_record(match=m, user=w.judge, hand=hand, key=key or uuid.uuid4(), **kw)
