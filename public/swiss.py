"""What the public sees of a Swiss phase (docs/rules.md §3.17), for its page «Suíço», the
classificação page, the telão, the pictures and the PDFs (a selector).

The numbers are the classificação's (``standings.selectors``): the Swiss desempates of a
row are the lines its chave was ranked by (``GroupTable.swiss``: ``rules.swiss_tiebreaks``
over the counted jogos and the folgas the recorded pairings gave), read, not computed
again. The rodadas are the jogos as they are now (a swap before the rodada moves them),
with what the public may see of their results (``standings.results.match_rows``), and
each rodada's folga from its recorded pairing (a sorteio of purpose «swiss»).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.swiss_tiebreaks import SwissLine
from standings.results import match_rows
from tournaments.models import DrawOfLots, Stage, Tournament

SWISS_COLUMNS = ("buchholz", "buchholz_cut1", "sonneborn_berger")


@dataclass
class Rodada:
    """One paired rodada of a Swiss phase: its jogos by mesa and its folga."""

    number: int
    rows: list[dict[str, Any]] = field(default_factory=list)  # match_rows' rows
    bye: str = ""  # the team with the folga, by name ("" in an even rodada)
    current: bool = False  # the last rodada paired: the one in play, or just played

    @property
    def done(self) -> bool:
        return bool(self.rows) and all(r["homologated"] for r in self.rows)


def swiss_stages(t: Tournament) -> list[Stage]:
    """The tournament's Swiss phases that have their chave (started)."""
    return list(
        t.stages.filter(kind=Stage.Kind.GROUPS, system=Stage.System.SWISS, groups__isnull=False)
        .distinct()
        .order_by("order", "id")
    )


def is_swiss(stage: Stage) -> bool:
    return stage.kind == Stage.Kind.GROUPS and stage.system == Stage.System.SWISS


def recorded_byes(group_ids: Collection[int]) -> dict[int, list[str]]:
    """Chave → the key of each rodada's folga, rodada by rodada ("" where none), from the
    recorded pairings (one query)."""
    byes: dict[int, list[str]] = {pk: [] for pk in group_ids}
    if not byes:
        return byes
    draws = DrawOfLots.objects.filter(group__in=list(byes), purpose=DrawOfLots.Purpose.SWISS)
    for group_id, result in draws.order_by("performed_at", "id").values_list("group_id", "result"):
        byes[group_id].append(str(result.get("bye") or ""))
    return byes


def with_swiss_values(rows: list[dict[str, Any]], gt: Any, lines: Mapping[str, SwissLine]) -> None:
    """Add the Swiss desempates to a chave's rows (``public.views.standings_rows``, in the
    order of ``gt.lines``)."""
    for row, line in zip(rows, gt.lines, strict=True):
        found = lines.get(line.team.key)
        for column in SWISS_COLUMNS:
            row[column] = getattr(found, column) if found is not None else 0


def swiss_values(stage_tables: list[Any]) -> dict[int, Mapping[str, SwissLine]]:
    """Chave id → its Swiss desempates by team key, for every Swiss chave of
    ``stage_tables`` (``standings.selectors.tournament_standings``); round-robin chaves
    are not in it."""
    return {gt.group.pk: gt.swiss for st in stage_tables if is_swiss(st.stage) for gt in st.groups}


def _natural(text: str) -> tuple[int, str]:
    # Mesa "10" after mesa "9"; a jogo without mesa last.
    return (int(text), "") if text.isdecimal() else (1 << 30, text)


def rodadas(t: Tournament, stage: Stage, rows: list[dict[str, Any]] | None = None) -> list[Rodada]:
    """The phase's paired rodadas, the current (last paired) first, each with its jogos
    by mesa and its folga. ``rows``: ``match_rows(t)`` when the caller has them."""
    group = stage.groups.order_by("order", "id").first()
    if group is None:
        return []
    names = dict(t.teams.values_list("key", "name"))
    byes = recorded_byes([group.pk])[group.pk]
    found: dict[int, Rodada] = {n: Rodada(n, bye=names.get(k, k)) for n, k in enumerate(byes, start=1)}
    for row in match_rows(t) if rows is None else rows:
        if row["stage"] == stage.key and row["round"] is not None:
            found.setdefault(row["round"], Rodada(row["round"])).rows.append(row)
    out = sorted(found.values(), key=lambda r: -r.number)
    for r in out:
        r.rows.sort(key=lambda row: _natural(row["table"]))
    if out:
        out[0].current = True
    return out
