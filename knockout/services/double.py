"""Double elimination (repescagem) of a mata-mata in the database: jogos, hooks, placings.

When ``Tournament.double_elimination`` is on, ``advance._sync`` (and so
``bracket_generate``, ``bracket_sync``, the swaps and the súmula's hooks) comes here
instead of the single-elimination path. The structure, who plays whom and the placings
are the pure :mod:`knockout.double_bracket`; this module maps its jogos to Match rows:

* ``("W", r, slot)`` → ``bracket="W"``, ``round=r``; ``("L", t, slot)`` → ``bracket="L"``,
  ``round=t``; ``("GF", 1|2, 0)`` → ``bracket="GF"``, ``round=1|2``; ``slot=slot``.
* The lines are the stage's StageTeam positions, as in single elimination; the keys in
  seed order are read back from them (the seed of each line), so swaps carry over.
* Winners come from the homologated súmulas (``rules.counting`` via ``winner_of``); a
  winner counts only for a Match whose two teams are the jogo's two teams now.
* :func:`double_sync` mirrors ``advance._sync``: a jogo is created once both its teams
  are known; one whose teams are no longer known is deleted while it has no súmula
  (kept, frozen, with one); one whose teams changed is updated while it has no súmula,
  else ``Blocked``. GF 2 exists only with ``grand_final_reset`` and after the LB
  champion (side b) wins GF 1: ``play`` says so.

The hooks run under the same locks as single elimination (Match by the workflow, then
the Stage row by ``advance._lock``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import gettext as _

from core import words
from knockout import bracket as b
from knockout import double_bracket as d
from knockout.selectors import winner_of
from rules.placings import Band
from scoring.models import ScoreSheet
from scoring.selectors import homologated_results
from scoring.services.errors import WorkflowError
from tournaments.models import Match, Stage, StageTeam, Tournament
from tournaments.phases import double_round_name, double_turn


def is_double(stage: Stage) -> bool:
    return bool(stage.tournament.double_elimination)


def jogo_id(m: Match) -> d.JogoId:
    return (m.bracket, m.round or 0, m.slot or 0)


def jogo_name(m: Match) -> str:
    """Where a jogo of the double elimination is («Repescagem, rodada 3», «Grande final»,
    «Final de desempate»): the name the judges' lists, the súmulas and the bracket give it
    (``tournaments.phases.double_round_name``)."""
    return double_round_name(m.bracket, m.round or 0)


turn = double_turn  # the schedule's rodada of a jogo (tournaments.phases, for the filters too)


def turn_count(k: int, reset: bool) -> int:
    """Rodadas of the schedule of a double elimination: ``2k``, one more with the reset."""
    return 2 * k + (1 if reset else 0)


@dataclass(frozen=True)
class DoubleRead:
    """The stage read: the structure, its progress from the homologated results, the
    stage's bracket jogos and the teams by key."""

    bracket: d.DoubleBracket
    progress: d.Progress
    matches: list[Match]
    teams: dict[str, Any]
    started: set[int]


def _structure(stage: Stage) -> d.DoubleBracket | None:
    from knockout.services.advance import _lines  # advance calls this module: no cycle at import

    lines = _lines(stage)
    if lines is None:
        return None
    seeds = b.seed_lines(len(lines))
    keys = [k for _seed, k in sorted((seeds[i], k) for i, k in enumerate(lines) if k is not None)]
    bracket = d.build(keys, reset=stage.tournament.grand_final_reset)
    if list(bracket.lines) != lines:  # chapéus not on the last seeds' lines (a loaded file)
        shell = replace(bracket, lines=tuple(lines), played=frozenset())
        empty = d.play(shell, {})
        played = frozenset(s.id for s in empty.jogos if b.Open.BYE not in (s.a, s.b))
        bracket = replace(shell, played=played)
    return bracket


