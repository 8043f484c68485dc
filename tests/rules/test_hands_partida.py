"""Whole partidas from a hand log, roda/testa, penalties and the close of a partida
(docs/rules.md §2.1.3, §2.1.5 penalties, §2.3.5, §2.4.5, §2.5.5, §2.6.5; E7, E13; V-H1, V-H2,
V-H7, V-H8, V-H11, V-H12)."""

from __future__ import annotations

import pytest

from core.problem_text import render
from rules.hands import (
    Deal,
    EnvidoBet,
    EnvidoCall,
    EnvidoPart,
    FlorPart,
    Hand,
    HandOptions,
    Infraction,
    Part,
    Penalty,
    TrucoCall,
    TrucoEnd,
    TrucoPart,
    VoltaKind,
    expected_volta,
    score_hand,
    score_partida,
)
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

INF = Infraction


def falta(winner: object, caller: object) -> EnvidoPart:
    return EnvidoPart.won(winner, EnvidoBet(EnvidoCall.FALTA, caller))  # type: ignore[arg-type]


def test_e7_forced_falta_voltas_x_y_z() -> None:
    x = Hand.roda(A, TrucoPart.won(A), envido=falta(B, B))  # A's falta 8 → B; A takes 1
    y = Hand.roda(B, TrucoPart.won(B, TrucoCall.TRUCO), envido=falta(A, A))  # B leads 19 → 5
    z = Hand.roda(A, TrucoPart.won(B, TrucoCall.TRUCO), envido=falta(A, B))  # A leads 22 → 2
    score, awards, problems = score_partida(CEGO, [x, y, z], start=(16, 11))
    assert problems == ()
    assert [(w.a, w.b) for w in awards] == [(1, 8), (5, 2), (2, 0)]
    assert score == (24, 21)
    # Volta z: the truco is not scored once the envido closes the partida (V-H2).
    assert [c.part for c in awards[2].components] == [Part.ENVIDO]
    assert awards[2].ends_partida and not awards[0].ends_partida


def test_e13_p1_falta_closes_004_without_truco() -> None:
    closing = Hand.roda(B, envido=falta(A, A))
    out = score_hand(URUGUAIO, (22, 17), closing)
    assert out.award is not None and (out.award.a, out.award.b, out.award.ends_partida) == (8, 0, True)
    with_truco = Hand.roda(B, TrucoPart.won(B, TrucoCall.TRUCO), envido=falta(A, A))
    assert codes(URUGUAIO, (22, 17), with_truco) == {"hand.truco_after_close"}
    # The truco goes on when the envido does not close the partida (B's falta 13 to A).
    not_closing = Hand.roda(B, TrucoPart.won(B, TrucoCall.TRUCO), envido=falta(A, B))
    assert award(URUGUAIO, (12, 17), not_closing) == (13, 2)


def test_no_hand_after_the_target() -> None:
    hands = [Hand.roda(A, envido=falta(A, A)), Hand.roda(B, TrucoPart.won(B))]
    score, awards, problems = score_partida(URUGUAIO, hands)
    assert score == (30, 0) and len(awards) == 1
    assert [(p.code, p.param("hand")) for p in problems] == [("hand.after_target", 2)]
    assert codes(URUGUAIO, (30, 3), Hand.roda(A, TrucoPart.won(A))) == {"hand.after_target"}
    assert codes(URUGUAIO, (-1, 3), Hand.roda(A, TrucoPart.won(A))) == {"hand.score_invalid"}
    assert codes(URUGUAIO, (True, 3), Hand.roda(A, TrucoPart.won(A))) == {"hand.score_invalid"}  # type: ignore[arg-type]


def test_running_totals_and_reported_scores() -> None:
    hands = [
        Hand.roda(A, TrucoPart.won(A, TrucoCall.SEIS)),
        Hand.roda(B, TrucoPart.refused(B, TrucoCall.TRUCO)),
    ]
    assert score_partida(GOIANO, hands).score == (6, 1)
    assert score_partida(GOIANO, hands, reported=(6, 1)).problems == ()
    tally = score_partida(GOIANO, hands, reported=(6, 2), game=2)
    assert [p.code for p in tally.problems] == ["hand.final_score_mismatch"]
    assert render(tally.problems[0]).startswith("Partida 2: o placar informado (6–2)")
    # A reported per-hand award is checked (V-H1); the raw (unclamped) award is accepted too.
    assert codes(GOIANO, (0, 0), Hand.roda(A, TrucoPart.won(A), reported=(0, 1))) == {"hand.award_mismatch"}
    assert award(GOIANO, (11, 11), Hand.roda(A, TrucoPart.won(A), reported=(3, 0))) == (1, 0)
    assert award(GOIANO, (11, 11), Hand.roda(A, TrucoPart.won(A), reported=(1, 0))) == (1, 0)


