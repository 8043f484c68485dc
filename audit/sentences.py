"""The sentence each watched model's change writes in the audit trail.

Summaries are sentences (in the language of the request that made the change: pt-BR
unless English was chosen; a stored entry keeps it) naming who acted, the jogo, the teams and the people, so
that the audit page reads as a log book («Juiz Ana enviou a súmula do jogo Mesa 3 ·
Rodada 2 (Trio A × Trio B): 24–20, 18–24, 24–22»), not as a diff. One describer per
model (``d_<model>``), registered in ``audit.describe.WATCHED``; ``ctx["actor"]`` is
who acted as the sentence names them («Juiz Ana», «Comissão», «Sistema»).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from audit.readable import label_of, loaded, match_label
from scoring import models as s
from scoring.services.consequences import consequences_of
from tournaments import models as t


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


def sheet_match(sheet_id: Any, sheet: Any = None) -> int | None:
    if sheet is not None:
        return int(sheet.match_id)
    return s.ScoreSheet.objects.filter(pk=sheet_id).values_list("match_id", flat=True).first()


def _name(model: Any, pk: Any, field: str = "name") -> str:
    if pk is None:
        return "?"
    return str(model.objects.filter(pk=pk).values_list(field, flat=True).first() or f"#{pk}")


def _person(user_model: Any, pk: Any) -> str:
    user = user_model.objects.filter(pk=pk).first()
    return (user.get_full_name() or user.get_username()) if user is not None else f"#{pk}"


def _match(match_id: Any, match: Any = None) -> str:
    """«jogo mesa 3 · rodada 2 (Trio A × Trio B)»; ``match`` when the caller has it in memory."""
    if match is None or match.pk != match_id:
        match = (
            t.Match.objects.select_related("team_a", "team_b", "table", "stage").filter(pk=match_id).first()
        )
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
        "match": _match(sheet_match(o.sheet_id, sheet), loaded(sheet, "match") if sheet else None),
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
