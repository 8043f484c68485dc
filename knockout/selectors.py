"""The mata-mata as plain data, for the public page, the organizer page, JSON and PDFs.

``bracket_data(stage)`` reads a knockout stage in a constant number of queries (stage
entries, jogos, súmulas, rodadas, homologation times) whatever its size, and returns a
:class:`Bracket`: one list of :class:`Slot` per rodada, from rodada 1 to the final.
Who advances is computed by ``knockout.bracket`` from the homologated súmulas whose
result counts; whether a result counts, and its winner, is the rules engine's one answer
(``rules.counting``). What the public may see of a result follows the publication rule
(``standings.selectors_published``): a result shown before its homologation is marked
``pending`` and advances nobody.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import Max

from knockout import bracket as b
from rules.counting import judge_result
from rules.modalities import Modality
from rules.results import Side
from scoring.models import ScoreSheet, SheetEvent
from standings.results import summarize
from standings.selectors_published import published, state_of
from tournaments.models import Match, Round, Stage, StageTeam, Team, Tournament
from tournaments.phases import double_round_name, round_name, third_place_name


@dataclass(frozen=True)
class SlotTeam:
    key: str
    name: str
    seed: int | None  # 1-based place in the stage's seed order
    label: str = ""  # "1º A" for a chave qualifier
    entity: str = ""


@dataclass(frozen=True)
class Slot:
    """One place of a rodada: a jogo, a chapéu, or a jogo still waiting for its teams.

    ``team_a``/``team_b`` are None while unknown (``pending_a``/``pending_b``) or for a
    chapéu (``bye``: the other team advances without a jogo).
    """

    round: int
    position: int
    team_a: SlotTeam | None
    team_b: SlotTeam | None
    pending_a: bool = False
    pending_b: bool = False
    bye: bool = False
    third_place: bool = False
    match_id: int | None = None
    table: str = ""  # the mesa
    scheduled_at: datetime | None = None
    deadline: datetime | None = None  # the rodada's soft limit (docs/rules.md §3.12)
    score: str = ""  # "2–1", "W.O. (...)"
    games: list[str] = field(default_factory=list)  # partida scores "12–8"
    winner: str | None = None  # team key once homologated (or advancing from a chapéu)
    state: str = ""  # "a jogar", "aguardando homologação", "homologada"
    pending: bool = False  # score shown before its homologation: marked, advances nobody
    homologated_at: datetime | None = None
    late: bool = False  # V-M17: homologated after the rodada's deadline (soft)
    has_sheet: bool = False
    bracket: str = ""  # a double elimination's "W", "L" or "GF" (Match.bracket)

    @property
    def a_games(self) -> list[str]:
        """Partida scores of team_a, in order (the first number of each "12–8")."""
        return [g.split("–")[0] for g in self.games]

    @property
    def b_games(self) -> list[str]:
        return [g.split("–")[-1] for g in self.games]


@dataclass(frozen=True)
class Placing:
    position: int
    team: SlotTeam
    last: int = 0  # a double elimination's shared band «5º a 6º»: its last position

    @property
    def shared(self) -> bool:
        return self.last > self.position


@dataclass
class Bracket:
    stage_key: str
    size: int
    rounds: list[list[Slot]]
    round_names: list[str]
    third_place: Slot | None = None
    placings: list[Placing] = field(default_factory=list)
    recognized: bool = True  # False: the loaded jogos draw no bracket; see ``matches``
    third_place_enabled: bool = False
    teams: list[SlotTeam] = field(default_factory=list)  # in seed order
    # A double elimination (docs/rules.md §3.18): ``rounds`` is the winners' bracket;
    # the repescagem's rodadas and the grand final (with its reset once played) apart.
    double: bool = False
    losers: list[list[Slot]] = field(default_factory=list)
    loser_names: list[str] = field(default_factory=list)
    finals: list[Slot] = field(default_factory=list)
    reset: bool = False

    @property
    def champion(self) -> SlotTeam | None:
        return next((p.team for p in self.placings if p.position == 1), None)

    @property
    def started(self) -> bool:
        """Any súmula (any state) in rodada 1: from then on pairings cannot be fixed."""
        return any(s.has_sheet for s in (self.rounds[0] if self.rounds else []))

    @property
    def late(self) -> list[Slot]:
        return [s for s in self.all_slots() if s.late]

    def columns(self) -> list[dict[str, Any]]:
        return [{"name": n, "slots": level} for n, level in zip(self.round_names, self.rounds)]

    def third_columns(self) -> list[dict[str, Any]]:
        return [{"name": third_place_name(), "slots": [self.third_place]}] if self.third_place else []

    def loser_columns(self) -> list[dict[str, Any]]:
        return [{"name": n, "slots": level} for n, level in zip(self.loser_names, self.losers)]

    def final_columns(self) -> list[dict[str, Any]]:
        return [{"name": round_label(s), "slots": [s]} for s in self.finals]

    def all_slots(self) -> list[Slot]:
        extra = [self.third_place] if self.third_place else []
        return [s for r in self.rounds for s in r] + extra + [s for r in self.losers for s in r] + self.finals


def round_label(s: Slot) -> str:
    """A double elimination's jogo by its bracket and rodada («Grande final»)."""
    return double_round_name(s.bracket, s.round)


