"""The dashboard's steps after the rodadas of the chaves (``tournaments.board``): the
classificação and who goes on, the mata-mata and each of its rodadas by name, the
champion with the final placings (``knockout.placings``). A double elimination's steps
are its rodadas of the winners' bracket and of the repescagem in play order, then the
grand final.

Only the steps the tournament's shape has: a qualification step only where a next
phase exists (chaves + mata-mata, several phases of chaves), a «Classificação final»
where the chaves end the event, no mata-mata for chaves only, no chaves for mata-mata
only. An action is offered only when it is allowed: «Gerar o mata-mata» once the
classificação is final (or, without chaves, once two teams are registered).
"""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core import words
from knockout.placings import final_placings
from knockout.selectors import Bracket, bracket_data, knockout_stages, round_label
from knockout.services.double import turn
from standings.qualification import qualification
from standings.selectors import StageTable, tournament_standings
from tournaments.board import Dashboard, Link, Step, board_built, url
from tournaments.models import Stage, Tournament


def _insert_before(board: Dashboard, key: str, step: Step) -> None:
    keys = [s.key for s in board.steps]
    board.steps.insert(keys.index(key) if key in keys else len(board.steps), step)


def _table_state(table: StageTable) -> str:
    if table.awaiting_rodadas:
        return _("provisória: rodadas ainda não geradas")
    unplayed = sum(g.unplayed for g in table.groups)
    if unplayed:
        return ngettext(
            "provisória: %(n)d jogo sem súmula homologada",
            "provisória: %(n)d jogos sem súmula homologada",
            unplayed,
        ) % {"n": unplayed}
    return ""


def _qualification_step(board: Dashboard, table: StageTable, next_stage: Stage | None) -> tuple[Step, bool]:
    """Who goes on from a phase of chaves, done once the next phase exists; and whether
    the classificados are final (the next phase may be generated)."""
    t = board.tournament
    to_knockout = t.stage_plan == Tournament.StagePlan.GROUPS_KNOCKOUT
    title = _("Classificados ao mata-mata") if to_knockout else _("Classificados à próxima fase")
    step = Step(f"qualification-{table.stage.pk}", title, done=next_stage is not None)
    if step.done:
        return step, False
    q = qualification(t, table)
    step.detail = _table_state(table) or (
        _("empate na linha de corte aguardando sorteio") if q.provisional else _("classificação final")
    )
    step.actions = [Link(_("Ver os classificados"), url("public:qualification", t), primary=False)]
    if table.complete and q.provisional:
        step.actions.insert(0, Link(_("Registrar o sorteio na classificação"), url("public:standings", t)))
    elif not q.provisional and to_knockout:
        step.actions.insert(0, Link(_("Gerar o mata-mata"), url("knockout:bracket", t)))
    elif not q.provisional:
        step.actions.insert(0, Link(_("Sortear a próxima fase"), url("knockout:next_phase", t)))
    return step, not q.provisional


def _final_table_step(board: Dashboard, table: StageTable | None) -> Step:
    t = board.tournament
    done = table is not None and table.complete
    step = Step("standings", _("Classificação final"), done=done)
    if table is not None:
        step.detail = _table_state(table)
        step.actions = [Link(_("Ver a classificação"), url("public:standings", t), primary=done)]
    return step


def _double_steps(board: Dashboard, stage: Stage, data: Bracket) -> list[Step]:
    """A double elimination's rodadas as steps, in the order they are played
    (``knockout.services.double.turn``): each rodada of the winners' bracket and of the
    repescagem by its name, then the grand final (its reset with it, once needed)."""
    t = board.tournament
    k = len(data.rounds)
    levels = [level for level in (*data.rounds, *data.losers) if level]
    levels.sort(key=lambda level: (turn(level[0].bracket, level[0].round, k), level[0].bracket != "W"))
    if data.finals:
        levels.append(data.finals)
    steps = []
    for level in levels:
        first = level[0]
        name = round_label(first)
        slots = [s for s in level if not s.bye]
        decided = sum(1 for s in slots if s.winner is not None)
        step = Step(
            f"knockout-{first.bracket}-{first.round}",
            name,
            done=decided == len(slots) and (first.bracket != "GF" or data.champion is not None),
            detail=_("%(done)d de %(total)d jogos decididos") % {"done": decided, "total": len(slots)},
            deadline=first.deadline,
            playing=_("%(name)s em jogo") % {"name": name},
        )
        if not step.done and any(s.team_a and s.team_b for s in slots):
            step.actions = [
                Link(_("Súmulas — %(name)s") % {"name": name}, url("scoring:round", t, f"?fase={stage.key}")),
                Link(_("Ver o mata-mata"), url("knockout:bracket", t), primary=False),
            ]
        steps.append(step)
    return steps


