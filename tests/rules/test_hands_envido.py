"""Envido part: every chain of the 004 table, the 000 chain examples, falta by leader vs
proposer, the Amostra cap and bets, ties (docs/rules.md §2.1.5, §2.2.6, §2.3.5, §2.6.5;
V-H5, V-H6, V-H8)."""

from __future__ import annotations

import pytest

from rules.hands import EnvidoBet, EnvidoCall, EnvidoPart, Hand, TrucoCall, TrucoPart
from rules.hands.envido import URUGUAIO_CHAINS
from tests.rules.hands_helpers import (
    AMOSTRA,
    AMOSTRA_MANO,
    CEGO,
    DUPLA,
    GOIANO,
    PAULISTA,
    URUGUAIO,
    A,
    B,
    award,
    chain,
    codes,
)

FALTA = "falta"

# docs/rules.md §2.6.5, row by row: chain, accepted, refused.
URUGUAIO_TABLE = [
    ("E", 2, 1),
    ("RE", 3, 1),
    ("F", FALTA, 1),
    ("E-E", 4, 2),
    ("E-RE", 5, 2),
    ("E-F", FALTA, 2),
    ("E-RE-F", FALTA, 5),
    ("RE-F", FALTA, 3),
    ("E-E-RE", 7, 4),
    ("E-E-F", FALTA, 4),
    ("E-E-RE-F", FALTA, 7),
]


def _envido(spec: str, *, first: object = A, winner: object = None, accepted: bool = True) -> Hand:
    calls = chain(spec, first)  # type: ignore[arg-type]
    part = EnvidoPart(calls, accepted, winner) if accepted else EnvidoPart(calls, False)
    return Hand.roda(A, envido=part)


@pytest.mark.parametrize(("spec", "accepted", "refused"), URUGUAIO_TABLE)
def test_uruguaio_table(spec: str, accepted: int | str, refused: int) -> None:
    # At A 10 – B 4; the F caller's falta (PROPOSER, [004 L37]) is 30 − its score.
    calls = chain(spec, A)
    f_caller = calls[-1].by
    falta = 30 - (10 if f_caller is A else 4)
    value = falta if accepted == FALTA else accepted
    assert award(URUGUAIO, (10, 4), _envido(spec, winner=B)) == (0, value)
    assert award(URUGUAIO, (10, 4), _envido(spec, winner=A)) == (min(value, 20), 0)
    last = calls[-1].by
    expected = (refused, 0) if last is A else (0, refused)
    assert award(URUGUAIO, (10, 4), _envido(spec, accepted=False)) == expected


def test_uruguaio_table_has_exactly_the_eleven_chains() -> None:
    assert len(URUGUAIO_CHAINS) == 11


@pytest.mark.parametrize("spec", ["E-E-E", "RE-RE", "RE-E", "F-E", "E-RE-RE", "RE2", "E-E-RE-RE"])
def test_uruguaio_other_chains_are_illegal(spec: str) -> None:
    assert codes(URUGUAIO, (0, 0), _envido(spec, winner=A)) == {"hand.envido_chain_invalid"}


# The same arithmetic gives the 000 rows (§2.1.5, §2.2.6) and the 001 default (§2.3.5).
@pytest.mark.parametrize(
    ("mod", "spec", "accepted", "refused"),
    [
        (CEGO, "E", 2, 1),
        (CEGO, "RE", 3, 1),  # 1 if it opens
        (CEGO, "F", FALTA, 1),  # [000 L623]
        (CEGO, "E-RE", 5, 2),  # as a revide, the previous accepted total [000 L611]
        (CEGO, "E-RE-F", FALTA, 5),  # [000 L629] «vale cinco tentos»
        (CEGO, "E-E-RE", 7, 4),  # [000 L635] «vale sete tentos»
        (CEGO, "E-RE-RE", 8, 5),  # stackable real envidos [000 L607]
        (CEGO, "RE2", 6, 1),
        (AMOSTRA, "E-E", 4, 2),  # [000 L1385] [000 L1387]
        (AMOSTRA, "E-RE-F", FALTA, 5),  # [000 L1401]
        (AMOSTRA, "E-E-RE-F", FALTA, 7),  # [000 L1403]
        (AMOSTRA, "N9", 9, 1),  # "n tentos de envido" [000 L1419]
        (AMOSTRA, "E-N5", 7, 2),
        (AMOSTRA, "RE6", 18, 1),  # [000 L1359] «está sendo proposto 18 tentos»
        (DUPLA, "E", 2, 1),
        (DUPLA, "RE", 3, 1),
        (DUPLA, "F", FALTA, 1),
        (DUPLA, "E-E-RE", 7, 4),
    ],
)
def test_gaucho_chains(mod: object, spec: str, accepted: int | str, refused: int) -> None:
    before = (2, 1)  # nobody in buenos: the Amostra cap does not apply
    calls = chain(spec, B)
    target = mod.points_to_win  # type: ignore[attr-defined]
    falta = target - 2 if mod is not DUPLA else target - (2 if calls[-1].by is A else 1)
    value = falta if accepted == FALTA else accepted
    assert award(mod, before, _envido(spec, first=B, winner=A)) == (min(value, target - 2), 0)
    last = calls[-1].by
    assert award(mod, before, _envido(spec, first=B, accepted=False)) == (
        (refused, 0) if last is A else (0, refused)
    )