def winner_of(modality: Modality, result: Any, a: str, b_key: str) -> str | None:
    """The key of the winner of a result that counts (``rules.counting``);
    ``bracket.NO_WINNER`` when nobody won (double W.O.); None when it does not count."""
    outcome = judge_result(modality, result, a, b_key).outcome
    if outcome is None:
        return None
    won = outcome.winner
    if won is None:
        return b.NO_WINNER
    return a if won is Side.A else b_key


def knockout_stages(t: Tournament) -> list[Stage]:
    return list(t.stages.filter(kind=Stage.Kind.KNOCKOUT).order_by("order", "id"))


def pick_stage(stages: list[Stage], wanted: str | None) -> Stage | None:
    """The mata-mata whose key is ``wanted`` (None if none is); the first when none is asked."""
    if wanted:
        return next((s for s in stages if s.key == wanted), None)
    return stages[0] if stages else None


@dataclass
class _Read:
    entries: list[StageTeam]
    matches: list[Match]
    results: dict[int, Any]  # homologated: these move the bracket
    pending: dict[int, Any]  # shown before homologation (the tournament's switch)
    status: dict[int, str]  # the public state of each jogo
    sheets: set[int]


def _read(stage: Stage, staff: bool) -> _Read:
    entries = list(StageTeam.objects.filter(stage=stage).select_related("team__entity").order_by("order"))
    matches = list(
        Match.objects.filter(stage=stage)
        .select_related("team_a", "team_b", "table")
        .order_by("round", "slot")
    )
    shown = published(stage.tournament, [m.pk for m in matches])
    results = {pk: s.result for pk, s in shown.items() if s.final and s.result is not None}
    pending = {pk: s.result for pk, s in shown.items() if s.pending}
    status = {m.pk: state_of(shown.get(m.pk)) for m in matches}
    any_sheet: set[int] = set()
    rows = ScoreSheet.objects.filter(match__stage=stage).order_by("match_id", "version")
    for match_id, state in rows.values_list("match_id", "status"):
        any_sheet.add(match_id)
        if staff and state not in (ScoreSheet.Status.SUPERSEDED, ScoreSheet.Status.DRAFT):
            status[match_id] = str(ScoreSheet.Status(state).label)  # the organizer sees every step
    return _Read(entries, matches, results, pending, status, any_sheet)


def bracket_winners(
    modality: Modality, matches: list[Match], results: dict[int, Any]
) -> dict[tuple[int, int], str]:
    """(rodada, slot) → winner of every homologated bracket jogo (3º lugar excluded)."""
    out: dict[tuple[int, int], str] = {}
    for m in matches:
        if m.pk in results and m.slot is not None and m.round is not None and not m.third_place:
            won = winner_of(modality, results[m.pk], m.team_a.key, m.team_b.key)
            if won is not None:
                out[(m.round, m.slot)] = won
    return out


def bracket_data(stage: Stage, *, staff: bool = False) -> Bracket:
    """The whole bracket of a knockout stage; ``staff`` adds homologation times (V-M17)
    and each súmula's own state (sent, signed) where the public sees «a jogar»."""
    t = stage.tournament
    modality = t.rules()
    data = _read(stage, staff)
    seeds = {e.team.key: _slot_team(e.team, e.order + 1, e.label) for e in data.entries}
    teams = list(seeds.values())
    recognized = bool(data.entries) and all(e.position is not None for e in data.entries)
    if len(data.entries) < 2 or not recognized:
        return Bracket(stage.key, 0, [], [], recognized=False, teams=teams)
    if t.double_elimination:
        from knockout.selectors_double import double_data  # it reads knockout.services.double

        return double_data(stage, data, seeds, _homologation_times(data.matches) if staff else {})
    size = b.bracket_size(len(data.entries))
    lines: list[str | None] = [None] * size
    for e in data.entries:
        lines[e.position or 0] = e.team.key
    winners = bracket_winners(modality, data.matches, data.results)
    pairings = b.bracket_rounds(lines, winners)
    by_slot = {(m.round, m.slot, m.third_place): m for m in data.matches if m.slot is not None}
    rounds_db = {r.number: r for r in Round.objects.filter(stage=stage)}
    homologated = _homologation_times(data.matches) if staff else {}

    def slot(p: b.Pairing, third: bool = False) -> Slot:
        m = by_slot.get((p.round, p.slot, third))
        rnd = rounds_db.get(p.round)
        base: dict[str, Any] = {
            "round": p.round,
            "position": p.slot,
            "team_a": seeds.get(p.a) if isinstance(p.a, str) else None,
            "team_b": seeds.get(p.b) if isinstance(p.b, str) else None,
            "pending_a": p.a is b.Open.PENDING,
            "pending_b": p.b is b.Open.PENDING,
            "bye": p.is_bye,
            "third_place": third,
            "deadline": rnd.deadline if rnd else None,
        }
        won = b.advance(p, winners) if not third else None
        if p.is_bye and isinstance(won, str):
            base["winner"] = won
        if m is not None and p.is_match and {m.team_a.key, m.team_b.key} == {p.a, p.b}:
            base.update(match_fields(m, data, modality, seeds, homologated, rnd, base["deadline"]))
        return Slot(**base)

    rounds = [[slot(p) for p in level] for level in pairings]
    third_enabled = modality.third_place_match and len(pairings) >= 2
    third = None
    third_winner = None
    if third_enabled:
        tp = b.third_place_pairing(pairings, winners)
        if tp is not None:
            third = slot(tp, third=True)
            third_winner = third.winner
    places = b.placings(
        pairings, winners, b.third_place_pairing(pairings, winners) if third_enabled else None, third_winner
    )
    total = len(pairings)
    return Bracket(
        stage_key=stage.key,
        size=size,
        rounds=rounds,
        round_names=[round_name(i + 1, total) for i in range(total)],
        third_place=third,
        placings=[Placing(p.position, seeds[p.key]) for p in places],
        third_place_enabled=third_enabled,
        teams=teams,
    )