def _knockout_steps(board: Dashboard, stage: Stage | None, can_generate: bool) -> list[Step]:
    t = board.tournament
    data: Bracket | None = bracket_data(stage) if stage is not None else None
    generated = Step("bracket", _("Chaveamento do mata-mata"), done=bool(data and data.rounds))
    if not generated.done and can_generate:
        generated.actions = [Link(_("Gerar o mata-mata"), url("knockout:bracket", t))]
    steps = [generated]
    if data is None or not data.rounds or stage is None:
        steps.append(Step("final", _("Final")))
        return steps
    if data.double:
        return steps + _double_steps(board, stage, data)
    for index, (name, level) in enumerate(zip(data.round_names, data.rounds, strict=True)):
        number = index + 1
        slots = [s for s in level if not s.bye]
        if index == len(data.rounds) - 1 and data.third_place is not None:
            slots.append(data.third_place)  # played in the final's rodada
            name = _("%(final)s e 3º lugar") % {"final": name}
        decided = sum(1 for s in slots if s.winner is not None)
        step = Step(
            f"knockout-{number}",
            name,
            done=decided == len(slots),
            detail=_("%(done)d de %(total)d jogos decididos") % {"done": decided, "total": len(slots)},
            deadline=level[0].deadline if level else None,
            playing=_("%(name)s em jogo") % {"name": name},
        )
        if not step.done and any(s.team_a and s.team_b for s in slots):
            step.actions = [
                Link(
                    _("Súmulas — %(name)s") % {"name": name},
                    url("scoring:round", t, f"?fase={stage.key}&rodada={number}"),
                ),
                Link(_("Ver o mata-mata"), url("knockout:bracket", t), primary=False),
            ]
        steps.append(step)
    return steps


@receiver(board_built)
def add_steps(sender: Any, *, board: Dashboard, **kwargs: Any) -> None:
    t = board.tournament
    tables = [st for st in tournament_standings(t) if st.groups] if board.group_stages else []
    stages = knockout_stages(t)
    plan = t.stage_plan
    by_stage = {table.stage.pk: table for table in tables}
    groups = board.group_stages
    # Each phase of chaves but the last: its classificados made the next phase.
    for stage, following in zip(groups, groups[1:], strict=False):
        if stage.pk in by_stage:
            step, _ready = _qualification_step(board, by_stage[stage.pk], following)
            _insert_before(board, f"draw-{following.pk}", step)
    last = by_stage.get(groups[-1].pk) if groups else None
    multi_ends = plan == Tournament.StagePlan.MULTI_PHASE and last is not None and len(last.groups) == 1
    if plan == Tournament.StagePlan.GROUPS or multi_ends:
        board.steps.append(_final_table_step(board, last))
    can_generate = not t.has_groups and board.team_total >= 2
    if t.has_groups and not (plan == Tournament.StagePlan.GROUPS or multi_ends):
        if last is not None:
            step, ready = _qualification_step(board, last, stages[0] if stages else None)
            board.steps.append(step)
            can_generate = ready and plan == Tournament.StagePlan.GROUPS_KNOCKOUT
        else:
            board.steps.append(Step("qualification", _("Classificados ao mata-mata")))
    if t.has_knockout or stages:
        board.steps += _knockout_steps(board, stages[-1] if stages else None, can_generate)
    if all(s.done for s in board.steps):
        board.placings = final_placings(t)
    champion = board.champion
    step = Step("champion", words.champion(t), done=champion is not None)
    if champion is not None:
        step.title = words.champion_of(t, champion.name)
        step.actions = [Link(_("Página pública"), url("public:home", t), primary=False)]
    elif board.placings is not None and board.placings.complete:
        # The 1º shared: in the chaves a tie waiting for a sorteio; in a mata-mata a
        # final that nobody won (double W.O.).
        step.detail = _("1º lugar dividido")
        if t.has_groups and not stages:
            step.actions = [Link(_("Registrar o sorteio na classificação"), url("public:standings", t))]
    board.steps.append(step)
