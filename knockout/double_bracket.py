"""Pure algorithms of a double-elimination mata-mata (repescagem): structure, advancement, placings.

No Django here. Keys come in seed order (best first), 2 to 256 of them; the **winners'
bracket** (WB) is exactly the single-elimination bracket of :mod:`knockout.bracket`: the
next power of two ``size = 2**k`` of lines, the standard seeded placement, the chapéus
opposite the best seeds. Jogos are named ``("W", r, slot)``, ``("L", t, slot)``,
``("GF", 1, 0)`` and ``("GF", 2, 0)``; a winners' mapping gives each decided jogo's winner.

**Losers' bracket** (LB), for ``k >= 2``, ``2k - 2`` rodadas:

* LB 1 (minor): the losers of WB 1 slots ``2i`` and ``2i + 1`` meet in LB 1 slot ``i``.
* LB ``2r - 2`` (major, ``r = 2..k``): the winner of LB ``2r - 3`` slot ``i`` (side a)
  meets the loser of WB ``r`` slot ``i XOR M(k, r)`` (side b) -- the **drop order**.
* LB ``2r - 1`` (minor, ``r = 2..k - 1``): the winners of LB ``2r - 2`` slots ``2i`` and
  ``2i + 1``. LB ``2k - 2`` is the LB final (the WB final's loser drops into it).

**Grand final**: GF 1 is the WB champion (side a) against the LB champion (side b). With
``reset`` on (the default), when the LB champion wins GF 1 both have one loss and GF 2
decides (the same two teams, the WB champion on side a); GF 2 exists only then. With it
off GF 1 is the final whoever wins it, so the WB champion can finish 2º with one loss
(the only team out with fewer than two). With two teams (``k = 1``) there is no LB: the
WB final's loser goes straight to GF 1, a rematch.

**Drop order, and why.** ``M(k, r)`` is :data:`DROP_MASKS` (``M(k, k) = 0``: one slot). XOR
with a mask swaps blocks of slots: its top bit swaps the halves, all bits set reverses the
order, bit ``b`` alone swaps neighbouring blocks of ``2**b`` slots. Only a team that beat
``x`` in the WB can be ``x``'s rematch in the LB, and with XOR orders the one LB rodada
where the loser of WB ``j`` can meet the team that beat it, later the loser of WB ``r``,
is the same for every slot: ``2r - 2`` (its first LB jogo) when the top ``k - r`` bits of
``M(k, j)`` equal ``M(k, r)`` (``M(k, 1) = 0``: LB 1 pairs in slot order), else ``2(k -
p) - 3`` where ``p`` is the count of equal leading bits. The masks are, among all XOR
orders, the ones with the fewest possible rematches -- counted as pairs of WB jogos
``(j, r)``, ``j`` inside ``r``'s subtree -- in LB 1, then LB 2, and so on (a search,
exhaustive rodada by rodada; ties to the lexicographically smallest masks): the first LB
rodada where any rematch is possible, :data:`FIRST_REMATCH`, is the latest any XOR order
gets -- 2 of 2 LB rodadas for 4 lines, 3/4 (8), 4/6, 5/8, 7/10 (64), 8/12, 9/14 (256) --
where reversing every round allows one from LB 4 on from 16 lines up, and reversing and
swapping halves alternately from LB 6 on from 64 lines up. This bounds the worst case,
not the favourites' path: with every higher seed winning the rematches are the LB final
(2 v 3) and, from 16 lines, 3 v 6 and 4 v 5 two LB rodadas before it (from 128 lines
also 5 v 12, 6 v 11, 7 v 10 and 8 v 9 two LB rodadas earlier still).

**Chapéus**: a chapéu in WB 1 has no loser; its LB side is a chapéu too and the other side
advances without a jogo (two chapéus make a chapéu), as in the WB. Results never make
chapéus: which jogos are played is fixed by the count of teams, and a finished bracket
has ``2n - 2`` jogos, or ``2n - 1`` when GF 2 was played.

**Placings** (:func:`placings`): 1º the champion, 2º the grand final's loser (of GF 2
when it was played), 3º the loser of the LB final, 4º the loser of the LB semifinal
(LB ``2k - 3``), then the losers of each earlier LB rodada sharing a band as wide as the
rodada's played jogos (chapéus do not count), from the latest rodada down: 3º, 4º,
5º-6º, 7º-8º, 9º-12º, 13º-16º with 16 teams; with chapéus the bands narrow and still
cover ``n`` places. Inside a band the keys are in seed order. A team still in has no
placing, and the bands of a rodada keep their positions while it is played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from knockout.bracket import Occupant, Open, bracket_size, round_count, standard_lines

JogoId = tuple[str, int, int]
WB, LB, GF = "W", "L", "GF"
GF1: JogoId = (GF, 1, 0)
GF2: JogoId = (GF, 2, 0)

# k (WB rodadas) -> M(k, r) for r = 2..k-1; see the module docstring.
DROP_MASKS: dict[int, tuple[int, ...]] = {
    1: (),
    2: (),
    3: (1,),
    4: (2, 1),
    5: (4, 3, 1),
    6: (4, 4, 3, 1),
    7: (8, 8, 6, 3, 1),
    8: (16, 16, 12, 7, 3, 1),
}
# k -> the first LB rodada where a team can meet again a team it met in the WB.
FIRST_REMATCH: dict[int, int] = {2: 2, 3: 3, 4: 4, 5: 5, 6: 7, 7: 8, 8: 9}


def drop_mask(k: int, r: int) -> int:
    """M(k, r): the XOR applied to the WB rodada ``r`` slot of a loser dropping into the LB."""
    if r <= 1 or r >= k:
        return 0
    return DROP_MASKS[k][r - 2]


@dataclass(frozen=True, slots=True)
class Feed:
    """Where a side comes from: line ``line`` of WB 1 (``jogo`` None), or the winner (the
    loser, with ``loser``) of ``jogo``."""

    jogo: JogoId | None = None
    line: int = -1
    loser: bool = False


Dest = tuple[JogoId, int]  # a jogo and its side (0 = a, 1 = b)


@dataclass(frozen=True, slots=True)
class Jogo:
    """A jogo of the structure. ``winner_to``/``loser_to`` None: out of the bracket (a loser
    with two losses) or the end. GF 1's go nowhere: GF 2 (when ``reset``) is played by
    both, only when side b won GF 1; otherwise GF 1's winner is the champion."""

    id: JogoId
    a: Feed
    b: Feed
    winner_to: Dest | None
    loser_to: Dest | None


