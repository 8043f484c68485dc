"""The súmula workflow: draft → submitted → signed → homologated, append-only.

Every write locks the jogo's ``tournaments.Match`` row (``SELECT ... FOR UPDATE``)
inside a transaction before reading the versions, so two judges and an organizer
acting on the same súmula are serialised: the first wins, the others see that the
version they started from is no longer the latest and get :class:`StaleEdit` with what
changed. Nothing is ever updated in place except the workflow fields (``status``,
``confirmed``) of a version, and each such move is written as a ``SheetEvent``. A
move that changes the version that counts, or whether it is homologated, rewrites the
jogo's stored contributions (``scoring.services.contributions``) in the same
transaction, under the same lock.

With double entry (``ScoringSettings.double_entry``, for every jogo or only the
mata-mata's) a submitted version waits for a second person to re-type it blind
(:func:`sheet_check`); the person who entered a version can never be the one who
confirms it. Two different entries are decided by the comissão
(``scoring.services.double_entry``) or by a corrected version that is re-typed again.

A write from the judge's phone carries its idempotency ``key``, never written twice
(``scoring.services.keys``): checked before anything else and again under the Match lock.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.access import ensure_can_enter, ensure_can_manage, tournament_of
from scoring.diff import Change, Names, content_of, diff
from scoring.models import ScoreSheet, ScoringSettings, SheetEvent
from scoring.services.consequences import consequences_of
from scoring.services.contributions import contributions_refresh
from scoring.services.entry import EntryData, prepare_entry
from scoring.services.errors import EntryInvalid, NotAllowed, StaleEdit, WorkflowError
from scoring.services.keys import ensure_new, ensure_new_check, ensure_new_sheet
from scoring.signals import sheet_homologated, sheet_reverted
from tournaments.models import Match, Stage, Team
from tournaments.revision import bump_match
from tournaments.services import recorded_user

Status = ScoreSheet.Status


@dataclass(frozen=True)
class Origin:
    """Where a request came from, kept with each version and event."""

    ip: str | None = None
    user_agent: str = ""


NO_ORIGIN = Origin()


@dataclass
class CheckOutcome:
    confirmed: bool
    sheet: ScoreSheet
    changes: list[Change] = field(default_factory=list)


def _event(
    match: Match,
    sheet: ScoreSheet | None,
    kind: str,
    user: Any,
    origin: Origin,
    *,
    reason: str = "",
    details: dict[str, Any] | None = None,
    key: uuid.UUID | None = None,
) -> None:
    SheetEvent.objects.create(
        match=match,
        sheet=sheet,
        kind=kind,
        actor=recorded_user(user),
        ip=origin.ip,
        user_agent=origin.user_agent[:300],
        reason=reason,
        details=details or {},
        client_key=key,
    )


def _locked_versions(match: Match) -> list[ScoreSheet]:
    """Lock the jogo, then read its versions: the serialisation point of every write."""
    Match.objects.select_for_update().filter(pk=match.pk).values_list("pk", flat=True).get()
    sheets = list(ScoreSheet.objects.filter(match=match).select_related("entered_by").order_by("version"))
    for sheet in sheets:
        sheet.match = match  # the jogo in hand: its teams are not read again for each check
    return sheets


def _ensure_base(match: Match, sheets: list[ScoreSheet], base_version: int) -> ScoreSheet | None:
    latest = sheets[-1] if sheets else None
    if (latest.version if latest else 0) != base_version:
        if latest is None:
            raise WorkflowError(_("A versão informada da súmula não existe; recarregue a página."))
        base = next((s for s in sheets if s.version == base_version), None)
        changes = diff(content_of(base) if base else None, content_of(latest), Names.of(match))
        raise StaleEdit(latest, changes)
    return latest


def double_entry(match: Match) -> bool:
    """Whether a version of this jogo sent now waits for a second entry: the setting is
    on, for every jogo or (``knockout_only``) for the mata-mata's alone."""
    settings = ScoringSettings.objects.filter(tournament=tournament_of(match)).first()
    if settings is None or not settings.double_entry:
        return False
    return not settings.knockout_only or match.stage.kind == Stage.Kind.KNOCKOUT


def required_teams(match: Match, result: dict[str, Any]) -> list[Team]:
    """Capatazes who must sign: both, except a team absent in a W.O. (docs/rules.md E5)."""
    absent = result.get("walkover")
    absent_keys = set(absent if isinstance(absent, list) else [absent] if absent else [])
    return [t for t in (match.team_a, match.team_b) if t.key not in absent_keys]


def _signatures_complete(sheet: ScoreSheet) -> bool:
    signed = set(sheet.signatures.values_list("team_id", flat=True))
    return all(t.pk in signed for t in required_teams(sheet.match, sheet.result))


