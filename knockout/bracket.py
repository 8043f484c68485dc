"""Pure algorithms of the mata-mata: seeded placement, chapéus, chave separation, advancement.

No Django here. A bracket of ``size`` (a power of two) has ``size`` lines; line ``L`` holds
a team key or ``None`` (a chapéu: the team on the neighbouring line advances without a
jogo). Rodada ``r`` (1-based) slot ``i`` is decided between the winners of lines
``[i * 2**r, (i + 1) * 2**r)``, so two lines meet in rodada ``(a ^ b).bit_length()``.

Placement is always the standard seeded one (:func:`seed_lines`): seeds 1 and 2 can meet
only in the final, 1–4 only from the semifinais, and the chapéus fall opposite the best
seeds. Every other wish (same chave apart, drawn chapéus, a swap) is expressed by the
order of the seeds, so a bracket is fully described by its keys in seed order.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

MAX_TEAMS = 256
RESTARTS = 12  # greedy starts per pot when the first leaves two of a chave too close


class Open(enum.Enum):
    """A side that is not a team (yet): a chapéu, or a winner still to be known."""

    BYE = "bye"
    PENDING = "pending"


Occupant = str | Open
NO_WINNER = ""  # a decided jogo that nobody won (double W.O.): the side becomes a chapéu


def bracket_size(count: int) -> int:
    if count < 2:
        raise ValueError("a mata-mata needs at least two teams")
    if count > MAX_TEAMS:
        raise ValueError(f"at most {MAX_TEAMS} teams")
    return 1 << (count - 1).bit_length()


def round_count(size: int) -> int:
    return size.bit_length() - 1


def seed_lines(size: int) -> list[int]:
    """The seed (1-based) on each line: [1, 8, 4, 5, 2, 7, 3, 6] for 8."""
    lines = [1]
    while len(lines) < size:
        total = 2 * len(lines) + 1
        lines = [s for seed in lines for s in (seed, total - seed)]
    return lines


def standard_lines(keys: Sequence[str], size: int | None = None) -> list[str | None]:
    """Keys in seed order placed on the lines; seeds beyond the count are chapéus."""
    size = size or bracket_size(len(keys))
    return [keys[s - 1] if s <= len(keys) else None for s in seed_lines(size)]


def meeting_round(line_a: int, line_b: int) -> int:
    return (line_a ^ line_b).bit_length()


# --- orders of seeds -------------------------------------------------------------------


def drawn_order(keys: Sequence[str], fixed: int, seed: str) -> list[str]:
    """The sorteio of a mata-mata: the first ``fixed`` keys (cabeças de chave) keep their
    places, the others are shuffled by ``random.Random(seed)`` (replays identically)."""
    rest = list(keys[fixed:])
    random.Random(seed).shuffle(rest)
    return list(keys[:fixed]) + rest


def drawn_byes(keys: Sequence[str], seed: str) -> list[str]:
    """The sorteio de chapéus: which teams get the byes, drawn among all, replayable.

    The drawn teams move to the top of the seed order (keeping their relative order),
    which is where the standard placement puts the chapéus.
    """
    count = bracket_size(len(keys)) - len(keys)
    chosen = set(random.Random(seed).sample(list(keys), count)) if count else set()
    return [k for k in keys if k in chosen] + [k for k in keys if k not in chosen]


@dataclass(frozen=True, slots=True)
class Entrant:
    """A qualified team: its key, its chave (or "") and its pot (0 = 1ºs, 1 = 2ºs, ...)."""

    key: str
    chave: str = ""
    pot: int = 0


def separated_order(entrants: Sequence[Entrant]) -> list[str]:
    """Seed order of chave qualifiers: pots keep their seed bands (the 1ºs are the best
    seeds, so a 1º meets a 2º in rodada 1), and within a band teams move so that teams of
    one chave meet as late as possible (two of a chave in opposite halves).

    ``entrants`` come best first (pots in order, each pot ranked across chaves). Greedy
    placement then pairwise swaps inside a pot while they lower the cost, where meeting
    one rodada earlier costs more than every later meeting together; a few more greedy
    starts (from a fixed seed, so the result is deterministic) when that is not enough.
    """
    keys = [e.key for e in entrants]
    size = bracket_size(len(keys))
    seeds = seed_lines(size)
    line_of_seed = {s: line for line, s in enumerate(seeds)}
    rounds = round_count(size)
    line: dict[str, int] = {}
    mates: dict[str, list[str]] = {}
    for e in entrants:
        if e.chave:
            mates.setdefault(e.chave, []).append(e.key)
    by_key = {e.key: e for e in entrants}

    # k teams of a chave can all be kept apart until rodada rounds - ceil(log2 k) + 1;
    # only meetings before that cost, so a cost of 0 is the best possible bracket.
    bound = {c: rounds - (len(m) - 1).bit_length() + 1 for c, m in mates.items()}

    def cost(key: str, at: int) -> int:
        chave = by_key[key].chave
        if not chave:
            return 0
        meets = (meeting_round(at, line[o]) for o in mates[chave] if o != key and o in line)
        return sum(len(keys) ** (bound[chave] - r) for r in meets if r < bound[chave])

    rng = random.Random("tenteio-separation")
    start = 0
    for pot in _pots(entrants):
        band = [line_of_seed[s] for s in range(start + 1, start + len(pot) + 1)]
        best: tuple[int, dict[str, int]] | None = None
        for attempt in range(RESTARTS):
            for e in pot:
                line.pop(e.key, None)
            trial = list(pot) if attempt == 0 else rng.sample(list(pot), len(pot))
            free = list(band)
            for e in trial:
                rank = pot.index(e)
                # Least cost first; among equals, the line nearest the team's own rank.
                at = min(free, key=lambda spot: (cost(e.key, spot), abs(band.index(spot) - rank)))  # noqa: B023
                free.remove(at)
                line[e.key] = at
            if any(cost(e.key, line[e.key]) for e in pot):
                _improve(pot, line, cost)
            total = sum(cost(e.key, line[e.key]) for e in pot)
            if best is None or total < best[0]:
                best = (total, {e.key: line[e.key] for e in pot})
            if total == 0:
                break
        assert best is not None
        line.update(best[1])
        start += len(pot)
    return sorted(keys, key=lambda k: seeds[line[k]])


def _pots(entrants: Sequence[Entrant]) -> list[list[Entrant]]:
    pots: list[list[Entrant]] = []
    for e in entrants:
        if not pots or pots[-1][0].pot != e.pot:
            pots.append([])
        pots[-1].append(e)
    return pots


def _improve(pot: list[Entrant], line: dict[str, int], price: Callable[[str, int], int]) -> None:
    chaved = [e for e in pot if e.chave]
    for _pass in range(20):
        changed = False
        for i, x in enumerate(chaved):
            for y in chaved[i + 1 :]:
                if x.chave == y.chave:
                    continue
                lx, ly = line[x.key], line[y.key]
                before = price(x.key, lx) + price(y.key, ly)
                line[x.key], line[y.key] = ly, lx
                after = price(x.key, ly) + price(y.key, lx)
                if after < before:
                    changed = True
                else:
                    line[x.key], line[y.key] = lx, ly
        if not changed:
            return


# --- advancement ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pairing:
    """Rodada ``round`` slot ``slot``: who meets there (a team key or an Open side)."""

    round: int
    slot: int
    a: Occupant
    b: Occupant

    @property
    def is_match(self) -> bool:
        return isinstance(self.a, str) and isinstance(self.b, str)

    @property
    def is_bye(self) -> bool:
        """Exactly one side is a chapéu: the other advances without a jogo."""
        return (self.a is Open.BYE) != (self.b is Open.BYE)


def advance(pairing: Pairing, winners: Mapping[tuple[int, int], str]) -> Occupant:
    """Who leaves this slot: the winner, the team with a chapéu, a chapéu, or pending."""
    a, b = pairing.a, pairing.b
    if a is Open.BYE:
        return b
    if b is Open.BYE:
        return a
    if isinstance(a, str) and isinstance(b, str):
        won = winners.get((pairing.round, pairing.slot))
        if won is None:
            return Open.PENDING
        if won == NO_WINNER:
            return Open.BYE
        return won if won in (a, b) else Open.PENDING
    return Open.PENDING


def bracket_rounds(
    lines: Sequence[str | None], winners: Mapping[tuple[int, int], str]
) -> list[list[Pairing]]:
    """Every rodada's pairings from the lines and the known winners ((round, slot) → key,
    or ``NO_WINNER``); a winner naming a team not in that slot is ignored (stale)."""
    level: list[Occupant] = [k if k is not None else Open.BYE for k in lines]
    rounds: list[list[Pairing]] = []
    r = 1
    while len(level) > 1:
        pairings = [Pairing(r, i, level[2 * i], level[2 * i + 1]) for i in range(len(level) // 2)]
        rounds.append(pairings)
        level = [advance(p, winners) for p in pairings]
        r += 1
    return rounds


def loser(pairing: Pairing, winners: Mapping[tuple[int, int], str]) -> Occupant:
    won = advance(pairing, winners)
    if not pairing.is_match or not isinstance(won, str):
        return Open.PENDING if won is Open.PENDING else Open.BYE
    return pairing.b if won == pairing.a else pairing.a


def third_place_pairing(
    rounds: Sequence[Sequence[Pairing]], winners: Mapping[tuple[int, int], str]
) -> Pairing | None:
    """The disputa de 3º lugar between the semifinal losers (a bracket of 4 or more)."""
    if len(rounds) < 2:
        return None
    semis = rounds[-2]
    return Pairing(len(rounds), 1, loser(semis[0], winners), loser(semis[1], winners))


@dataclass(frozen=True, slots=True)
class Placing:
    position: int  # 1, 2, 3, 3, 5, ...
    key: str


def placings(
    rounds: Sequence[Sequence[Pairing]],
    winners: Mapping[tuple[int, int], str],
    third: Pairing | None,
    third_winner: str | None,
) -> list[Placing]:
    """Final classification as far as known: champion, runner-up, the 3ºs (one from the
    disputa de 3º lugar, or both semifinal losers when there is none), then teams
    eliminated in each earlier rodada share the next position (5º, 9º, ...)."""
    out: list[Placing] = []
    if not rounds:
        return out
    final = rounds[-1][0]
    champion = advance(final, winners)
    if isinstance(champion, str):
        out.append(Placing(1, champion))
        runner = loser(final, winners)
        if isinstance(runner, str):
            out.append(Placing(2, runner))
    position = 3
    for depth, level in enumerate(reversed(rounds[:-1])):
        losers = [k for p in level if isinstance(k := loser(p, winners), str)]
        if depth == 0 and third is not None and third.is_match:
            if third_winner in (third.a, third.b):
                other = third.b if third_winner == third.a else third.a
                out += [Placing(3, third_winner), Placing(4, str(other))]
        else:
            out += [Placing(position, k) for k in losers]
        position += len(level)
    return out


# --- a bracket read back from a file -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayedMatch:
    round: int
    a: str
    b: str
    winner: str | None = None


def fits(lines: Sequence[str | None], matches: Sequence[PlayedMatch]) -> bool:
    where = {k: i for i, k in enumerate(lines) if k is not None}
    return all(
        m.a in where and m.b in where and meeting_round(where[m.a], where[m.b]) == m.round for m in matches
    )


def third_place_matches(matches: Sequence[PlayedMatch]) -> set[int]:
    """Indexes of jogos between two teams that both lost in the previous rodada."""
    lost: dict[int, set[str]] = {}
    for m in matches:
        if m.winner in (m.a, m.b):
            lost.setdefault(m.round, set()).add(m.b if m.winner == m.a else m.a)
    return {i for i, m in enumerate(matches) if {m.a, m.b} <= lost.get(m.round - 1, set())}


def infer_lines(keys: Sequence[str], matches: Sequence[PlayedMatch]) -> list[str | None] | None:
    """The lines of a bracket given its keys in seed order and its jogos (rodadas from 1).

    The standard placement when every jogo fits it; otherwise the tree the jogos draw
    (rodada-1 pairs, then who met whom), packed largest block first; ``None`` when the
    jogos fit no bracket (the stage is then shown as a plain list of jogos).
    """
    size = bracket_size(len(keys))
    third = third_place_matches(matches)
    played = [m for i, m in enumerate(matches) if i not in third]
    std = standard_lines(keys, size)
    if fits(std, played):
        return std
    block: dict[str, list[str | None]] = {k: [k] for k in keys}
    for r in range(1, round_count(size) + 1):
        for m in (m for m in played if m.round == r):
            ba, bb = block.get(m.a), block.get(m.b)
            if ba is None or bb is None or ba is bb or len(ba) != len(bb) or len(ba) != 1 << (r - 1):
                return None
            merged = ba + bb
            for k in merged:
                if k is not None:
                    block[k] = merged
        if r == 1:  # a team without a rodada-1 jogo had a chapéu
            for k in keys:
                if len(block[k]) == 1:
                    block[k] = [k, None]
    seed = {k: i for i, k in enumerate(keys)}
    unique = {id(b): b for b in block.values()}.values()
    ordered = sorted(unique, key=lambda b: (-len(b), min(seed[k] for k in b if k is not None)))
    lines = [k for b in ordered for k in b]
    if len(lines) != size or not fits(lines, played):
        return None
    return lines
