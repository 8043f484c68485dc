"""Truco part per modality: ladders, refusals, pardas, baralho, mão de onze / de ferro
(docs/rules.md §2.1.5, §2.2.5, §2.3.5, §2.4.5, §2.5.5, §2.6.5; V-H3, V-H4, V-H9, V-H10)."""

from __future__ import annotations

import pytest

from rules.hands import EnvidoPart, Hand, HandOptions, TrucoCall, TrucoEnd, TrucoPart
from rules.hands.truco import LADDER_2_3_4, LADDER_3_6_9
from tests.rules.hands_helpers import (
    AMOSTRA,
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

T = TrucoCall
GAUCHO = (CEGO, AMOSTRA, DUPLA, URUGUAIO)
LADDER_369 = (PAULISTA, GOIANO)

# (call, accepted, refused) — the tables of §2.1.5 / §2.2.5 / §2.3.5 / §2.6.5 and §2.5.5.
ROWS_234 = [(T.NONE, 1, None), (T.TRUCO, 2, 1), (T.RETRUCO, 3, 2), (T.VALE_QUATRO, 4, 3)]
ROWS_369 = [(T.NONE, 1, None), (T.TRUCO, 3, 1), (T.SEIS, 6, 3), (T.NOVE, 9, 6), (T.DOZE, 12, 9)]


def _cases(mods: tuple[object, ...], rows: list[tuple[TrucoCall, int, int | None]]) -> list[object]:
    return [pytest.param(m, *r, id=f"{m.key}-{r[0].value}") for m in mods for r in rows]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("mod", "call", "accepted", "refused"), _cases(GAUCHO, ROWS_234) + _cases(LADDER_369, ROWS_369)
)
def test_ladder_accepted_and_refused(
    mod: object, call: TrucoCall, accepted: int, refused: int | None
) -> None:
    assert award(mod, (0, 0), Hand.roda(A, TrucoPart.won(B, call))) == (0, accepted)
    assert award(mod, (0, 0), Hand.roda(B, TrucoPart.won(A, call))) == (accepted, 0)
    if refused is None:
        assert codes(mod, (0, 0), Hand.roda(A, TrucoPart.refused(A, call))) == {
            "hand.truco_refused_without_call"
        }
    else:
        # The caller takes the refusal value.
        assert award(mod, (0, 0), Hand.roda(A, TrucoPart.refused(B, call))) == (0, refused)


def test_ladder_tables_are_the_rulebook_values() -> None:
    assert LADDER_2_3_4 == {T.NONE: (1, 0), T.TRUCO: (2, 1), T.RETRUCO: (3, 2), T.VALE_QUATRO: (4, 3)}
    assert LADDER_3_6_9[T.DOZE] == (12, 9) and LADDER_3_6_9[T.SEIS] == (6, 3)


@pytest.mark.parametrize(
    ("mod", "call"),
    [(CEGO, T.SEIS), (URUGUAIO, T.DOZE), (DUPLA, T.NOVE), (PAULISTA, T.RETRUCO), (GOIANO, T.VALE_QUATRO)],
)
def test_call_from_the_other_ladder_is_refused(mod: object, call: TrucoCall) -> None:
    assert codes(mod, (0, 0), Hand.roda(A, TrucoPart.won(A, call))) == {"hand.truco_level_invalid"}


# AMB-19: pardas — 000/001 the mão, 004 the dealer, 002/003 nobody.
@pytest.mark.parametrize(
    ("mod", "call", "expected"),
    [
        (CEGO, T.NONE, (1, 0)),
        (CEGO, T.RETRUCO, (3, 0)),
        (AMOSTRA, T.TRUCO, (2, 0)),
        (DUPLA, T.NONE, (1, 0)),
        (URUGUAIO, T.NONE, (0, 1)),
        (URUGUAIO, T.VALE_QUATRO, (0, 4)),
        (PAULISTA, T.NONE, (0, 0)),
        (PAULISTA, T.SEIS, (0, 0)),
        (GOIANO, T.NONE, (0, 0)),
        (GOIANO, T.TRUCO, (0, 0)),
    ],
)
def test_all_tricks_tied(mod: object, call: TrucoCall, expected: tuple[int, int]) -> None:
    assert award(mod, (3, 2), Hand.roda(A, TrucoPart.tied(call))) == expected  # A is the mão


def test_baralho_before_play() -> None:
    baralho = TrucoPart(TrucoEnd.BARALHO, B)
    # [000 L781] two tentos: one of envido, one of truco.
    assert award(CEGO, (0, 0), Hand.roda(A, baralho)) == (0, 2)
    assert award(AMOSTRA, (0, 0), Hand.roda(A, baralho)) == (0, 2)
    # With an envido already settled only the truco tento is added.
    envido = EnvidoPart.refused(*chain("E", B))
    assert award(CEGO, (0, 0), Hand.roda(A, baralho, envido=envido)) == (0, 2)
    assert award(URUGUAIO, (0, 0), Hand.roda(A, baralho)) == (0, 1)
    assert award(GOIANO, (0, 0), Hand.roda(A, baralho)) == (0, 1)
    assert codes(CEGO, (0, 0), Hand.roda(A, TrucoPart(TrucoEnd.BARALHO, B, T.TRUCO))) == {
        "hand.truco_level_invalid"
    }