@dataclass(frozen=True, slots=True)
class DoubleBracket:
    keys: tuple[str, ...]  # seed order
    lines: tuple[str | None, ...]
    reset: bool
    jogos: tuple[Jogo, ...]  # in an order where every jogo comes after its feeders
    played: frozenset[JogoId]  # jogos with two teams whatever the results (GF 2 aside)

    @property
    def size(self) -> int:
        return len(self.lines)

    @property
    def rounds(self) -> int:
        """k: the WB rodadas; the LB has ``2k - 2``."""
        return round_count(self.size)

    def jogo(self, jogo_id: JogoId) -> Jogo:
        return self.jogos[self._index()[jogo_id]]

    def _index(self) -> dict[JogoId, int]:
        return {j.id: i for i, j in enumerate(self.jogos)}


def build(keys: Sequence[str], reset: bool = True) -> DoubleBracket:
    """The double-elimination bracket of ``keys`` in seed order."""
    if len(set(keys)) != len(keys) or "" in keys:
        raise ValueError("keys must be distinct and non-empty")
    size = bracket_size(len(keys))
    k = round_count(size)
    feeds: list[tuple[JogoId, Feed, Feed]] = []
    for r in range(1, k + 1):
        for q in range(size >> r):
            if r == 1:
                feeds.append(((WB, 1, q), Feed(line=2 * q), Feed(line=2 * q + 1)))
            else:
                feeds.append(((WB, r, q), Feed((WB, r - 1, 2 * q)), Feed((WB, r - 1, 2 * q + 1))))
    if k >= 2:
        for i in range(size >> 2):
            feeds.append(((LB, 1, i), Feed((WB, 1, 2 * i), loser=True), Feed((WB, 1, 2 * i + 1), loser=True)))
        for r in range(2, k + 1):
            t = 2 * r - 2
            for i in range(size >> r):
                dropped = Feed((WB, r, i ^ drop_mask(k, r)), loser=True)
                feeds.append(((LB, t, i), Feed((LB, t - 1, i)), dropped))
            if r < k:
                for i in range(size >> (r + 1)):
                    feeds.append(((LB, t + 1, i), Feed((LB, t, 2 * i)), Feed((LB, t, 2 * i + 1))))
        lb_champion = Feed((LB, 2 * k - 2, 0))
    else:
        lb_champion = Feed((WB, 1, 0), loser=True)
    feeds.append((GF1, Feed((WB, k, 0)), lb_champion))
    if reset:
        feeds.append((GF2, Feed(GF1, loser=True), Feed(GF1)))

    dest: dict[tuple[JogoId, bool], Dest] = {}
    for jogo_id, a, b in feeds:
        for side, feed in enumerate((a, b)):
            if feed.jogo is not None and jogo_id != GF2:
                dest[(feed.jogo, feed.loser)] = (jogo_id, side)
    jogos = tuple(Jogo(i, a, b, dest.get((i, False)), dest.get((i, True))) for i, a, b in feeds)
    lines = tuple(standard_lines(keys, size))
    shell = DoubleBracket(tuple(keys), lines, reset, jogos, frozenset())
    empty = play(shell, {})
    played = frozenset(s.id for s in empty.jogos if s.a is not Open.BYE and s.b is not Open.BYE)
    return DoubleBracket(tuple(keys), lines, reset, jogos, played)


