"""Rodadas of a chave stage: round robin, mesas and horários, with a soft deadline per rodada.

Rodada r of every chave is played in the same time slot. When the event has fewer mesas
than jogos in a rodada, the rodada is played in turnos (waves) of at most that many
jogos; its deadline is the end of its last turno (docs/rules.md §3.12: soft, AMB-11).
Within a turno every jogo has its own mesa, so two simultaneous jogos never share one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Group, Match, Round, Stage, Table, Tournament
from tournaments.pairing import Break, round_robin, slot_starts
from tournaments.revision import bump
from tournaments.services import ServiceError
from tournaments.services.draws import stage_has_results

MAX_TABLES = 500


@dataclass(frozen=True)
class ScheduleTemplate:
    """When the day starts, how long a rodada (or turno) lasts, and the pauses."""

    start: datetime
    minutes: int
    breaks: tuple[Break, ...] = ()
    double: bool = False
    tables: int | None = None  # mesas available; None = as many as a rodada needs


@dataclass(frozen=True)
class Fixture:
    group: Group
    round: int
    team_a: int
    team_b: int


def plan_fixtures(groups: Sequence[Group], members: dict[int, list[int]], double: bool) -> list[Fixture]:
    """Every jogo of every chave, rodada by rodada, chave by chave."""
    out: list[Fixture] = []
    per_group = {g.pk: round_robin([str(t) for t in members[g.pk]], double=double) for g in groups}
    rounds = max((len(r) for r in per_group.values()), default=0)
    for r in range(rounds):
        for g in groups:
            pairs = per_group[g.pk]
            if r < len(pairs):
                out += [Fixture(g, r + 1, int(a), int(b)) for a, b in pairs[r]]
    return out


def _tables(tournament: Tournament, count: int) -> list[Table]:
    existing = {t.name: t for t in Table.objects.filter(tournament=tournament)}
    missing = [
        Table(tournament=tournament, name=str(i), order=i)
        for i in range(1, count + 1)
        if str(i) not in existing
    ]
    Table.objects.bulk_create(missing)
    by_name = {t.name: t for t in Table.objects.filter(tournament=tournament)}
    return [by_name[str(i)] for i in range(1, count + 1)]


@transaction.atomic
def schedule_generate(*, stage: Stage, template: ScheduleTemplate) -> list[Round]:
    """Replace the stage's jogos and rodadas; refused once any súmula exists."""
    Tournament.objects.select_for_update().filter(pk=stage.tournament_id).first()
    if template.minutes < 1 or template.minutes > 24 * 60:
        raise ServiceError({"minutes": [_("Informe a duração da rodada em minutos (1 a 1440).")]})
    if template.tables is not None and not 1 <= template.tables <= MAX_TABLES:
        raise ServiceError({"tables": [_("Número de mesas entre 1 e %(max)d.") % {"max": MAX_TABLES}]})
    if stage.system == Stage.System.SWISS:
        raise ServiceError(
            _("Esta fase é um suíço: cada rodada é pareada pela classificação, na página «Suíço».")
        )
    if stage_has_results(stage):
        raise ServiceError(
            _(
                "Já há súmulas lançadas nesta fase: a tabela de rodadas não pode ser gerada de novo, "
                "porque os jogos com resultado seriam perdidos."
            )
        )
    groups = list(stage.groups.order_by("order", "id"))
    if not groups:
        raise ServiceError(_("Faça o sorteio das chaves antes de gerar as rodadas."))
    members: dict[int, list[int]] = {g.pk: [] for g in groups}
    for group_id, team_id in (
        Group.teams.through.objects.filter(group__in=groups)
        .order_by("order")
        .values_list("group_id", "team_id")
    ):
        members[group_id].append(team_id)
    fixtures = plan_fixtures(groups, members, template.double)
    stage.matches.all().delete()
    stage.rounds.all().delete()
    by_round: dict[int, list[Fixture]] = {}
    for f in fixtures:
        by_round.setdefault(f.round, []).append(f)
    widest = max((len(v) for v in by_round.values()), default=0)
    per_slot = min(widest, template.tables) if template.tables else widest
    tables = _tables(stage.tournament, per_slot)
    waves = {r: math.ceil(len(v) / per_slot) for r, v in by_round.items()} if per_slot else {}
    starts = slot_starts(template.start, template.minutes, sum(waves.values()), template.breaks)
    length = timedelta(minutes=template.minutes)
    matches: list[Match] = []
    rounds: list[Round] = []
    slot = 0
    for number in sorted(by_round):
        first_slot = slot
        for i, f in enumerate(by_round[number]):
            wave, seat = divmod(i, per_slot)
            matches.append(
                Match(
                    stage=stage,
                    group=f.group,
                    round=number,
                    table=tables[seat],
                    team_a_id=f.team_a,
                    team_b_id=f.team_b,
                    order=len(matches),
                    scheduled_at=starts[first_slot + wave],
                )
            )
        slot += waves[number]
        rounds.append(
            Round(
                stage=stage, number=number, starts_at=starts[first_slot], deadline=starts[slot - 1] + length
            )
        )
    Match.objects.bulk_create(matches)
    Round.objects.bulk_create(rounds)
    bump(stage.tournament_id)
    return rounds
