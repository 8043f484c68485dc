"""The pure double-elimination mata-mata (knockout.double_bracket): examples and properties."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knockout import double_bracket as d
from knockout.bracket import Open, seed_lines

PROPS = settings(max_examples=60, deadline=None)

Winners = dict[d.JogoId, str]
Chooser = Callable[[d.JogoState], str]


def seeds(n: int) -> list[str]:
    return [f"s{i}" for i in range(1, n + 1)]


def favourite(state: d.JogoState) -> str:
    """The better seed wins (keys ``s1``, ``s2``, ...)."""
    return min(str(state.a), str(state.b), key=lambda key: int(key[1:]))


def run(bracket: d.DoubleBracket, choose: Chooser, winners: Mapping[d.JogoId, str] | None = None) -> Winners:
    """Plays the first playable jogo, again and again, until there is a champion."""
    won = dict(winners or {})
    while not (progress := d.play(bracket, won)).finished:
        state = progress.state(progress.playable[0])
        assert state is not None
        won[state.id] = choose(state)
    return won


def table(bands: list[d.Band]) -> list[tuple[int, int, set[str]]]:
    return [(b.position_from, b.position_to, set(b.keys)) for b in bands]


# --- examples ---------------------------------------------------------------------------


def test_keys_are_checked() -> None:
    with pytest.raises(ValueError):
        d.build(["a", "a"])
    with pytest.raises(ValueError):
        d.build(["a", ""])
    with pytest.raises(ValueError):
        d.build(["a"])
    with pytest.raises(ValueError):
        d.build([f"t{i}" for i in range(257)])


def test_two_teams_the_grand_final_is_a_rematch() -> None:
    br = d.build(["a", "b"])
    assert [j.id for j in br.jogos] == [("W", 1, 0), d.GF1, d.GF2]
    assert br.played == {("W", 1, 0), d.GF1}
    assert br.jogo(("W", 1, 0)).winner_to == (d.GF1, 0) and br.jogo(("W", 1, 0)).loser_to == (d.GF1, 1)
    # The WB champion wins GF 1: no GF 2, two jogos.
    p = d.play(br, {("W", 1, 0): "a", d.GF1: "a"})
    assert p.finished and p.champion == "a" and p.state(d.GF2) is None and p.losses == {"a": 0, "b": 2}
    assert table(d.placings(br, p)) == [(1, 1, {"a"}), (2, 2, {"b"})]
    # The LB champion wins GF 1: the reset, GF 2 between the same two, a on side a.
    p = d.play(br, {("W", 1, 0): "a", d.GF1: "b"})
    assert not p.finished and p.playable == (d.GF2,)
    gf2 = p.state(d.GF2)
    assert gf2 is not None and (gf2.a, gf2.b) == ("a", "b")
    p = d.play(br, {("W", 1, 0): "a", d.GF1: "b", d.GF2: "b"})
    assert p.champion == "b" and p.losses == {"a": 2, "b": 1}
    assert table(d.placings(br, p)) == [(1, 1, {"b"}), (2, 2, {"a"})]


def test_three_teams_one_chapeu() -> None:
    br = d.build(seeds(3))
    assert br.lines == ("s1", None, "s2", "s3")
    assert br.played == {("W", 1, 1), ("W", 2, 0), ("L", 2, 0), d.GF1}
    empty = d.play(br, {})
    lb1 = empty.state(("L", 1, 0))
    assert lb1 is not None and lb1.a is Open.BYE and lb1.b is Open.PENDING and not lb1.playable
    won = run(br, favourite)
    assert won == {("W", 1, 1): "s2", ("W", 2, 0): "s1", ("L", 2, 0): "s2", d.GF1: "s1"}
    p = d.play(br, won)
    assert [s.id for s in p.jogos if s.is_match] == [("W", 1, 1), ("W", 2, 0), ("L", 2, 0), d.GF1]
    assert table(d.placings(br, p)) == [(1, 1, {"s1"}), (2, 2, {"s2"}), (3, 3, {"s3"})]


def test_four_teams_with_upsets() -> None:
    br = d.build(seeds(4))
    assert br.lines == ("s1", "s4", "s2", "s3")
    assert len(br.played) == 6  # 3 WB, 2 LB, GF 1
    won = {("W", 1, 0): "s4", ("W", 1, 1): "s2", ("W", 2, 0): "s2"}
    p = d.play(br, won)
    lb1, lb2 = p.state(("L", 1, 0)), p.state(("L", 2, 0))
    assert lb1 is not None and (lb1.a, lb1.b) == ("s1", "s3")
    assert lb2 is not None and (lb2.a, lb2.b) == (Open.PENDING, "s4")
    won |= {("L", 1, 0): "s1", ("L", 2, 0): "s1", d.GF1: "s1", d.GF2: "s2"}
    p = d.play(br, won)
    assert p.champion == "s2" and len([s for s in p.jogos if s.winner]) == 2 * 4 - 1
    assert table(d.placings(br, p)) == [(1, 1, {"s2"}), (2, 2, {"s1"}), (3, 3, {"s4"}), (4, 4, {"s3"})]


def test_five_teams_chapeus_in_both_brackets() -> None:
    br = d.build(seeds(5))
    assert br.lines == ("s1", None, "s4", "s5", "s2", None, "s3", None)
    assert br.played == {
        ("W", 1, 1),
        ("W", 2, 0),
        ("W", 2, 1),
        ("W", 3, 0),
        ("L", 2, 0),
        ("L", 3, 0),
        ("L", 4, 0),
        d.GF1,
    }
    empty = d.play(br, {})
    two_chapeus = empty.state(("L", 1, 1))
    assert two_chapeus is not None and two_chapeus.a is Open.BYE and two_chapeus.b is Open.BYE
    lb2 = empty.state(("L", 2, 1))
    assert lb2 is not None and lb2.a is Open.BYE and lb2.is_bye  # the WB 2 loser goes on
    p = d.play(br, run(br, favourite))
    assert p.champion == "s1" and sum(p.losses.values()) == 2 * 5 - 2
    assert table(d.placings(br, p)) == [
        (1, 1, {"s1"}),
        (2, 2, {"s2"}),
        (3, 3, {"s3"}),
        (4, 4, {"s4"}),
        (5, 5, {"s5"}),
    ]


def test_eight_teams_favourites() -> None:
    br = d.build(seeds(8))
    # LB 2 slot i takes the loser of WB 2 slot i ^ 1: the halves swap.
    assert [br.jogo(("L", 2, i)).b.jogo for i in range(2)] == [("W", 2, 1), ("W", 2, 0)]
    assert br.jogo(("W", 2, 1)).loser_to == (("L", 2, 0), 1)
    p = d.play(br, run(br, favourite))
    assert p.champion == "s1" and p.state(d.GF2) is None
    assert table(d.placings(br, p)) == [
        (1, 1, {"s1"}),
        (2, 2, {"s2"}),
        (3, 3, {"s3"}),
        (4, 4, {"s4"}),
        (5, 6, {"s5", "s6"}),
        (7, 8, {"s7", "s8"}),
    ]


# The 16-team example, worked by hand. Lines: 1 16 8 9 4 13 5 12 2 15 7 10 3 14 6 11.
SIXTEEN: Winners = {
    ("W", 1, 0): "s1",  # 1 v 16
    ("W", 1, 1): "s9",  # 8 v 9
    ("W", 1, 2): "s4",  # 4 v 13
    ("W", 1, 3): "s12",  # 5 v 12
    ("W", 1, 4): "s2",  # 2 v 15
    ("W", 1, 5): "s7",  # 7 v 10
    ("W", 1, 6): "s14",  # 3 v 14
    ("W", 1, 7): "s6",  # 6 v 11
    ("W", 2, 0): "s1",  # 1 v 9
    ("W", 2, 1): "s12",  # 4 v 12
    ("W", 2, 2): "s2",  # 2 v 7
    ("W", 2, 3): "s6",  # 14 v 6
    ("W", 3, 0): "s1",  # 1 v 12
    ("W", 3, 1): "s6",  # 2 v 6
    ("W", 4, 0): "s1",  # 1 v 6
    ("L", 1, 0): "s8",  # 16 v 8
    ("L", 1, 1): "s5",  # 13 v 5
    ("L", 1, 2): "s10",  # 15 v 10
    ("L", 1, 3): "s3",  # 3 v 11
    ("L", 2, 0): "s7",  # 8 v 7 (loser of WB 2 slot 2)
    ("L", 2, 1): "s5",  # 5 v 14 (slot 3)
    ("L", 2, 2): "s10",  # 10 v 9 (slot 0)
    ("L", 2, 3): "s3",  # 3 v 4 (slot 1)
    ("L", 3, 0): "s5",  # 7 v 5
    ("L", 3, 1): "s3",  # 10 v 3
    ("L", 4, 0): "s2",  # 5 v 2 (loser of WB 3 slot 1)
    ("L", 4, 1): "s12",  # 3 v 12 (slot 0)
    ("L", 5, 0): "s2",  # 2 v 12
    ("L", 6, 0): "s2",  # 2 v 6, the LB final
    d.GF1: "s2",  # 1 v 2: the reset
    d.GF2: "s2",  # 1 v 2
}
SIXTEEN_PAIRS = {
    ("L", 2, 0): ("s8", "s7"),
    ("L", 2, 1): ("s5", "s14"),
    ("L", 2, 2): ("s10", "s9"),
    ("L", 2, 3): ("s3", "s4"),
    ("L", 4, 0): ("s5", "s2"),
    ("L", 4, 1): ("s3", "s12"),
    ("L", 6, 0): ("s2", "s6"),
    d.GF1: ("s1", "s2"),
    d.GF2: ("s1", "s2"),
}


def test_sixteen_teams_with_reset_every_placing() -> None:
    br = d.build(seeds(16))
    assert br.rounds == 4 and len(br.played) == 30
    assert br.lines == tuple(f"s{s}" for s in seed_lines(16))
    p = d.play(br, SIXTEEN)
    for jogo_id, pair in SIXTEEN_PAIRS.items():
        state = p.state(jogo_id)
        assert state is not None and (state.a, state.b) == pair
    assert p.finished and p.champion == "s2" and p.playable == ()
    assert len([s for s in p.jogos if s.winner]) == 2 * 16 - 1
    assert p.losses == {k: 1 if k == "s2" else 2 for k in seeds(16)}
    assert [(b.position_from, b.position_to, b.keys) for b in d.placings(br, p)] == [
        (1, 1, ("s2",)),
        (2, 2, ("s1",)),
        (3, 3, ("s6",)),
        (4, 4, ("s12",)),
        (5, 6, ("s3", "s5")),
        (7, 8, ("s7", "s10")),
        (9, 12, ("s4", "s8", "s9", "s14")),
        (13, 16, ("s11", "s13", "s15", "s16")),
    ]
    # Before GF 2: no champion, no 1º/2º; GF 2 is the only jogo left.
    before = d.play(br, {j: w for j, w in SIXTEEN.items() if j != d.GF2})
    assert not before.finished and before.playable == (d.GF2,) and before.losses["s1"] == 1
    assert [b.position_from for b in d.placings(br, before)] == [3, 4, 5, 7, 9, 13]
    # Midway through LB 2: the teams out keep the positions they will have.
    mid = {
        j: w for j, w in SIXTEEN.items() if j[0] == "W" or j[:2] == ("L", 1) or j[:2] == ("L", 2) and j[2] < 2
    }
    assert table(d.placings(br, d.play(br, mid))) == [
        (9, 12, {"s8", "s14"}),
        (13, 16, {"s11", "s13", "s15", "s16"}),
    ]


def test_grand_final_reset_off() -> None:
    br = d.build(seeds(16), reset=False)
    assert not br.reset and d.GF2 not in {j.id for j in br.jogos}
    p = d.play(br, SIXTEEN)  # GF 2's winner is ignored: there is none
    assert p.finished and p.champion == "s2" and p.state(d.GF2) is None
    assert p.losses["s1"] == 1 and p.losses["s2"] == 1  # the WB champion out with one loss
    assert len([s for s in p.jogos if s.winner]) == 2 * 16 - 2
    assert [b.keys for b in d.placings(br, p)][:3] == [("s2",), ("s1",), ("s6",)]


def test_grand_final_reset_on_but_not_needed() -> None:
    br = d.build(seeds(16))
    p = d.play(br, SIXTEEN | {d.GF1: "s1"})
    assert p.finished and p.champion == "s1" and p.state(d.GF2) is None and p.losses["s1"] == 0
    assert len([s for s in p.jogos if s.winner]) == 2 * 16 - 2


def test_stale_and_no_winner_ignored() -> None:
    br = d.build(seeds(4))
    base = d.play(br, {("W", 1, 0): "s1"})
    assert d.play(br, {("W", 1, 0): "s1", ("W", 1, 1): "s1", ("W", 2, 0): ""}) == base


# --- the drop order ---------------------------------------------------------------------


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[d.DoubleBracket, list[tuple[d.JogoId, str]]]:
    """A bracket of 2..64 teams played to its champion, the results drawn; the jogos in
    the order played (each time one of the playable jogos, drawn too)."""
    n = draw(st.integers(min_value=2, max_value=64))
    br = d.build([f"t{i}" for i in range(n)], reset=draw(st.booleans()))
    won: Winners = {}
    order: list[tuple[d.JogoId, str]] = []
    while not (p := d.play(br, won)).finished:
        jogo_id = p.playable[draw(st.integers(0, len(p.playable) - 1))]
        state = p.state(jogo_id)
        assert state is not None
        won[jogo_id] = str(state.a if draw(st.booleans()) else state.b)
        order.append((jogo_id, won[jogo_id]))
    return br, order


@PROPS
@given(tournaments())
def test_two_losses_and_out(played: tuple[d.DoubleBracket, list[tuple[d.JogoId, str]]]) -> None:
    br, order = played
    n = len(br.keys)
    final = d.play(br, dict(order))
    assert final.finished and final.champion is not None
    states = {s.id: s for s in final.jogos}
    losses = dict.fromkeys(br.keys, 0)
    for jogo_id, _winner in order:
        s = states[jogo_id]
        assert losses[str(s.a)] < 2 and losses[str(s.b)] < 2  # nobody plays after two losses
        losses[str(s.loser)] += 1
    assert losses == final.losses and max(losses.values()) <= 2
    gf2 = final.state(d.GF2) is not None
    assert len(order) == (2 * n - 1 if gf2 else 2 * n - 2)
    assert len(order) == len(br.played) + gf2
    assert {j for j, _ in order} == br.played | ({d.GF2} if gf2 else set())
    runner_up = str(final.jogos[-1].loser)
    for key, count in losses.items():
        if key == final.champion:
            assert count == (1 if gf2 or (not br.reset and states[d.GF1].winner == states[d.GF1].b) else 0)
        elif key == runner_up and not br.reset and count == 1:
            assert states[d.GF1].a == key  # the WB champion, beaten in GF 1 with no reset
        else:
            assert count == 2


@PROPS
@given(tournaments())
def test_placings_cover_every_team_once(played: tuple[d.DoubleBracket, list[tuple[d.JogoId, str]]]) -> None:
    br, order = played
    final = d.placings(br, d.play(br, dict(order)))
    placed = [k for band in final for k in band.keys]
    assert sorted(placed) == sorted(br.keys)
    position = 1
    for band in final:
        assert band.position_from == position and len(band.keys) == band.position_to - position + 1
        assert list(band.keys) == sorted(band.keys, key=br.keys.index)
        position = band.position_to + 1
    assert [b.position_to for b in final[:4]] == [1, 2, 3, 4][: len(final[:4])]
    # While played, a team once placed keeps its positions.
    where = {k: (b.position_from, b.position_to) for b in final for k in b.keys}
    step = max(1, len(order) // 8)
    for cut in range(0, len(order), step):
        for band in d.placings(br, d.play(br, dict(order[:cut]))):
            assert all(where[k] == (band.position_from, band.position_to) for k in band.keys)


@PROPS
@given(tournaments(), st.data())
def test_replay_is_equal(
    played: tuple[d.DoubleBracket, list[tuple[d.JogoId, str]]], data: st.DataObject
) -> None:
    br, order = played
    again = d.build(br.keys, br.reset)
    assert again == br
    shuffled = data.draw(st.permutations(order))
    progress = d.play(br, dict(order))
    assert d.play(again, dict(shuffled)) == progress == d.play(br, dict(order))
    assert d.placings(again, d.play(again, dict(shuffled))) == d.placings(br, progress)
    # A winner that is not one of the jogo's two teams (stale, or nobody) changes nothing.
    cut = data.draw(st.integers(0, len(order) - 1))
    before = d.play(br, dict(order[:cut]))
    state = before.state(order[cut][0])
    assert state is not None and state.playable
    others = [k for k in br.keys if k not in (state.a, state.b)]
    for stale in [*others[:2], ""]:
        assert d.play(br, dict(order[:cut]) | {state.id: stale}) == before
