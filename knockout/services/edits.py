"""The organizer's edits of a mata-mata around play: swaps of rodada-1 teams (recorded
with a reason, before any súmula) and the rodadas' schedule with soft deadlines.

A double elimination is scheduled by the rodadas it is played in
(``knockout.services.double.turn``): ``2k`` of them for a winners' bracket of ``k``
rodadas, one more for the final de desempate; a rodada holds a rodada of the winners'
bracket and one of the repescagem."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from knockout import bracket as b
from knockout.services import double
from knockout.services.advance import _lock, _sync
from scoring.models import ScoreSheet
from tournaments.models import BracketSwap, Match, Round, Stage, StageTeam, Team
from tournaments.revision import bump
from tournaments.services import ServiceError, recorded_user


@transaction.atomic
def bracket_swap(*, stage: Stage, team_a: Team, team_b: Team, reason: str, user: Any) -> BracketSwap:
    """Exchange two teams' places in rodada 1 (with their seed numbers: the number is the
    place in the chaveamento), before any súmula of the mata-mata."""
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError({"reason": [_("Informe o motivo da troca.")]})
    stage = _lock(stage.pk)
    if ScoreSheet.objects.filter(match__stage=stage).exists():
        raise ServiceError(
            _("O mata-mata já começou (há súmulas lançadas): os confrontos não podem mais ser trocados.")
        )
    if team_a.pk == team_b.pk:
        raise ServiceError({"team_b": [_("Escolha duas equipes diferentes.")]})
    entries = {e.team_id: e for e in StageTeam.objects.filter(stage=stage, team__in=[team_a, team_b])}
    if len(entries) != 2 or any(e.position is None for e in entries.values()):
        raise ServiceError({"team_a": [_("As duas equipes precisam estar no chaveamento deste mata-mata.")]})
    ea, eb = entries[team_a.pk], entries[team_b.pk]
    if (ea.position or 0) // 2 == (eb.position or 0) // 2:
        raise ServiceError(
            {"team_b": [_("As duas equipes já se enfrentam na rodada 1: a troca não muda nada.")]}
        )
    swap = BracketSwap(
        stage=stage, team_a=team_a, team_b=team_b, reason=reason[:300], performed_by=recorded_user(user)
    )
    swap.full_clean(exclude=["performed_by"])
    # Through a temporary delete: (stage, team) is unique.
    moved = [
        StageTeam(stage=stage, team=team_a, order=eb.order, position=eb.position, label=ea.label),
        StageTeam(stage=stage, team=team_b, order=ea.order, position=ea.position, label=eb.label),
    ]
    StageTeam.objects.filter(pk__in=[ea.pk, eb.pk]).delete()
    StageTeam.objects.bulk_create(moved)
    stage.matches.all().delete()  # rodada 1 has no súmula: rebuilt from the new lines
    _sync(stage)
    swap.save()
    bump(stage.tournament_id)
    return swap


@transaction.atomic
def bracket_schedule(
    *,
    stage: Stage,
    start: datetime,
    minutes: int,
    first_deadline: datetime | None = None,
) -> list[Round]:
    """Rodadas of the mata-mata with soft deadlines (docs/rules.md §3.12, AMB-11): rodada 1
    starts at ``start`` and ends at ``first_deadline`` (default start + minutes); each
    later rodada starts at the previous limit and lasts ``minutes`` («LIMITE MAX RODADA
    n»: 10:45, 11:45, ... for Copa Truco). Jogos without súmula get the new horário."""
    if not 1 <= minutes <= 24 * 60:
        raise ServiceError({"minutes": [_("Informe a duração da rodada em minutos (1 a 1440).")]})
    first_deadline = first_deadline or start + timedelta(minutes=minutes)
    if first_deadline <= start:
        raise ServiceError({"first_deadline": [_("O limite da rodada 1 precisa ser depois do início.")]})
    stage = _lock(stage.pk)
    count = StageTeam.objects.filter(stage=stage).count()
    if count < 2:
        raise ServiceError(_("Gere o mata-mata antes da programação das rodadas."))
    total = b.round_count(b.bracket_size(count))
    k = total
    if double.is_double(stage):
        total = double.turn_count(k, stage.tournament.grand_final_reset)
    step = timedelta(minutes=minutes)
    stage.rounds.all().delete()
    rounds = []
    for n in range(1, total + 1):
        deadline = first_deadline + (n - 1) * step
        starts = start if n == 1 else first_deadline + (n - 2) * step
        rounds.append(Round(stage=stage, number=n, starts_at=starts, deadline=deadline))
    Round.objects.bulk_create(rounds)
    by_number = {r.number: r.starts_at for r in rounds}
    started = ScoreSheet.objects.filter(match__stage=stage).values_list("match_id", flat=True)
    pending = list(Match.objects.filter(stage=stage).exclude(pk__in=started))
    for m in pending:
        number = double.turn(m.bracket, m.round or 0, k) if m.bracket else m.round or 0
        m.scheduled_at = by_number.get(number)
    Match.objects.bulk_update(pending, ["scheduled_at"])
    bump(stage.tournament_id)
    return rounds