def double_read(stage: Stage) -> DoubleRead | None:
    """The double elimination of ``stage`` now (None: no bracket lines)."""
    bracket = _structure(stage)
    if bracket is None:
        return None
    modality = stage.tournament.rules()
    matches = list(
        Match.objects.filter(stage=stage, slot__isnull=False)
        .select_related("team_a", "team_b")
        .order_by("order", "pk")
    )
    results = homologated_results(match__stage=stage)
    started = set(ScoreSheet.objects.filter(match__stage=stage).values_list("match_id", flat=True))
    decided: dict[d.JogoId, tuple[frozenset[str], str]] = {}
    for m in matches:
        if m.pk in results and m.bracket:
            won = winner_of(modality, results[m.pk], m.team_a.key, m.team_b.key)
            if won is not None:
                decided[jogo_id(m)] = (frozenset((m.team_a.key, m.team_b.key)), won)
    # A winner counts for the jogo only while the Match's teams are the jogo's teams:
    # drop the stale ones until nothing changes (each pass drops at least one).
    winners = {j: won for j, (_pair, won) in decided.items()}
    while True:
        progress = d.play(bracket, winners)
        stale = [
            s.id
            for s in progress.jogos
            if s.id in winners and (not s.is_match or frozenset((str(s.a), str(s.b))) != decided[s.id][0])
        ]
        if not stale:
            break
        for j in stale:
            del winners[j]
    teams = {e.team.key: e.team for e in StageTeam.objects.filter(stage=stage).select_related("team")}
    return DoubleRead(bracket, progress, matches, teams, started)


def double_sync(stage: Stage) -> list[Match]:
    """``advance._sync`` for a double elimination: the stage's jogos made to match the
    bracket; returns the jogos created."""
    from knockout.services.advance import Blocked, _mesas

    read = double_read(stage)
    if read is None:
        return []
    t: Tournament = stage.tournament
    teams = read.teams
    wanted = {s.id: s for s in read.progress.jogos if s.is_match}
    kept: set[d.JogoId] = set()
    for m in read.matches:
        where = jogo_id(m)
        s = wanted.get(where)
        if s is not None and {s.a, s.b} == {m.team_a.key, m.team_b.key}:
            kept.add(where)
            continue
        if m.pk in read.started:
            if s is not None:
                raise Blocked(m, f"{teams[str(s.a)].name} × {teams[str(s.b)].name}")
            kept.add(where)  # frozen until its teams are known again
            continue
        if s is not None:
            m.team_a, m.team_b = teams[str(s.a)], teams[str(s.b)]
            m.save(update_fields=["team_a", "team_b"])
            kept.add(where)
        else:
            m.delete()
    # Mesas by the jogo's index among the jogos played in its rodada of the schedule
    # (``turn``: a rodada of each bracket together, on different mesas; chapéus take none).
    k = read.bracket.rounds
    seat: dict[d.JogoId, int] = {}
    count: dict[int, int] = {}
    for jogo in read.bracket.jogos:
        if jogo.id in read.bracket.played or jogo.id == d.GF2:
            level = turn(jogo.id[0], jogo.id[1], k)
            seat[jogo.id] = count.get(level, 0)
            count[level] = seat[jogo.id] + 1
    tables = _mesas(t, max(count.values(), default=1))
    rounds = {r.number: r for r in stage.rounds.all()}
    last = (
        Match.objects.filter(stage__tournament=t).order_by("-order").values_list("order", flat=True).first()
    )
    order = (last or 0) + 1
    created: list[Match] = []
    for s in read.progress.jogos:
        if not s.is_match or s.id in kept:
            continue
        side, number, slot = s.id
        rnd = rounds.get(turn(side, number, k))
        m = Match(
            stage=stage,
            bracket=side,
            round=number,
            slot=slot,
            third_place=False,
            team_a=teams[str(s.a)],
            team_b=teams[str(s.b)],
            table=tables[seat.get(s.id, 0) % len(tables)] if tables else None,
            scheduled_at=rnd.starts_at if rnd else None,
            order=order,
        )
        m.save()
        order += 1
        created.append(m)
    return created


