"""What the tenteio offers (``rules.hands.offers``), table-driven per modality: the phase,
the truco outcomes and their sides, the levels, envido and flor; and that every offer is
a hand the engine accepts at that score, while what is not offered at 11–11 or in a
mão de onze is what the modality does not have."""

from __future__ import annotations

import pytest

from rules.hands import EnvidoPart, FlorPart, Hand, HandOptions, TrucoCall, TrucoEnd, TrucoPart, score_hand
from rules.hands.offers import Offers, Phase, flor_exists, hand_offers, jogo_decided
from rules.hands.types import Variant
from rules.modalities import PRESETS
from rules.modality_params import Modality
from tests.rules.hands_helpers import (
    ALL,
    CEGO,
    DUPLA,
    GOIANO,
    PAULISTA,
    URUGUAIO,
    A,
    B,
    chain,
)

T = TrucoCall
LADDER_234 = [
    "won:none",
    "won:truco",
    "refused:truco",
    "won:retruco",
    "refused:retruco",
    "won:vale_quatro",
    "refused:vale_quatro",
]
LADDER_369 = [
    "won:none",
    "won:truco",
    "won:seis",
    "won:nove",
    "won:doze",
    "refused:truco",
    "refused:seis",
    "refused:nove",
    "refused:doze",
]


def table(offers: Offers) -> list[tuple[str, int, str]]:
    return [(o.code, o.points, "".join(s.value for s in o.sides)) for o in offers.truco]


@pytest.mark.parametrize("modality", list(PRESETS.values()), ids=list(PRESETS))
def test_an_ordinary_hand_offers_the_modalitys_ladder_envido_and_flor(modality: Modality) -> None:
    offers = hand_offers(modality, (0, 0))
    assert offers.phase is Phase.HAND and offers.hand_open and offers.tied
    ladder = LADDER_369 if modality.mao_de_onze else LADDER_234
    assert [o.code for o in offers.truco] == ladder
    assert all(o.sides == (A, B) for o in offers.truco)
    assert len(offers.levels) == (5 if modality.mao_de_onze else 4)
    # The vocabulary flags of the preset and the engine's rules agree.
    assert offers.envido is modality.has_envido and offers.flor is modality.has_flor


@pytest.mark.parametrize(
    ("modality", "score", "phase", "rows", "levels"),
    [
        # One side on 11: it plays (3 to either) or folds (1 to the other side only).
        (GOIANO, (11, 5), Phase.MAO_DE_ONZE, [("won:none", 3, "ab"), ("refused:none", 1, "b")], [T.NONE]),
        (GOIANO, (4, 11), Phase.MAO_DE_ONZE, [("won:none", 3, "ab"), ("refused:none", 1, "a")], [T.NONE]),
        # 002: a truco asked in the mão de 11 gives the opponent 3 [002 L63].
        (
            PAULISTA,
            (11, 9),
            Phase.MAO_DE_ONZE,
            [("won:none", 3, "ab"), ("refused:none", 1, "b"), ("won:truco", 3, "ab")],
            [T.NONE, T.TRUCO],
        ),
        # 11–11: nobody folds; 003 calls it the mão de ferro.
        (GOIANO, (11, 11), Phase.ONZE_A_ONZE, [("won:none", 3, "ab")], [T.NONE]),
        (
            PAULISTA,
            (11, 11),
            Phase.ONZE_A_ONZE,
            [("won:none", 3, "ab"), ("won:truco", 3, "ab")],
            [T.NONE, T.TRUCO],
        ),
        # At 10 nothing special yet; at the target the partida waits for its confirmation.
        (GOIANO, (10, 10), Phase.HAND, None, None),
        (GOIANO, (12, 11), Phase.PARTIDA_OVER, [], []),
        (CEGO, (23, 23), Phase.HAND, None, None),  # no mão de onze where the rulebook has none
        (URUGUAIO, (29, 0), Phase.HAND, None, None),
        (DUPLA, (18, 3), Phase.PARTIDA_OVER, [], []),
    ],
)
def test_offers_follow_the_score(
    modality: Modality,
    score: tuple[int, int],
    phase: Phase,
    rows: list[tuple[str, int, str]] | None,
    levels: list[TrucoCall] | None,
) -> None:
    offers = hand_offers(modality, score)
    assert offers.phase is phase
    if rows is not None:
        assert table(offers) == rows
    if levels is not None:
        assert list(offers.levels) == levels
    assert offers.mao_de_ferro is (modality is GOIANO and score == (11, 11))
    assert offers.hand_open is (phase is not Phase.PARTIDA_OVER)
    if phase is not Phase.HAND:
        assert not offers.envido and not offers.flor