def shows_pending(match: Match) -> bool:
    """Whether the public sees this jogo's sent súmulas before their homologation (the
    tournament's switch, docs/rules.md §3.14): only then does sending, confirming or
    correcting one change a public page, and move the public revision."""
    return bool(tournament_of(match).show_pending_results)


def _on_live_board(match: Match) -> bool:
    # A jogo with hands entered is on the public live board until its súmula is sent
    # (tally.selectors.matches_in_play): sending it changes that page whatever the switch.
    return Match.objects.filter(pk=match.pk, hand_entries__isnull=False).exists()


def _confirm(sheet: ScoreSheet, sheets: list[ScoreSheet], user: Any) -> None:
    # Unconfirm the old one first: the partial unique index allows one confirmed row.
    for old in sheets:
        if old.confirmed and old.pk != sheet.pk:
            old.confirmed = False
            old.status = Status.SUPERSEDED
            old.save(update_fields=["confirmed", "status"])
    sheet.confirmed = True
    sheet.confirmed_by = recorded_user(user)
    sheet.confirmed_at = timezone.now()
    sheet.save(update_fields=["confirmed", "confirmed_by", "confirmed_at"])
    contributions_refresh(match=sheet.match)  # the version that counts changed


def sheet_save(
    *,
    match: Match,
    user: Any,
    data: EntryData,
    base_version: int,
    submit: bool,
    origin: Origin = NO_ORIGIN,
    source: str = "juiz",
    key: uuid.UUID | None = None,
) -> ScoreSheet:
    """Write a new version (a draft, or a submission) based on ``base_version``.

    A submission must pass the rules engine and the roster checks; a draft only needs a
    readable shape. Nothing is written on any refusal. Locks the Match row. ``key``, the
    phone's idempotency key, is kept on the version; a key this jogo already has raises
    :class:`AlreadyWritten` with that version (``scoring.services.keys``).
    """
    ensure_can_enter(user, match)
    ensure_new_sheet(match, key)
    prepared = prepare_entry(match, data)
    if submit and not prepared.ok:
        raise EntryInvalid(prepared.problems)
    if not submit and not prepared.draft_ok:
        raise EntryInvalid(prepared.shape_problems)
    assert prepared.result is not None
    confirm_now = submit and not double_entry(match)
    with transaction.atomic():
        sheets = _locked_versions(match)
        ensure_new(sheets, key)
        latest = _ensure_base(match, sheets, base_version)
        confirmed = next((s for s in sheets if s.confirmed), None)
        if confirmed is not None and confirmed.status == Status.HOMOLOGATED:
            raise WorkflowError(
                _(
                    "A súmula está homologada; a comissão organizadora precisa reverter a homologação "
                    "antes de uma correção."
                )
            )
        if not submit and confirmed is not None:
            raise WorkflowError(
                _("A súmula já foi enviada: uma correção deve ser enviada, não salva como rascunho.")
            )
        changed = submit  # a sent version, or a sent one set aside below
        for old in sheets:
            if not old.confirmed and old.status != Status.SUPERSEDED:
                changed = changed or old.status != Status.DRAFT
                old.status = Status.SUPERSEDED
                old.save(update_fields=["status"])
        sheet = ScoreSheet(
            match=match,
            version=(latest.version if latest else 0) + 1,
            status=Status.SUBMITTED if submit else Status.DRAFT,
            result=prepared.result,
            lineups=prepared.lineups,
            observations=prepared.observations,
            normalizations=prepared.normalizations,
            based_on=base_version or None,
            entered_by=recorded_user(user),
            entered_ip=origin.ip,
            user_agent=origin.user_agent[:300],
            source=source,
            client_key=key,
        )
        sheet.save()
        kind = SheetEvent.Kind.SUBMITTED if submit else SheetEvent.Kind.DRAFT_SAVED
        _event(match, sheet, kind, user, origin, details={"version": sheet.version})
        if confirm_now:
            _confirm(sheet, sheets, user)
            _event(match, sheet, SheetEvent.Kind.CONFIRMED, user, origin, details={"version": sheet.version})
        if changed and (shows_pending(match) or _on_live_board(match)):
            bump_match(tournament_of(match).pk, match, live=not shows_pending(match))
    return sheet


