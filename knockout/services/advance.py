"""Writes of the mata-mata as it is played: each later jogo, and the hooks of the súmula.

- ``bracket_sync`` creates each later jogo as soon as both its teams are known, and
  moves a corrected winner forward while the next jogo has no súmula.
- The súmula workflow calls ``bracket_on_homologation`` and ``bracket_on_revert`` inside
  its transaction (the Match row is locked); they raise ``WorkflowError`` to refuse, so
  the homologation or reversion is rolled back with nothing half-saved.

Lock order: Match (by the workflow), then the Stage row: two homologations in one
bracket are serialised here, so the jogo both feed is created once, by the second.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from core.problem_text import render
from knockout import bracket as b
from knockout.consistency import check_played
from knockout.selectors import bracket_winners, round_name, winner_of
from knockout.services import double
from rules.problems import Problem
from scoring.models import ScoreSheet
from scoring.selectors import homologated_results
from scoring.services.errors import WorkflowError
from tournaments.models import Match, Stage, StageTeam, Tournament
from tournaments.revision import bump
from tournaments.services import ServiceError
from tournaments.services.schedule import _tables


class Blocked(Exception):
    """A jogo that must change already has a súmula; ``match`` says which."""

    def __init__(self, match: Match, wanted: str) -> None:
        self.match, self.wanted = match, wanted
        super().__init__(wanted)


def _lines(stage: Stage) -> list[str | None] | None:
    entries = list(StageTeam.objects.filter(stage=stage).select_related("team"))
    if len(entries) < 2 or any(e.position is None for e in entries):
        return None
    lines: list[str | None] = [None] * b.bracket_size(len(entries))
    for e in entries:
        lines[e.position or 0] = e.team.key
    return lines


def _sync(stage: Stage) -> list[Match]:
    """Make the stage's jogos match the bracket; returns the jogos created.

    A jogo whose teams are no longer both known is deleted if it has no súmula (kept,
    frozen, if it has one); a jogo whose teams changed is updated if it has no súmula,
    otherwise :class:`Blocked` is raised. A double elimination: ``double.double_sync``.
    """
    if double.is_double(stage):
        return double.double_sync(stage)
    lines = _lines(stage)
    if lines is None:
        return []
    t = stage.tournament
    modality = t.rules()
    matches = list(Match.objects.filter(stage=stage, slot__isnull=False).select_related("team_a", "team_b"))
    started = set(ScoreSheet.objects.filter(match__stage=stage).values_list("match_id", flat=True))
    results = homologated_results(match__stage=stage)
    winners = bracket_winners(modality, matches, results)
    pairings = b.bracket_rounds(lines, winners)
    wanted: dict[tuple[int, int], b.Pairing] = {(p.round, p.slot): p for level in pairings for p in level}
    if modality.third_place_match:
        tp = b.third_place_pairing(pairings, winners)
        if tp is not None:
            wanted[(tp.round, tp.slot)] = tp
    teams = {e.team.key: e.team for e in StageTeam.objects.filter(stage=stage).select_related("team")}
    kept: set[tuple[int, int]] = set()
    for m in matches:
        where = (m.round or 0, m.slot or 0)
        p = wanted.get(where)
        if p is not None and p.is_match and {p.a, p.b} == {m.team_a.key, m.team_b.key}:
            kept.add(where)
            continue
        if m.pk in started:
            if p is not None and p.is_match:
                raise Blocked(m, f"{teams[str(p.a)].name} × {teams[str(p.b)].name}")
            kept.add(where)  # frozen until its teams are known again
            continue
        if p is not None and p.is_match:
            m.team_a, m.team_b = teams[str(p.a)], teams[str(p.b)]
            m.save(update_fields=["team_a", "team_b"])
            kept.add(where)
        else:
            m.delete()
    first_round = sum(1 for p in pairings[0] if p.is_match) if pairings else 0
    tables = _mesas(t, first_round)
    rounds = {r.number: r for r in stage.rounds.all()}
    last = (
        Match.objects.filter(stage__tournament=t).order_by("-order").values_list("order", flat=True).first()
    )
    order = (last or 0) + 1
    # Mesas by the jogo's index among the rodada's real jogos (chapéus take none), so two
    # jogos of one rodada share a mesa only when there are fewer mesas than jogos.
    seat: dict[tuple[int, int], int] = {}
    for level in pairings:
        for i, real in enumerate(q for q in level if not q.is_bye):
            seat[(real.round, real.slot)] = i
    seat[(len(pairings), 1)] = 1
    created: list[Match] = []
    for where, p in sorted(wanted.items()):
        if not p.is_match or where in kept:
            continue
        rnd = rounds.get(p.round)
        m = Match(
            stage=stage,
            round=p.round,
            slot=p.slot,
            third_place=p.round == len(pairings) and p.slot == 1,
            team_a=teams[str(p.a)],
            team_b=teams[str(p.b)],
            table=tables[seat[where] % len(tables)] if tables else None,
            scheduled_at=rnd.starts_at if rnd else None,
            order=order,
        )
        m.save()
        order += 1
        created.append(m)
    return created


def _mesas(t: Tournament, first_round: int) -> list[Any]:
    count = min(first_round, t.table_count) if t.table_count else first_round
    return _tables(t, max(count, 1))


def _lock(stage_id: int) -> Stage:
    return Stage.objects.select_for_update().select_related("tournament").get(pk=stage_id)


@transaction.atomic
def bracket_sync(*, stage: Stage) -> list[Match]:
    """Create the jogos whose teams became known (the organizer's «atualizar»)."""
    stage = _lock(stage.pk)
    try:
        created = _sync(stage)
    except Blocked as exc:
        raise ServiceError(_blocked_text(exc)) from None
    bump(stage.tournament_id)
    return created


def _blocked_text(exc: Blocked) -> str:
    m = exc.match
    total = b.round_count(b.bracket_size(StageTeam.objects.filter(stage_id=m.stage_id).count()))
    if m.bracket:
        where = double.jogo_name(m)
    else:
        where = _("disputa de 3º lugar") if m.third_place else round_name(m.round or 1, total)
    names = {"where": where, "a": m.team_a.name, "b": m.team_b.name, "wanted": exc.wanted}
    if exc.wanted:
        text = _(
            "O jogo seguinte do mata-mata (%(where)s: %(a)s × %(b)s) já tem súmula lançada, "
            "e com esta correção passaria a ser %(wanted)s."
        )
    else:
        text = _("O jogo seguinte do mata-mata (%(where)s: %(a)s × %(b)s) já tem súmula lançada.")
    return (
        (text % names)
        + " "
        + _(
            "Reverta primeiro a homologação desse jogo; se ele já foi disputado, a comissão organizadora "
            "decide o caso fora do sistema."
        )
    )


def _misplaced(stage: Stage, match: Match) -> Problem | None:
    """The first problem of ``match`` against the bracket with the homologated results
    (``knockout.consistency``: the loader refuses a file for the same problems)."""
    lines = _lines(stage)
    if lines is None:
        return None
    modality = stage.tournament.rules()
    matches = list(
        Match.objects.filter(stage=stage, slot__isnull=False)
        .select_related("team_a", "team_b")
        .order_by("round", "third_place", "slot")
    )
    results = homologated_results(match__stage=stage)
    played = [
        b.PlayedMatch(
            m.round or 1,
            m.team_a.key,
            m.team_b.key,
            winner_of(modality, results[m.pk], m.team_a.key, m.team_b.key) if m.pk in results else None,
        )
        for m in matches
    ]
    third = {i for i, m in enumerate(matches) if m.third_place}
    found = check_played(
        lines, played, third_place=modality.third_place_match, modality=modality.key, third=third
    )
    return next((p for i, p in found if matches[i].pk == match.pk), None)


def _named(p: Problem, match: Match) -> str:
    names = {match.team_a.key: match.team_a.name, match.team_b.key: match.team_b.name}
    params = tuple((k, names.get(v, v) if k == "team" and isinstance(v, str) else v) for k, v in p.params)
    return render(Problem(p.code, p.severity, params, p.game, p.teams))


def bracket_on_homologation(*, match: Match) -> None:
    """Hook of ``sheet_homologate`` (inside its transaction): the winner advances.

    Refused for a jogo that is not the bracket's (a team eliminated earlier, a feeder
    jogo not decided, a disputa de 3º lugar the modality does not have): docs/rules.md §3.10.
    """
    if match.slot is None or not Stage.objects.filter(pk=match.stage_id, kind=Stage.Kind.KNOCKOUT).exists():
        return
    stage = _lock(match.stage_id)
    if double.is_double(stage):
        return double.on_homologation(stage, match)
    wrong = _misplaced(stage, match)
    if wrong is not None:
        raise WorkflowError(_named(wrong, match))
    try:
        _sync(stage)
    except Blocked as exc:
        raise WorkflowError(_blocked_text(exc)) from None


def bracket_on_revert(*, match: Match) -> None:
    """Hook of ``sheet_revert`` (inside its transaction): refused while a jogo this one
    feeds is homologated; otherwise a next jogo without súmula is withdrawn until the
    corrected result is homologated (one with a súmula stays, frozen)."""
    if match.slot is None or not Stage.objects.filter(pk=match.stage_id, kind=Stage.Kind.KNOCKOUT).exists():
        return
    stage = _lock(match.stage_id)
    if double.is_double(stage):
        return double.on_revert(stage, match)
    rnd = match.round or 0
    fed = Match.objects.filter(stage=stage, slot__isnull=False).filter(
        Q(round=rnd + 1, slot=(match.slot or 0) // 2, third_place=False) | Q(round=rnd + 1, third_place=True)
    )
    teams = {match.team_a_id, match.team_b_id}
    for m in fed.select_related("team_a", "team_b"):
        if {m.team_a_id, m.team_b_id} & teams and m.sheets.filter(
            status=ScoreSheet.Status.HOMOLOGATED
        ).exists():
            raise WorkflowError(_blocked_text(Blocked(m, "")))
    try:
        _sync(stage)
    except Blocked as exc:
        raise WorkflowError(_blocked_text(exc)) from None