@dataclass(frozen=True, slots=True)
class JogoState:
    """A jogo now: its two sides (a team key, a chapéu, or pending) and its winner if decided."""

    id: JogoId
    a: Occupant
    b: Occupant
    winner: str | None = None

    @property
    def is_match(self) -> bool:
        return isinstance(self.a, str) and isinstance(self.b, str)

    @property
    def is_bye(self) -> bool:
        return (self.a is Open.BYE) != (self.b is Open.BYE)

    @property
    def playable(self) -> bool:
        return self.is_match and self.winner is None

    @property
    def loser(self) -> str | None:
        if self.winner is None:
            return None
        return str(self.b if self.winner == self.a else self.a)


@dataclass(frozen=True, slots=True)
class Progress:
    jogos: tuple[JogoState, ...]  # the structure's order; GF 2 only once it exists
    playable: tuple[JogoId, ...]
    finished: bool
    champion: str | None
    losses: dict[str, int]

    def state(self, jogo_id: JogoId) -> JogoState | None:
        return next((s for s in self.jogos if s.id == jogo_id), None)


def play(bracket: DoubleBracket, winners: Mapping[JogoId, str]) -> Progress:
    """Every jogo's occupants from the known winners; a winner that is not one of the
    jogo's two teams (stale, or ``NO_WINNER``) is ignored: the jogo stays undecided."""
    won: dict[JogoId, Occupant] = {}
    lost: dict[JogoId, Occupant] = {}
    states: list[JogoState] = []
    losses = dict.fromkeys(bracket.keys, 0)

    def occupant(feed: Feed) -> Occupant:
        if feed.jogo is None:
            key = bracket.lines[feed.line]
            return key if key is not None else Open.BYE
        return (lost if feed.loser else won)[feed.jogo]

    for jogo in bracket.jogos:
        if jogo.id == GF2:
            first = states[-1]
            if first.winner is None or first.winner != first.b:
                continue
        a, b = occupant(jogo.a), occupant(jogo.b)
        winner = winners.get(jogo.id)
        if not (isinstance(a, str) and isinstance(b, str) and winner in (a, b)):
            winner = None
        state = JogoState(jogo.id, a, b, winner)
        states.append(state)
        if a is Open.BYE or b is Open.BYE:
            won[jogo.id] = b if a is Open.BYE else a
            lost[jogo.id] = Open.BYE
        elif winner is not None:
            won[jogo.id] = winner
            lost[jogo.id] = loser = str(state.loser)
            losses[loser] += 1
        else:
            won[jogo.id] = lost[jogo.id] = Open.PENDING

    champion: str | None = None
    final = states[-1]
    if final.id == GF2 or not bracket.reset or final.winner == final.a:
        champion = final.winner
    playable = tuple(s.id for s in states if s.playable)
    return Progress(tuple(states), playable, champion is not None, champion, losses)


@dataclass(frozen=True, slots=True)
class Band:
    """Positions ``position_from``..``position_to`` shared by ``keys`` (seed order); a band
    of an LB rodada still in play lists the teams out so far in the positions they keep."""

    position_from: int
    position_to: int
    keys: tuple[str, ...]


def placings(bracket: DoubleBracket, progress: Progress) -> list[Band]:
    """The final placings as far as known (see the module docstring): champion, the grand
    final's loser, then a band per LB rodada from the LB final (3º) down."""
    seed = {key: i for i, key in enumerate(bracket.keys)}
    bands: list[Band] = []
    if progress.champion is not None:
        final = progress.jogos[-1]
        bands += [Band(1, 1, (progress.champion,)), Band(2, 2, (str(final.loser),))]
    position = 3
    for t in range(2 * bracket.rounds - 2, 0, -1):
        states = [s for s in progress.jogos if s.id[0] == LB and s.id[1] == t and s.id in bracket.played]
        if not states:
            continue
        out = sorted((str(s.loser) for s in states if s.winner is not None), key=seed.__getitem__)
        if out:
            bands.append(Band(position, position + len(states) - 1, tuple(out)))
        position += len(states)
    return bands
