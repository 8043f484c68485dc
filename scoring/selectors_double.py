"""Reads of the double-entry workflow of one jogo, for the organizer's súmula page.

For the jogo's latest version: who typed the first entry (the version itself), who typed
the second and when, the score each gives, where they differ field by field
(``scoring.diff``, in the rulebook's words), and how it ended — waiting for the second
entry, two different entries waiting for a decision, an identical second entry, or the
comissão's decision (``scoring.services.double_entry``). A version sent without double
entry has none of this (None). Nothing here writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from scoring.diff import Change, Names, diff
from scoring.models import ScoreSheet, SheetEvent
from scoring.selectors import SheetView, awaits_check
from scoring.selectors_review import score_text
from scoring.services.double_entry import FIRST, latest_mismatch
from scoring.services.workflow import double_entry
from tournaments.models import Match

Kind = SheetEvent.Kind


@dataclass(frozen=True)
class Typing:
    """One entry of the súmula: who typed it, when, and the score it gives."""

    who: Any  # a user, or None when unknown
    at: datetime | None
    score: str
    games: str
    user_id: int | None = None


@dataclass
class DoubleEntry:
    # "awaiting": no second entry yet; "mismatch": they differ, nothing confirmed;
    # "same": an identical second entry confirmed it; "resolved": the comissão chose.
    state: str
    version: int  # the version the two entries are of
    first: Typing
    second: Typing | None = None
    changes: list[Change] = field(default_factory=list)
    mismatches: int = 0  # second entries of this version that differed
    check_id: int | None = None  # the differing second entry a decision is about
    applies: bool = True  # the tournament's setting covers this jogo today
    decided_by: Any = None
    decided_at: datetime | None = None
    accepted: str = ""  # FIRST or SECOND
    reason: str = ""
    counted: int | None = None  # the version the decision made count

    @property
    def accepted_first(self) -> bool:
        return self.accepted == FIRST

    def typed_by(self, user: Any) -> bool:
        """Whether ``user`` typed one of the two entries (and so may not decide)."""
        pk = getattr(user, "pk", None)
        return pk is not None and pk in (self.first.user_id, self.second.user_id if self.second else None)


def _typing(match: Match, who: Any, at: datetime | None, result: Any) -> Typing:
    score, games = score_text(match.stage.tournament.rules(), match, result)
    return Typing(who, at, score, games, getattr(who, "pk", None))


def _compared(sheet: ScoreSheet) -> dict[str, Any]:
    # What the blind re-entry is compared on (scoring.services.workflow.sheet_check).
    return {"result": sheet.result, "lineups": sheet.lineups}


def _with_second(out: DoubleEntry, match: Match, sheet: ScoreSheet, event: SheetEvent) -> DoubleEntry:
    entry = event.details.get("entry") or {}
    out.second = _typing(match, event.actor, event.at, entry.get("result"))
    out.changes = diff(_compared(sheet), entry, Names.of(match))
    out.check_id = event.pk
    return out


def double_entry_of(match: Match, view: SheetView) -> DoubleEntry | None:
    """The double-entry story of the jogo's latest version, or None if it had none."""
    latest = view.latest
    if latest is None or latest.status == ScoreSheet.Status.DRAFT:
        return None
    if awaits_check(latest):
        out = DoubleEntry(
            "awaiting",
            latest.version,
            _typing(match, latest.entered_by, latest.entered_at, latest.result),
            applies=double_entry(match),
        )
        out.mismatches = SheetEvent.objects.filter(sheet=latest, kind=Kind.CHECK_MISMATCH).count()
        mismatch = latest_mismatch(latest) if out.mismatches else None
        if mismatch is not None:
            out.state = "mismatch"
            _with_second(out, match, latest, mismatch)
        return out
    if not latest.confirmed:
        return None
    events = SheetEvent.objects.filter(sheet=latest, kind__in=(Kind.CHECK_RESOLVED, Kind.CONFIRMED))
    decision = events.select_related("actor").order_by("-id").first()
    if decision is not None and decision.kind == Kind.CHECK_RESOLVED:
        return _resolved(match, latest, decision)
    checked = decision is not None and decision.details.get("check") == "same"
    # Before the "check" mark: a version confirmed by someone else than who entered it.
    older = latest.confirmed_by_id is not None and latest.confirmed_by_id != latest.entered_by_id
    if not (checked or older):
        return None
    first = _typing(match, latest.entered_by, latest.entered_at, latest.result)
    second = _typing(match, latest.confirmed_by, latest.confirmed_at, latest.result)
    out = DoubleEntry("same", latest.version, first, second)
    out.mismatches = SheetEvent.objects.filter(sheet=latest, kind=Kind.CHECK_MISMATCH).count()
    return out


def _resolved(match: Match, counted: ScoreSheet, decision: SheetEvent) -> DoubleEntry | None:
    version = decision.details.get("version")
    first: ScoreSheet | None = counted
    if version != counted.version:
        first = ScoreSheet.objects.select_related("entered_by").filter(match=match, version=version).first()
    check = decision.details.get("check")
    mismatch = SheetEvent.objects.select_related("actor").filter(pk=check, match=match).first()
    if first is None or mismatch is None:
        return None
    out = DoubleEntry(
        "resolved",
        first.version,
        _typing(match, first.entered_by, first.entered_at, first.result),
        decided_by=decision.actor,
        decided_at=decision.at,
        accepted=str(decision.details.get("accepted", "")),
        reason=decision.reason,
        counted=counted.version,
    )
    out.mismatches = SheetEvent.objects.filter(sheet=first, kind=Kind.CHECK_MISMATCH).count()
    return _with_second(out, match, first, mismatch)