def match_fields(
    m: Match,
    data: _Read,
    modality: Modality,
    seeds: dict[str, SlotTeam],
    homologated: dict[int, datetime],
    rnd: Round | None,
    deadline: datetime | None,
) -> dict[str, Any]:
    """A Slot's fields from its jogo: mesa, horário, state, and the score the public may
    see (a pending one marked, winning nothing)."""
    names = {k: s.name for k, s in seeds.items()}
    summary = None
    shown = data.results.get(m.pk, data.pending.get(m.pk))
    if shown is not None:
        summary = summarize(modality, shown, m.team_a.key, m.team_b.key, names)
    pending = summary is not None and m.pk not in data.results
    at = homologated.get(m.pk)
    out: dict[str, Any] = {
        "match_id": m.pk,
        "table": m.table.name if m.table else "",
        "scheduled_at": m.scheduled_at or (rnd.starts_at if rnd else None),
        "state": data.status[m.pk],
        "has_sheet": m.pk in data.sheets,
        "homologated_at": at,
        "late": bool(at and deadline and at > deadline),
        # The jogo's own order of teams: its partida scores read in that order.
        "team_a": seeds.get(m.team_a.key),
        "team_b": seeds.get(m.team_b.key),
    }
    if summary is not None:
        out.update(score=summary.score, games=[g for g in summary.games.split(", ") if g])
        # A pending score is shown, never as won: it moves nobody.
        out.update(winner=None if pending else summary.winner, pending=pending)
    return out


def _slot_team(team: Team, seed: int, label: str) -> SlotTeam:
    return SlotTeam(team.key, team.name, seed, label, team.entity.name if team.entity else "")


def _homologation_times(matches: list[Match]) -> dict[int, datetime]:
    rows = (
        SheetEvent.objects.filter(match__in=matches, kind=SheetEvent.Kind.HOMOLOGATED)
        .values("match_id")
        .annotate(at=Max("at"))
    )
    return {r["match_id"]: r["at"] for r in rows}


def bracket_document(t: Tournament, data: Bracket) -> dict[str, Any]:
    """``tenteio-bracket/1``: the bracket for integrators (TV scoreboard, federation site)."""

    def team(s: SlotTeam | None) -> dict[str, Any] | None:
        return None if s is None else {"key": s.key, "name": s.name, "seed": s.seed, "label": s.label}

    def slot(s: Slot) -> dict[str, Any]:
        return {
            "round": s.round,
            "position": s.position,
            "teams": [team(s.team_a), team(s.team_b)],
            "bye": s.bye,
            "match": s.match_id,
            "table": s.table or None,
            "deadline": s.deadline.isoformat() if s.deadline else None,
            "score": s.score or None,
            "games": s.games,
            "winner": s.winner,
            "state": s.state or None,
            "final": bool(s.score) and not s.pending,
            "pending": s.pending,
        }

    doc: dict[str, Any] = {
        "format": "tenteio-bracket/1",
        "tournament": t.slug,
        "stage": data.stage_key,
        "size": data.size,
        "rounds": [
            {"name": name, "slots": [slot(s) for s in level]}
            for name, level in zip(data.round_names, data.rounds)
        ],
        "third_place": slot(data.third_place) if data.third_place else None,
        "placings": [
            {"position": p.position, "team": p.team.key, "name": p.team.name} for p in data.placings
        ],
    }
    if data.double:  # the winners' bracket is "rounds"; the repescagem and the grand final
        doc["double_elimination"] = {
            "losers_rounds": [
                {"name": name, "slots": [slot(s) for s in level]}
                for name, level in zip(data.loser_names, data.losers)
            ],
            "grand_final": [dict(slot(s), name=round_label(s)) for s in data.finals],
            "reset": data.reset,
        }
        for entry, p in zip(doc["placings"], data.placings):
            entry["last"] = max(p.last, p.position)
    return doc
