"""Who enters a mata-mata, best first: the chave stage's qualifiers (refused, with the
organizer's message, while that stage is provisional) or the registered teams by seed.
A service module because it refuses; ``knockout.selectors`` only reads."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from standings.qualification import compare_places, qualification
from standings.selectors import tournament_standings
from tournaments.models import Team, Tournament
from tournaments.selectors import group_stage
from tournaments.services import ServiceError
from tournaments.services.draws import drawable_teams


@dataclass(frozen=True)
class Seeded:
    team: Team
    label: str = ""
    chave: str = ""
    pot: int = 0


def qualified_entrants(
    t: Tournament, *, per_group: int | None = None, best_next: int | None = None
) -> list[Seeded]:
    """The chave stage's qualifiers best first: the 1ºs ranked across chaves, then the
    2ºs, ..., then the best of the next position; refused while provisional."""
    stage = group_stage(t)
    if stage is None or not stage.groups.exists():
        raise ServiceError(
            {"source": [_("Não há fase de chaves sorteada para classificar equipes ao mata-mata.")]}
        )
    extra = best_next if best_next is not None else (t.advance_best_next or 0)
    (table,) = tournament_standings(t, stage_key=stage.key, include_provisional=False)
    q = qualification(t, table, per_group=per_group, best_next=extra)
    per = q.per_group  # the organizer's, the tournament's, or the phase's default
    if q.provisional:
        raise ServiceError(
            {
                "source": [
                    _(
                        "A fase de chaves ainda não terminou (há jogos sem súmula homologada ou empate "
                        "aguardando sorteio): a classificação ao mata-mata é provisória."
                    )
                ]
            }
        )
    teams = {k: v for gt in table.groups for k, v in gt.teams.items()}
    out: list[Seeded] = []
    for place, rows in compare_places(t, table, range(1, per + 1)).items():
        out += [Seeded(teams[r.team], f"{place}º {r.group}", r.group, place - 1) for r in rows]
    out += [
        Seeded(line.team, f"{per + 1}º {line.row.group}", line.row.group, per)
        for line in q.cross
        if line.advances
    ]
    return out


def registered_entrants(t: Tournament) -> list[Seeded]:
    """Teams presentes (or inscritas), cabeças de chave first by seed, then by inscrição."""
    teams = sorted(drawable_teams(t), key=lambda x: (x.seed is None, x.seed or 0, x.order, x.pk))
    return [Seeded(x) for x in teams]
