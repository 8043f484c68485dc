"""Events built the way the organizer's and judges' pages build them: through the services.

:func:`build` creates a tournament with ``tournament_create`` and ``team_register``, draws
its chaves (``groups_draw`` with a seed, or by hand, possibly redone, with a swap),
generates the rodadas, plays every jogo through the súmula workflow (``sheet_save``,
``sheet_sign``, ``sheet_homologate``, ``sheet_revert``: W.O.s, double W.O.s, Art. 20
disqualifications, corrections with several versions; súmulas left waiting for the
homologation where a test asks), records the sorteios the ties ask for (some made stale
by a later correction), then a second phase of chaves or a mata-mata (from the chaves
or from the registered teams, drawn or by cabeça de chave, chapéus by sorteio, swaps,
3º lugar) played to the end or left half way.

Every choice is asked of ``pick(label, options)``: Hypothesis draws them in
``test_round_trip``; the hand-written cases script them.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from django.contrib.auth.models import User

from knockout.services.bracket import bracket_generate
from knockout.services.edits import bracket_schedule, bracket_swap
from knockout.services.phases import next_phase_draw
from rules.modalities import PRESETS
from scoring.models import JudgeAssignment, ScoreSheet, ScoringSettings
from scoring.services.entry import EntryData
from scoring.services.errors import WorkflowError
from scoring.services.signing import sheet_sign
from scoring.services.workflow import required_teams, sheet_homologate, sheet_revert, sheet_save
from standings.services import ServiceError as LotsError
from standings.services import _pending_sets_across, _pending_sets_in_group, tiebreak_lots_record
from tournaments.models import Group, Match, Membership, Stage, Table, Team, Tournament
from tournaments.services import ServiceError
from tournaments.services.draws import group_swap, groups_draw, groups_draw_manual
from tournaments.services.registration import PlayerInput, TeamInput, team_register, team_set_status
from tournaments.services.schedule import ScheduleTemplate, schedule_generate
from tournaments.services.tournaments import tournament_create

T = TypeVar("T")
Pick = Callable[[str, Sequence[T]], T]

PLAYED = ("a2-0", "b2-0", "a2-1", "b2-1")
# A súmula sent and signed but not homologated ("waiting") is not in the file, and the
# public pages do not show it (the publication rule, docs/rules.md §3.14).
WAITING = "waiting"
CHAVE_OUTCOMES = (
    *PLAYED,
    "wo-a",
    "wo-b",
    "wo-both",
    "dq-a",
    "dq-b-jogo",
    "fix",
    "fix-before",
    "none",
    WAITING,
)
KNOCKOUT_OUTCOMES = (*PLAYED, "wo-a", "wo-b", "wo-both", "dq-a", "dq-b-jogo", "fix", "stop")
START = dt.datetime(2026, 12, 12, 9, 0, tzinfo=dt.UTC)


def result(modality: str, outcome: str, a: str, b: str, loser_points: int) -> dict[str, Any]:
    """The súmula of ``outcome`` between team keys ``a`` (side A) and ``b``."""
    target = PRESETS[modality].points_to_win
    low = min(loser_points, target - 1)
    if outcome in ("a2-0", "b2-0"):
        games = [[target, low], [target, low]]
    elif outcome in ("a2-1", "b2-1"):
        games = [[target, low], [low, target], [target, low]]
    elif outcome == "wo-a":
        return {"walkover": a}
    elif outcome == "wo-b":
        return {"walkover": b}
    elif outcome == "wo-both":
        return {"walkover": [a, b]}
    elif outcome == "dq-a":  # Art. 20 §1º: the jogo, and out of the tournament
        return {
            "games": [[low, target]],
            "disqualified": {"team": a, "article": "20-II", "scope": "tournament"},
        }
    elif outcome == "dq-b-jogo":  # §2º, item VIII: this jogo only
        return {"games": [[target, low]], "disqualified": {"team": b, "article": "20-VIII", "scope": "match"}}
    else:
        raise ValueError(outcome)
    if outcome.startswith("b"):
        games = [[y, x] for x, y in games]
    return {"games": games}


class Event:
    """One tournament being built; ``pick`` makes every choice."""

    def __init__(self, pick: Pick[Any], slug: str = "ida-e-volta") -> None:
        self.pick = pick
        self.modality: str = pick("modalidade", sorted(PRESETS))
        self.rules = PRESETS[self.modality]
        self.user = User.objects.create_user(f"org-{slug}", password="x-Senha-Forte-1")
        knockout_only = self.rules.knockout_only or pick("só mata-mata", (False, False, True))
        self.plan = (
            Tournament.StagePlan.KNOCKOUT
            if knockout_only
            else pick("formato", (Tournament.StagePlan.GROUPS_KNOCKOUT, Tournament.StagePlan.MULTI_PHASE))
        )
        self.t = tournament_create(
            user=self.user,
            name="Rodeio de Ida e Volta",
            slug=slug,
            modality=self.modality,
            stage_plan=self.plan,
            advance_per_group=2,
            advance_best_next=pick("melhores seguintes", (0, 1)),
            date=dt.date(2026, 12, 12),
            end_date=dt.date(2026, 12, 13) if pick("dois dias", (False, True)) else None,
            event=pick("evento", ("", "32º Rodeio Crioulo Internacional")),
            checkin_deadline=START - dt.timedelta(minutes=30) if pick("check-in", (False, True)) else None,
            venue="CTG Sentinela dos Pampas",
        )
        self.expelled: set[str] = set()
        # Every jogo played 2–1 by the same tentos: ties all the way to the sorteio are common.
        self.uniform = pick("placares iguais", (False, True))

    def build(self) -> Tournament:
        return _build(self)

    def settle(self) -> None:
        """What the day leaves on the event besides results: the check-in of each team,
        double entry and the publication rule, set once the jogos are played."""
        for team in Team.objects.filter(tournament=self.t).order_by("pk"):
            status = self.pick(f"check-in {team.key}", ("registered", "checked_in", "checked_in", "absent"))
            if status != "registered":
                team_set_status(team=team, status=status, user=self.user, reason="no galpão")
        if self.pick("juízes", (False, True)):
            mesas = list(Table.objects.filter(tournament=self.t).order_by("order")[:2])
            for n, mine in enumerate(([], mesas)):
                judge = User.objects.create_user(f"juiz-{self.t.slug}-{n}", first_name=f"Juíza {n}")
                Membership.objects.create(tournament=self.t, user=judge, role=Membership.Role.JUDGE)
                for table in mine:
                    JudgeAssignment.objects.create(tournament=self.t, user=judge, table=table)
        double = self.pick("dupla digitação", (None, None, "all", "knockout"))
        if double:
            ScoringSettings.objects.create(
                tournament=self.t, double_entry=True, knockout_only=double == "knockout"
            )
        # The file has no súmula awaiting homologation yet: with one shown, the public pages
        # of the copy would lack it (docs/interchange.md, «The round trip»).
        pending = ScoreSheet.objects.filter(match__stage__tournament=self.t, confirmed=True).exclude(
            status=ScoreSheet.Status.HOMOLOGATED
        )
        if not pending.exists() and self.pick("mostra pendentes", (False, True)):
            Tournament.objects.filter(pk=self.t.pk).update(show_pending_results=True, table_count=8)

    # --- people ----------------------------------------------------------------------
    def register(self, count: int, seeds: int = 0) -> list[Team]:
        size = self.rules.players
        teams = []
        for i in range(count):
            players = [PlayerInput(f"Jogador {i}-{j}", is_captain=j == 0) for j in range(size)]
            if self.pick(f"reserva {i}", (False, True)):
                players.append(PlayerInput(f"Reserva {i}", is_reserve=True))
            data = TeamInput(
                name=f"Equipe {i:02d}",
                entity=f"CTG {i % 3}",
                seed=i + 1 if i < seeds else None,
                players=players,
            )
            teams.append(team_register(tournament=self.t, data=data))
        return teams

    # --- súmulas ---------------------------------------------------------------------
    def _fresh(self, m: Match) -> Match:
        return Match.objects.select_related("team_a", "team_b", "stage__tournament").get(pk=m.pk)

    def submit(self, m: Match, body: dict[str, Any], base: int = 0) -> ScoreSheet:
        m = self._fresh(m)
        sheet = sheet_save(
            match=m, user=self.user, data=EntryData(result=body), base_version=base, submit=True
        )
        for team in required_teams(m, sheet.result):
            sheet = sheet_sign(match=m, user=self.user, team=team, version=sheet.version)
        return sheet

    def homologate(self, m: Match, sheet: ScoreSheet) -> None:
        sheet_homologate(match=self._fresh(m), user=self.user, version=sheet.version)

    def correct(self, m: Match, sheet: ScoreSheet, body: dict[str, Any]) -> ScoreSheet:
        """Revert the homologated ``sheet`` and homologate ``body`` as the next version."""
        sheet_revert(match=self._fresh(m), user=self.user, version=sheet.version, reason="súmula corrigida")
        again = self.submit(m, body, base=sheet.version)
        self.homologate(m, again)
        return again

    def play(self, m: Match, outcome: str) -> None:
        """Play ``m`` as ``outcome`` says; remember who is out of the tournament."""
        a, b = m.team_a.key, m.team_b.key
        low = self.pick("tentos do perdedor", (0, self.rules.points_to_win // 2))
        if self.uniform and outcome in PLAYED:
            outcome, low = f"{outcome[0]}2-1", self.rules.points_to_win // 2
        if outcome == "none":
            return
        if outcome in ("fix", "fix-before"):
            first = result(self.modality, self.pick("primeira versão", PLAYED), a, b, low)
            final = self.pick("versão corrigida", PLAYED)
            sheet = self.submit(m, first)
            if outcome == "fix":  # homologated, reverted, corrected and homologated again
                self.homologate(m, sheet)
                self.correct(m, sheet, result(self.modality, final, a, b, low))
            else:  # a second version sent before the homologation
                self.homologate(
                    m, self.submit(m, result(self.modality, final, a, b, low), base=sheet.version)
                )
            return
        if outcome == "waiting":  # sent and signed, not homologated: not in the file
            self.submit(m, result(self.modality, self.pick("versão enviada", PLAYED), a, b, low))
            return
        sheet = self.submit(m, result(self.modality, outcome, a, b, low))
        self.homologate(m, sheet)
        if outcome == "dq-a" or (outcome in ("wo-a", "wo-both") and self.rules.walkover_expels):
            self.expelled.add(a)
        if outcome in ("wo-b", "wo-both") and self.rules.walkover_expels:
            self.expelled.add(b)

    # --- chaves ----------------------------------------------------------------------
    def draw_chaves(self, teams: list[Team]) -> Stage:
        sizes = self.chave_sizes(len(teams))
        how = self.pick("sorteio das chaves", ("semente", "semente", "à mão", "refeito"))
        if how == "à mão":
            names = self.pick(
                "nomes das chaves", (("A", "B", "C", "D"), ("OURO", "PRATA", "BRONZE", "COBRE"))
            )
            assignment, i = {}, 0
            for n, size in enumerate(sizes):
                for team in teams[i : i + size]:
                    assignment[team.pk] = names[n]
                i += size
            groups_draw_manual(tournament=self.t, user=self.user, assignment=assignment)
        else:
            if how == "refeito":  # drawn once with other sizes, then redone before any súmula
                groups_draw(tournament=self.t, user=self.user, sizes=[len(teams)], seed="primeiro")
            groups_draw(
                tournament=self.t, user=self.user, sizes=sizes, seed=f"semente-{len(teams)}", replace=True
            )
        stage = Stage.objects.get(tournament=self.t, kind=Stage.Kind.GROUPS)
        groups = list(stage.groups.order_by("order"))
        if len(groups) > 1 and self.pick("troca entre chaves", (False, True)):
            a, b = groups[0].entries.all()[0], groups[1].entries.all()[0]
            group_swap(stage=stage, team_a=a.team, team_b=b.team, reason="mesmo CTG", user=self.user)
        return stage

    def chave_sizes(self, count: int) -> list[int]:
        size = self.pick("tamanho das chaves", (3, 4))
        sizes = [size] * (count // size)
        rest = count - sum(sizes)
        for i in range(rest):  # the rest go one each into the first chaves
            sizes[i % len(sizes)] += 1
        return sizes

    def play_stage(self, stage: Stage, *, complete: bool) -> None:
        schedule_generate(stage=stage, template=ScheduleTemplate(start=START, minutes=60))
        outcomes = [o for o in CHAVE_OUTCOMES if not complete or o not in ("none", WAITING)]
        for m in (
            Match.objects.filter(stage=stage).select_related("team_a", "team_b").order_by("round", "order")
        ):
            out = {m.team_a.key, m.team_b.key} & self.expelled
            if (
                len(out) == 2
                and self.pick("jogo entre desclassificadas", ("sem súmula", "W.O. duplo")) != "sem súmula"
            ):
                # Not counted either way (docs/rules.md AMB-07); without a súmula the
                # chave stays provisional, so an organizer records a double W.O.
                self.homologate(m, self.submit(m, {"walkover": [m.team_a.key, m.team_b.key]}))
            if out:
                continue  # out of the tournament: its later jogos count as W.O. (left without súmula)
            self.play(m, self.pick("resultado", outcomes))

    def sorteios(self, stage: Stage) -> None:
        """Record a sorteio for every tie waiting for one; maybe correct a jogo after it."""
        for _ in range(3):  # a correction may leave new ties
            for group in Group.objects.filter(stage=stage).order_by("order"):
                for tie in _pending_sets_in_group(self.t, group):
                    manual = self.pick("sorteio à mão", (False, True))
                    order = sorted(tie, reverse=True) if manual else None
                    tiebreak_lots_record(
                        tournament=self.t, teams=sorted(tie), user=self.user, group=group, manual_order=order
                    )
            for tie in _pending_sets_across(self.t, stage):
                with contextlib.suppress(LotsError):
                    tiebreak_lots_record(tournament=self.t, teams=sorted(tie), user=self.user, stage=stage)
            if not self.pick("correção depois do sorteio", (False, True)):
                return
            self.correct_after_sorteio(stage)

    def correct_after_sorteio(self, stage: Stage) -> None:
        """Reverse the winner of a homologated jogo between two active teams."""
        for m in (
            Match.objects.filter(stage=stage).select_related("team_a", "team_b").order_by("-round", "order")
        ):
            sheet = m.sheets.filter(status=ScoreSheet.Status.HOMOLOGATED).first()
            if sheet is None or "games" not in sheet.result or "disqualified" in sheet.result:
                continue
            games = sheet.result["games"]
            flipped = {"games": [[y, x] for x, y in games]}
            try:
                self.correct(m, sheet, flipped)
            except (WorkflowError, ServiceError):
                continue
            return

    # --- mata-mata -------------------------------------------------------------------
    def knockout(self, source: str) -> Stage | None:
        third = None if self.rules.third_place_match is False else self.pick("3º lugar", (None, False))
        try:
            stage = bracket_generate(
                tournament=self.t,
                user=self.user,
                source=source,
                draw=source == "teams" and self.pick("sorteio do mata-mata", (False, True)),
                draw_byes=self.pick("chapéus por sorteio", (False, True)),
                seed="chapeus",
                third_place=third,
            )
        except ServiceError:
            return None  # too few teams left (expulsions)
        first = list(Match.objects.filter(stage=stage, round=1).select_related("team_a", "team_b"))
        if len(first) > 1 and self.pick("troca no mata-mata", (False, True)):
            bracket_swap(
                stage=stage, team_a=first[0].team_a, team_b=first[1].team_b, reason="pedido", user=self.user
            )
        if self.pick("horários do mata-mata", (False, True)):
            bracket_schedule(stage=stage, start=START + dt.timedelta(hours=6), minutes=45)
        self.play_knockout(stage)
        return stage

    def play_knockout(self, stage: Stage) -> None:
        done: set[int] = set()
        while True:
            ready = [
                m
                for m in Match.objects.filter(stage=stage)
                .select_related("team_a", "team_b")
                .order_by("round", "slot")
                if m.pk not in done
            ]
            if not ready:
                return
            for m in ready:
                done.add(m.pk)
                outcome = self.pick("resultado do mata-mata", KNOCKOUT_OUTCOMES)
                if outcome == "stop":
                    return
                self.play(m, outcome)


def build(pick: Pick[Any], slug: str = "ida-e-volta") -> Tournament:
    """A whole event from ``pick``'s choices."""
    ev = Event(pick, slug)
    try:
        return ev.build()
    finally:
        ev.settle()