@pytest.mark.parametrize(
    "part",
    [
        TrucoPart(TrucoEnd.WON, None, T.TRUCO),
        TrucoPart(TrucoEnd.REFUSED, None, T.TRUCO),
        TrucoPart(TrucoEnd.TIED, A),
        TrucoPart(TrucoEnd.NOT_PLAYED, B),
    ],
)
def test_side_must_be_named_exactly_when_someone_scores(part: TrucoPart) -> None:
    assert codes(CEGO, (0, 0), Hand.roda(A, part)) == {"hand.truco_side_invalid"}


def test_not_played_scores_nothing() -> None:
    assert award(CEGO, (5, 5), Hand.roda(A)) == (0, 0)


# -- mão de onze (003: §2.5.5, V-H9; 002: §2.4.5, V-H10) --------------------------------


@pytest.mark.parametrize(
    ("mod", "before", "part", "expected"),
    [
        # 003: starts trucado, worth 3; a fold gives 1 to the opponent.
        (GOIANO, (11, 5), TrucoPart.won(A), (1, 0)),  # 11 + 3 clamped to 12
        (GOIANO, (11, 5), TrucoPart.won(B), (0, 3)),
        (GOIANO, (11, 5), TrucoPart(TrucoEnd.REFUSED, B), (0, 1)),
        (GOIANO, (11, 5), TrucoPart(TrucoEnd.BARALHO, B), (0, 1)),
        (GOIANO, (11, 5), TrucoPart.tied(), (0, 0)),
        # E12 / AMB-13: mão de ferro 11–11 worth 3 → clamped 12–11; a fold → 12–11 too.
        (GOIANO, (11, 11), TrucoPart.won(B), (0, 1)),
        (GOIANO, (11, 11), TrucoPart(TrucoEnd.REFUSED, A), (1, 0)),
        # 002: played worth 3; declined → 1 to the opponent (AMB-14).
        (PAULISTA, (5, 11), TrucoPart.won(A), (3, 0)),
        (PAULISTA, (5, 11), TrucoPart(TrucoEnd.REFUSED, A), (1, 0)),
        # 002 ties: one side on 11 → the opponent +3 [002 L65]; 11–11 → 0 [002 L63].
        (PAULISTA, (10, 11), TrucoPart.tied(), (2, 0)),  # E14: 10 + 3 = 13 → 12
        (PAULISTA, (4, 11), TrucoPart.tied(), (3, 0)),
        (PAULISTA, (11, 4), TrucoPart.tied(), (0, 3)),
        (PAULISTA, (11, 11), TrucoPart.tied(), (0, 0)),
        # 002: whoever truca in a mão de 11 gives the opponent 3 [002 L63] (E14 variant).
        (PAULISTA, (10, 11), TrucoPart(TrucoEnd.WON, A, T.TRUCO), (2, 0)),
        (PAULISTA, (4, 11), TrucoPart(TrucoEnd.TIED, A, T.SEIS), (3, 0)),
        (PAULISTA, (11, 4), TrucoPart(TrucoEnd.NOT_PLAYED, B, T.TRUCO), (0, 3)),
    ],
)
def test_mao_de_onze_rows(
    mod: object, before: tuple[int, int], part: TrucoPart, expected: tuple[int, int]
) -> None:
    assert award(mod, before, Hand.roda(A, part)) == expected


def test_e14_and_e12_end_the_partida_at_the_target() -> None:
    from rules.hands import score_hand

    out = score_hand(PAULISTA, (10, 11), Hand.roda(A, TrucoPart.tied()))
    assert out.award is not None and out.award.ends_partida and out.award.raw == (3, 0)
    out = score_hand(GOIANO, (11, 11), Hand.roda(A, TrucoPart.won(B)))
    assert out.award is not None and out.award.ends_partida and out.award.raw == (0, 3)


@pytest.mark.parametrize("call", [T.TRUCO, T.SEIS, T.NOVE, T.DOZE])
def test_goiano_no_raise_in_mao_de_onze(call: TrucoCall) -> None:
    # X10: TRUCO in a mão de onze is an error (V-H9).
    assert codes(GOIANO, (11, 7), Hand.roda(A, TrucoPart.won(A, call))) == {"hand.mao_de_onze_truco"}


def test_only_the_side_on_eleven_may_fold() -> None:
    assert codes(GOIANO, (11, 5), Hand.roda(A, TrucoPart(TrucoEnd.REFUSED, A))) == {
        "hand.mao_de_onze_refusal_invalid"
    }
    assert codes(PAULISTA, (5, 11), Hand.roda(A, TrucoPart(TrucoEnd.REFUSED, B))) == {
        "hand.mao_de_onze_refusal_invalid"
    }


def test_paulista_truco_in_mao_de_onze_needs_the_side() -> None:
    assert codes(PAULISTA, (5, 11), Hand.roda(A, TrucoPart(TrucoEnd.TIED, None, T.TRUCO))) == {
        "hand.truco_side_invalid"
    }


def test_paulista_decline_value_is_an_option() -> None:
    part = TrucoPart(TrucoEnd.REFUSED, A)
    assert award(PAULISTA, (5, 11), Hand.roda(A, part), options=HandOptions(mao_de_onze_decline=3)) == (3, 0)
    # 003 ignores it: the rulebook says 1 [003 L269].
    assert award(GOIANO, (5, 11), Hand.roda(A, part), options=HandOptions(mao_de_onze_decline=3)) == (1, 0)


def test_at_ten_it_is_an_ordinary_hand() -> None:
    assert award(GOIANO, (10, 10), Hand.roda(A, TrucoPart.won(A, T.TRUCO))) == (2, 0)
    assert award(PAULISTA, (10, 9), Hand.roda(A, TrucoPart.refused(B, T.TRUCO))) == (0, 1)
