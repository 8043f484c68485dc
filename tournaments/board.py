"""The organizer's dashboard as a path to the champion: one step per phase the
tournament's shape has, each with its state and the actions allowed now.

This app reads what it owns: inscrições, check-in, the sorteio das chaves and each
rodada of the chaves. The steps after them need the classificação and the bracket,
which live in apps above this one: ``board_built`` is sent with the board, and the
knockout app (``knockout.board``) adds the classificação, the mata-mata's rodadas, the
champion and the final placings. :meth:`Dashboard.settle` then marks the first step
not done as the one in play («now»): its first action is the next thing to do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import Count
from django.dispatch import Signal
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Round, Stage, Team, Tournament
from tournaments.selectors import stage_matches

# Sent with ``board`` (a Dashboard) once this app's steps are in; receivers append theirs.
board_built = Signal()


@dataclass
class Link:
    label: str
    url: str
    primary: bool = True


@dataclass
class Step:
    key: str
    title: str
    done: bool = False
    detail: str = ""
    actions: list[Link] = field(default_factory=list)
    missing_by_table: list[tuple[str, int]] = field(default_factory=list)
    deadline: datetime | None = None
    playing: str = ""  # the title while it is «now» («Rodada 2 em jogo»)
    state: str = "todo"  # "done", "now" or "todo": set by Dashboard.settle()

    @property
    def heading(self) -> str:
        return self.playing if self.state == "now" and self.playing else self.title


@dataclass
class Dashboard:
    """What the organizer must do next, the steps to the champion, and the numbers."""

    tournament: Tournament
    status_counts: dict[str, int]
    team_total: int
    group_stages: list[Stage]
    drawn: bool  # a chave or a mata-mata exists: teams are in the event's structure
    steps: list[Step] = field(default_factory=list)
    placings: Any = None  # knockout.placings.FinalPlacings, once the knockout app adds it

    @property
    def next_step(self) -> Step | None:
        return next((s for s in self.steps if s.state == "now"), None)

    @property
    def finished(self) -> bool:
        return bool(self.steps) and all(s.done for s in self.steps)

    @property
    def champion(self) -> Any:
        return self.placings.champion if self.placings is not None else None

    def settle(self) -> None:
        """The first step not done is «now», the others after it «todo»."""
        found = False
        for s in self.steps:
            if s.done:
                s.state = "done"
            else:
                s.state = "todo" if found else "now"
                found = True


def url(name: str, t: Tournament, query: str = "") -> str:
    """The address of one of the tournament's pages, for a step's action."""
    return reverse(name, args=[t.slug]) + query


def _registration(board: Dashboard) -> Step:
    t = board.tournament
    closed = t.registration_closed_at is not None
    title = _("Inscrições encerradas") if closed else _("Inscrições abertas")
    detail = ngettext("%(n)d equipe inscrita", "%(n)d equipes inscritas", board.team_total) % {
        "n": board.team_total
    }
    step = Step("registration", title, done=closed or board.drawn, detail=detail)
    if not closed and not board.drawn:
        step.actions = [
            Link(_("Inscrever equipe"), url("tournaments:team_create", t)),
            Link(_("Importar planilha"), url("tournaments:import", t), primary=False),
        ]
    return step


def _checkin(board: Dashboard) -> Step:
    t, counts = board.tournament, board.status_counts
    present = counts.get(Team.Status.CHECKED_IN, 0)
    waiting = counts.get(Team.Status.REGISTERED, 0)
    detail = _("presentes: %(p)d · ausentes: %(a)d · desistentes: %(w)d · sem check-in: %(r)d") % {
        "p": present,
        "a": counts.get(Team.Status.ABSENT, 0),
        "w": counts.get(Team.Status.WITHDRAWN, 0),
        "r": waiting,
    }
    done = board.drawn or (board.team_total > 0 and not waiting)
    step = Step("checkin", _("Check-in"), done=done, detail=detail, deadline=t.checkin_deadline)
    if not board.drawn:
        step.actions = [Link(_("Fazer o check-in"), url("tournaments:checkin", t))]
    return step


def _stage_steps(board: Dashboard, stage: Stage, number: int) -> list[Step]:
    """The sorteio of a phase of chaves, its rodadas generated, and each rodada; for a
    Swiss phase (``_swiss_steps``) its start and each rodada paired then played."""
    t = board.tournament
    several = len(board.group_stages) > 1
    prefix = _("Fase %(n)d — ") % {"n": number} if several else ""
    groups = stage.groups.count()
    rows = list(stage_matches(stage).order_by().values("round", "table__name", "table__order", "homologated"))  # type: ignore[misc]
    rounds: dict[int, dict[str, Any]] = {}
    for row in rows:
        r = rounds.setdefault(row["round"] or 0, {"total": 0, "done": 0, "missing": {}})
        r["total"] += 1
        if row["homologated"]:
            r["done"] += 1
        else:
            key = (row["table__order"] or 0, row["table__name"] or "—")
            r["missing"][key] = r["missing"].get(key, 0) + 1
    deadlines = dict(Round.objects.filter(stage=stage).values_list("number", "deadline"))
    if stage.system == Stage.System.SWISS and groups:
        return _swiss_steps(board, stage, prefix, rounds, deadlines)
    if stage.system == Stage.System.SWISS:  # chosen on «Novo torneio», not started yet
        start = Step(f"swiss-{stage.pk}", prefix + _("Suíço iniciado"))
        start.actions = [
            Link(_("Iniciar o suíço"), url("standings:swiss", t)),
            Link(_("Sortear as chaves"), url("tournaments:groups", t), primary=False),
        ]
        return [start]
    drawn = Step(
        f"draw-{stage.pk}",
        prefix + _("Sorteio das chaves"),
        done=bool(groups),
        detail=ngettext("%(n)d chave", "%(n)d chaves", groups) % {"n": groups} if groups else "",
    )
    generated = Step(f"schedule-{stage.pk}", prefix + _("Rodadas geradas"), done=bool(rows))
    if not groups and number == 1:
        drawn.actions = [
            Link(_("Sortear as chaves"), url("tournaments:groups", t)),
            Link(_("Iniciar o suíço"), url("standings:swiss", t), primary=False),
        ]
    elif groups and not rows:
        generated.actions = [Link(_("Gerar as rodadas"), url("tournaments:schedule", t))]
    steps = [drawn, generated]
    for n in sorted(rounds):
        steps.append(_round_step(board, stage, prefix, n, rounds[n], deadlines))
    return steps


def _round_step(
    board: Dashboard, stage: Stage, prefix: str, n: int, r: dict[str, Any], deadlines: dict[int, Any]
) -> Step:
    """One rodada of a phase of chaves: its súmulas homologated, those missing by mesa."""
    step = Step(
        f"round-{stage.pk}-{n}",
        prefix + _("Rodada %(n)d") % {"n": n},
        done=r["done"] == r["total"],
        detail=_("%(done)d de %(total)d súmulas homologadas") % r,
        deadline=deadlines.get(n),
        playing=prefix + _("Rodada %(n)d em jogo") % {"n": n},
    )
    if not step.done:
        step.missing_by_table = [(name, k) for (_o, name), k in sorted(r["missing"].items())]
        query = f"?fase={stage.key}&rodada={n}"
        sheets = url("scoring:round", board.tournament)
        step.actions = [Link(_("Súmulas da rodada %(n)d") % {"n": n}, sheets + query)]
    return step


def _swiss_steps(
    board: Dashboard, stage: Stage, prefix: str, rounds: dict[int, dict[str, Any]], deadlines: dict[int, Any]
) -> list[Step]:
    """A Swiss phase: started, then each rodada planned paired (on the «Suíço» page,
    once the one before is homologated) and played."""
    t = board.tournament
    teams = stage.groups.get().teams.count()
    started = Step(
        f"swiss-{stage.pk}",
        prefix + _("Suíço iniciado"),
        done=True,
        detail=ngettext("%(n)d equipe", "%(n)d equipes", teams) % {"n": teams},
    )
    steps = [started]
    paired = max(rounds, default=0)
    for n in range(1, max(stage.swiss_rounds or 0, paired) + 1):
        title = prefix + _("Rodada %(n)d pareada") % {"n": n}
        pairing = Step(f"pair-{stage.pk}-{n}", title, done=n in rounds)
        if n not in rounds:
            pairing.actions = [Link(_("Parear a rodada %(n)d") % {"n": n}, url("standings:swiss", t))]
        steps.append(pairing)
        if n in rounds:
            steps.append(_round_step(board, stage, prefix, n, rounds[n], deadlines))
        else:
            steps.append(Step(f"round-{stage.pk}-{n}", prefix + _("Rodada %(n)d") % {"n": n}))
    return steps


def dashboard(tournament: Tournament) -> Dashboard:
    """The board of a tournament: this app's steps, then the apps above it add theirs."""
    t = tournament
    counts = dict(Team.objects.filter(tournament=t).values_list("status").annotate(n=Count("id")).order_by())
    stages = list(t.stages.order_by("order", "id"))
    group_stages = [s for s in stages if s.kind == Stage.Kind.GROUPS]
    drawn = any(s.groups.exists() for s in group_stages) or any(
        s.kind == Stage.Kind.KNOCKOUT and s.entries.exists() for s in stages
    )
    board = Dashboard(t, counts, sum(counts.values()), group_stages, drawn)
    board.steps = [_registration(board), _checkin(board)]
    if t.has_groups:
        if not group_stages:
            board.steps.append(
                Step(
                    "draw",
                    _("Sorteio das chaves"),
                    actions=[
                        Link(_("Sortear as chaves"), url("tournaments:groups", t)),
                        Link(_("Iniciar o suíço"), url("standings:swiss", t), primary=False),
                    ],
                )
            )
        for number, stage in enumerate(group_stages, start=1):
            board.steps += _stage_steps(board, stage, number)
    board_built.send(sender=Tournament, board=board)
    board.settle()
    return board
