"""Properties of the pure mata-mata algorithms (knockout.bracket), every size 2–256."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from knockout import bracket as b

SETTINGS = settings(max_examples=100, deadline=None)


def lines_of(order: list[str]) -> dict[str, int]:
    return {k: i for i, k in enumerate(b.standard_lines(order)) if k is not None}


@SETTINGS
@given(st.integers(min_value=2, max_value=256))
def test_every_team_once_byes_only_to_the_best_seeds(n: int) -> None:
    keys = [f"t{i}" for i in range(n)]
    lines = b.standard_lines(keys)
    size = len(lines)
    assert size == b.bracket_size(n) and size & (size - 1) == 0 and size < 2 * n
    assert sorted(k for k in lines if k) == sorted(keys)
    rounds = b.bracket_rounds(lines, {})
    # byes only in rodada 1, and only to seeds 1..(size - n)
    with_bye = {str(p.a if isinstance(p.a, str) else p.b) for p in rounds[0] if p.is_bye}
    assert with_bye == set(keys[: size - n])
    assert all(not p.is_bye and p.a is not b.Open.BYE for level in rounds[1:] for p in level)
    pos = lines_of(keys)
    assert b.meeting_round(pos["t0"], pos["t1"]) == len(rounds)  # 1 and 2 only in the final
    if n >= 4:
        top4 = [pos[k] for k in keys[:4]]
        assert (
            min(b.meeting_round(x, y) for i, x in enumerate(top4) for y in top4[i + 1 :]) >= len(rounds) - 1
        )


@SETTINGS
@given(st.integers(min_value=1, max_value=128), st.integers(min_value=1, max_value=4), st.data())
def test_same_chave_apart_as_long_as_possible(chaves: int, per: int, data: st.DataObject) -> None:
    best_next = data.draw(st.integers(min_value=0, max_value=chaves - 1)) if per < 4 else 0
    n = chaves * per + best_next
    if not 2 <= n <= 256:
        return
    entrants = [b.Entrant(f"{g}-{p}", f"C{g}", p) for p in range(per) for g in range(chaves)]
    entrants += [b.Entrant(f"{g}-{per}", f"C{g}", per) for g in range(best_next)]
    order = b.separated_order(entrants)
    assert sorted(order) == sorted(e.key for e in entrants)
    # pots keep their seed bands: every 1º is a better seed than every 2º
    pot = {e.key: e.pot for e in entrants}
    assert [pot[k] for k in order] == sorted(pot[k] for k in order)
    pos = lines_of(order)
    rounds = b.round_count(b.bracket_size(n))
    for g in range(chaves):
        members = [pos[e.key] for e in entrants if e.chave == f"C{g}"]
        if len(members) < 2:
            continue
        earliest = min(b.meeting_round(x, y) for i, x in enumerate(members) for y in members[i + 1 :])
        if best_next == 0:
            assert earliest >= rounds - math.ceil(math.log2(len(members))) + 1
        if len(members) == 2 and best_next == 0:
            assert earliest == rounds  # opposite halves
    if chaves >= 2 and per >= 2 and best_next == 0 and n == b.bracket_size(n):
        # no chapéu: every 1º meets a 2º of another chave in rodada 1
        lines = b.standard_lines(order)
        for i in range(0, len(lines), 2):
            x, y = lines[i], lines[i + 1]
            assert x and y
            if {pot[x], pot[y]} == {0, 1}:
                assert x.split("-")[0] != y.split("-")[0]


@SETTINGS
@given(st.integers(min_value=2, max_value=64), st.randoms(use_true_random=False))
def test_advancement_reaches_one_champion(n: int, rnd) -> None:  # type: ignore[no-untyped-def]
    keys = [f"t{i}" for i in range(n)]
    lines = b.standard_lines(keys)
    winners: dict[tuple[int, int], str] = {}
    for _ in range(b.round_count(len(lines))):
        for level in b.bracket_rounds(lines, winners):
            for p in level:
                if p.is_match and (p.round, p.slot) not in winners:
                    winners[(p.round, p.slot)] = rnd.choice([p.a, p.b])
    rounds = b.bracket_rounds(lines, winners)
    champion = b.advance(rounds[-1][0], winners)
    assert isinstance(champion, str)
    third = b.third_place_pairing(rounds, winners)
    places = b.placings(rounds, winners, None, None)
    assert sorted(p.key for p in places) == sorted(keys)
    assert [p.position for p in places][:2] == [1, 2]
    if n >= 4:
        assert [p.position for p in places][2:4] == [3, 3] and third is not None and third.is_match


def test_draws_replay_and_keep_the_cabecas() -> None:
    keys = [f"t{i}" for i in range(12)]
    assert b.drawn_order(keys, 4, "s1") == b.drawn_order(keys, 4, "s1")
    assert b.drawn_order(keys, 4, "s1")[:4] == keys[:4]
    byes = b.drawn_byes(keys, "s2")
    assert byes == b.drawn_byes(keys, "s2") and sorted(byes) == sorted(keys)
    lines = b.standard_lines(byes)
    bye_teams = {lines[i] or lines[i + 1] for i in range(0, 16, 2) if not (lines[i] and lines[i + 1])}
    assert bye_teams == set(byes[:4])


def test_a_file_bracket_is_read_back() -> None:
    played = [b.PlayedMatch(1, "a", "b", "a"), b.PlayedMatch(1, "c", "d", "c"), b.PlayedMatch(2, "a", "c")]
    assert b.infer_lines(["a", "b", "c", "d"], played) == ["a", "b", "c", "d"]
    assert b.infer_lines(list("abcd"), [b.PlayedMatch(1, "a", "d"), b.PlayedMatch(1, "b", "c")]) == [
        "a",
        "d",
        "b",
        "c",
    ]
    assert b.infer_lines(list("abcd"), [b.PlayedMatch(1, "a", "b"), b.PlayedMatch(2, "c", "d")]) is None
    semis = [b.PlayedMatch(1, "a", "d", "a"), b.PlayedMatch(1, "b", "c", "b")]
    final = [b.PlayedMatch(2, "d", "c"), b.PlayedMatch(2, "a", "b")]
    assert b.third_place_matches(semis + final) == {2}
    assert b.infer_lines(list("abcd"), semis + final) == ["a", "d", "b", "c"]
