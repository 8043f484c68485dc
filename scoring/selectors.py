"""Reads of súmulas: codes, states per rodada, the judge's jogos, history, expulsions."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.utils.translation import gettext_lazy, ngettext

from core.text import clean_name
from rules.group import GroupMatch, evaluate_group
from rules.results import from_interchange
from scoring import codes
from scoring.access import assigned_table_ids, can_enter, is_organizer
from scoring.diff import Change, Names, content_of, diff
from scoring.models import ScoreSheet, SheetEvent, Signature, TeamPin
from tournaments.models import Group, Match, Player, Tournament

STATE_LABELS = {
    "missing": gettext_lazy("sem súmula"),
    "draft": gettext_lazy("rascunho"),
    "submitted": gettext_lazy("enviada"),
    "awaiting_check": gettext_lazy("aguardando 2ª digitação"),
    "check_mismatch": gettext_lazy("com digitações diferentes"),
    "signed": gettext_lazy("assinada"),
    "homologated": gettext_lazy("homologada"),
}


def state_count(state: str, n: int) -> str:
    """«7 assinadas», «1 enviada»: a count of súmulas in one state, in agreement."""
    phrases = {
        "missing": ngettext("%(n)d sem súmula", "%(n)d sem súmula", n),
        "draft": ngettext("%(n)d rascunho", "%(n)d rascunhos", n),
        "submitted": ngettext("%(n)d enviada", "%(n)d enviadas", n),
        "awaiting_check": ngettext("%(n)d aguardando 2ª digitação", "%(n)d aguardando 2ª digitação", n),
        "check_mismatch": ngettext("%(n)d com digitações diferentes", "%(n)d com digitações diferentes", n),
        "signed": ngettext("%(n)d assinada", "%(n)d assinadas", n),
        "homologated": ngettext("%(n)d homologada", "%(n)d homologadas", n),
    }
    return phrases[state] % {"n": n}


def match_code(match: Match) -> str:
    return codes.encode(match.pk)


def match_from_code(code: str, tournament: Tournament | None = None) -> Match | None:
    """The jogo of a paper súmula's code (optionally only within ``tournament``)."""
    match_id = codes.decode(code or "")
    if match_id is None:
        return None
    qs = Match.objects.filter(pk=match_id)
    if tournament is not None:
        qs = qs.filter(stage__tournament=tournament)
    return qs.select_related("stage__tournament").first()


def matches_with_players(qs: QuerySet[Match]) -> QuerySet[Match]:
    players = Prefetch("players", queryset=Player.objects.order_by("order", "id"))
    return qs.select_related("team_a", "team_b", "table", "stage__tournament", "group").prefetch_related(
        Prefetch("team_a__players", queryset=players.queryset),
        Prefetch("team_b__players", queryset=players.queryset),
    )


def tournament_match(tournament: Tournament, match_id: int) -> Match | None:
    qs = Match.objects.filter(pk=match_id, stage__tournament=tournament)
    return matches_with_players(qs).first()


def versions(match: Match) -> list[ScoreSheet]:
    return list(
        ScoreSheet.objects.filter(match=match)
        .select_related("entered_by", "confirmed_by")
        .prefetch_related("signatures__team", "signatures__recorded_by")
        .order_by("version")
    )


def awaits_check(sheet: ScoreSheet) -> bool:
    """Sent under double entry and not yet confirmed: waits for the second entry, signed
    by the capatazes or not (they usually sign at the mesa before it is re-typed)."""
    return not sheet.confirmed and sheet.status in (ScoreSheet.Status.SUBMITTED, ScoreSheet.Status.SIGNED)


def state_of(latest: ScoreSheet | None, mismatched: bool = False) -> str:
    """The jogo's state from its latest version; ``mismatched``: a second entry of that
    version differed (``SheetEvent.Kind.CHECK_MISMATCH``)."""
    if latest is None:
        return "missing"
    if awaits_check(latest):
        return "check_mismatch" if mismatched else "awaiting_check"
    return str(latest.status)


def mismatched_sheets(sheets: Iterable[ScoreSheet]) -> set[int]:
    """Of these versions, the ids of those waiting for a check whose second entry differed
    (one query, none when no version waits)."""
    waiting = [s.pk for s in sheets if awaits_check(s)]
    if not waiting:
        return set()
    kind = SheetEvent.Kind.CHECK_MISMATCH
    return set(SheetEvent.objects.filter(sheet_id__in=waiting, kind=kind).values_list("sheet_id", flat=True))


@dataclass
class SheetView:
    """A jogo with its latest version, for lists and the entry page."""

    match: Match
    latest: ScoreSheet | None
    confirmed: ScoreSheet | None = None
    code: str = ""
    state: str = "missing"

    @property
    def state_label(self) -> str:
        return str(STATE_LABELS[self.state])

    @property
    def version(self) -> int:
        return self.latest.version if self.latest else 0


