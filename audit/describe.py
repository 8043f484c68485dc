"""What each watched model means to an organizer: its kind, its tournament, its sentence.

Summaries are pt-BR sentences naming who acted, the jogo, the teams and the people, so
that the audit page reads as a log book («Juiz Ana enviou a súmula do jogo Mesa 3 ·
Rodada 2 (Trio A × Trio B): 24–20, 18–24, 24–22»), not as a diff. ``ctx["actor"]`` is
who acted as the sentence names them («Juiz Ana», «Comissão», «Sistema»).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from audit.models import AuditEntry
from audit.readable import label_of, match_label
from scoring import models as s
from tournaments import models as t

K = AuditEntry.Kind
VERB = {"create": "criado", "update": "alterado", "delete": "removido"}
VERB_F = {"create": "criada", "update": "alterada", "delete": "removida"}


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


def _name(model: Any, pk: Any, field: str = "name") -> str:
    if pk is None:
        return "?"
    return str(model.objects.filter(pk=pk).values_list(field, flat=True).first() or f"#{pk}")


def _person(user_model: Any, pk: Any) -> str:
    user = user_model.objects.filter(pk=pk).first()
    return (user.get_full_name() or user.get_username()) if user is not None else f"#{pk}"


def _match(match_id: Any) -> str:
    match = t.Match.objects.select_related("team_a", "team_b", "table").filter(pk=match_id).first()
    return f"jogo {match_label(match)}" if match is not None else f"jogo #{match_id}"


def _changed(o: Any, changed: list[str]) -> str:
    fields = {f.attname: f for f in o._meta.concrete_fields}
    labels = [label_of(fields[c]) for c in changed if c in fields]
    shown = [x for x in labels if x]
    return ": " + ", ".join(shown) if shown else ""


def has_disqualification(result: Any) -> bool:
    return isinstance(result, dict) and bool(result.get("disqualified"))


def scores(result: Any) -> str:
    """«24–20, 18–24, 24–22», «W.O.», with a disqualification said."""
    if not isinstance(result, dict):
        return ""
    if result.get("walkover") is not None:
        text = "W.O."
    else:
        games = [g for g in result.get("games") or [] if isinstance(g, list) and len(g) == 2]
        text = ", ".join(f"{a}–{b}" for a, b in games)
    if has_disqualification(result):
        text += " (com desclassificação)"
    return text


Describe = Callable[[Any, str, list[str], dict[str, Any]], str]


def d_tournament(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    if action == "create" and ctx.get("imported"):
        return f"Torneio «{o.name}» importado de arquivo tenteio/1 (equipes, jogos e súmulas em lote)"
    if action == "update" and changed == ["registration_closed_at"]:
        return "Inscrições " + ("encerradas" if o.registration_closed_at else "reabertas")
    if action == "update":
        return f"{ctx['actor']} alterou a configuração do torneio{_changed(o, changed)}"
    return f"Torneio «{o.name}» {VERB[action]}"


def d_membership(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    who = _name(o.user.__class__, o.user_id, "username")
    role = o.get_role_display()
    if action == "delete":
        return f"Papel de {role} retirado de {who}"
    return f"Papel de {role} concedido a {who}"


def d_team(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    if action == "update" and "status" in changed:
        before = t.Team.Status(ctx["before"]["status"]).label
        return f"Equipe «{o.name}»: situação {before} → {o.get_status_display()}"
    if action == "create":
        return f"{ctx['actor']} inscreveu a equipe «{o.name}»"
    if action == "delete":
        return f"{ctx['actor']} removeu a equipe «{o.name}»"
    return f"{ctx['actor']} alterou a equipe «{o.name}»{_changed(o, changed)}"


def d_status(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    reason = f" — motivo: {o.reason}" if o.reason else ""
    late = " (após o encerramento do check-in)" if o.after_deadline else ""
    return f"Equipe «{_name(t.Team, o.team_id)}» marcada {o.get_status_display()}{late}{reason}"


def d_player(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    return f"Jogador «{o.name}» da equipe «{_name(t.Team, o.team_id)}» {VERB[action]}"


def d_group(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    return f"Chave {o.name} {VERB_F[action]}"


def d_group_team(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    team, group = _name(t.Team, o.team_id), _name(t.Group, o.group_id)
    if action == "delete":
        return f"Equipe «{team}» retirada da chave {group}"
    return f"Equipe «{team}» na chave {group} (posição {o.order})"


def d_draw(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    how = "feito à mão" if o.manual else f"semente {o.seed}"
    what = o.get_purpose_display().capitalize()
    if o.group_id:
        what = f"Sorteio da chave {_name(t.Group, o.group_id)}"
    return f"{what} registrado ({how})"


def d_swap(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    a, b = _name(t.Team, o.team_a_id), _name(t.Team, o.team_b_id)
    return f"Troca de chave: «{a}» ⇄ «{b}» — motivo: {o.reason}"


def d_stage(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    return f"Fase «{o.key}» ({o.get_kind_display()}) {VERB_F[action]}"


def d_stage_team(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    stage = _name(t.Stage, o.stage_id, "key")
    return f"Equipe «{_name(t.Team, o.team_id)}» na fase «{stage}»: {VERB_F[action]}"


def d_table(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    return f"Mesa {o.name} {VERB_F[action]}"


def d_round(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    return f"Rodada {o.number} {VERB_F[action]}{_changed(o, changed) if action == 'update' else ''}"


def d_match(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    what = (
        _match(o.pk)
        if action != "delete"
        else f"jogo {_name(t.Team, o.team_a_id)} × {_name(t.Team, o.team_b_id)}"
    )
    return f"{what[0].upper()}{what[1:]} {VERB[action]}{_changed(o, changed) if action == 'update' else ''}"


def d_sheet(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    version = f" (versão {o.version})" if o.version > 1 else ""
    what = f"a súmula{version} do {_match(o.match_id)}"
    if action == "create" and o.status == s.ScoreSheet.Status.DRAFT:
        return f"{ctx['actor']} salvou um rascunho d{what}"
    if action == "create":
        return f"{ctx['actor']} enviou {what}: {scores(o.result)}"
    if action == "update" and "status" in changed:
        before = s.ScoreSheet.Status(ctx["before"]["status"]).label
        return f"Súmula{version} do {_match(o.match_id)}: {before} → {o.get_status_display()}"
    if action == "update" and "confirmed" in changed:
        counts = "passa a valer" if o.confirmed else "deixa de valer"
        return f"Súmula{version} do {_match(o.match_id)} {counts} para o jogo"
    return f"Súmula{version} do {_match(o.match_id)} {VERB_F[action]}"


def d_event(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    what = f"a súmula do {_match(o.match_id)}"
    reason = f" — motivo: {o.reason}" if o.reason else ""
    kind = s.SheetEvent.Kind
    if o.kind == kind.HOMOLOGATED:
        sheet = s.ScoreSheet.objects.filter(pk=o.sheet_id).values_list("result", flat=True).first()
        done = "; ".join(o.details.get("consequences") or [])
        return f"{ctx['actor']} homologou {what}: {scores(sheet)}" + (f" — {done}" if done else "")
    if o.kind == kind.REVERTED:
        return f"{ctx['actor']} reverteu a homologação d{what}{reason}"
    if o.kind == kind.CONFIRMED:
        return f"{ctx['actor']} conferiu e confirmou {what}"
    if o.kind == kind.CHECK_MISMATCH:
        return f"{ctx['actor']} redigitou {what}: há divergências, nada confirmado"
    return f"{what[2].upper()}{what[3:]}: {o.get_kind_display()}{reason}"


def d_signature(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    sheet = s.ScoreSheet.objects.filter(pk=o.sheet_id).values_list("match_id", flat=True).first()
    how = o.get_method_display()
    return f"Capataz de «{_name(t.Team, o.team_id)}» assinou a súmula do {_match(sheet)} ({how})"


def d_pin(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    team = _name(t.Team, o.team_id)
    if action == "update" and "locked_until" in changed and o.locked_until:
        return f"PIN da equipe «{team}» bloqueado após tentativas erradas"
    if action == "update" and "pin_hash" not in ctx.get("raw_changed", ()):
        return f"PIN da equipe «{team}»: tentativas erradas {o.failed_attempts}"
    return f"PIN da equipe «{team}» {'removido' if action == 'delete' else 'gerado'}"


def d_scoring_settings(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    return f"Opções de súmula alteradas (dupla digitação: {'sim' if o.double_entry else 'não'})"


def d_assignment(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    who = _person(o.user.__class__, o.user_id)
    verb = "retirada de" if action == "delete" else "atribuída a"
    return f"Mesa {_name(t.Table, o.table_id)} {verb} {who}"


def d_link(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    who = _person(o.user.__class__, o.user_id)
    if action == "update" and "revoked_at" in changed and o.revoked_at:
        return f"Link de acesso do juiz {who} revogado"
    if action == "update" and changed == ["opened_at"]:
        return f"Link de acesso do juiz {who} aberto num aparelho"
    if action == "create":
        scope = f" (só {o.scope})" if o.scope else ""
        return f"{ctx['actor']} criou um link de acesso para o juiz {who}{scope}"
    return f"Link de acesso do juiz {who} {VERB[action]}"


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


def _sheet_match(sheet_id: Any) -> int | None:
    return s.ScoreSheet.objects.filter(pk=sheet_id).values_list("match_id", flat=True).first()


def match_of(instance: Any) -> int | None:
    """The jogo a row belongs to (the «jogo» filter, and one entry per jogo and request)."""
    if isinstance(instance, s.ScoreSheet | s.SheetEvent):
        return int(instance.match_id)
    if isinstance(instance, s.Signature):
        return _sheet_match(instance.sheet_id)
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
    t.Tournament: Spec(K.SETTINGS, d_tournament, STAMPS, rank=1),
    t.Membership: Spec(K.PEOPLE, d_membership, rank=2),
    s.JudgeAssignment: Spec(K.PEOPLE, d_assignment, rank=1),
    s.JudgeLink: Spec(K.PEOPLE, d_link, frozenset({"secret_hash"}), rank=0),
    t.Team: Spec(K.TEAMS, d_team, rank=0),
    t.TeamStatusChange: Spec(K.TEAMS, d_status, rank=1),
    t.Player: Spec(K.TEAMS, d_player, rank=2),
    s.TeamPin: Spec(K.TEAMS, d_pin, frozenset({"pin_hash", "updated_at"}), rank=1),
    t.Group: Spec(K.DRAWS, d_group),
    t.GroupTeam: Spec(K.DRAWS, d_group_team),
    t.DrawOfLots: Spec(K.DRAWS, d_draw, rank=0),
    t.GroupSwap: Spec(K.DRAWS, d_swap, rank=0),
    t.Stage: Spec(K.DRAWS, d_stage),
    t.StageTeam: Spec(K.DRAWS, d_stage_team),
    t.Table: Spec(K.SCHEDULE, d_table),
    t.Round: Spec(K.SCHEDULE, d_round),
    t.Match: Spec(K.SCHEDULE, d_match),
    s.ScoreSheet: Spec(K.SHEETS, d_sheet),
    s.SheetEvent: Spec(K.SHEETS, d_event),
    s.Signature: Spec(K.SHEETS, d_signature, rank=0),
    s.ScoringSettings: Spec(K.SETTINGS, d_scoring_settings, rank=2),
}
