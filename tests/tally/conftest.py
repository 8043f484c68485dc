"""Fixtures of the tenteio tests: the súmula tests' Truco Cego tournament and people,
plus a Paulista one (ladder 3-6-9-12, mão de onze), and the text a person reads on a page."""

from __future__ import annotations

import uuid
from html.parser import HTMLParser
from typing import Any

from django.test import Client

from rules.hands import Hand, TrucoCall, TrucoPart
from rules.results import Side
from tally.services import Recorded, hand_record
from tests.scoring.conftest import PASSWORD, World, world

# ``world``: the súmula tests' tournament and people, shared rather than rebuilt here.
__all__ = ["PASSWORD", "World", "client_for", "record", "simple", "truco", "visible", "world"]


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


class _Text(HTMLParser):
    """The words a person reads: text outside tags, scripts and templates."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self.skip += tag in ("script", "template", "style")

    def handle_endtag(self, tag: str) -> None:
        self.skip -= tag in ("script", "template", "style")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def visible(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())
