"""The paper súmula's short code: round trip, typos caught, look-alikes forgiven."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import codes
from scoring.selectors import match_code, match_from_code
from tests.scoring.conftest import World


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=1, max_value=2**25 - 1))
def test_round_trip_and_any_single_wrong_character_is_caught(match_id: int) -> None:
    code = codes.encode(match_id)
    assert len(code) == 6 and codes.decode(code) == match_id
    assert codes.decode(code.lower()) == match_id and codes.decode(codes.pretty(code)) == match_id
    for position in range(6):
        for char in codes.ALPHABET:
            if char != code[position]:
                assert codes.decode(code[:position] + char + code[position + 1 :]) is None


def test_look_alikes_and_garbage() -> None:
    code = codes.encode(4242)
    assert codes.decode(code.replace("0", "O").replace("1", "I")) == 4242
    for bad in ("", "ABC", "ABCDEFG", "!!!!!!", "ÀÉÍÓÚÇ"):
        assert codes.decode(bad) is None
    with pytest.raises(ValueError):
        codes.encode(0)


def test_neighbouring_matches_get_unlike_codes() -> None:
    a, b = codes.encode(100), codes.encode(101)
    assert sum(x != y for x, y in zip(a, b)) >= 3


@pytest.mark.django_db
def test_match_from_code_respects_the_tournament(world: World) -> None:
    m = world.match(1, "1")
    assert match_from_code(match_code(m)) == m
    assert match_from_code(match_code(m), world.tournament) == m
    assert match_from_code(match_code(m), world.other) is None
