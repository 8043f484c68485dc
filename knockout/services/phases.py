"""Multi-phase chaves: the qualifiers of one stage of chaves drawn into the next.

The first k of each chave plus the best n of the next position (k and n from the
tournament: ``advance_per_group`` / ``advance_best_next``; the cross-chave comparison is
rules.crossgroup's per-jogo averages) go on, e.g. 52 duplas → 13 chaves of 4 → top 2
+ 2 best 3rds = 28 → 7 chaves of 4. The draw is the same recorded, replayable
sorteio as the first one: the 1st-placed teams are the cabeças de chave (ranked
across chaves), and teams that shared a chave are kept apart whenever possible
(the previous chave plays the part of the entity in ``draw_groups``).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from standings.qualification import qualification
from standings.selectors import tournament_standings
from tournaments.models import DrawOfLots, Stage, Team, Tournament
from tournaments.pairing import DrawTeam, group_sizes
from tournaments.revision import bump
from tournaments.services import ServiceError
from tournaments.services.draws import draw_into


def qualified_for_next_phase(tournament: Tournament, stage: Stage) -> list[DrawTeam]:
    """The teams going on from ``stage``, as entries of the next draw. Refused while
    the stage is provisional (jogos unplayed, or a tie at the cut waiting for a sorteio)."""
    (table,) = tournament_standings(tournament, stage_key=stage.key, include_provisional=False)
    q = qualification(tournament, table)
    if q.provisional:
        raise ServiceError(
            _(
                "A fase ainda não terminou (há jogos sem súmula homologada ou empate aguardando sorteio): "
                "a classificação para a próxima fase é provisória."
            )
        )
    firsts = [item for item in q.direct if item.position == 1]
    seed_of = {item.team.key: rank for rank, item in enumerate(firsts, start=1)}
    entries = [
        DrawTeam(item.team.key, f"chave {item.group}", seed_of.get(item.team.key)) for item in q.direct
    ]
    entries += [DrawTeam(line.team.key, f"chave {line.row.group}") for line in q.cross if line.advances]
    return entries


@transaction.atomic
def next_phase_draw(
    *, tournament: Tournament, from_stage: Stage, user: Any, size: int = 4, seed: str = ""
) -> DrawOfLots:
    """Create the next stage of chaves from ``from_stage``'s qualifiers and record the draw."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    later = Stage.objects.filter(tournament=tournament, order__gt=from_stage.order, kind=Stage.Kind.GROUPS)
    if later.exists():
        raise ServiceError(_("A próxima fase de chaves já foi sorteada."))
    entries = qualified_for_next_phase(tournament, from_stage)
    if len(entries) < 2:
        raise ServiceError(_("São necessárias pelo menos duas equipes classificadas para uma nova fase."))
    if not 2 <= size <= 16:
        raise ServiceError({"size": [_("Tamanho das chaves entre 2 e 16 equipes.")]})
    sizes: Sequence[int] = group_sizes(len(entries), size=size)
    seed = seed.strip() or secrets.token_hex(8)
    number = Stage.objects.filter(tournament=tournament, kind=Stage.Kind.GROUPS).count() + 1
    stage = Stage.objects.create(
        tournament=tournament, key=f"fase-{number}", kind=Stage.Kind.GROUPS, order=from_stage.order + 1
    )
    teams = {t.key: t for t in Team.objects.filter(tournament=tournament, key__in=[e.key for e in entries])}
    draw = draw_into(tournament, stage, user, entries, teams, sizes, seed, from_stage=from_stage.key)
    bump(tournament.pk)
    return draw
