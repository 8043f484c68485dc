"""Flor part: flor, contra-flor, CFR, achicar per modality (docs/rules.md §2.1.5, §2.2.6,
§2.3.5, §2.6.5; AMB-18; V-H4, V-H8, V-H12)."""

from __future__ import annotations

import pytest

from rules.hands import EnvidoPart, FlorBet, FlorCall, FlorPart, Hand, HandOptions, TrucoCall, TrucoPart
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

CF, CFR, CFF, COM = (
    FlorCall.CONTRA_FLOR,
    FlorCall.CONTRA_FLOR_RESTO,
    FlorCall.CONTRA_FLOR_FALTA,
    FlorCall.COM_FLOR,
)
GAUCHO = (CEGO, AMOSTRA, DUPLA, URUGUAIO)


def flor(
    *flores: object, raises: tuple[FlorBet, ...] = (), accepted: bool = True, winner: object = None
) -> Hand:
    part = FlorPart(tuple(flores), raises, accepted, winner)  # type: ignore[arg-type]
    return Hand.roda(A, flor=part)


@pytest.mark.parametrize("mod", GAUCHO)
def test_uncontested_flor_is_three_per_flor(mod: object) -> None:
    assert award(mod, (0, 0), flor(B)) == (0, 3)
    assert award(mod, (0, 0), flor(A, A)) == (6, 0)  # [004 L57] two flores of one side: 6
    # A raise without an opposing flor is void: «vale como uma FLOR SIMPLES» [000 L443]
    assert award(mod, (5, 5), flor(A, raises=(FlorBet(CFR, A),))) == (3, 0)


@pytest.mark.parametrize(
    ("mod", "expected"),
    [
        (CEGO, (0, 6)),  # the bigger flor takes 3 for each flor [000 L425]
        (AMOSTRA, (0, 6)),
        (DUPLA, (0, 3)),  # only its own flores [001 L39]
        (URUGUAIO, (3, 3)),  # each flor sung scores 3 (default reading of [004 L55])
    ],
)
def test_flor_against_flor_without_raise(mod: object, expected: tuple[int, int]) -> None:
    assert award(mod, (0, 0), flor(A, B, winner=B)) == expected


def test_flor_against_flor_with_more_flores() -> None:
    assert award(CEGO, (0, 0), flor(A, B, B, winner=A)) == (9, 0)
    assert award(DUPLA, (0, 0), flor(A, B, B, winner=B)) == (0, 6)  # [001 L39] «ganha 6 tentos»


@pytest.mark.parametrize(
    ("mod", "expected"),
    [(CEGO, (4, 0)), (AMOSTRA, (4, 0)), (URUGUAIO, (4, 0)), (DUPLA, (4, 0))],
)
def test_achicar_without_raise(mod: object, expected: tuple[int, int]) -> None:
    # B achica against A's flor: 3 of the flor + 1 of the achicada [000 L487] [001 L43].
    assert award(mod, (0, 0), flor(A, B, accepted=False)) == expected


def test_achicar_counts_every_achicada_flor_in_000() -> None:
    assert award(CEGO, (0, 0), flor(A, B, B, accepted=False)) == (5, 0)  # [000 L471]
    assert award(DUPLA, (0, 0), flor(A, B, B, accepted=False)) == (4, 0)  # one multa [001 L43]


@pytest.mark.parametrize(
    ("mod", "accepted", "refused"),
    [
        (CEGO, 6, 4),  # [000 L433] [000 L437]
        (AMOSTRA, 6, 4),  # [000 L1231] [000 L1235]
        (DUPLA, 6, 7),  # [001 L22] [001 L43] «paga 7 tentos» (AMB-18)
        (URUGUAIO, 6, 4),  # [004 L17]; refusal: 000 default
    ],
)
def test_contra_flor(mod: object, accepted: int, refused: int) -> None:
    raises = (FlorBet(CF, B),)
    assert award(mod, (2, 2), flor(A, B, raises=raises, winner=A)) == (accepted, 0)
    assert award(mod, (2, 2), flor(A, B, raises=raises, winner=B)) == (0, accepted)
    assert award(mod, (2, 2), flor(A, B, raises=raises, accepted=False)) == (0, refused)


def test_contra_flor_with_three_flores() -> None:
    raises = (FlorBet(CF, B),)
    assert award(DUPLA, (0, 0), flor(A, B, B, raises=raises, winner=A)) == (9, 0)  # [001 L40]
    assert award(CEGO, (0, 0), flor(A, B, B, raises=raises, winner=B)) == (0, 9)  # [000 L471]
    assert award(URUGUAIO, (0, 0), flor(A, B, B, raises=raises, winner=B)) == (0, 6)


