"""Writes of the mata-mata: generation, the jogos of each rodada, swaps, rodadas, hooks.

- ``bracket_generate`` seeds the stage from the qualification of a chave stage or from
  the registered teams (by cabeça de chave or by a recorded sorteio), gives chapéus to
  the best seeds (or by a recorded sorteio), writes the StageTeam lines and rodada 1.
- ``bracket_sync`` creates each later jogo as soon as both its teams are known, and
  moves a corrected winner forward while the next jogo has no súmula.
- Swaps and the rodadas' schedule are in ``bracket_edits``.
- The súmula workflow calls ``bracket_on_homologation`` and ``bracket_on_revert`` inside
  its transaction (the Match row is locked); they raise ``WorkflowError`` to refuse, so
  the homologation or reversion is rolled back with nothing half-saved.

Lock order: Match (by the workflow), then the Stage row: two homologations in one
bracket are serialised here, so the jogo both feed is created once, by the second.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from core.problem_text import render
from knockout import bracket as b
from knockout.consistency import check_played
from knockout.selectors import bracket_winners, round_name, winner_of
from knockout.services.entrants import qualified_entrants, registered_entrants
from rules.modalities import apply_overrides, get_modality
from rules.problems import Problem, RulesError
from scoring.models import ScoreSheet
from scoring.services.errors import WorkflowError
from tournaments.models import DrawOfLots, Match, Stage, StageTeam, Tournament
from tournaments.revision import bump
from tournaments.services import ServiceError
from tournaments.services.closing import registration_close
from tournaments.services.schedule import _tables

KNOCKOUT_KEY = "mata-mata"


def _user(user: Any) -> Any:
    return user if getattr(user, "is_authenticated", False) else None


# --- generation ------------------------------------------------------------------------


@transaction.atomic
def bracket_generate(
    *,
    tournament: Tournament,
    user: Any,
    source: str = "groups",
    draw: bool = False,
    draw_byes: bool = False,
    seed: str = "",
    third_place: bool | None = None,
    per_group: int | None = None,
    best_next: int | None = None,
    key: str = KNOCKOUT_KEY,
    replace: bool = False,
) -> Stage:
    """Create (or, before any súmula, recreate) the mata-mata and its rodada 1.

    ``source`` "groups": the qualifiers of the chave stage, teams of one chave apart;
    "teams": the registered teams, by cabeça de chave, or drawn (``draw``) with the
    cabeças kept on top. ``draw_byes``: the chapéus go by a recorded sorteio instead of
    to the best seeds. ``third_place`` overrides the modality's disputa de 3º lugar.
    """
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    if source == "groups":
        entrants = qualified_entrants(tournament, per_group=per_group, best_next=best_next)
    elif source == "teams":
        entrants = registered_entrants(tournament)
    else:
        raise ServiceError({"source": [_("Escolha a origem das equipes: chaves ou equipes inscritas.")]})
    if not 2 <= len(entrants) <= b.MAX_TEAMS:
        raise ServiceError(
            {
                "source": [
                    _("O mata-mata precisa de 2 a %(max)d equipes; há %(n)d.")
                    % {"max": b.MAX_TEAMS, "n": len(entrants)}
                ]
            }
        )
    if third_place is not None and third_place != tournament.rules().third_place_match:
        settings = {**(tournament.settings or {}), "third_place_match": third_place}
        try:  # V-M18: Copa Truco has no disputa de 3º lugar, whatever the form asks
            apply_overrides(get_modality(tournament.modality), settings)
        except RulesError as exc:
            raise ServiceError({"third_place": [render(p) for p in exc.problems]}) from None
    stage = _prepare_stage(tournament, key, replace)
    seed = seed.strip()[:100] or secrets.token_hex(8)
    by_key = {e.team.key: e for e in entrants}
    if source == "groups":
        order = b.separated_order([b.Entrant(e.team.key, e.chave, e.pot) for e in entrants])
    else:
        order = [e.team.key for e in entrants]
        if draw:
            fixed = sum(1 for e in entrants if e.team.seed is not None)
            drawn = b.drawn_order(order, fixed, seed)
            _record(tournament, stage, user, DrawOfLots.Purpose.BRACKET, seed, order, drawn, fixed=fixed)
            order = drawn
    if draw_byes and b.bracket_size(len(order)) > len(order):
        drawn = b.drawn_byes(order, seed)
        _record(tournament, stage, user, DrawOfLots.Purpose.BYES, seed, order, drawn)
        order = drawn
    lines = b.standard_lines(order)
    position = {k: i for i, k in enumerate(lines) if k is not None}
    StageTeam.objects.bulk_create(
        [
            StageTeam(stage=stage, team=by_key[k].team, order=i, position=position[k], label=by_key[k].label)
            for i, k in enumerate(order)
        ]
    )
    if third_place is not None and third_place != tournament.rules().third_place_match:
        tournament.settings = {**(tournament.settings or {}), "third_place_match": third_place}
        tournament.save(update_fields=["settings", "updated_at"])
    _sync(stage)
    registration_close(tournament=tournament)  # the mata-mata's sorteio closes the inscrições
    bump(tournament.pk)
    return stage


def _prepare_stage(t: Tournament, key: str, replace: bool) -> Stage:
    stage = Stage.objects.filter(tournament=t, key=key).first()
    if stage is None:
        last = Stage.objects.filter(tournament=t).order_by("-order").values_list("order", flat=True).first()
        return Stage.objects.create(
            tournament=t, key=key, kind=Stage.Kind.KNOCKOUT, order=(last + 1) if last is not None else 0
        )
    if stage.kind != Stage.Kind.KNOCKOUT:
        raise ServiceError({"key": [_("A fase «%(key)s» é de chaves, não de mata-mata.") % {"key": key}]})
    if ScoreSheet.objects.filter(match__stage=stage).exists():
        raise ServiceError(_("O mata-mata já tem súmulas lançadas: o chaveamento não pode ser refeito."))
    if not replace:
        raise ServiceError({"replace": [_("O mata-mata já foi gerado: marque «refazer o chaveamento».")]})
    stage.matches.all().delete()
    stage.entries.all().delete()
    stage.draws.all().delete()
    return stage


def _record(
    t: Tournament,
    stage: Stage,
    user: Any,
    purpose: str,
    seed: str,
    before: Sequence[str],
    after: Sequence[str],
    **extra: Any,
) -> None:
    draw = DrawOfLots(
        tournament=t,
        purpose=purpose,
        stage=stage,
        seed=seed,
        inputs={"teams": list(before), **extra},
        result=list(after),
        performed_by=_user(user),
    )
    draw.full_clean(exclude=["performed_by", "stage", "group", "tournament"])
    draw.save()


def bracket_draw_replay(draw: DrawOfLots) -> list[str]:
    """Run a recorded sorteio of the mata-mata again (auditors compare with ``result``)."""
    keys = draw.inputs["teams"]
    if draw.purpose == DrawOfLots.Purpose.BYES:
        return b.drawn_byes(keys, draw.seed)
    return b.drawn_order(keys, int(draw.inputs.get("fixed", 0)), draw.seed)


# --- advancement -----------------------------------------------------------------------


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


def _sync(stage: Stage, *, keep_started: bool = True) -> list[Match]:
    """Make the stage's jogos match the bracket; returns the jogos created.

    A jogo whose teams are no longer both known is deleted if it has no súmula (kept,
    frozen, if it has one and ``keep_started``); a jogo whose teams changed is updated
    if it has no súmula, otherwise :class:`Blocked` is raised.
    """
    lines = _lines(stage)
    if lines is None:
        return []
    t = stage.tournament
    modality = t.rules()
    matches = list(Match.objects.filter(stage=stage, slot__isnull=False).select_related("team_a", "team_b"))
    started = set(ScoreSheet.objects.filter(match__stage=stage).values_list("match_id", flat=True))
    results = {
        s.match_id: s.result
        for s in ScoreSheet.objects.filter(
            match__stage=stage, confirmed=True, status=ScoreSheet.Status.HOMOLOGATED
        ).only("match_id", "result")
    }
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
    results = {
        s.match_id: s.result
        for s in ScoreSheet.objects.filter(
            match__stage=stage, confirmed=True, status=ScoreSheet.Status.HOMOLOGATED
        ).only("match_id", "result")
    }
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
