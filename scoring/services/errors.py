"""Refusals of the súmula services, each carrying the text to show, translated when raised
(in the request's language)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

if TYPE_CHECKING:
    from scoring.diff import Change
    from scoring.models import ScoreSheet


@dataclass(frozen=True)
class EntryProblem:
    """One finding about typed súmula data; ``game`` is the 1-based partida or None."""

    message: str
    game: int | None = None
    code: str = ""
    fixable: bool = False  # a V-P2 score the judge may ask to record as the target


class ScoringError(Exception):
    """Base refusal; ``str(error)`` is the message for the person who asked."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotAllowed(ScoringError):
    status = 403


class WorkflowError(ScoringError):
    """The súmula is not in a state that allows this step."""

    status = 409


class EntryInvalid(ScoringError):
    """The typed súmula breaks the rules (or the roster); nothing was written."""

    status = 422

    def __init__(self, problems: Sequence[EntryProblem]) -> None:
        super().__init__(_("A súmula tem erros; nada foi gravado."))
        self.problems = list(problems)

    @property
    def fixable(self) -> bool:
        return any(p.fixable for p in self.problems)


class StaleEdit(ScoringError):
    """Someone saved a newer version after the one this edit started from."""

    status = 409

    def __init__(self, current: ScoreSheet, changes: Sequence[Change]) -> None:
        who = current.entered_by.get_username() if current.entered_by else _("outra pessoa")
        super().__init__(
            _(
                "A súmula foi alterada por %(who)s (versão %(version)d) enquanto você digitava; "
                "nada foi gravado. Confira o que mudou e envie de novo se ainda for preciso."
            )
            % {"who": who, "version": current.version}
        )
        self.current = current
        self.changes = list(changes)


class PinRefused(ScoringError):
    status = 403


class AlreadyWritten(Exception):
    """The POST's idempotency key was already written (a resend after a lost reply):
    nothing new is written, and the caller answers what ``row`` records, the original
    outcome. ``row`` is the ScoreSheet version, the second entry's SheetEvent or the
    Signature that the first POST with this key wrote. Not a refusal."""

    def __init__(self, row: Any) -> None:
        super().__init__(f"already written: {row!r}")
        self.row = row


class StaleDecision(ScoringError):
    """The súmula or its second entry changed after the page the decision was made on."""

    status = 409
