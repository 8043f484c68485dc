"""The emparceiramentos of a Swiss phase (docs/rules.md §3.17), one rodada a page, to pin
on the wall: each jogo's mesa, horário and teams, the result once the public may see it,
and the rodada's folga. Built from ``public.swiss`` (the jogos as they are now, a swap
included, and the folga of the recorded pairing), so the paper says what the page
«Suíço» says.
"""

from __future__ import annotations

from typing import Any

from printing.documents.common import Params, when
from public.swiss import rodadas, swiss_stages
from standings.results import match_rows
from tournaments.models import Round, Tournament


def pairings(t: Tournament, p: Params) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A unit per rodada paired (only ``p.round`` when asked), in rodada order, of each
    Swiss phase (only ``p.stage`` when asked)."""
    stages = [s for s in swiss_stages(t) if p.stage in (None, s.key)]
    rows = match_rows(t) if stages else []
    timing = {(r.stage_id, r.number): r for r in Round.objects.filter(stage__in=stages)}
    units: list[dict[str, Any]] = []
    for stage in stages:
        for rodada in sorted(rodadas(t, stage, rows), key=lambda r: r.number):
            if p.round is not None and rodada.number != p.round:
                continue
            info = timing.get((stage.pk, rodada.number))
            units.append(
                {
                    "kind": "rodada",
                    "stage": stage.key,
                    "number": rodada.number,
                    "planned": stage.swiss_rounds,
                    "starts": when(info.starts_at) if info else "",
                    "deadline": when(info.deadline) if info else "",
                    "bye": rodada.bye,
                    "rows": [
                        {
                            "table": r["table"],
                            "time": when(r["time"]),
                            "team_a": r["team_a"],
                            "team_b": r["team_b"],
                            "result": (f"{r['score']} ({r['pending_label']})" if r["pending"] else r["score"])
                            if r["score"]
                            else "",
                        }
                        for r in rodada.rows
                    ],
                }
            )
    return {"several": len(stages) > 1}, units
