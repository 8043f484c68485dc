"""What each watched model means to an organizer: its kind, its tournament, its summary.

Summaries are pt-BR sentences naming the teams and the people, so that the audit page
reads as a log book ("Súmula v2 do jogo Trio A × Trio B enviada"), not as a diff.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from audit.models import AuditEntry
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


def _match(match_id: Any) -> str:
    row = t.Match.objects.filter(pk=match_id).values_list("team_a__name", "team_b__name", "round").first()
    if row is None:
        return f"jogo #{match_id}"
    a, b, rnd = row
    return f"jogo {a} × {b}" + (f" (rodada {rnd})" if rnd else "")


def _changed(changed: list[str]) -> str:
    return ": " + ", ".join(c.removesuffix("_id") for c in changed) if changed else ""


def has_disqualification(result: Any) -> bool:
    return isinstance(result, dict) and bool(result.get("disqualified"))


Describe = Callable[[Any, str, list[str], dict[str, Any]], str]


def d_tournament(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    if action == "create" and ctx.get("imported"):
        return f"Torneio «{o.name}» importado de arquivo tenteio/1 (equipes, jogos e súmulas em lote)"
    if action == "update" and changed == ["registration_closed_at"]:
        return "Inscrições " + ("encerradas" if o.registration_closed_at else "reabertas")
    if action == "update":
        return f"Configuração do torneio alterada{_changed(changed)}"
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
    return f"Equipe «{o.name}» {VERB_F[action]}{_changed(changed) if action == 'update' else ''}"


def d_status(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    reason = f" — motivo: {o.reason}" if o.reason else ""
    late = " (após o encerramento do check-in)" if o.after_deadline else ""
    return f"Equipe «{_name(t.Team, o.team_id)}» marcada {o.get_status_display()}{late}{reason}"


def d_player(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    return f"Jogador «{o.name}» da equipe «{_name(t.Team, o.team_id)}» {VERB[action]}"


def d_group(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    return f"Chave «{o.name}» {VERB_F[action]}"


def d_group_team(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    team, group = _name(t.Team, o.team_id), _name(t.Group, o.group_id)
    if action == "delete":
        return f"Equipe «{team}» retirada da chave «{group}»"
    return f"Equipe «{team}» na chave «{group}» (posição {o.order})"


def d_draw(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    how = "feito à mão" if o.manual else f"semente {o.seed}"
    return f"{o.get_purpose_display().capitalize()} registrado ({how})"


def d_swap(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    a, b = _name(t.Team, o.team_a_id), _name(t.Team, o.team_b_id)
    return f"Troca de chave: «{a}» ⇄ «{b}» — motivo: {o.reason}"


def d_stage(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    return f"Fase «{o.key}» ({o.get_kind_display()}) {VERB_F[action]}"


def d_stage_team(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    return (
        f"Equipe «{_name(t.Team, o.team_id)}» na fase «{_name(t.Stage, o.stage_id, 'key')}»: {VERB_F[action]}"
    )


def d_table(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    return f"Mesa {o.name} {VERB_F[action]}"


def d_round(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    return f"Rodada {o.number} {VERB_F[action]}{_changed(changed) if action == 'update' else ''}"


def d_match(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    a, b = _name(t.Team, o.team_a_id), _name(t.Team, o.team_b_id)
    rnd = f" (rodada {o.round})" if o.round else ""
    return f"Jogo {a} × {b}{rnd} {VERB[action]}{_changed(changed) if action == 'update' else ''}"


def d_sheet(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    base = f"Súmula v{o.version} do {_match(o.match_id)}"
    dq = " com desclassificação" if has_disqualification(o.result) else ""
    if action == "create":
        return f"{base} gravada ({o.get_status_display()}){dq}"
    if action == "update" and "status" in changed:
        before = s.ScoreSheet.Status(ctx["before"]["status"]).label
        return f"{base}: {before} → {o.get_status_display()}{dq}"
    if action == "update" and changed == ["confirmed"]:
        return f"{base}: {'passa a valer' if o.confirmed else 'deixa de valer'} para o jogo"
    return f"{base} {VERB_F[action]}{_changed(changed) if action == 'update' else ''}"


def d_event(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    reason = f" — motivo: {o.reason}" if o.reason else ""
    what = _match(o.match_id)
    return f"{what[0].upper()}{what[1:]}: {o.get_kind_display()}{reason}"


def d_signature(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    return f"Capataz de «{_name(t.Team, o.team_id)}» assinou ({o.get_method_display()})"


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
    who = _name(o.user.__class__, o.user_id, "username")
    verb = "retirada de" if action == "delete" else "atribuída a"
    return f"Mesa {_name(t.Table, o.table_id)} {verb} {who}"


def d_link(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    who = _name(o.user.__class__, o.user_id, "username")
    if action == "update" and "revoked_at" in changed and o.revoked_at:
        return f"Link de acesso do juiz {who} revogado"
    if action == "update" and changed == ["opened_at"]:
        return f"Link de acesso do juiz {who} aberto num aparelho"
    scope = f" (só {o.scope})" if action == "create" and o.scope else ""
    return f"Link de acesso do juiz {who} {VERB[action]}{scope}"


@dataclass(frozen=True)
class Spec:
    kind: str
    describe: Describe
    # Never written to the trail (secrets) or not a decision (timestamps).
    hidden: frozenset[str] = frozenset()


def kind_of(instance: Any, spec: Spec) -> str:
    if isinstance(instance, s.SheetEvent) and instance.kind in ("homologated", "reverted"):
        return K.HOMOLOGATION
    if isinstance(instance, s.ScoreSheet) and has_disqualification(instance.result):
        return K.DISQUALIFICATION
    return spec.kind


STAMPS = frozenset({"updated_at", "created_at"})
WATCHED: dict[type[Any], Spec] = {
    t.Tournament: Spec(K.SETTINGS, d_tournament, STAMPS),
    t.Membership: Spec(K.PEOPLE, d_membership),
    s.JudgeAssignment: Spec(K.PEOPLE, d_assignment),
    s.JudgeLink: Spec(K.PEOPLE, d_link, frozenset({"secret_hash"})),
    t.Team: Spec(K.TEAMS, d_team),
    t.TeamStatusChange: Spec(K.TEAMS, d_status),
    t.Player: Spec(K.TEAMS, d_player),
    s.TeamPin: Spec(K.TEAMS, d_pin, frozenset({"pin_hash", "updated_at"})),
    t.Group: Spec(K.DRAWS, d_group),
    t.GroupTeam: Spec(K.DRAWS, d_group_team),
    t.DrawOfLots: Spec(K.DRAWS, d_draw),
    t.GroupSwap: Spec(K.DRAWS, d_swap),
    t.Stage: Spec(K.DRAWS, d_stage),
    t.StageTeam: Spec(K.DRAWS, d_stage_team),
    t.Table: Spec(K.SCHEDULE, d_table),
    t.Round: Spec(K.SCHEDULE, d_round),
    t.Match: Spec(K.SCHEDULE, d_match),
    s.ScoreSheet: Spec(K.SHEETS, d_sheet),
    s.SheetEvent: Spec(K.SHEETS, d_event),
    s.Signature: Spec(K.SHEETS, d_signature),
    s.ScoringSettings: Spec(K.SETTINGS, d_scoring_settings),
}