def sheet_check(
    *,
    match: Match,
    user: Any,
    data: EntryData,
    version: int,
    origin: Origin = NO_ORIGIN,
    key: uuid.UUID | None = None,
) -> CheckOutcome:
    """Double entry: compare a blind re-entry with the version waiting for confirmation.

    Equal result and lineups confirm that version; any difference is returned side by
    side (and logged) and nothing is confirmed. Locks the Match row. ``key`` is kept on
    the event either writes; a key already written raises :class:`AlreadyWritten` with
    that event (a resend must not log a second differing entry).
    """
    ensure_can_enter(user, match)
    ensure_new_check(match, key)
    prepared = prepare_entry(match, data)
    if not prepared.ok:
        raise EntryInvalid(prepared.problems)
    with transaction.atomic():
        sheets = _locked_versions(match)
        ensure_new_check(match, key)
        latest = _ensure_base(match, sheets, version)
        if latest is None or latest.confirmed or not latest.is_live:
            raise WorkflowError(_("Não há súmula aguardando conferência neste jogo."))
        if latest.entered_by_id is not None and latest.entered_by_id == getattr(user, "pk", None):
            raise NotAllowed(
                _("Quem lançou a súmula não pode conferi-la: peça a outra pessoa para redigitar.")
            )
        typed = {"result": prepared.result, "lineups": prepared.lineups}
        stored = {"result": latest.result, "lineups": latest.lineups}
        changes = diff(stored, typed, Names.of(match))
        if changes:
            details = {
                "version": latest.version,
                "entry": typed,  # kept whole: the comissão may accept it (services.double_entry)
                "normalizations": prepared.normalizations,
                "changes": [c.field for c in changes],
            }
            _event(match, latest, SheetEvent.Kind.CHECK_MISMATCH, user, origin, details=details, key=key)
            return CheckOutcome(False, latest, changes)
        _confirm(latest, sheets, user)
        # "check": confirmed by an identical second entry, not at sending (the súmula page).
        details = {"version": latest.version, "check": "same"}
        _event(match, latest, SheetEvent.Kind.CONFIRMED, user, origin, details=details, key=key)
        if shows_pending(match):
            bump_match(tournament_of(match).pk, match)  # its result is shown now, as pending
    return CheckOutcome(True, latest)


def sheet_homologate(*, match: Match, user: Any, version: int, origin: Origin = NO_ORIGIN) -> ScoreSheet:
    """The organizer accepts the confirmed, signed version; W.O. and Art. 20 §1º then
    expel the team (computed by the rules engine from homologated súmulas). Locks the
    Match row."""
    ensure_can_manage(user, tournament_of(match))
    with transaction.atomic():
        sheets = _locked_versions(match)
        sheet = _ensure_base(match, sheets, version)
        if sheet is None or not sheet.is_live:
            raise WorkflowError(_("Não há súmula enviada para homologar."))
        if sheet.status == Status.HOMOLOGATED:
            raise WorkflowError(_("Esta súmula já está homologada."))
        if not sheet.confirmed:
            raise WorkflowError(_("A súmula ainda aguarda a conferência (dupla digitação)."))
        if not _signatures_complete(sheet):
            raise WorkflowError(_("Faltam as assinaturas dos capatazes."))
        sheet.status = Status.HOMOLOGATED
        sheet.save(update_fields=["status"])
        contributions_refresh(match=match)  # now counted in the public standings
        sheet_homologated.send(ScoreSheet, match=match)  # the mata-mata advances; may refuse
        texts = [c.text for c in consequences_of(match, sheet.result)]
        details = {"version": sheet.version, "consequences": texts}
        _event(match, sheet, SheetEvent.Kind.HOMOLOGATED, user, origin, details=details)
        bump_match(tournament_of(match).pk, match)
    return sheet


def sheet_revert(
    *, match: Match, user: Any, version: int, reason: str, origin: Origin = NO_ORIGIN
) -> ScoreSheet:
    """Undo a homologation (organizer only, with a written reason); its consequences
    go with it because they are computed from homologated súmulas. Locks the Match row."""
    ensure_can_manage(user, tournament_of(match))
    reason = (reason or "").strip()
    if not reason:
        raise WorkflowError(_("Informe por escrito o motivo da reversão."))
    with transaction.atomic():
        sheets = _locked_versions(match)
        sheet = _ensure_base(match, sheets, version)
        if sheet is None or sheet.status != Status.HOMOLOGATED:
            raise WorkflowError(_("Esta súmula não está homologada."))
        sheet.status = Status.SIGNED if _signatures_complete(sheet) else Status.SUBMITTED
        sheet.save(update_fields=["status"])
        contributions_refresh(match=match)  # now counted in the public standings
        sheet_reverted.send(ScoreSheet, match=match)  # refused while the next jogo is homologated
        texts = [c.text for c in consequences_of(match, sheet.result)]
        details = {"version": sheet.version, "undone": texts}
        _event(match, sheet, SheetEvent.Kind.REVERTED, user, origin, reason=reason[:2000], details=details)
        bump_match(tournament_of(match).pk, match)
    return sheet
