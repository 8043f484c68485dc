"""What each watched model means to the audit trail: its kind, its tournament, its jogo,
its teams, and which describer (``audit.sentences``) writes its sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from audit import sentences
from audit.models import AuditEntry
from audit.readable import loaded
from audit.sentences import Describe, has_disqualification, sheet_match
from scoring import models as s
from tournaments import models as t

K = AuditEntry.Kind


# (model, pk, path) -> tournament id. A row never moves to another tournament, and
# every save of a súmula, signature or jogo asks for it twice (audit trail, public
# revision): remembered per process, it costs no round trip to the database after the
# first time. Ids are not reused by PostgreSQL or by Django's SQLite tables; restart the
# processes after restoring a database (DEPLOY.md).
_owners: dict[tuple[str, int, str], int] = {}
OWNERS_KEPT = 100_000


def _tid(model: Any, pk: Any, path: str) -> int | None:
    if pk is None:
        return None
    key = (model.__name__, int(pk), path)
    known = _owners.get(key)
    if known is not None:
        return known
    value = model.objects.filter(pk=pk).values_list(path, flat=True).first()
    if value is None:
        return None
    if len(_owners) >= OWNERS_KEPT:
        _owners.clear()  # a bound, not a policy: each entry is one cheap query away
    _owners[key] = int(value)
    return int(value)


def tournament_id_of(instance: Any) -> int | None:
    if isinstance(instance, t.Tournament):
        return instance.pk
    if isinstance(instance, t.Player | t.TeamStatusChange | s.TeamPin):
        return _tid(t.Team, instance.team_id, "tournament_id")
    if isinstance(instance, t.Group | t.StageTeam | t.GroupSwap | t.Round | t.Match):
        return _tid(t.Stage, instance.stage_id, "tournament_id")
    if isinstance(instance, t.GroupTeam):
        return _tid(t.Group, instance.group_id, "stage__tournament_id")
    if isinstance(instance, s.ScoreSheet | s.SheetEvent):
        return _tid(t.Match, instance.match_id, "stage__tournament_id")
    if isinstance(instance, s.Signature):
        return _tid(s.ScoreSheet, instance.sheet_id, "match__stage__tournament_id")
    value = getattr(instance, "tournament_id", None)
    return int(value) if value is not None else None


@dataclass(frozen=True)
class Spec:
    kind: str
    describe: Describe
    # Never written to the trail (secrets) or not a decision (timestamps).
    hidden: frozenset[str] = frozenset()
    # Which row of an action speaks for it (lowest first): the súmula sent, not the
    # history row the service writes beside it; the sorteio, not its chaves.
    rank: int = 3


def rank_of(instance: Any, action: str, spec: Spec) -> int:
    if isinstance(instance, s.SheetEvent):
        return 0 if instance.kind in ("homologated", "reverted", "confirmed", "check_mismatch") else 9
    if isinstance(instance, s.ScoreSheet) and action == "create":
        return 0
    return spec.rank


def match_of(instance: Any) -> int | None:
    """The jogo a row belongs to (the «jogo» filter, and one entry per jogo and request)."""
    if isinstance(instance, s.ScoreSheet | s.SheetEvent):
        return int(instance.match_id)
    if isinstance(instance, s.Signature):
        return sheet_match(instance.sheet_id, loaded(instance, "sheet"))
    if isinstance(instance, t.Match):
        return int(instance.pk) if instance.pk else None
    return None


def teams_of(instance: Any) -> set[int]:
    if isinstance(instance, t.Team):
        return {instance.pk} if instance.pk else set()
    if isinstance(instance, t.Match | t.GroupSwap):
        return {instance.team_a_id, instance.team_b_id}
    if isinstance(instance, s.ScoreSheet | s.SheetEvent | s.Signature):
        match = match_of(instance)
        sheet = loaded(instance, "sheet") if isinstance(instance, s.Signature) else instance
        in_memory = loaded(sheet, "match") if sheet is not None else None
        if in_memory is not None:
            return {in_memory.team_a_id, in_memory.team_b_id}
        if match is None:
            return set()
        row = t.Match.objects.filter(pk=match).values_list("team_a_id", "team_b_id").first()
        return set(row or ())
    team = getattr(instance, "team_id", None)
    return {team} if team else set()


def people_of(instance: Any) -> set[int]:
    """The people a row is about (a judge given a link, a role, a mesa); who acted is added
    by the writer."""
    person = getattr(instance, "user_id", None)
    return {person} if person else set()


def subject_of(instance: Any) -> tuple[str, int | None]:
    """Rows of one request and one subject are one action: per jogo, per team, or all."""
    if isinstance(instance, s.ScoreSheet | s.SheetEvent | s.Signature):
        return ("jogo", match_of(instance))
    if isinstance(instance, t.Team):
        return ("equipe", instance.pk)
    if isinstance(instance, t.Player | t.TeamStatusChange | s.TeamPin):
        return ("equipe", instance.team_id)
    return ("pedido", None)


def kind_of(instance: Any, spec: Spec) -> str:
    if isinstance(instance, s.SheetEvent) and instance.kind in ("homologated", "reverted"):
        return K.HOMOLOGATION
    if isinstance(instance, s.ScoreSheet) and has_disqualification(instance.result):
        return K.DISQUALIFICATION
    return spec.kind


STAMPS = frozenset({"updated_at", "created_at"})
WATCHED: dict[type[Any], Spec] = {
    t.Tournament: Spec(K.SETTINGS, sentences.d_tournament, STAMPS, rank=1),
    t.Membership: Spec(K.PEOPLE, sentences.d_membership, rank=2),
    s.JudgeAssignment: Spec(K.PEOPLE, sentences.d_assignment, rank=1),
    s.JudgeLink: Spec(K.PEOPLE, sentences.d_link, frozenset({"secret_hash"}), rank=0),
    t.Team: Spec(K.TEAMS, sentences.d_team, rank=0),
    t.TeamStatusChange: Spec(K.TEAMS, sentences.d_status, rank=1),
    t.Player: Spec(K.TEAMS, sentences.d_player, rank=2),
    s.TeamPin: Spec(K.TEAMS, sentences.d_pin, frozenset({"pin_hash", "updated_at"}), rank=1),
    t.Group: Spec(K.DRAWS, sentences.d_group),
    t.GroupTeam: Spec(K.DRAWS, sentences.d_group_team),
    t.DrawOfLots: Spec(K.DRAWS, sentences.d_draw, rank=0),
    t.GroupSwap: Spec(K.DRAWS, sentences.d_swap, rank=0),
    t.Stage: Spec(K.DRAWS, sentences.d_stage),
    t.StageTeam: Spec(K.DRAWS, sentences.d_stage_team),
    t.Table: Spec(K.SCHEDULE, sentences.d_table),
    t.Round: Spec(K.SCHEDULE, sentences.d_round),
    t.Match: Spec(K.SCHEDULE, sentences.d_match),
    s.ScoreSheet: Spec(K.SHEETS, sentences.d_sheet),
    s.SheetEvent: Spec(K.SHEETS, sentences.d_event),
    s.Signature: Spec(K.SHEETS, sentences.d_signature, rank=0),
    s.ScoringSettings: Spec(K.SETTINGS, sentences.d_scoring_settings, rank=2),
}
