"""Homologation in bulk: the súmulas the comissão selected after a review, in one request.

Each selected jogo goes through :func:`scoring.services.workflow.sheet_homologate` on its
own, in its own transaction: its version is checked (a súmula changed since the list was
loaded is refused as stale), its ``Match`` row is locked, and it gets its own event in
the history. Before that, under the same row lock, the version's avisos are read again
(``scoring.selectors_review.sheet_warnings``): a súmula with an aviso is refused here,
to be opened and homologated on its own page. One refusal never undoes another jogo's
homologation; the outcome says, jogo by jogo, what was homologated and what was
refused and why.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.access import ensure_can_manage
from scoring.models import ScoreSheet
from scoring.selectors_review import match_label, sheet_warnings
from scoring.services.errors import ScoringError, StaleEdit, WorkflowError
from scoring.services.workflow import NO_ORIGIN, Origin, sheet_homologate
from tournaments.models import Match, Tournament
from tournaments.phases import match_round_names

MAX_SELECTED = 500  # one request; a whole day's jogos fit


@dataclass(frozen=True)
class Refusal:
    match_id: int
    label: str
    reason: str

    @property
    def message(self) -> str:
        return f"{self.label}: {self.reason}"


@dataclass
class BulkOutcome:
    homologated: list[tuple[int, str]] = field(default_factory=list)  # (match id, label)
    refused: list[Refusal] = field(default_factory=list)


def _check_warnings(match: Match, version: int) -> None:
    """Under the row lock: the posted version, if it is still the latest, has no aviso."""
    Match.objects.select_for_update().filter(pk=match.pk).values_list("pk", flat=True).get()
    sheet = ScoreSheet.objects.filter(match=match).order_by("-version").first()
    if sheet is None or sheet.version != version:
        return  # sheet_homologate refuses it with what changed
    warnings = sheet_warnings(match.stage.tournament.rules(), match, sheet)
    if warnings:
        raise WorkflowError(
            _("tem avisos (%(warnings)s): abra a súmula e homologue-a sozinha.")
            % {"warnings": "; ".join(warnings)}
        )


def sheets_homologate(
    *,
    tournament: Tournament,
    user: Any,
    selected: Iterable[tuple[int, int]],
    origin: Origin = NO_ORIGIN,
) -> BulkOutcome:
    """Homologate each (jogo id, version) of ``selected``; never raises for one jogo."""
    ensure_can_manage(user, tournament)
    pairs = list(dict.fromkeys(selected))
    if len(pairs) > MAX_SELECTED:
        raise WorkflowError(_("Selecione no máximo %(max)d súmulas de uma vez.") % {"max": MAX_SELECTED})
    matches = {
        m.pk: m
        for m in Match.objects.filter(
            stage__tournament=tournament, pk__in=[p[0] for p in pairs]
        ).select_related("team_a", "team_b", "table", "stage__tournament")
    }
    outcome = BulkOutcome()
    names = match_round_names(matches.values())  # the mata-mata's rodadas by name, at once
    for match_id, version in pairs:
        match = matches.get(match_id)
        if match is None:
            outcome.refused.append(
                Refusal(match_id, _("Jogo %(id)d") % {"id": match_id}, _("não é um jogo deste torneio."))
            )
            continue
        label = match_label(match, names)
        try:
            with transaction.atomic():
                _check_warnings(match, version)
                sheet_homologate(match=match, user=user, version=version, origin=origin)
        except StaleEdit as exc:
            who = exc.current.entered_by.get_username() if exc.current.entered_by else _("outra pessoa")
            reason = _(
                "alterada por %(who)s (versão %(version)d) depois que a lista foi carregada; "
                "não foi homologada. Confira a nova versão."
            ) % {"who": who, "version": exc.current.version}
            outcome.refused.append(Refusal(match_id, label, reason))
        except ScoringError as exc:
            outcome.refused.append(Refusal(match_id, label, exc.message))
        else:
            outcome.homologated.append((match_id, label))
    return outcome
