"""Swiss pairing (rules.swiss): examples, brute-force properties, long simulations."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.matching import Matcher
from rules.swiss import Note, PastRound, Round, SortKey, default_rounds, pair_round
from rules.swiss_tiebreaks import FinishedRound, Game, sort_keys, swiss_tiebreaks

FAST = settings(max_examples=300, deadline=None)
Pair = tuple[str, str]


class Case:
    """One pairing problem, with what the checks need to know about it."""

    def __init__(
        self,
        teams: list[str],
        history: list[PastRound],
        scores: dict[str, int],
        keys: dict[str, SortKey],
        entities: dict[str, str | None],
        seed: int,
    ) -> None:
        self.teams, self.history, self.scores = teams, history, scores
        self.keys, self.entities, self.seed = keys, entities, seed

    def run(self) -> Round:
        return pair_round(
            self.teams, self.history, self.scores, sort_keys=self.keys, entities=self.entities, seed=self.seed
        )

    def played(self) -> set[frozenset[str]]:
        return {frozenset(p) for r in self.history for p in r.pairs}

    def byes(self) -> Counter[str]:
        return Counter(r.bye for r in self.history if r.bye in self.teams)

    def clash(self, a: str, b: str) -> bool:
        return self.entities.get(a) is not None and self.entities.get(a) == self.entities.get(b)

    def order(self) -> list[str]:
        """The ranking the pairing follows (module docstring)."""
        ranked = list(self.teams)
        first = not any(r.pairs for r in self.history)
        if first:
            random.Random(self.seed).shuffle(ranked)
        ranked.sort(key=lambda t: (self.scores[t], () if first else self.keys.get(t, ())), reverse=True)
        return ranked

    def counts(self, pairs: Sequence[Pair]) -> tuple[int, int]:
        played = self.played()
        return sum(frozenset(p) in played for p in pairs), sum(self.clash(*p) for p in pairs)

    def options(self) -> Iterator[tuple[str | None, list[Pair]]]:
        """Every legal (folga, complete pairing): the folga to a team with fewest folgas."""
        if len(self.teams) % 2 == 0:
            for m in _matchings(self.teams):
                yield None, m
            return
        byes = self.byes()
        fewest = min(byes[t] for t in self.teams)
        for bye in self.teams:
            if byes[bye] == fewest:
                for m in _matchings([t for t in self.teams if t != bye]):
                    yield bye, m


def _matchings(vertices: Sequence[str]) -> Iterator[list[Pair]]:
    if not vertices:
        yield []
        return
    first, rest = vertices[0], list(vertices[1:])
    for k, other in enumerate(rest):
        for m in _matchings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *m]


@st.composite
def cases(draw: st.DrawFn, max_teams: int = 10) -> Case:
    n = draw(st.integers(0, max_teams))
    teams = [f"t{i}" for i in range(n)]
    ghosts = ["x"] if draw(st.booleans()) else []  # a withdrawn team, still in the history
    history = []
    for _ in range(draw(st.integers(0, n + 1))):
        order = draw(st.permutations(teams + ghosts))
        bye = order.pop() if len(order) % 2 else None
        history.append(PastRound(tuple(zip(order[::2], order[1::2])), bye))
    rounds = len(history)
    scores = {t: draw(st.integers(0, rounds)) for t in teams}
    keys = {t: tuple(draw(st.lists(st.integers(0, 3), min_size=1, max_size=2))) for t in teams}
    entities = {t: draw(st.sampled_from([None, "CTG A", "CTG B", "CTG C"])) for t in teams}
    return Case(teams, history, scores, keys, entities, draw(st.integers(0, 2**32)))


def _check_shape(case: Case, result: Round) -> None:
    seen = [k for p in result.pairs for k in p] + ([result.bye] if result.bye is not None else [])
    assert sorted(seen) == sorted(case.teams)
    assert (result.bye is not None) == (len(case.teams) % 2 == 1)
    if result.bye is not None:
        byes = case.byes()
        assert byes[result.bye] == min(byes[t] for t in case.teams)
    rank = {t: i for i, t in enumerate(case.order())}
    assert all(rank[a] < rank[b] for a, b in result.pairs)  # the higher-ranked team is side a
    assert [rank[a] for a, _ in result.pairs] == sorted(rank[a] for a, _ in result.pairs)
    assert result.floaters == tuple(a for a, b in result.pairs if case.scores[a] != case.scores[b])
    rematches, clashes = case.counts(result.pairs)
    assert result.relaxed == ("entity",) * (clashes > 0) + ("rematch",) * (rematches > 0)


@FAST
@given(cases())
def test_constraints_kept_whenever_some_pairing_keeps_them(case: Case) -> None:
    result = case.run()
    _check_shape(case, result)
    best = min((case.counts(m) for _, m in case.options()), default=(0, 0))
    rematches, clashes = case.counts(result.pairs)
    if best[0] == 0:
        assert rematches == 0
    if best == (0, 0):
        assert clashes == 0


@FAST
@given(cases())
def test_bye_is_the_lowest_that_leaves_a_pairing(case: Case) -> None:
    result = case.run()
    if result.bye is None:
        return
    rematches, clashes = case.counts(result.pairs)
    byes = case.byes()
    fewest = min(byes[t] for t in case.teams)
    order = case.order()
    below = [t for t in order[order.index(result.bye) + 1 :] if byes[t] == fewest]
    for passed in below:  # each was skipped because the rest could not keep the same level
        others = [t for t in case.teams if t != passed]
        levels = [case.counts(m) for m in _matchings(others)]
        if rematches == 0 and clashes == 0:
            assert (0, 0) not in levels
        else:
            assert rematches == 0
            assert all(r > 0 for r, _ in levels)


@FAST
@given(cases())
def test_no_exchange_of_opponents_improves_the_pairing(case: Case) -> None:
    # The weaker, true score-group property: no two jogos can swap opponents to get
    # fewer revanches, then fewer same-entity jogos, then closer vitórias (Σ diff²).
    result = case.run()

    def cost(pairs: Sequence[Pair]) -> tuple[int, int, int]:
        diffs = sum((case.scores[a] - case.scores[b]) ** 2 for a, b in pairs)
        return (*case.counts(pairs), diffs) if pairs else (0, 0, 0)

    for i, (a, b) in enumerate(result.pairs):
        for c, d in result.pairs[i + 1 :]:
            old = cost([(a, b), (c, d)])
            assert cost([(a, c), (b, d)]) >= old
            assert cost([(a, d), (b, c)]) >= old


@FAST
@given(cases(max_teams=16), st.data())
def test_replay_is_identical(case: Case, data: st.DataObject) -> None:
    result = case.run()
    assert case.run() == result
    assert pair_round(case.teams, tuple(case.history), dict(case.scores), sort_keys=case.keys,
                      entities=dict(case.entities), seed=case.seed) == result  # fmt: skip
    assert result.trace and result.trace[0].code in ("seeded", "standings")


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 15), st.integers(0, 2**16), st.integers(0, 4))
def test_a_whole_event_gives_each_team_one_bye_at_most(n: int, seed: int, entity_count: int) -> None:
    teams = [f"t{i}" for i in range(n)]
    entities = {t: f"CTG {i % entity_count}" if entity_count else None for i, t in enumerate(teams)}
    rounds = _simulate(teams, entities, n if n % 2 else n - 1, seed)
    byes = Counter(r.bye for r in rounds if r.bye is not None)
    assert all(k == 1 for k in byes.values())
    assert len(byes) == (len(rounds) if n % 2 else 0)


def _simulate(
    teams: list[str], entities: Mapping[str, str | None], rounds: int, seed: int
) -> list[FinishedRound]:
    rng = random.Random(seed)
    done: list[FinishedRound] = []
    met: set[frozenset[str]] = set()
    for number in range(rounds):
        lines = swiss_tiebreaks(teams, done)
        scores = {t: line.wins for t, line in lines.items()}
        result = pair_round(teams, done, scores, sort_keys=sort_keys(lines), entities=entities, seed=seed)
        seen = [k for p in result.pairs for k in p] + ([result.bye] if result.bye else [])
        assert sorted(seen) == sorted(teams), number
        if 2 * (number + 1) <= len(teams):  # fewer rodadas than half the teams: Dirac's bound
            assert not met & {frozenset(p) for p in result.pairs}, number
        met |= {frozenset(p) for p in result.pairs}
        done.append(FinishedRound(tuple(Game(a, b, rng.choice((a, b))) for a, b in result.pairs), result.bye))
    return done


@pytest.mark.parametrize(("n", "rounds"), [(120, 7), (121, 7), (1024, 10)])
def test_long_events_keep_every_invariant(n: int, rounds: int) -> None:
    teams = [f"e{i:04d}" for i in range(n)]
    rng = random.Random(n)
    entities = {t: f"CTG {rng.randrange(n // 8)}" for t in teams}
    done = _simulate(teams, entities, rounds, seed=n)
    byes = Counter(r.bye for r in done if r.bye is not None)
    assert all(k == 1 for k in byes.values())
    assert all(entities[g.a] != entities[g.b] for r in done for g in r.games)  # always possible here
    lines = swiss_tiebreaks(teams, done)
    assert sum(line.wins for line in lines.values()) == sum(len(r.games) + (r.bye is not None) for r in done)


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, list[tuple[int, int]]]:
    n = draw(st.integers(0, 12))
    edges = [(a, b) for a in range(n) for b in range(a + 1, n)]
    density = draw(st.integers(0, 100))  # a share of the jogos forbidden, from none to all
    marks = draw(st.lists(st.integers(0, 99), min_size=len(edges), max_size=len(edges)))
    return n, [e for e, mark in zip(edges, marks) if mark < density]


def _forbidden(n: int, banned: list[tuple[int, int]]) -> list[set[int]]:
    forbidden: list[set[int]] = [set() for _ in range(n)]
    for a, b in banned:
        forbidden[a].add(b)
        forbidden[b].add(a)
    return forbidden


@settings(max_examples=500, deadline=None)
@given(graphs())
def test_the_oracle_finds_a_perfect_matching_exactly_when_one_exists(
    graph: tuple[int, list[tuple[int, int]]],
) -> None:
    # The blossom search is what makes "no revanche while avoidable" exact: check it
    # alone against brute force on small graphs (the forbidden jogos drawn at random).
    n, banned = graph
    forbidden = _forbidden(n, banned)
    names = [str(i) for i in range(n)]
    exists = any(all(int(b) not in forbidden[int(a)] for a, b in m) for m in _matchings(names))
    matcher = Matcher(n, forbidden)
    assert matcher.perfect() == exists
    if exists:
        assert all(
            matcher.mate[matcher.mate[v]] == v and matcher.allowed(v, matcher.mate[v]) for v in range(n)
        )


@settings(max_examples=300, deadline=None)
@given(graphs(), st.randoms(use_true_random=False))
def test_each_commit_is_accepted_exactly_when_the_rest_still_pairs(
    graph: tuple[int, list[tuple[int, int]]], rnd: random.Random
) -> None:
    # The walk's choices depend only on this answer, never on which perfect matching the
    # oracle holds: so any correct search order pairs alike (and replays stay equal).
    n, banned = graph
    forbidden = _forbidden(n, banned)
    matcher = Matcher(n, forbidden)
    if n % 2 or not matcher.perfect():
        return
    left = list(range(n))
    while left:
        t, c = rnd.sample(left, 2)
        rest = [str(v) for v in left if v not in (t, c)]
        pairs = any(all(int(b) not in forbidden[int(a)] for a, b in m) for m in _matchings(rest))
        expected = matcher.allowed(t, c) and pairs
        assert (matcher.allowed(t, c) and matcher.commit(t, c)) == expected
        if expected:
            left.remove(t)
            left.remove(c)
        assert all(matcher.mate[matcher.mate[v]] == v and matcher.allowed(v, matcher.mate[v]) for v in left)


def test_round_one_is_the_seeded_draw_folded() -> None:
    teams = [f"t{i}" for i in range(8)]
    order = list(teams)
    random.Random(2024).shuffle(order)
    result = pair_round(teams, [], dict.fromkeys(teams, 0), seed=2024)
    assert result.pairs == tuple((order[k], order[-1 - k]) for k in range(4))
    assert result.bye is None and result.floaters == () and result.relaxed == ()
    assert result.trace[0] == Note("seeded", numbers=(2024,))
    assert pair_round(teams, [], dict.fromkeys(teams, 0), seed=2025) != result


def test_score_groups_fold_and_an_odd_group_floats_its_lowest() -> None:
    teams = list("abcdefgh")
    history = [PastRound((("a", "h"),))]
    even = {"a": 1, "b": 1, "c": 1, "d": 1, "e": 0, "f": 0, "g": 0, "h": 0}
    assert pair_round(teams, history, even).pairs == (("a", "d"), ("b", "c"), ("e", "h"), ("f", "g"))
    odd = {"a": 1, "b": 1, "c": 1, "d": 0, "e": 0, "f": 0, "g": 0, "h": 0}
    result = pair_round(teams, history, odd)
    assert result.pairs == (("a", "b"), ("c", "d"), ("e", "h"), ("f", "g"))
    assert result.floaters == ("c",)
    assert Note("float", ("c", "d"), (1, 0)) in result.trace


def test_sort_key_orders_within_a_group_and_seed_order_breaks_ties() -> None:
    teams = list("abcd")
    history = [PastRound((("a", "c"), ("b", "d")))]
    scores = dict.fromkeys(teams, 1)
    keys: dict[str, SortKey] = {"a": (1,), "b": (5,), "c": (3,), "d": (3,)}
    # Order b, c, d, a: b meets a (the fold's last), c meets d — c first by seed order.
    assert pair_round(teams, history, scores, sort_keys=keys).pairs == (("b", "a"), ("c", "d"))


def test_rematch_avoided_even_against_the_fold() -> None:
    teams = list("abcd")
    history = [PastRound((("a", "b"), ("c", "d"))), PastRound((("a", "c"), ("b", "d")))]
    scores = {"a": 2, "b": 1, "c": 1, "d": 0}
    result = pair_round(teams, history, scores)
    assert result.pairs == (("a", "d"), ("b", "c")) and result.relaxed == ()


def test_rematch_only_when_nothing_else_pairs() -> None:
    teams = list("abcd")
    history = [PastRound((("a", "b"), ("c", "d"))), PastRound((("a", "c"), ("b", "d")))]
    history.append(PastRound((("a", "d"), ("b", "c"))))
    result = pair_round(teams, history, dict.fromkeys(teams, 1))
    assert result.relaxed == ("rematch",)
    assert Note("rematch", numbers=(2,)) in result.trace


def test_same_entity_apart_in_round_one() -> None:
    teams = list("abcd")
    entities = {"a": "CTG Tropeiros", "b": "CTG Tropeiros", "c": "CTG Querência", "d": "CTG Querência"}
    for seed in range(20):
        result = pair_round(teams, [], dict.fromkeys(teams, 0), entities=entities, seed=seed)
        assert all(entities[a] != entities[b] for a, b in result.pairs)


def test_bye_goes_to_the_lowest_ranked_without_one() -> None:
    teams = list("abcde")
    history = [PastRound((("a", "b"), ("c", "d")), "e")]
    scores = {"a": 1, "b": 0, "c": 1, "d": 0, "e": 1}
    result = pair_round(teams, history, scores)
    assert result.bye == "d"  # order a, c, e, b, d
    assert Note("bye", ("d",), (0,)) in result.trace
    assert pair_round(teams, [*history, PastRound((), "d")], scores).bye == "b"


def test_small_and_invalid_inputs() -> None:
    empty = pair_round([], [], {})
    assert (empty.pairs, empty.bye, empty.floaters, empty.relaxed) == ((), None, (), ())
    assert pair_round(["a"], [], {"a": 0}).bye == "a"
    with pytest.raises(ValueError):
        pair_round(["a", "a"], [], {"a": 0})


def test_default_rounds() -> None:
    assert [default_rounds(n) for n in (0, 1, 2, 3, 4, 5, 8, 9, 120, 1024, 1025)] == [
        1, 1, 1, 2, 2, 3, 3, 4, 7, 10, 11,
    ]  # fmt: skip