def _build(ev: Event) -> Tournament:
    pick = ev.pick
    if ev.plan == Tournament.StagePlan.KNOCKOUT:
        count = pick("equipes", (3, 5, 6, 8))
        ev.register(count, seeds=pick("cabeças de chave", (0, 2)))
        ev.knockout("teams")
        return ev.t
    count = pick("equipes", (6, 7, 8, 9))
    teams = ev.register(count, seeds=pick("cabeças de chave", (0, 2)))
    stage = ev.draw_chaves(teams)
    go_on = pick("fase seguinte", (True, True, False))
    ev.play_stage(stage, complete=go_on)
    if not go_on:
        ev.sorteios(stage)
        return ev.t
    ev.sorteios(stage)
    if ev.plan == Tournament.StagePlan.MULTI_PHASE:
        try:
            next_phase_draw(
                tournament=ev.t, from_stage=stage, user=ev.user, size=pick("chaves da fase 2", (2, 3))
            )
        except ServiceError:
            return ev.t  # too few teams left
        second = Stage.objects.filter(tournament=ev.t, kind=Stage.Kind.GROUPS).order_by("-order").first()
        assert second is not None
        ev.play_stage(second, complete=False)
        ev.sorteios(second)
    else:
        ev.knockout("groups")
    return ev.t
