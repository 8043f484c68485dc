"""hands.codec: exact round-trip of every kind of hand, and refusals of bad JSON."""

from __future__ import annotations

import json

import pytest

from rules.hands import (
    Component,
    Deal,
    EnvidoBet,
    EnvidoCall,
    EnvidoPart,
    FlorBet,
    FlorCall,
    FlorPart,
    Hand,
    HandAward,
    Infraction,
    Part,
    Penalty,
    TrucoCall,
    TrucoPart,
)
from rules.results import Side
from tally.codec import CodecError, decode, encode, encode_award

A, B = Side.A, Side.B

HANDS = [
    Hand.roda(A, TrucoPart.won(B)),
    Hand.roda(B, TrucoPart.refused(A, TrucoCall.RETRUCO), lei_do_jogo=B, reported=(2, 0)),
    Hand.roda(A, TrucoPart.tied(TrucoCall.TRUCO)),
    Hand.roda(
        A,
        TrucoPart.won(A, TrucoCall.VALE_QUATRO),
        envido=EnvidoPart.won(B, EnvidoBet(EnvidoCall.ENVIDO, A), EnvidoBet(EnvidoCall.REAL, B, 2)),
        penalties=(Penalty(Infraction.OTHER, B, 3, "Art. 9"), Penalty(Infraction.SIGNAL, A)),
    ),
    Hand.roda(
        B,
        flor=FlorPart((A, B), (FlorBet(FlorCall.CONTRA_FLOR, B, 6),), False, None, False, ("p1", "p2")),
    ),
    Hand.roda(A, envido=EnvidoPart((EnvidoBet(EnvidoCall.FALTA, B),), True, None, True, True)),
    Hand.testa(Deal(A, TrucoPart.won(A)), Deal(B, TrucoPart.won(B, TrucoCall.TRUCO)), Deal(A)),
]


@pytest.mark.parametrize("hand", HANDS)
def test_round_trip_is_exact(hand: Hand) -> None:
    raw = json.loads(json.dumps(encode(hand)))
    assert decode(raw) == hand
    assert encode(decode(raw)) == encode(hand)


def test_award_round_trip() -> None:
    award = HandAward(3, 0, (Component(Part.ENVIDO, A, 2, "E"), Component(Part.TRUCO, A, 1, "none")), True)
    raw = encode_award(award)
    assert raw["components"] == [
        {"part": "envido", "side": "a", "points": 2, "note": "E"},
        {"part": "truco", "side": "a", "points": 1, "note": "none"},
    ]
    assert raw["a"] == 3 and raw["ends_partida"] is True


@pytest.mark.parametrize(
    "raw",
    [
        None,
        [],
        {"deals": []},
        {"deals": [{"mao": "c"}]},
        {"deals": [{"mao": "a", "truco": {"end": "voou"}}]},
        {"deals": [{"mao": "a", "truco": {"level": 3}}]},
        {"deals": [{"mao": "a", "envido": {"calls": [{"call": "E", "by": "a", "n": True}]}}]},
        {"deals": [{"mao": "a", "envido": {"calls": "E"}}]},
        {"deals": [{"mao": "a", "flor": {"flores": ["a"], "accepted": "sim"}}]},
        {"deals": [{"mao": "a", "penalties": [{"infraction": "tento", "offender": "a", "points": -1}]}]},
        {"deals": [{"mao": "a"}] * 4},
        {"deals": [{"mao": "a"}], "reported": [1]},
        {"deals": [{"mao": "a"}], "kind": "meia"},
    ],
)
def test_bad_json_is_refused_with_a_message(raw: object) -> None:
    with pytest.raises(CodecError) as info:
        decode(raw)
    assert str(info.value)