def sheet_views(matches: Iterable[Match], *prefetch: Any) -> list[SheetView]:
    """Each jogo with its latest and its confirmed version, in one query (``prefetch``:
    what the caller reads of the versions too)."""
    matches = list(matches)
    latest: dict[int, ScoreSheet] = {}
    confirmed: dict[int, ScoreSheet] = {}
    sheets = ScoreSheet.objects.filter(match__in=matches).prefetch_related(*prefetch)
    for sheet in sheets.order_by("match_id", "version"):
        latest[sheet.match_id] = sheet
        if sheet.confirmed:
            confirmed[sheet.match_id] = sheet
    differ = mismatched_sheets(latest.values())
    views = []
    for m in matches:
        last = latest.get(m.pk)
        state = state_of(last, last is not None and last.pk in differ)
        views.append(SheetView(m, last, confirmed.get(m.pk), match_code(m), state))
    return views


def sheet_view(match: Match) -> SheetView:
    return sheet_views([match])[0]


def rounds_of(tournament: Tournament) -> list[int]:
    qs = Match.objects.filter(stage__tournament=tournament, round__isnull=False)
    return sorted({r for r in qs.values_list("round", flat=True) if r is not None})


def judge_sheets(user: Any, tournament: Tournament, *, table_name: str | None = None) -> list[SheetView]:
    """The jogos a user may enter, not yet homologated, optionally at one mesa."""
    qs = Match.objects.filter(stage__tournament=tournament)
    if not is_organizer(user, tournament):
        tables = assigned_table_ids(user, tournament)
        if tables:
            qs = qs.filter(table_id__in=tables)
    if table_name:
        qs = qs.filter(table__name__iexact=clean_name(table_name))
    views = sheet_views(qs.select_related("team_a", "team_b", "table", "group", "stage"))
    return [v for v in views if v.state != "homologated" and can_enter(user, v.match)]


@dataclass
class VersionEntry:
    sheet: ScoreSheet
    changes: list[Change]


@dataclass
class History:
    entries: list[VersionEntry] = field(default_factory=list)
    events: list[SheetEvent] = field(default_factory=list)


def history(match: Match) -> History:
    """Every version, each with its field-by-field difference from the one before, and
    every state change with who, when and from where."""
    names = Names.of(match)
    out = History()
    previous: ScoreSheet | None = None
    for sheet in versions(match):
        before = content_of(previous) if previous is not None else None
        out.entries.append(VersionEntry(sheet, diff(before, content_of(sheet), names)))
        previous = sheet
    out.entries.reverse()
    out.events = list(
        SheetEvent.objects.filter(match=match).select_related("actor", "sheet").order_by("-at", "-id")
    )
    return out


def homologated_results(**where: Any) -> dict[int, Any]:
    """The result of each jogo's homologated súmula (the one that counts), by jogo id;
    ``where`` chooses the súmulas (``match__stage=stage``)."""
    sheets = ScoreSheet.objects.filter(confirmed=True, status=ScoreSheet.Status.HOMOLOGATED, **where)
    return {s.match_id: s.result for s in sheets.only("match_id", "result")}


def expelled_teams(tournament: Tournament) -> set[str]:
    """Keys of teams out of the tournament after homologated W.O.s and Art. 20 §1º
    disqualifications, as the rules engine computes them for the standings."""
    modality = tournament.rules()
    results = homologated_results(match__stage__tournament=tournament)
    out: set[str] = set()
    groups = Group.objects.filter(stage__tournament=tournament).prefetch_related(
        "matches__team_a", "matches__team_b"
    )
    for group in groups:
        fixtures = []
        for m in group.matches.all():
            report = None
            if m.pk in results:
                report, _ = from_interchange(results[m.pk], m.team_a.key, m.team_b.key)
            fixtures.append(GroupMatch(str(m.pk), m.round, m.team_a.key, m.team_b.key, report))
        out |= evaluate_group(modality, fixtures).disqualified
    return out


def locked_pin_teams(team_ids: Iterable[int]) -> set[int]:
    """Of these teams, those whose PIN lock is not cleared (``pins.paper_blocked``)."""
    return set(
        TeamPin.objects.filter(team_id__in=list(team_ids), locked_until__isnull=False).values_list(
            "team_id", flat=True
        )
    )


def sent_as_draft(sheet: ScoreSheet) -> bool:
    """Whether ``sheet`` was written as a draft (its status may have moved on since)."""
    return SheetEvent.objects.filter(sheet=sheet, kind=SheetEvent.Kind.DRAFT_SAVED).exists()


def check_changes(event: SheetEvent) -> list[Change]:
    """Where the blind second entry logged as ``event`` (a CHECK_MISMATCH) differed from
    the version it checked, as the judge was shown it then (a version never changes)."""
    sheet = event.sheet
    if sheet is None:
        return []
    typed = event.details.get("entry") or {}
    stored = {"result": sheet.result, "lineups": sheet.lineups}
    return diff(stored, typed, Names.of(sheet.match))


def written_sheet(match: Match, key: Any) -> ScoreSheet | None:
    """The version of ``match`` that the POST with idempotency key ``key`` wrote."""
    return ScoreSheet.objects.filter(match=match, client_key=key).first() if key else None


def written_check(match: Match, key: Any) -> SheetEvent | None:
    """The second entry (its CONFIRMED or CHECK_MISMATCH event) written with ``key``."""
    if not key:
        return None
    return SheetEvent.objects.filter(match=match, client_key=key).select_related("sheet").first()


def written_signature(match: Match, key: Any) -> Signature | None:
    """The signature on a version of ``match`` written with ``key``."""
    if not key:
        return None
    found = Signature.objects.filter(sheet__match=match, client_key=key)
    return found.select_related("sheet", "team").first()