@pytest.mark.parametrize(
    ("mod", "before", "caller", "expected"),
    [
        # LEADER (000): the falta of the side ahead [000 L621]; PROPOSER (001/004) [001 L34] [004 L37].
        (CEGO, (16, 11), B, 8),  # E7 volta x: A leads 16 → 8
        (CEGO, (16, 11), A, 8),
        (CEGO, (0, 0), A, 24),  # whole partida at 0–0 [000 L641]
        (AMOSTRA, (10, 3), B, 20),
        (DUPLA, (10, 3), B, 15),
        (DUPLA, (10, 3), A, 8),
        (URUGUAIO, (22, 17), A, 8),  # E13 P1
        (URUGUAIO, (22, 17), B, 13),
    ],
)
def test_falta_basis(mod: object, before: tuple[int, int], caller: object, expected: int) -> None:
    hand = Hand.roda(A, envido=EnvidoPart.won(B, EnvidoBet(EnvidoCall.FALTA, caller)))  # type: ignore[arg-type]
    target = mod.points_to_win  # type: ignore[attr-defined]
    assert award(mod, before, hand) == (0, min(expected, target - before[1]))
    won_by_a = Hand.roda(A, envido=EnvidoPart.won(A, EnvidoBet(EnvidoCall.FALTA, caller)))  # type: ignore[arg-type]
    assert award(mod, before, won_by_a) == (min(expected, target - before[0]), 0)


def test_e7_volta_x_b_wins_falta_and_a_takes_the_truco() -> None:
    hand = Hand.roda(A, TrucoPart.won(A), envido=EnvidoPart.won(B, *chain("F", A)))
    assert award(CEGO, (16, 11), hand) == (1, 8)


def test_a_minha_falta_001() -> None:
    part = EnvidoPart(chain("F", B), True, A, a_minha_falta=True)
    # B (3) calls its falta 15; A (10) answers with its own falta, 8 [001 L34].
    assert award(DUPLA, (10, 3), Hand.roda(A, envido=part)) == (8, 0)
    # Only the side with more points; only in 001; only accepted, only over an F.
    assert codes(DUPLA, (3, 10), Hand.roda(A, envido=part)) == {"hand.a_minha_falta_invalid"}
    assert codes(URUGUAIO, (10, 3), Hand.roda(A, envido=part)) == {"hand.a_minha_falta_invalid"}
    refused = EnvidoPart(chain("F", B), False, a_minha_falta=True)
    assert codes(DUPLA, (10, 3), Hand.roda(A, envido=refused)) == {"hand.a_minha_falta_invalid"}
    over_e = EnvidoPart(chain("E", B), True, A, a_minha_falta=True)
    assert codes(DUPLA, (10, 3), Hand.roda(A, envido=over_e)) == {"hand.a_minha_falta_invalid"}


@pytest.mark.parametrize(("mod", "expected"), [(CEGO, (2, 0)), (DUPLA, (2, 0)), (URUGUAIO, (0, 2))])
def test_envido_tie_goes_to_mao_or_dealer(mod: object, expected: tuple[int, int]) -> None:
    # A is the mão; the dealer is B (AMB-19).
    part = EnvidoPart(chain("E", B), True, None, tied=True)
    assert award(mod, (0, 0), Hand.roda(A, envido=part)) == expected