def test_final_score_may_be_reported_raw_or_clamped() -> None:
    hands = [Hand.roda(A, TrucoPart.won(A, TrucoCall.DOZE))]
    assert score_partida(GOIANO, hands, start=(5, 0), reported=(17, 0)).problems == ()
    assert score_partida(GOIANO, hands, start=(5, 0), reported=(12, 0)).problems == ()


def test_scoring_stops_at_the_first_refused_hand() -> None:
    bad = Hand.roda(A, TrucoPart.won(A, TrucoCall.RETRUCO))
    tally = score_partida(GOIANO, [Hand.roda(A, TrucoPart.won(A)), bad, Hand.roda(A, TrucoPart.won(A))])
    assert tally.score == (1, 0) and len(tally.awards) == 1
    assert [p.code for p in tally.problems] == ["hand.truco_level_invalid"]


# -- roda / testa (000 Cego, V-H7) ------------------------------------------------------


def test_expected_volta_alternates_until_six_from_the_end() -> None:
    assert expected_volta(CEGO, (0, 0), None) is VoltaKind.RODA
    assert expected_volta(CEGO, (3, 0), VoltaKind.RODA) is VoltaKind.TESTA
    assert expected_volta(CEGO, (5, 4), VoltaKind.TESTA) is VoltaKind.RODA
    assert expected_volta(CEGO, (17, 0), VoltaKind.RODA) is VoltaKind.TESTA
    assert expected_volta(CEGO, (2, 18), VoltaKind.RODA) is VoltaKind.RODA  # AMB-26


def quiet(mao: object = A) -> Deal:
    return Deal(mao, TrucoPart.won(mao))  # type: ignore[arg-type]


def test_testa_duels_are_settled_separately() -> None:
    duels = (
        Deal(A, TrucoPart.won(A, TrucoCall.TRUCO)),
        Deal(B, TrucoPart.won(B), envido=EnvidoPart.won(B, *chain("E-RE", A))),
        Deal(A, TrucoPart.refused(A, TrucoCall.RETRUCO), envido=falta(B, A)),  # testa falta = 6
    )
    hands = [Hand.roda(A, TrucoPart.won(A)), Hand.testa(*duels), Hand.roda(B, TrucoPart.won(B))]
    score, awards, problems = score_partida(CEGO, hands)
    assert problems == ()
    assert (awards[1].a, awards[1].b) == (4, 12)  # both sides score in a testa
    assert score == (5, 13)


def test_volta_type_sequence_is_enforced() -> None:
    roda = Hand.roda(A, TrucoPart.won(A))
    testa = Hand.testa(quiet(), quiet(), quiet())
    tally = score_partida(CEGO, [roda, roda])
    assert [(p.code, p.param("kind")) for p in tally.problems] == [("hand.volta_type_invalid", "testa")]
    assert score_partida(CEGO, [testa]).problems[0].code == "hand.volta_type_invalid"
    # From 18 (24 − 6) every volta is roda.
    assert score_partida(CEGO, [roda, roda], start=(18, 3)).problems == ()
    assert score_partida(CEGO, [roda, testa], start=(18, 3)).problems[0].code == "hand.volta_type_invalid"
    # Other modalities have no volta sequence.
    assert score_partida(URUGUAIO, [roda, roda]).problems == ()


def test_testa_shape_and_bet_limit() -> None:
    assert codes(CEGO, (0, 0), Hand.testa(quiet(), quiet())) == {"hand.testa_duels_invalid"}
    assert codes(URUGUAIO, (0, 0), Hand.testa(quiet(), quiet())) == {"hand.testa_not_in_modality"}
    assert codes(CEGO, (0, 0), Hand((quiet(), quiet()))) == {"hand.testa_duels_invalid"}
    # ≤ 10 bet per testa [000 L105]: E-E-RE (7) + vale quatro (4) = 11.
    big = Deal(A, TrucoPart.won(A, TrucoCall.VALE_QUATRO), envido=EnvidoPart.won(A, *chain("E-E-RE")))
    assert codes(CEGO, (0, 0), Hand.testa(big, quiet(), quiet())) == {"hand.testa_bet_above_max"}
    ok = Deal(A, TrucoPart.won(A, TrucoCall.VALE_QUATRO), envido=falta(A, B))  # 6 + 4
    assert award(CEGO, (0, 0), Hand.testa(ok, quiet(), quiet())) == (12, 0)
    # A flor in a testa: one per duel side.
    assert codes(CEGO, (0, 0), Hand.testa(Deal(A, flor=FlorPart((A, A))), quiet(), quiet())) == {
        "hand.flor_count_invalid"
    }


