"""Swiss phases (docs/rules.md §3.17), the writes: the phase with its one chave, each
rodada paired from the standings by the rules engine (``rules.swiss``) and recorded as
a ``DrawOfLots`` (purpose «swiss») with everything that replays it, and a swap of two
teams between jogos of a rodada not started yet, with its reason.

A rodada is paired only when every jogo paired so far has a counted result, so its
order is the standings'; the rodada's folga is in its recorded result and counts as a
W.O. win in the standings (``standings.chaves.from_swiss``).
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from rules.swiss import PastRound, Round, default_rounds, pair_round
from rules.types import TeamStatus
from tournaments.models import DrawOfLots, Group, Match, PairingSwap, Stage, Table, Team, Tournament
from tournaments.models import Round as Rodada
from tournaments.revision import bump
from tournaments.selectors import group_stage
from tournaments.services import ServiceError, recorded_user
from tournaments.services.closing import registration_close
from tournaments.services.draws import GROUP_STAGE_KEY, drawable_teams, stage_has_results, write_groups
from tournaments.services.schedule import _tables

METHOD = "swiss/1"  # how ``swiss_replay`` replays a recorded pairing
OUT = (Team.Status.WITHDRAWN, Team.Status.ABSENT)


@transaction.atomic
def swiss_start(
    *, tournament: Tournament, user: Any, rounds: int | None = None, qualifiers: int | None = None
) -> Stage:
    """The Swiss phase with every team present (or registered) in one chave, in the order
    of inscrição; ``rounds`` planned, ⌈log₂ n⌉ by default; ``qualifiers``, when given, how
    many go on to the mata-mata (the tournament's «classificados»). Refused once it has
    results."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    teams = list(drawable_teams(t).order_by("order", "id"))
    if len(teams) < 2:
        raise ServiceError(_("O suíço precisa de pelo menos 2 equipes presentes ou inscritas."))
    planned = rounds or default_rounds(len(teams))
    if not 1 <= planned <= len(teams) - 1 + len(teams) % 2:
        raise ServiceError(
            {
                "swiss_rounds": [
                    _("Rodadas do suíço: de 1 a %(most)d.") % {"most": len(teams) - 1 + len(teams) % 2}
                ]
            }
        )
    stage = group_stage(t)
    if stage is not None and stage_has_results(stage):
        raise ServiceError(_("O suíço já tem súmulas lançadas: não pode ser recomeçado."))
    if stage is None:
        stage = Stage(tournament=t, key=GROUP_STAGE_KEY, kind=Stage.Kind.GROUPS, order=0)
    else:
        stage.matches.all().delete()
        stage.rounds.all().delete()
        stage.groups.all().delete()
    stage.system, stage.swiss_rounds = Stage.System.SWISS, planned
    stage.save()
    write_groups(stage, [(_("Suíço"), teams)])
    if qualifiers is not None:
        if not 2 <= qualifiers <= min(16, len(teams)):
            raise ServiceError(
                {
                    "qualifiers": [
                        _("Classificados ao mata-mata: de 2 a %(most)d.") % {"most": min(16, len(teams))}
                    ]
                }
            )
        t.advance_per_group = qualifiers
        t.save(update_fields=["advance_per_group", "updated_at"])
    registration_close(tournament=t)
    bump(t.pk)
    return stage


def _history(group: Group, key_of: dict[int, str]) -> list[PastRound]:
    """The rodadas paired so far, in order: their jogos as they are now (swaps included)
    and the folga each recorded pairing gave (only that is read of each pairing)."""
    byes = dict(
        DrawOfLots.objects.filter(group=group, purpose=DrawOfLots.Purpose.SWISS).values_list(
            "inputs__round", "result__bye"
        )
    )
    pairs: dict[int | None, list[tuple[str, str]]] = {}
    for number, a, b in Match.objects.filter(group=group).values_list("round", "team_a_id", "team_b_id"):
        pairs.setdefault(number, []).append((key_of[a], key_of[b]))
    return [PastRound(tuple(pairs.get(r, ())), byes.get(r)) for r in range(1, len(byes) + 1)]


def swiss_inputs(stage: Stage) -> dict[str, Any]:
    """What the next rodada is paired from: the active teams in inscrição order, their
    vitórias and standings positions, entities and the rodadas so far."""
    return _inputs(stage)[0]


def _inputs(stage: Stage) -> tuple[dict[str, Any], Group, dict[str, int]]:
    """``swiss_inputs``, the chave, and its teams' ids by key: the standings (which read
    the chave, its teams and their entities) and the rodadas so far, nothing read twice."""
    from standings.selectors import tournament_standings  # the standings read the same models

    table = tournament_standings(stage.tournament, stage_key=stage.key)[0].groups[0]
    if table.unplayed:
        raise ServiceError(
            _("Ainda há %(n)d jogo(s) do suíço sem resultado homologado: a próxima rodada espera por eles.")
            % {"n": table.unplayed}
        )
    members = list(table.teams.values())  # in inscrição order
    key_of = {team.pk: team.key for team in members}
    out = {row.team for row in table.standings.rows if row.status is not TeamStatus.ACTIVE}
    active = [t for t in members if t.status not in OUT and t.key not in out]
    rows = {row.team: row for row in table.standings.rows}
    history = _history(table.group, key_of)
    inputs = {
        "method": METHOD,
        "round": len(history) + 1,
        "teams": [t.key for t in active],
        "scores": {t.key: rows[t.key].counters.wins for t in active},
        "positions": {t.key: rows[t.key].position for t in active},
        "entities": {t.key: t.entity.name if t.entity else "" for t in active},
        "history": [[[list(p) for p in r.pairs], r.bye] for r in history],
    }
    return inputs, table.group, {team.key: team.pk for team in members}


def _pair(inputs: dict[str, Any], seed: str) -> Round:
    history = [PastRound(tuple((a, b) for a, b in pairs), bye) for pairs, bye in inputs["history"]]
    return pair_round(
        inputs["teams"],
        history,
        inputs["scores"],
        sort_keys={k: (-p,) for k, p in inputs["positions"].items()},
        entities=inputs["entities"],
        seed=int(seed),
    )


def swiss_replay(draw: DrawOfLots) -> dict[str, Any]:
    """Pair a recorded rodada again from its inputs and seed (auditors compare)."""
    return _result(_pair(draw.inputs, draw.seed))


def _result(paired: Round) -> dict[str, Any]:
    return {
        "pairs": [list(p) for p in paired.pairs],
        "bye": paired.bye,
        "notes": [{"code": n.code, "teams": list(n.teams), "numbers": list(n.numbers)} for n in paired.trace],
    }


def _table_ids(t: Tournament, count: int) -> list[int]:
    """The ids of mesas 1 to ``count``, created where missing (``_tables``); after the
    first rodada they exist, and only their ids are read."""
    ids = dict(Table.objects.filter(tournament=t).values_list("name", "id"))
    if any(str(i) not in ids for i in range(1, count + 1)):
        return [table.pk for table in _tables(t, count)]
    return [ids[str(i)] for i in range(1, count + 1)]


@transaction.atomic
def swiss_pair_next(
    *, stage: Stage, user: Any, start: datetime | None = None, minutes: int | None = None
) -> DrawOfLots:
    """Pair the next rodada, write its jogos (one mesa each, or in turnos of the event's
    mesas) and record the pairing. Refused while a jogo waits for its result, after the
    last rodada planned, and for a phase that is not Swiss."""
    stage = Stage.objects.select_for_update().select_related("tournament").get(pk=stage.pk)
    if stage.system != Stage.System.SWISS:
        raise ServiceError(_("Esta fase não é um suíço."))
    inputs, group, team_id = _inputs(stage)
    number = inputs["round"]
    if stage.swiss_rounds is not None and number > stage.swiss_rounds:
        raise ServiceError(_("As %(n)d rodadas do suíço já foram pareadas.") % {"n": stage.swiss_rounds})
    if len(inputs["teams"]) < 2:
        raise ServiceError(_("Restam menos de 2 equipes no suíço: não há rodada a parear."))
    seed = str(secrets.randbelow(10**9))
    paired = _pair(inputs, seed)
    t = stage.tournament
    per_slot = min(len(paired.pairs), t.table_count or len(paired.pairs))
    tables = _table_ids(t, per_slot)
    length = timedelta(minutes=minutes or 0)
    first = stage.matches.count()
    matches = []
    for i, (a, b) in enumerate(paired.pairs):
        wave, seat = divmod(i, per_slot)
        at = start + wave * length if start is not None else None
        matches.append(
            Match(stage=stage, group=group, round=number, table_id=tables[seat], order=first + i,
                  scheduled_at=at, team_a_id=team_id[a], team_b_id=team_id[b])
        )  # fmt: skip
    Match.objects.bulk_create(matches)
    waves = -(-len(matches) // per_slot)
    deadline = start + waves * length if start is not None and minutes else None
    Rodada.objects.create(stage=stage, number=number, starts_at=start, deadline=deadline)
    draw = DrawOfLots.objects.create(
        tournament=t, purpose=DrawOfLots.Purpose.SWISS, stage=stage, group=group, seed=seed,
        inputs=inputs, result=_result(paired), performed_by=recorded_user(user),
    )  # fmt: skip
    bump(t.pk)
    return draw


@transaction.atomic
def pairing_swap(*, stage: Stage, team_a: Team, team_b: Team, reason: str, user: Any) -> PairingSwap:
    """Exchange two teams of different jogos of the latest rodada before any of its
    súmulas exists; refused if it makes a jogo of a team against itself or a revanche."""
    stage = Stage.objects.select_for_update().get(pk=stage.pk)
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError({"reason": [_("Informe o motivo da troca.")]})
    latest = stage.matches.order_by("-round").values_list("round", flat=True).first() or 0
    jogos = list(stage.matches.filter(round=latest))
    started = Match.objects.filter(pk__in=[m.pk for m in jogos], sheets__isnull=False).exists()
    if not jogos or started:
        raise ServiceError(_("A troca só vale antes de a rodada começar: já há súmula lançada nela."))
    where = {tid: m for m in jogos for tid in (m.team_a_id, m.team_b_id)}
    ma, mb = where.get(team_a.pk), where.get(team_b.pk)
    if ma is None or mb is None or ma.pk == mb.pk:
        raise ServiceError(_("Escolha duas equipes de jogos diferentes da última rodada."))
    for m in (ma, mb):
        if m.team_a_id == team_a.pk:
            m.team_a_id = team_b.pk
        elif m.team_b_id == team_a.pk:
            m.team_b_id = team_b.pk
        elif m.team_a_id == team_b.pk:
            m.team_a_id = team_a.pk
        else:
            m.team_b_id = team_a.pk
    earlier = {
        frozenset(p) for p in stage.matches.filter(round__lt=latest).values_list("team_a_id", "team_b_id")
    }
    if any(frozenset((m.team_a_id, m.team_b_id)) in earlier for m in (ma, mb)):
        raise ServiceError(_("A troca faria uma revanche: essas equipes já se enfrentaram no suíço."))
    for m in (ma, mb):
        m.save(update_fields=["team_a", "team_b"])
    swap = PairingSwap.objects.create(
        stage=stage,
        round=latest,
        team_a=team_a,
        team_b=team_b,
        reason=reason,
        performed_by=recorded_user(user),
    )
    bump(stage.tournament_id)
    return swap