@pytest.mark.parametrize(
    ("mod", "before", "winner", "accepted", "opening_refused", "reply_refused"),
    [
        # 000: 6 + the leader's falta [000 L449]; achica 4; as a reply refused 6 [000 L463].
        (CEGO, (10, 5), A, 20, 4, 6),
        (CEGO, (10, 5), B, 20, 4, 6),
        # Amostra: the reply refused is 4 [000 L1277] (AMB-18).
        (AMOSTRA, (10, 5), B, 26, 4, 4),
        # 001: ends the partida [001 L41]; refusals: the bet + 1 (7).
        (DUPLA, (10, 12), A, 8, 7, 7),
        (DUPLA, (10, 12), B, 6, 7, 7),
        # 004: what the winner needs to reach 30 [004 L55].
        (URUGUAIO, (24, 29), A, 6, 4, 6),
        (URUGUAIO, (24, 29), B, 1, 4, 6),
    ],
)
def test_contra_flor_e_o_resto(
    mod: object,
    before: tuple[int, int],
    winner: object,
    accepted: int,
    opening_refused: int,
    reply_refused: int,
) -> None:
    target = mod.points_to_win  # type: ignore[attr-defined]
    opening = (FlorBet(CFR, A),)
    got = award(mod, before, flor(A, B, raises=opening, winner=winner))
    room = target - (before[0] if winner is A else before[1])
    assert got == ((min(accepted, room), 0) if winner is A else (0, min(accepted, room)))
    assert award(mod, before, flor(B, A, raises=opening, accepted=False)) == (opening_refused, 0)
    reply = (FlorBet(CF, B), FlorBet(CFR, A))
    assert award(mod, before, flor(B, A, raises=reply, accepted=False)) == (reply_refused, 0)


def test_e13_p3_cfr_gives_a_exactly_what_it_needs() -> None:
    hand = flor(A, B, raises=(FlorBet(CFR, A),), winner=A)
    assert award(URUGUAIO, (24, 29), hand) == (6, 0)
    assert award(URUGUAIO, (24, 29), flor(A, B, raises=(FlorBet(CFR, A),), winner=B)) == (0, 1)


def test_e11_cfr_ends_a_001_partida() -> None:
    from rules.hands import score_hand

    out = score_hand(DUPLA, (10, 12), flor(A, B, raises=(FlorBet(CFR, A),), winner=A))
    assert out.award is not None and (out.award.a, out.award.ends_partida) == (8, True)


def test_cfr_tie_goes_to_the_dealer_in_004() -> None:
    part = FlorPart((A, B), (FlorBet(CFR, A),), True, None, tied=True)
    assert award(URUGUAIO, (20, 25), Hand.roda(A, flor=part)) == (0, 5)  # B deals


def test_cfr_tie_in_cego_goes_to_the_mao() -> None:
    part = FlorPart((A, B), (FlorBet(CFR, A),), True, None, tied=True)
    # B is the mão: 6 + the leader's falta (24 − 5) = 25, clamped to what B can take.
    assert award(CEGO, (5, 3), Hand.roda(B, flor=part)) == (0, 21)
    assert award(CEGO, (5, 3), Hand.roda(A, flor=part)) == (19, 0)


def test_contra_flor_a_minha_falta_001_is_at_least_three() -> None:
    raises = (FlorBet(CFF, A),)
    assert award(DUPLA, (16, 3), flor(A, B, raises=raises, winner=A)) == (2, 0)  # max(3, 2) = 3 → clamp
    assert award(DUPLA, (16, 3), flor(A, B, raises=raises, winner=B)) == (0, 3)  # [001 L42]
    assert award(DUPLA, (5, 3), flor(A, B, raises=raises, winner=B)) == (0, 13)
    assert award(DUPLA, (5, 3), flor(A, B, raises=raises, accepted=False)) == (7, 0)
    # Amostra "contra flor a falta envido": the leader's falta (default).
    assert award(AMOSTRA, (0, 0), flor(A, B, raises=raises, winner=B)) == (0, 30)
    assert codes(CEGO, (0, 0), flor(A, B, raises=raises, winner=B)) == {"hand.flor_chain_invalid"}


def test_amostra_real_envidos_over_flor() -> None:
    # [000 L1241] «CONTRA-FLOR 6 Real Envido … 24 tentos»; [000 L1245] «COM FLOR 6 … 21».
    assert award(AMOSTRA, (0, 0), flor(A, B, raises=(FlorBet(CF, B, reals=6),), winner=B)) == (0, 24)
    assert award(AMOSTRA, (0, 0), flor(A, B, raises=(FlorBet(COM, B, reals=6),), winner=A)) == (21, 0)
    assert award(AMOSTRA, (0, 0), flor(A, B, raises=(FlorBet(COM, B, reals=6),), accepted=False)) == (0, 4)
    assert codes(CEGO, (0, 0), flor(A, B, raises=(FlorBet(CF, B, reals=2),), winner=B)) == {
        "hand.flor_chain_invalid"
    }