def test_testa_stops_once_the_partida_closes() -> None:
    first = Deal(A, TrucoPart.won(A, TrucoCall.VALE_QUATRO), envido=falta(A, B))
    out = score_hand(CEGO, (15, 17), Hand.testa(first, Deal(B, TrucoPart.won(B, TrucoCall.TRUCO)), quiet()))
    assert out.award is not None and (out.award.a, out.award.b) == (9, 0) and out.award.ends_partida


# -- lei do jogo (V-H8) ----------------------------------------------------------------


def test_lei_do_jogo() -> None:
    hand = Hand.roda(A, TrucoPart.won(B, TrucoCall.TRUCO), envido=falta(B, B), lei_do_jogo=B)
    assert award(AMOSTRA, (16, 4), hand) == (0, 16)  # falta 14 + truco 2
    assert codes(AMOSTRA, (10, 4), hand) == {"hand.lei_do_jogo_invalid"}  # nobody in buenos
    assert codes(AMOSTRA, (4, 16), hand) == {"hand.lei_do_jogo_invalid"}  # only the trailing side
    assert codes(CEGO, (4, 16), hand) == {"hand.lei_do_jogo_invalid"}
    assert award(CEGO, (8, 4), hand) == (0, 18)
    assert award(DUPLA, (4, 8), hand) == (0, 10)  # 001: no score condition; the falta closes
    assert codes(URUGUAIO, (8, 4), hand) == {"hand.lei_do_jogo_invalid"}


# -- penalties (AMB-17: credited to the opponent; V-H11) ---------------------------------


@pytest.mark.parametrize(
    ("mod", "infraction", "points", "expected"),
    [
        (CEGO, INF.LOOKED_OUT_OF_TURN, None, 1),  # [000 L147]
        (CEGO, INF.SIGNAL, None, 1),  # [000 L161]
        (CEGO, INF.SPOKE_IN_TESTA, None, 2),  # [000 L115]
        (CEGO, INF.CARDS_COLLECTED, 2, 2),  # [000 L169]
        (CEGO, INF.CARDS_COLLECTED, 4, 4),  # [000 L171] opponent has flor
        (CEGO, INF.PASSED_WITHOUT_SPEAKING, 4, 4),  # [000 L197]
        (CEGO, INF.WRONG_CARD_COUNT, 3, 3),  # [000 L245] at least 2
        (CEGO, INF.FLOR_BY_MISTAKE, None, 4),  # [000 L375]
        (AMOSTRA, INF.FLOR_RENEGADA, 5, 5),  # [000 L393] 3 + truco points
        (AMOSTRA, INF.PECO_FLOR, 2, 2),  # [000 L1173] 1 per flor asked
        (CEGO, INF.CANTO_EQUIVOCADO, 1, 1),  # [000 L599]
        (DUPLA, INF.MISDEAL, None, 2),  # [001 L13]
        (DUPLA, INF.BARALHO_LOOK, None, 2),  # [001 L50]
        (DUPLA, INF.FLOR_RENEGADA, None, 3),  # [001 L46]
        (GOIANO, INF.FOUR_CARDS_PLAYED, None, 3),  # [003 L287] AMB-34
        (GOIANO, INF.FOUR_CARDS_PARTNER, 1, 1),
        (GOIANO, INF.FOUR_CARDS_PARTNER, 3, 3),
        (GOIANO, INF.SHORT_DEAL, None, 1),  # [003 L299]
        (URUGUAIO, INF.FOUR_CARDS_DEALT, None, 1),  # [004 L64]
        (PAULISTA, INF.OTHER, 5, 5),
    ],
)
def test_penalty_rows(mod: object, infraction: Infraction, points: int | None, expected: int) -> None:
    pen = Penalty(infraction, A, points, "Art. X" if infraction is INF.OTHER else "")
    out = score_hand(mod, (0, 0), Hand.roda(A, penalties=(pen,)))  # type: ignore[arg-type]
    assert out.problems == ()
    assert out.award is not None and (out.award.a, out.award.b) == (0, expected)
    (comp,) = out.award.components
    assert comp.part is Part.PENALTY and comp.side is B