def on_homologation(stage: Stage, match: Match) -> None:
    """``bracket_on_homologation`` for a double elimination (``stage`` locked): refused
    for a jogo that is not one of the bracket's now, or without a winner."""
    from knockout.services.advance import Blocked, _blocked_text

    read = double_read(stage)
    if read is None:
        return
    state = read.progress.state(jogo_id(match))
    pair = {match.team_a.key, match.team_b.key}
    if state is None or not state.is_match or {state.a, state.b} != pair:
        raise WorkflowError(
            _(
                "Este jogo não está no chaveamento da dupla eliminação com os resultados homologados "
                "(%(where)s): confira os jogos anteriores."
            )
            % {"where": jogo_name(match)}
        )
    results = homologated_results(match=match)
    won = winner_of(stage.tournament.rules(), results.get(match.pk), match.team_a.key, match.team_b.key)
    if won == b.NO_WINNER:
        raise WorkflowError(
            _(
                "Na dupla eliminação todo jogo precisa de um vencedor: um resultado sem vencedor "
                "(duplo W.O.) não pode ser homologado neste mata-mata."
            )
        )
    try:
        double_sync(stage)
    except Blocked as exc:
        raise WorkflowError(_blocked_text(exc)) from None


def on_revert(stage: Stage, match: Match) -> None:
    """``bracket_on_revert`` for a double elimination: refused while a jogo this one feeds
    (its winner's or its loser's next jogo, or GF 2 after GF 1) is homologated with one
    of its teams; otherwise the next jogos without súmula are withdrawn."""
    from knockout.services.advance import Blocked, _blocked_text

    bracket = _structure(stage)
    if bracket is None:
        return
    where = jogo_id(match)
    fed: list[d.JogoId] = []
    if where in {j.id for j in bracket.jogos}:
        jogo = bracket.jogo(where)
        fed = [dest[0] for dest in (jogo.winner_to, jogo.loser_to) if dest is not None]
        if where == d.GF1 and bracket.reset:
            fed.append(d.GF2)
    teams = {match.team_a_id, match.team_b_id}
    for side, number, slot in fed:
        for m in Match.objects.filter(stage=stage, bracket=side, round=number, slot=slot):
            homologated = m.sheets.filter(status=ScoreSheet.Status.HOMOLOGATED).exists()
            if {m.team_a_id, m.team_b_id} & teams and homologated:
                raise WorkflowError(_blocked_text(Blocked(m, "")))
    try:
        double_sync(stage)
    except Blocked as exc:
        raise WorkflowError(_blocked_text(exc)) from None


def double_bands(stage: Stage, record: dict[str, int]) -> tuple[list[Band], bool]:
    """The double elimination's bands for ``knockout.placings`` (best first) from the pure
    :func:`~knockout.double_bracket.placings`, and whether it has ended.

    1º the champion, 2º the grand final's loser, 3º and 4º the losers of the LB final and
    semifinal, then a band per earlier LB rodada (5º–6º, 7º–8º, 9º–12º, 13º–16º with 16
    teams): shared, or ordered by ``record`` (the placing in the chaves) as the teams out
    in a rodada of single elimination are. While it is played the teams still in come
    first, level («Na disputa»).
    """
    read = double_read(stage)
    if read is None:
        return [], False
    modality = stage.tournament.rules()
    bands: list[Band] = []
    for band in d.placings(read.bracket, read.progress):
        first, last = band.position_from, band.position_to
        if first == 1:
            bands.append(Band(band.keys, words.champion(modality)))
        elif first == 2:
            bands.append(Band(band.keys, words.runner_up(modality)))
        elif first == last:
            bands.append(Band(band.keys, _("%(n)dº lugar") % {"n": first}))
        else:
            label = _("%(first)dº a %(last)dº lugar") % {"first": first, "last": last}
            bands.append(Band(band.keys, label, {k: record[k] for k in band.keys if k in record}))
    placed = {k for band in bands for k in band.teams}
    ended = read.progress.finished
    if placed and not ended:
        alive = tuple(k for k in read.bracket.keys if k not in placed)
        if alive:
            bands.insert(0, Band(alive, _("Na disputa")))
    return bands, ended