def test_cfr_in_amostra_needs_a_point() -> None:
    # [000 L1267] only a cruza with at least one tento.
    assert codes(AMOSTRA, (0, 4), flor(A, B, raises=(FlorBet(CFR, A),), winner=A)) == {
        "hand.cfr_needs_a_point"
    }
    # 6 + the leader's falta (30 − 4) = 32 → clamped to A's 29.
    assert award(AMOSTRA, (1, 4), flor(A, B, raises=(FlorBet(CFR, A),), winner=A)) == (29, 0)
    assert award(AMOSTRA, (20, 4), flor(A, B, raises=(FlorBet(CFR, A),), winner=B)) == (0, 16)


def test_testa_cfr_is_six() -> None:
    from rules.hands import Deal, score_hand

    part = FlorPart((A, B), (FlorBet(CFR, A),), True, A)
    duel = Deal(A, TrucoPart.won(A, TrucoCall.VALE_QUATRO), flor=part)
    quiet = Deal(B)
    out = score_hand(CEGO, (4, 2), Hand.testa(duel, quiet, quiet))
    assert out.award is not None and (out.award.a, out.award.b) == (10, 0)


@pytest.mark.parametrize(
    "raises",
    [
        (FlorBet(CFR, A), FlorBet(CF, B)),  # a contra flor only answers a flor
        (FlorBet(CF, A), FlorBet(CFR, A)),  # same side twice
        (FlorBet(CFR, A), FlorBet(CFR, B)),  # only over a contra flor
        (FlorBet(CF, A), FlorBet(CFR, B), FlorBet(CF, A)),
        (FlorBet(COM, A, reals=1),),  # Amostra only
    ],
)
def test_illegal_flor_raises(raises: tuple[FlorBet, ...]) -> None:
    assert codes(CEGO, (1, 1), flor(A, B, raises=raises, winner=A)) == {"hand.flor_chain_invalid"}


def test_com_flor_needs_reals_and_stands_alone() -> None:
    assert codes(AMOSTRA, (1, 1), flor(A, B, raises=(FlorBet(COM, A),), winner=A)) == {
        "hand.flor_chain_invalid"
    }


def test_flor_shape_errors() -> None:
    assert codes(CEGO, (0, 0), flor()) == {"hand.flor_count_invalid"}
    assert codes(DUPLA, (0, 0), flor(A, A, A)) == {"hand.flor_count_invalid"}
    assert codes(AMOSTRA_MANO, (0, 0), flor(B, B)) == {"hand.flor_count_invalid"}
    bad_singers = FlorPart((A,), singers=("p1", "p2"))
    assert codes(CEGO, (0, 0), Hand.roda(A, flor=bad_singers)) == {"hand.flor_count_invalid"}
    assert codes(CEGO, (0, 0), flor(A, accepted=False)) == {"hand.flor_chain_invalid"}
    assert codes(CEGO, (0, 0), flor(A, B)) == {"hand.flor_winner_invalid"}
    assert codes(CEGO, (0, 0), Hand.roda(A, flor=FlorPart((A, B), tied=True, winner=A))) == {
        "hand.flor_winner_invalid"
    }
    assert codes(CEGO, (0, 0), flor(A, B, accepted=False, winner=B)) == {"hand.flor_winner_invalid"}
    assert award(CEGO, (0, 0), flor(A, B, accepted=False, winner=A)) == (4, 0)


@pytest.mark.parametrize("mod", [PAULISTA, GOIANO])
def test_no_flor_in_002_003(mod: object) -> None:
    assert codes(mod, (0, 0), flor(A)) == {"hand.flor_not_in_modality"}


def test_pata_lisa() -> None:
    options = HandOptions(pata_lisa=True)
    assert codes(DUPLA, (0, 0), flor(A), options=options) == {"hand.flor_disabled"}
    assert award(CEGO, (0, 0), flor(A), options=options) == (3, 0)  # a 001 option only


def test_flor_cancels_envido() -> None:
    hand = Hand.roda(A, envido=EnvidoPart.won(A, *chain("E")), flor=FlorPart((B,)))
    assert codes(CEGO, (0, 0), hand) == {"hand.flor_and_envido"}


def test_flor_and_truco_to_different_sides() -> None:
    assert award(URUGUAIO, (0, 0), Hand.roda(A, TrucoPart.won(A, TrucoCall.TRUCO), flor=FlorPart((B,)))) == (
        2,
        3,
    )
