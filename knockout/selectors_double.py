"""The double elimination (repescagem, docs/rules.md §3.18) as plain data for the pages,
the JSON and the PDF: :func:`double_data`, called by ``knockout.selectors.bracket_data``
when the tournament's ``double_elimination`` is on.

Who plays whom, and who advances, come from ``knockout.services.double.double_read``
(the pure ``knockout.double_bracket`` played with the homologated results); what the
public sees of each jogo (its score, pending or not, its state) is the single
elimination's read (``knockout.selectors._read``, the publication rule). The
:class:`~knockout.selectors.Bracket` carries the winners' bracket in ``rounds``, the
repescagem in ``losers``, the grand final (and its reset, once it exists) in ``finals``,
and the placings by band (``Placing.last`` for a shared band «5º a 6º»).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _

from knockout import double_bracket as d
from knockout.bracket import Open
from knockout.selectors import Bracket, Placing, Slot, SlotTeam, _Read, match_fields
from knockout.services.double import double_read, jogo_id, turn
from tournaments.models import Round, Stage


def double_data(
    stage: Stage, data: _Read, seeds: dict[str, SlotTeam], homologated: dict[int, datetime]
) -> Bracket:
    teams = list(seeds.values())
    read = double_read(stage)
    if read is None:
        return Bracket(stage.key, 0, [], [], recognized=False, teams=teams)
    modality = stage.tournament.rules()
    k = read.bracket.rounds
    rounds_db = {r.number: r for r in Round.objects.filter(stage=stage)}
    by_id = {jogo_id(m): m for m in data.matches if m.bracket and m.slot is not None}

    def slot(s: d.JogoState) -> Slot:
        side, number, position = s.id
        rnd = rounds_db.get(turn(side, number, k))
        base: dict[str, Any] = {
            "round": number,
            "position": position,
            "bracket": side,
            "team_a": seeds.get(s.a) if isinstance(s.a, str) else None,
            "team_b": seeds.get(s.b) if isinstance(s.b, str) else None,
            "pending_a": s.a is Open.PENDING,
            "pending_b": s.b is Open.PENDING,
            "bye": s.is_bye,
            "deadline": rnd.deadline if rnd else None,
        }
        if s.is_bye:
            base["winner"] = s.a if isinstance(s.a, str) else s.b if isinstance(s.b, str) else None
        m = by_id.get(s.id)
        if m is not None and s.is_match and {m.team_a.key, m.team_b.key} == {s.a, s.b}:
            base.update(match_fields(m, data, modality, seeds, homologated, rnd, base["deadline"]))
        return Slot(**base)

    winners: dict[int, list[Slot]] = {}
    losers: dict[int, list[Slot]] = {}
    finals: list[Slot] = []
    for s in read.progress.jogos:
        if s.a is Open.BYE and s.b is Open.BYE:
            continue  # two chapéus of the repescagem: no jogo, nobody to show
        side, number, _slot = s.id
        if side == d.WB:
            winners.setdefault(number, []).append(slot(s))
        elif side == d.LB:
            losers.setdefault(number, []).append(slot(s))
        else:
            finals.append(slot(s))
    placings = [
        Placing(band.position_from, seeds[key], band.position_to)
        for band in d.placings(read.bracket, read.progress)
        for key in band.keys
    ]
    return Bracket(
        stage_key=stage.key,
        size=read.bracket.size,
        rounds=[winners[n] for n in sorted(winners)],
        round_names=[_("Rodada %(n)d") % {"n": n} for n in sorted(winners)],
        placings=placings,
        teams=teams,
        double=True,
        losers=[losers[n] for n in sorted(losers)],
        loser_names=[_("Rodada %(n)d") % {"n": n} for n in sorted(losers)],
        finals=finals,
        reset=read.bracket.reset,
    )
