"""Reads of the stored contributions (``scoring.MatchContribution``) for the standings.

Four shapes, each one query whatever the size: :func:`chave_sums`, every team's totals
per chave summed by the database (all a chave needs when nobody is expelled and no tie
reaches head-to-head); :func:`matches_between`, the jogos among the teams of such a
tie; :func:`met`, who met whom and who won in a Swiss chave's counted jogos (its
Buchholz and Sonneborn-Berger); and :func:`stored_matches`, the chaves' fixtures with what each counted result
contributes, rebuilt as the rules engine's own values (``rules.totals.StoredMatch``) for
the chaves whose expulsions need the jogos themselves.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from django.db.models import Count, Q, QuerySet, Sum

from rules.counters import MatchOutcome
from rules.results import Side
from rules.totals import StoredMatch, Tally, ranked_match
from rules.types import COUNTER_NAMES, Counters, RankedMatch
from scoring.models import MatchContribution
from tournaments.models import Match

_FIELDS = ("match_id", "side", "counts", *COUNTER_NAMES, "expels", "absent", "reason", "games")  # see _tally


@dataclass
class ChaveSums:
    """One chave's stored contributions, summed per team."""

    totals: dict[int, Counters] = field(default_factory=dict)  # by team id
    counted: int = 0  # jogos whose result counts
    expulsion: bool = False  # some counted result expels a team: the chave needs its jogos


def _rows(group_ids: Collection[int], include_provisional: bool) -> QuerySet[MatchContribution]:
    rows = MatchContribution.objects.filter(group_id__in=group_ids)
    return rows if include_provisional else rows.filter(homologated=True)


def chave_sums(group_ids: Collection[int], include_provisional: bool) -> dict[int, ChaveSums]:
    """Per chave id: each team's summed counters, in one aggregate query. Only
    homologated súmulas count unless ``include_provisional``."""
    sums = (
        _rows(group_ids, include_provisional)
        .values("group_id", "team_id")
        .annotate(
            *[Sum(name) for name in COUNTER_NAMES],
            jogos=Count("pk", filter=Q(counts=True)),
            expelling=Count("pk", filter=Q(expels=True)),
        )
        .values_list("group_id", "team_id", *[f"{name}__sum" for name in COUNTER_NAMES], "jogos", "expelling")
    )
    out: dict[int, ChaveSums] = {}
    for group_id, team_id, *numbers, jogos, expelling in sums:
        chave = out.setdefault(group_id, ChaveSums())
        chave.totals[team_id] = Counters(*numbers)
        chave.counted += jogos  # each counted jogo has two rows: halved below
        chave.expulsion = chave.expulsion or bool(expelling)
    for chave in out.values():
        chave.counted //= 2
    return out


def met(
    group_ids: Collection[int], include_provisional: bool, key_of: Mapping[int, str]
) -> dict[int, list[tuple[str, str, str | None]]]:
    """Per chave id: each counted jogo as (team A, team B, winner or ``None``), keys by
    ``key_of``; the winner is the side whose row has the win, as in :func:`_tally`."""
    sides: dict[int, dict[str, tuple[int, int, int]]] = {}
    rows = _rows(group_ids, include_provisional).filter(counts=True)
    for match_id, group_id, team_id, side, wins in rows.values_list(
        "match_id", "group_id", "team_id", "side", "wins"
    ):
        sides.setdefault(match_id, {})[side] = (group_id, team_id, wins)
    out: dict[int, list[tuple[str, str, str | None]]] = {}
    for found in sides.values():
        if len(found) != 2:
            continue  # never written so: both rows come from one súmula
        (group_id, id_a, wins_a), (_, id_b, wins_b) = found["a"], found["b"]
        a, b = key_of[id_a], key_of[id_b]
        out.setdefault(group_id, []).append((a, b, a if wins_a else b if wins_b else None))
    return out


def stored_matches(
    group_ids: Collection[int], include_provisional: bool, key_of: Mapping[int, str]
) -> dict[int, list[StoredMatch]]:
    """Per chave id: every fixture in play order with its stored tally (``None``: no
    counted súmula yet), team ids turned into keys by ``key_of``."""
    both: dict[int, dict[str, tuple[object, ...]]] = {}
    for row in _rows(group_ids, include_provisional).values_list(*_FIELDS):
        both.setdefault(row[0], {})[row[1]] = row
    out: dict[int, list[StoredMatch]] = {}
    fixtures = Match.objects.filter(group_id__in=group_ids).order_by("round", "order", "id")
    for pk, group_id, rnd, a_id, b_id in fixtures.values_list(
        "pk", "group_id", "round", "team_a_id", "team_b_id"
    ):
        found = both.get(pk)
        tally = _tally(found["a"], found["b"]) if found and len(found) == 2 else None
        out.setdefault(group_id, []).append(StoredMatch(str(pk), rnd, key_of[a_id], key_of[b_id], tally))
    return out


def matches_between(
    wanted: Mapping[int, Collection[int]], include_provisional: bool, key_of: Mapping[int, str]
) -> dict[int, list[RankedMatch]]:
    """Per chave id: the counted jogos among the teams ``wanted`` there (team ids), for a
    tie that reaches head-to-head; one query for all chaves."""
    team_ids = set().union(*wanted.values()) if wanted else set()
    both: dict[int, dict[str, tuple[object, ...]]] = {}
    rows = _rows(list(wanted), include_provisional).filter(team_id__in=team_ids, counts=True)
    for row in rows.values_list(*_FIELDS, "group_id", "team_id"):
        both.setdefault(int(row[0]), {})[str(row[1])] = row  # type: ignore[call-overload]
    out: dict[int, list[RankedMatch]] = {}
    for found in both.values():
        if len(found) != 2:
            continue  # a team outside the tie played this one
        a, b = found["a"], found["b"]
        group_id = int(a[-2])  # type: ignore[call-overload]
        outcome = _tally(a, b).outcome
        assert outcome is not None  # counted rows only
        out.setdefault(group_id, []).append(ranked_match(key_of[a[-1]], key_of[b[-1]], outcome))  # type: ignore[index]
    return out


def _pair(text: str) -> tuple[int, int]:
    a, b = text.split("-")
    return int(a), int(b)


def _tally(row_a: tuple[object, ...], row_b: tuple[object, ...]) -> Tally:
    """The rules engine's value back from the two rows ``contribution_rows`` wrote."""
    sides = ((Side.A, row_a), (Side.B, row_b))
    absent = frozenset(side for side, row in sides if row[11])
    reasons = tuple((side, str(row[12])) for side, row in sides if row[12])
    if not row_a[2]:
        return Tally(None, absent, reasons)
    counters_a, counters_b = Counters(*row_a[3:10]), Counters(*row_b[3:10])  # type: ignore[arg-type]
    winner = Side.A if counters_a.wins else Side.B if counters_b.wins else None
    games = tuple(_pair(g) for g in str(row_a[13]).split())
    expels = frozenset(side for side, row in sides if row[10])
    return Tally(MatchOutcome(counters_a, counters_b, winner, expels, games), absent, reasons)