@pytest.mark.parametrize(
    ("mod", "level", "before", "points", "expected"),
    [
        # The tento is the current hand value [003 L305] [004 L68] [002 L79] (V-H11).
        (GOIANO, TrucoCall.NONE, (0, 0), None, 1),
        (GOIANO, TrucoCall.SEIS, (0, 0), None, 6),
        (GOIANO, TrucoCall.SEIS, (0, 0), 3, 3),  # asked when the hand was worth 3
        (GOIANO, TrucoCall.DOZE, (0, 0), None, 12),
        (GOIANO, TrucoCall.NONE, (11, 4), None, 3),  # mão de onze after the decision
        (GOIANO, TrucoCall.NONE, (11, 4), 1, 1),  # before it
        (URUGUAIO, TrucoCall.TRUCO, (0, 0), None, 2),
        (URUGUAIO, TrucoCall.VALE_QUATRO, (0, 0), None, 4),
        (PAULISTA, TrucoCall.TRUCO, (0, 0), None, 3),
    ],
)
def test_tento_is_the_hand_value(
    mod: object, level: TrucoCall, before: tuple[int, int], points: int | None, expected: int
) -> None:
    truco = TrucoPart(TrucoEnd.NOT_PLAYED, None, level)
    hand = Hand.roda(A, truco, penalties=(Penalty(INF.TENTO, A, points),))
    assert award(mod, before, hand) == (0, expected)


def test_bad_penalties() -> None:
    def pen_codes(mod: object, pen: Penalty, before: tuple[int, int] = (0, 0)) -> set[str]:
        return codes(mod, before, Hand.roda(A, penalties=(pen,)))

    assert pen_codes(GOIANO, Penalty(INF.TENTO, A, 2)) == {"hand.tento_value_invalid"}
    truco = TrucoPart(TrucoEnd.NOT_PLAYED, None, TrucoCall.TRUCO)
    assert codes(GOIANO, (0, 0), Hand.roda(A, truco, penalties=(Penalty(INF.TENTO, A, 6),))) == {
        "hand.tento_value_invalid"
    }
    assert pen_codes(GOIANO, Penalty(INF.TENTO, A, 6), (11, 3)) == {"hand.tento_value_invalid"}
    assert pen_codes(CEGO, Penalty(INF.TENTO, A)) == {"hand.penalty_not_in_modality"}
    assert pen_codes(URUGUAIO, Penalty(INF.MISDEAL, A)) == {"hand.penalty_not_in_modality"}
    assert pen_codes(CEGO, Penalty(INF.SIGNAL, A, 2)) == {"hand.penalty_value_invalid"}
    assert pen_codes(CEGO, Penalty(INF.CARDS_COLLECTED, A)) == {"hand.penalty_value_invalid"}  # 2 or 4?
    assert pen_codes(CEGO, Penalty(INF.WRONG_CARD_COUNT, A, 1)) == {"hand.penalty_value_invalid"}
    assert pen_codes(CEGO, Penalty(INF.OTHER, A, 0, "Art. 20")) == {"hand.penalty_value_invalid"}
    assert pen_codes(CEGO, Penalty(INF.OTHER, A, 3, "  ")) == {"hand.penalty_article_required"}


def test_penalties_add_to_the_hand_and_never_subtract() -> None:
    hand = Hand.roda(A, TrucoPart.won(A, TrucoCall.TRUCO), penalties=(Penalty(INF.FOUR_CARDS_DEALT, A),))
    out = score_hand(URUGUAIO, (3, 3), hand)
    assert out.award is not None and (out.award.a, out.award.b) == (2, 1)
    assert (out.award.for_side(A), out.award.for_side(B)) == (2, 1)
    assert [c.note for c in out.award.components] == ["truco", "four_cards_dealt 004 L64"]


# -- 001 flor limit (V-H12) ------------------------------------------------------------


def test_one_flor_per_player_when_agreed() -> None:
    def sung(player: str) -> Hand:
        return Hand.roda(A, TrucoPart.won(A), flor=FlorPart((A,), singers=(player,)))

    hands = [sung("ana"), Hand.roda(B, TrucoPart.won(B)), sung("bia"), sung("ana")]
    limited = HandOptions(one_flor_per_player=True)
    tally = score_partida(DUPLA, hands, options=limited)
    assert [(p.code, p.param("player"), p.param("hand")) for p in tally.problems] == [
        ("hand.flor_limit", "ana", 4)
    ]
    assert tally.score == (8, 1)
    assert score_partida(DUPLA, hands).problems == ()  # unlimited without agreement [001 L38]
    assert score_partida(DUPLA, hands).score == (12, 1)