@pytest.mark.parametrize(
    "part",
    [
        EnvidoPart(chain("E"), True, None),  # accepted, no winner, no tie
        EnvidoPart(chain("E"), True, A, tied=True),
        EnvidoPart(chain("E"), False, B),  # refused pays the last caller (A), not B
        EnvidoPart(chain("E"), False, None, tied=True),
    ],
)
def test_winner_must_match_the_outcome(part: EnvidoPart) -> None:
    assert codes(CEGO, (0, 0), Hand.roda(A, envido=part)) == {"hand.envido_winner_invalid"}


def test_refusal_may_name_the_caller() -> None:
    assert award(CEGO, (0, 0), Hand.roda(A, envido=EnvidoPart(chain("E-RE"), False, B))) == (0, 2)


@pytest.mark.parametrize(
    ("mod", "calls"),
    [
        (CEGO, ()),
        (CEGO, (EnvidoBet(EnvidoCall.ENVIDO, A), EnvidoBet(EnvidoCall.REAL, A))),  # same side twice
        (CEGO, chain("F-E")),  # nothing over the falta
        (CEGO, chain("N3")),  # "n tentos": Amostra only
        (CEGO, chain("V")),  # the advantage bet: Amostra only
        (CEGO, chain("E2")),
        (CEGO, chain("RE0")),
        (DUPLA, chain("RE2")),  # several real envidos at once: 000 only
        (AMOSTRA, chain("E-V")),  # the advantage bet stands alone
        (AMOSTRA, chain("F2")),
    ],
)
def test_illegal_chains(mod: object, calls: tuple[EnvidoBet, ...]) -> None:
    assert codes(mod, (0, 3), Hand.roda(A, envido=EnvidoPart(calls, True, A))) == {
        "hand.envido_chain_invalid"
    }


@pytest.mark.parametrize("mod", [PAULISTA, GOIANO])
def test_no_envido_in_002_003(mod: object) -> None:
    assert codes(mod, (0, 0), _envido("E", winner=A)) == {"hand.envido_not_in_modality"}


def test_amostra_cap_in_buenos() -> None:
    # AMOSTRA trio: 30, buenos at 15. At A 24 – B 10 the leader's falta is 6 [000 L1411].
    assert award(AMOSTRA, (24, 10), _envido("E-E", winner=B)) == (0, 4)
    assert codes(AMOSTRA, (24, 10), _envido("E-E-RE", winner=B)) == {"hand.envido_above_cap"}
    assert award(AMOSTRA, (24, 10), _envido("E-E-RE-F", winner=B)) == (0, 6)
    # A refused chain is not capped: it pays the previous total.
    assert award(AMOSTRA, (24, 10), _envido("E-E-RE", accepted=False)) == (4, 0)
    # Before buenos (14 < 15) there is no cap; Cego has none at all.
    assert award(AMOSTRA, (14, 10), _envido("RE6", winner=B)) == (0, 18)
    assert award(CEGO, (17, 10), _envido("E-E-RE", winner=B)) == (0, 7)
    # Mano variant: 18 points, buenos at 9.
    assert codes(AMOSTRA_MANO, (9, 0), _envido("RE4", winner=B)) == {"hand.envido_above_cap"}


def test_amostra_advantage_bet() -> None:
    adv = chain("V", B)
    # Proposed by the trailing side; accepted → the leader's advantage [000 L1431].
    assert award(AMOSTRA, (12, 5), Hand.roda(A, envido=EnvidoPart(adv, True, B))) == (0, 7)
    assert award(AMOSTRA, (12, 5), Hand.roda(A, envido=EnvidoPart(adv, True, A))) == (7, 0)
    assert award(AMOSTRA, (12, 5), Hand.roda(A, envido=EnvidoPart(adv, False))) == (0, 1)  # [000 L1433]
    assert codes(AMOSTRA, (5, 12), Hand.roda(A, envido=EnvidoPart(adv, True, B))) == {
        "hand.advantage_bet_invalid"
    }
    assert codes(AMOSTRA, (5, 5), Hand.roda(A, envido=EnvidoPart(adv, True, B))) == {
        "hand.advantage_bet_invalid"
    }


def test_envido_and_truco_to_different_sides() -> None:
    hand = Hand.roda(A, TrucoPart.won(A, TrucoCall.RETRUCO), envido=EnvidoPart.won(B, *chain("E-RE", A)))
    assert award(URUGUAIO, (0, 0), hand) == (3, 5)
    assert award(DUPLA, (0, 0), hand) == (3, 5)
