"""Fixtures of the tenteio tests: the súmula tests' Truco Cego tournament and people,
plus a Paulista one (ladder 3-6-9-12, mão de onze)."""

from __future__ import annotations

import uuid
from typing import Any

from django.test import Client

from rules.hands import Hand, TrucoCall, TrucoPart
from rules.results import Side
from tally.services import Recorded, hand_record
from tests.scoring.conftest import PASSWORD, World, world

# ``world``: the súmula tests' tournament and people, shared rather than rebuilt here.
__all__ = ["PASSWORD", "World", "client_for", "record", "simple", "truco", "world"]


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
