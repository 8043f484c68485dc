"""What each watched model means to an organizer: its kind, its tournament, its sentence.

Summaries are sentences (in the language of the request that made the change: pt-BR
unless English was chosen; a stored entry keeps it) naming who acted, the jogo, the teams and the people, so
that the audit page reads as a log book («Juiz Ana enviou a súmula do jogo Mesa 3 ·
Rodada 2 (Trio A × Trio B): 24–20, 18–24, 24–22»), not as a diff. ``ctx["actor"]`` is
who acted as the sentence names them («Juiz Ana», «Comissão», «Sistema»).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from audit.models import AuditEntry
from audit.readable import label_of, loaded, match_label
from scoring import models as s
from scoring.services.consequences import consequences_of
from tournaments import models as t

K = AuditEntry.Kind


def _verb(action: str) -> str:
    """«criado», «alterado», «removido» (a masculine noun before it)."""
    return {
        "create": pgettext("masculino", "criado"),
        "update": pgettext("masculino", "alterado"),
        "delete": pgettext("masculino", "removido"),
    }.get(action, action)


def _verb_f(action: str) -> str:
    """«criada», «alterada», «removida» (a feminine noun before it)."""
    return {
        "create": pgettext("feminino", "criada"),
        "update": pgettext("feminino", "alterada"),
        "delete": pgettext("feminino", "removida"),
    }.get(action, action)


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


def _match(match_id: Any, match: Any = None) -> str:
    """«jogo Mesa 3 · Rodada 2 (Trio A × Trio B)»; ``match`` when the caller has it in memory."""
    if match is None or match.pk != match_id:
        match = t.Match.objects.select_related("team_a", "team_b", "table").filter(pk=match_id).first()
    if match is None:
        return _("jogo #%(id)s") % {"id": match_id}
    return _("jogo %(match)s") % {"match": match_label(match)}


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
        text += _(" (com desclassificação)")
    return text


Describe = Callable[[Any, str, list[str], dict[str, Any]], str]


def d_tournament(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    if action == "create" and ctx.get("imported"):
        return _("Torneio «%(name)s» importado de arquivo tenteio/1 (equipes, jogos e súmulas em lote)") % {
            "name": o.name
        }
    if action == "update" and changed == ["registration_closed_at"]:
        return _("Inscrições encerradas") if o.registration_closed_at else _("Inscrições reabertas")
    if action == "update":
        return _("%(actor)s alterou a configuração do torneio%(changed)s") % {
            "actor": ctx["actor"],
            "changed": _changed(o, changed),
        }
    return _("Torneio «%(name)s» %(verb)s") % {"name": o.name, "verb": _verb(action)}


def d_membership(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    who = _name(o.user.__class__, o.user_id, "username")
    role = o.get_role_display()
    if action == "delete":
        return _("Papel de %(role)s retirado de %(who)s") % {"role": role, "who": who}
    return _("Papel de %(role)s concedido a %(who)s") % {"role": role, "who": who}


def d_team(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    if action == "update" and "status" in changed:
        before = t.Team.Status(ctx["before"]["status"]).label
        return _("Equipe «%(name)s»: situação %(before)s → %(after)s") % {
            "name": o.name,
            "before": before,
            "after": o.get_status_display(),
        }
    names = {"actor": ctx["actor"], "name": o.name}
    if action == "create":
        return _("%(actor)s inscreveu a equipe «%(name)s»") % names
    if action == "delete":
        return _("%(actor)s removeu a equipe «%(name)s»") % names
    return _("%(actor)s alterou a equipe «%(name)s»%(changed)s") % {**names, "changed": _changed(o, changed)}


def d_status(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    reason = _(" — motivo: %(reason)s") % {"reason": o.reason} if o.reason else ""
    late = _(" (após o encerramento do check-in)") if o.after_deadline else ""
    return _("Equipe «%(name)s» marcada %(status)s%(late)s%(reason)s") % {
        "name": _name(t.Team, o.team_id),
        "status": o.get_status_display(),
        "late": late,
        "reason": reason,
    }


def d_player(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    return _("Jogador «%(name)s» da equipe «%(team)s» %(verb)s") % {
        "name": o.name,
        "team": _name(t.Team, o.team_id),
        "verb": _verb(action),
    }


def d_group(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    return _("Chave %(name)s %(verb)s") % {"name": o.name, "verb": _verb_f(action)}


def d_group_team(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    team, group = _name(t.Team, o.team_id), _name(t.Group, o.group_id)
    if action == "delete":
        return _("Equipe «%(team)s» retirada da chave %(group)s") % {"team": team, "group": group}
    return _("Equipe «%(team)s» na chave %(group)s (posição %(order)s)") % {
        "team": team,
        "group": group,
        "order": o.order,
    }


def d_draw(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    how = _("feito à mão") if o.manual else _("semente %(seed)s") % {"seed": o.seed}
    what = o.get_purpose_display().capitalize()
    if o.group_id:
        what = _("Sorteio da chave %(group)s") % {"group": _name(t.Group, o.group_id)}
    return _("%(what)s registrado (%(how)s)") % {"what": what, "how": how}


def d_swap(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    a, b = _name(t.Team, o.team_a_id), _name(t.Team, o.team_b_id)
    return _("Troca de chave: «%(a)s» ⇄ «%(b)s» — motivo: %(reason)s") % {"a": a, "b": b, "reason": o.reason}


def d_stage(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    return _("Fase «%(key)s» (%(kind)s) %(verb)s") % {
        "key": o.key,
        "kind": o.get_kind_display(),
        "verb": _verb_f(action),
    }


def d_stage_team(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    stage = _name(t.Stage, o.stage_id, "key")
    return _("Equipe «%(team)s» na fase «%(stage)s»: %(verb)s") % {
        "team": _name(t.Team, o.team_id),
        "stage": stage,
        "verb": _verb_f(action),
    }


def d_table(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    return _("Mesa %(name)s %(verb)s") % {"name": o.name, "verb": _verb_f(action)}


def d_round(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    return _("Rodada %(n)s %(verb)s%(changed)s") % {
        "n": o.number,
        "verb": _verb_f(action),
        "changed": _changed(o, changed) if action == "update" else "",
    }


def d_match(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    what = (
        _match(o.pk)
        if action != "delete"
        else _("jogo %(a)s × %(b)s") % {"a": _name(t.Team, o.team_a_id), "b": _name(t.Team, o.team_b_id)}
    )
    return _("%(what)s %(verb)s%(changed)s") % {
        "what": what[0].upper() + what[1:],
        "verb": _verb(action),
        "changed": _changed(o, changed) if action == "update" else "",
    }


def d_sheet(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    version = _(" (versão %(n)d)") % {"n": o.version} if o.version > 1 else ""
    match = _match(o.match_id, loaded(o, "match"))
    names = {"actor": ctx.get("actor", ""), "version": version, "match": match}
    if action == "create" and o.status == s.ScoreSheet.Status.DRAFT:
        return _("%(actor)s salvou um rascunho da súmula%(version)s do %(match)s") % names
    if action == "create":
        return _("%(actor)s enviou a súmula%(version)s do %(match)s: %(scores)s") % {
            **names,
            "scores": scores(o.result),
        }
    if action == "update" and "status" in changed:
        before = s.ScoreSheet.Status(ctx["before"]["status"]).label
        return _("Súmula%(version)s do %(match)s: %(before)s → %(after)s") % {
            **names,
            "before": before,
            "after": o.get_status_display(),
        }
    if action == "update" and "confirmed" in changed:
        if o.confirmed:
            return _("Súmula%(version)s do %(match)s passa a valer para o jogo") % names
        return _("Súmula%(version)s do %(match)s deixa de valer para o jogo") % names
    return _("Súmula%(version)s do %(match)s %(verb)s") % {**names, "verb": _verb_f(action)}


def _consequences(match_id: int, result: Any, match: Any = None) -> list[str]:
    """What a homologated result does to its teams, in the language being written (the
    event keeps the texts of the homologating request's language)."""
    if match is None:
        found = t.Match.objects.select_related("team_a", "team_b", "stage__tournament")
        match = found.filter(pk=match_id).first()
    return [c.text for c in consequences_of(match, result)] if match is not None else []


def d_event(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    reason = _(" — motivo: %(reason)s") % {"reason": o.reason} if o.reason else ""
    match = loaded(o, "match")
    names = {"actor": ctx.get("actor", ""), "match": _match(o.match_id, match), "reason": reason}
    kind = s.SheetEvent.Kind
    if o.kind == kind.HOMOLOGATED:
        in_memory = loaded(o, "sheet")
        sheet = (
            in_memory.result
            if in_memory is not None
            else s.ScoreSheet.objects.filter(pk=o.sheet_id).values_list("result", flat=True).first()
        )
        done = "; ".join(_consequences(o.match_id, sheet, match) or o.details.get("consequences") or [])
        text = _("%(actor)s homologou a súmula do %(match)s: %(scores)s") % {**names, "scores": scores(sheet)}
        return text + (f" — {done}" if done else "")
    if o.kind == kind.REVERTED:
        return _("%(actor)s reverteu a homologação da súmula do %(match)s%(reason)s") % names
    if o.kind == kind.CONFIRMED:
        return _("%(actor)s conferiu e confirmou a súmula do %(match)s") % names
    if o.kind == kind.CHECK_MISMATCH:
        return _("%(actor)s redigitou a súmula do %(match)s: há divergências, nada confirmado") % names
    return _("Súmula do %(match)s: %(kind)s%(reason)s") % {**names, "kind": o.get_kind_display()}


def d_signature(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    sheet, team = loaded(o, "sheet"), loaded(o, "team")
    how = o.get_method_display()
    return _("Capataz de «%(team)s» assinou a súmula do %(match)s (%(how)s)") % {
        "team": team.name if team is not None else _name(t.Team, o.team_id),
        "match": _match(_sheet_match(o.sheet_id, sheet), loaded(sheet, "match") if sheet else None),
        "how": how,
    }


def d_pin(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    team = _name(t.Team, o.team_id)
    if action == "update" and "locked_until" in changed and o.locked_until:
        return _("PIN da equipe «%(team)s» bloqueado após tentativas erradas") % {"team": team}
    if action == "update" and "pin_hash" not in ctx.get("raw_changed", ()):
        return _("PIN da equipe «%(team)s»: tentativas erradas %(n)d") % {
            "team": team,
            "n": o.failed_attempts,
        }
    if action == "delete":
        return _("PIN da equipe «%(team)s» removido") % {"team": team}
    return _("PIN da equipe «%(team)s» gerado") % {"team": team}


def d_scoring_settings(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    if o.double_entry:
        return _("Opções de súmula alteradas (dupla digitação: sim)")
    return _("Opções de súmula alteradas (dupla digitação: não)")


def d_assignment(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    who = _person(o.user.__class__, o.user_id)
    names = {"table": _name(t.Table, o.table_id), "who": who}
    if action == "delete":
        return _("Mesa %(table)s retirada de %(who)s") % names
    return _("Mesa %(table)s atribuída a %(who)s") % names


def d_link(o: Any, action: str, changed: list[str], ctx: dict[str, Any]) -> str:
    who = _person(o.user.__class__, o.user_id)
    if action == "update" and "revoked_at" in changed and o.revoked_at:
        return _("Link de acesso do juiz %(who)s revogado") % {"who": who}
    if action == "update" and changed == ["opened_at"]:
        return _("Link de acesso do juiz %(who)s aberto num aparelho") % {"who": who}
    if action == "create":
        scope = _(" (só %(scope)s)") % {"scope": o.scope} if o.scope else ""
        return _("%(actor)s criou um link de acesso para o juiz %(who)s%(scope)s") % {
            "actor": ctx["actor"],
            "who": who,
            "scope": scope,
        }
    return _("Link de acesso do juiz %(who)s %(verb)s") % {"who": who, "verb": _verb(action)}


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


def _sheet_match(sheet_id: Any, sheet: Any = None) -> int | None:
    if sheet is not None:
        return int(sheet.match_id)
    return s.ScoreSheet.objects.filter(pk=sheet_id).values_list("match_id", flat=True).first()


def match_of(instance: Any) -> int | None:
    """The jogo a row belongs to (the «jogo» filter, and one entry per jogo and request)."""
    if isinstance(instance, s.ScoreSheet | s.SheetEvent):
        return int(instance.match_id)
    if isinstance(instance, s.Signature):
        return _sheet_match(instance.sheet_id, loaded(instance, "sheet"))
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
