"""Writes of the standings app: recorded tiebreak sorteios.

A tiebreak sorteio is only accepted among teams that are tied right now and waiting
for one; it is recorded (seed, teams, order, who, when) and replays identically:
``random.Random(seed)`` shuffling the teams sorted by key.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from core.problem_text import render
from rules.lots import lot_problem
from standings.qualification import qualification
from standings.selectors import tournament_standings
from tournaments.models import DrawOfLots, Group, Stage, Tournament
from tournaments.revision import bump
from tournaments.services import recorded_user


class ServiceError(Exception):
    """A refusal with a pt-BR message for the person who asked."""


def replay_lots(seed: str, teams: Sequence[str]) -> list[str]:
    order = sorted(teams)
    random.Random(seed).shuffle(order)
    return order


def _pending_sets_in_group(t: Tournament, group: Group) -> list[set[str]]:
    for st in tournament_standings(t):
        for gt in st.groups:
            if gt.group.pk == group.pk and not gt.awaiting_rodadas:
                by_position: dict[int, set[str]] = {}
                for row in gt.rows:
                    if row.pending_lots:
                        by_position.setdefault(row.position, set()).add(row.team)
                return list(by_position.values())
    return []


def _pending_sets_across(t: Tournament, stage: Stage) -> list[set[str]]:
    for st in tournament_standings(t, stage_key=stage.key):
        q = qualification(t, st)
        by_position: dict[int, set[str]] = {}
        for line in q.cross:
            if line.row.pending_lots:
                by_position.setdefault(line.row.position, set()).add(line.row.team)
        return list(by_position.values())
    return []


@transaction.atomic
def tiebreak_lots_record(
    *,
    tournament: Tournament,
    teams: Sequence[str],
    user: Any,
    group: Group | None = None,
    stage: Stage | None = None,
    manual_order: Sequence[str] | None = None,
) -> DrawOfLots:
    """Record a sorteio among tied teams of a chave (``group``) or across the chaves of a
    stage (``stage``, for the best 2nds/3rds)."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()  # one sorteio at a time
    if group is not None:
        stage = group.stage
        tied = _pending_sets_in_group(tournament, group)
    elif stage is not None:
        tied = _pending_sets_across(tournament, stage)
    else:
        raise ServiceError(_("Informe a chave ou a fase do sorteio."))
    chosen = set(teams)
    wrong = lot_problem(list(teams), tied)
    if wrong is not None:  # docs/rules.md §3.2: exactly the teams of one tie, as the loader
        raise ServiceError(render(wrong))
    if manual_order is not None:
        if sorted(manual_order) != sorted(chosen) or len(manual_order) != len(chosen):
            raise ServiceError(_("A ordem do sorteio feito à mão deve listar cada equipe empatada uma vez."))
        seed, order, manual = "", list(manual_order), True
    else:
        seed = secrets.token_hex(8)
        order, manual = replay_lots(seed, list(chosen)), False
    bump(tournament.pk)  # the sorteio is shown with the chave
    return DrawOfLots.objects.create(
        tournament=tournament,
        purpose=DrawOfLots.Purpose.TIEBREAK,
        stage=stage,
        group=group,
        seed=seed,
        manual=manual,
        inputs=sorted(chosen),
        result=order,
        performed_by=recorded_user(user),
    )
