"""Properties of hand scoring over generated legal partidas (hypothesis).

A generated partida is legal by construction (the generator follows docs/rules.md: the
ladder of the modality, the mão de onze, the 004 chains, the Amostra cap, roda/testa
alternation, the testa bet limit, no truco after a closing envido in 004). Properties:
no legal hand is refused; the final score equals the sum of the clamped awards; the
running totals never decrease and stop at the target (V-H1, V-H2).
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules.hands import (
    Deal,
    EnvidoPart,
    FlorBet,
    FlorCall,
    FlorPart,
    Hand,
    Infraction,
    Penalty,
    TrucoCall,
    TrucoEnd,
    TrucoPart,
    Variant,
    VoltaKind,
    expected_volta,
    score_hand,
    score_partida,
    variant_of,
)
from rules.hands.envido import URUGUAIO_CHAINS
from rules.hands.truco import ladder
from rules.modality_params import Modality
from rules.results import Side
from tests.rules.hands_helpers import ALL, chain

SIDES = st.sampled_from([Side.A, Side.B])
SPECS = ["-".join(c.value for c in names) for names in URUGUAIO_CHAINS]
ENVIDO_VALUE = {"E": 2, "RE": 3, "E-E": 4, "E-RE": 5, "E-E-RE": 7}  # accepted, non-falta


def _truco(data: st.DataObject, mod: Modality, score: tuple[int, int], testa: bool) -> TrucoPart:
    variant = variant_of(mod)
    target = mod.points_to_win
    if variant in (Variant.PAULISTA, Variant.GOIANO) and target - 1 in score:
        on_eleven = [s for s in Side if score[0 if s is Side.A else 1] == target - 1]
        choices = [
            TrucoPart.won(data.draw(SIDES)),
            TrucoPart.tied(),
            TrucoPart(TrucoEnd.REFUSED, on_eleven[0].other),
        ]
        if variant is Variant.PAULISTA:
            choices.append(TrucoPart(TrucoEnd.WON, data.draw(SIDES), TrucoCall.TRUCO))
        return data.draw(st.sampled_from(choices))
    levels = list(ladder(variant))
    if testa:
        levels = levels[:4]
    level = data.draw(st.sampled_from(levels))
    end = data.draw(st.sampled_from(list(TrucoEnd)))
    if end is TrucoEnd.REFUSED and level is TrucoCall.NONE:
        end = TrucoEnd.WON
    if end is TrucoEnd.BARALHO:
        level = TrucoCall.NONE
    to = data.draw(SIDES) if end in (TrucoEnd.WON, TrucoEnd.REFUSED, TrucoEnd.BARALHO) else None
    return TrucoPart(end, to, level)


def _envido(data: st.DataObject, mod: Modality, score: tuple[int, int], testa: bool) -> EnvidoPart:
    variant = variant_of(mod)
    specs = SPECS
    leader_falta = mod.points_to_win - max(score)
    if variant is Variant.AMOSTRA and mod.malos is not None and max(score) >= mod.malos:
        specs = [s for s in SPECS if s.endswith("F") or ENVIDO_VALUE[s] <= leader_falta]
    if testa:
        specs = [s for s in specs if s != "E-E-RE"]  # 7 + vale quatro would pass 10
    calls = chain(data.draw(st.sampled_from(specs)), data.draw(SIDES))
    if not data.draw(st.booleans()):
        return EnvidoPart(calls, False)
    if data.draw(st.booleans()):
        return EnvidoPart(calls, True, None, tied=True)
    return EnvidoPart(calls, True, data.draw(SIDES))


def _flor(data: st.DataObject, mod: Modality, score: tuple[int, int], testa: bool) -> FlorPart:
    per_side = 1 if testa else min(mod.players, 2)
    n_a = data.draw(st.integers(0, per_side))
    n_b = data.draw(st.integers(0 if n_a else 1, per_side))
    flores = (Side.A,) * n_a + (Side.B,) * n_b
    if not (n_a and n_b):
        return FlorPart(flores)
    caller = data.draw(SIDES)
    options: list[tuple[FlorBet, ...]] = [(), (FlorBet(FlorCall.CONTRA_FLOR, caller),)]
    if variant_of(mod) is not Variant.AMOSTRA or score[0 if caller is Side.A else 1] >= 1:
        options.append((FlorBet(FlorCall.CONTRA_FLOR_RESTO, caller),))
    if variant_of(mod) is not Variant.AMOSTRA or score[1 if caller is Side.A else 0] >= 1:
        options.append(
            (FlorBet(FlorCall.CONTRA_FLOR, caller), FlorBet(FlorCall.CONTRA_FLOR_RESTO, caller.other))
        )
    raises = data.draw(st.sampled_from(options))
    if not data.draw(st.booleans()):
        return FlorPart(flores, raises, False)
    return FlorPart(flores, raises, True, data.draw(SIDES))


def _deal(data: st.DataObject, mod: Modality, score: tuple[int, int], testa: bool) -> Deal:
    variant = variant_of(mod)
    mao = data.draw(SIDES)
    envido = flor = None
    if variant not in (Variant.PAULISTA, Variant.GOIANO):
        kind = data.draw(st.sampled_from(["none", "envido", "flor"]))
        envido = _envido(data, mod, score, testa) if kind == "envido" else None
        flor = _flor(data, mod, score, testa) if kind == "flor" else None
    truco = _truco(data, mod, score, testa)
    if variant is Variant.URUGUAIO and (envido or flor):
        # [004 L46]: if the envido phase closes the partida, the truco is not played.
        probe = score_hand(mod, score, Hand.roda(mao, envido=envido, flor=flor))
        if probe.award is None or probe.award.ends_partida:
            truco = TrucoPart()
    penalties: tuple[Penalty, ...] = ()
    if data.draw(st.integers(0, 5)) == 0:
        penalties = (Penalty(Infraction.OTHER, data.draw(SIDES), data.draw(st.integers(1, 3)), "Art. 20"),)
    return Deal(mao, truco, envido, flor, penalties)


def _hand(data: st.DataObject, mod: Modality, score: tuple[int, int], previous: VoltaKind | None) -> Hand:
    if variant_of(mod) is Variant.CEGO and expected_volta(mod, score, previous) is VoltaKind.TESTA:
        return Hand.testa(*(_deal(data, mod, score, True) for _ in range(mod.players)))
    deal = _deal(data, mod, score, False)
    return Hand((deal,))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(ALL), st.data())
def test_generated_legal_partidas(mod: Modality, data: st.DataObject) -> None:
    target = mod.points_to_win
    score = (0, 0)
    hands: list[Hand] = []
    previous: VoltaKind | None = None
    for _ in range(data.draw(st.integers(1, 30))):
        if max(score) >= target:
            break
        hand = _hand(data, mod, score, previous)
        outcome = score_hand(mod, score, hand, number=len(hands) + 1)
        # The generator may combine an envido/flor and a truco worth more than the 10
        # tentos a testa allows (V-H7): such a hand is not legal, so it is not drawn.
        assume(not any(p.code == "hand.testa_bet_above_max" for p in outcome.problems))
        assert outcome.problems == (), (score, hand, outcome.problems)  # no legal hand refused
        assert outcome.award is not None
        hands.append(hand)
        score = (score[0] + outcome.award.a, score[1] + outcome.award.b)
        previous = hand.kind
    final, awards, problems = score_partida(mod, hands)
    assert problems == ()
    assert final == score
    assert final == (sum(a.a for a in awards), sum(a.b for a in awards))
    running = (0, 0)
    for i, award in enumerate(awards):
        assert award.a >= 0 and award.b >= 0  # running totals never decrease (V-H1)
        raw_a, raw_b = award.raw
        assert award.a <= raw_a and award.b <= raw_b
        running = (running[0] + award.a, running[1] + award.b)
        assert max(running) <= target  # clamped (AMB-08)
        assert award.ends_partida == (max(running) == target)
        assert not award.ends_partida or i == len(awards) - 1  # no hand after the close (V-H2)