@pytest.mark.parametrize("modality", ALL, ids=lambda m: m.key)
def test_a_decided_jogo_offers_nothing(modality: Modality) -> None:
    offers = hand_offers(modality, (0, 0), decided=True)
    assert offers.phase is Phase.JOGO_DECIDED and not offers.hand_open
    assert offers.truco == () and offers.levels == () and not offers.tied
    assert not offers.envido and not offers.flor


@pytest.mark.parametrize(
    ("modality", "wins", "played", "decided"),
    [
        (CEGO, (2, 0), 2, True),
        (CEGO, (1, 1), 2, False),
        (CEGO, (2, 1), 3, True),
        (PAULISTA, (1, 0), 1, False),
        (GOIANO, (1, 1), 2, False),
        (GOIANO, (2, 1), 3, True),
        (GOIANO, (1, 1), 4, True),  # the desempate was the last partida the súmula holds
        (URUGUAIO, (0, 2), 2, True),
    ],
)
def test_jogo_decided(modality: Modality, wins: tuple[int, int], played: int, decided: bool) -> None:
    assert jogo_decided(modality, wins, played) is decided


def test_pata_lisa_has_no_flor() -> None:
    options = HandOptions(pata_lisa=True)
    assert flor_exists(Variant.CEGO_DUPLA) and not flor_exists(Variant.CEGO_DUPLA, options)
    assert flor_exists(Variant.CEGO, options)  # «pata lisa» is the 001 option only
    offers = hand_offers(DUPLA, (0, 0), options=options)
    assert offers.envido and not offers.flor


SCORES = [(0, 0), (5, 3), (10, 11), (11, 4), (3, 11), (11, 11), (16, 17), (22, 23), (28, 29)]


def open_scores(modality: Modality) -> list[tuple[int, int]]:
    return [s for s in SCORES if max(s) < modality.points_to_win]


@pytest.mark.parametrize("modality", ALL, ids=lambda m: m.key)
def test_every_offer_is_a_hand_the_engine_accepts(modality: Modality) -> None:
    for score in open_scores(modality):
        offers = hand_offers(modality, score)
        hands = [
            Hand.roda(mao, TrucoPart(o.end, side, o.level))
            for o in offers.truco
            for side in o.sides
            for mao in (A, B)
        ]
        if offers.tied:
            hands.append(Hand.roda(A, TrucoPart.tied()))
        if offers.envido:
            # A falta envido: never over the Amostra cap in buenos, which limits the other chains.
            hands.append(Hand.roda(A, envido=EnvidoPart.won(B, *chain("F"))))
        if offers.flor:
            hands.append(Hand.roda(A, flor=FlorPart((B,))))
        for hand in hands:
            out = score_hand(modality, score, hand)
            assert out.problems == (), (modality.key, score, hand)
        for o in offers.truco:
            got = score_hand(modality, score, Hand.roda(A, TrucoPart(o.end, o.sides[0], o.level)))
            assert got.award is not None and got.award.raw == (
                (o.points, 0) if o.sides[0] is A else (0, o.points)
            ), (modality.key, score, o)


@pytest.mark.parametrize("modality", ALL, ids=lambda m: m.key)
def test_what_is_not_offered_is_what_the_modality_does_not_have(modality: Modality) -> None:
    for score in open_scores(modality):
        offers = hand_offers(modality, score)
        if not offers.envido:
            hand = Hand.roda(A, envido=EnvidoPart.won(B, *chain("E")))
            assert score_hand(modality, score, hand).award is None
        if not offers.flor:
            assert score_hand(modality, score, Hand.roda(A, flor=FlorPart((B,)))).award is None
        if offers.phase is Phase.MAO_DE_ONZE and T.TRUCO not in offers.levels:
            # 003: «na mão-de-onze não é permitido … pedir truco» (V-H9).
            hand = Hand.roda(A, TrucoPart(TrucoEnd.WON, A, T.TRUCO))
            assert score_hand(modality, score, hand).award is None
        if offers.phase is Phase.MAO_DE_ONZE:
            (fold,) = (o for o in offers.truco if o.end is TrucoEnd.REFUSED)
            (side_on_eleven,) = (s for s in (A, B) if s not in fold.sides)
            # The side on 11 folds: the side on 11 never takes the fold (V-H9/V-H10).
            hand = Hand.roda(A, TrucoPart(TrucoEnd.REFUSED, side_on_eleven, T.NONE))
            assert score_hand(modality, score, hand).award is None
