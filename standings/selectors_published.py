"""The publication rule: what the public may see of each jogo's result (a selector).

Every public page, the public JSON, the printed documents and the bracket ask
:func:`published` (docs/rules.md §3.14), and nothing else reads súmulas for them:

- by default (``Tournament.show_pending_results`` off) the public sees a jogo's result
  only once its súmula is **homologated**; a súmula sent, confirmed or signed shows
  nothing, and its jogo is still «a jogar»;
- with the switch on, the confirmed result of a súmula sent (or signed) and not yet
  homologated is shown too, as **not final**: every page marks it «aguardando
  homologação», and it counts in no classificação and moves nobody in the mata-mata
  (only homologated results do, ``scoring.selectors_contributions``,
  ``knockout.selectors``).

Whether a shown result *counts* (its súmula has no problem) is ``rules.counting``'s
answer, applied where the result is summarized (``standings.results``).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scoring.models import ScoreSheet
from tournaments.models import Tournament

Status = ScoreSheet.Status


def pending_label() -> str:
    """The mark of a result shown before its homologation, on every page and file."""
    return _("aguardando homologação")


@dataclass(frozen=True)
class Shown:
    """A jogo as the public sees it: its state, and its result when one may be shown."""

    state: str  # "a jogar", "aguardando homologação", "homologada"
    result: Any = None  # the interchange result shown; None: nothing to show
    final: bool = False  # homologated: counted, and styled as final

    @property
    def pending(self) -> bool:
        """A result shown before its homologation (only with the switch on)."""
        return self.result is not None and not self.final


def shows_pending(t: Tournament) -> bool:
    """Whether the organizer chose to show results waiting for homologation."""
    return bool(t.show_pending_results)


def published(t: Tournament, match_ids: Collection[int]) -> dict[int, Shown]:
    """What the public may see of each of these jogos (one query); a jogo with no
    súmula the public may see is absent from the answer."""
    pending = shows_pending(t)
    sheets = (
        ScoreSheet.objects.filter(match_id__in=list(match_ids))
        .exclude(status__in=(Status.SUPERSEDED, Status.DRAFT))
        .only("match_id", "status", "result", "confirmed")
    )
    sent: set[int] = set()
    confirmed: dict[int, ScoreSheet] = {}
    for sheet in sheets:
        sent.add(sheet.match_id)
        if sheet.confirmed:
            confirmed[sheet.match_id] = sheet
    out: dict[int, Shown] = {}
    for match_id in sent:
        counted = confirmed.get(match_id)
        if counted is not None and counted.status == Status.HOMOLOGATED:
            out[match_id] = Shown(str(Status.HOMOLOGATED.label), counted.result, final=True)
        elif pending:
            # A version still waiting for its double-entry check shows no result: only
            # a confirmed one is the result that would count.
            out[match_id] = Shown(pending_label(), counted.result if counted is not None else None)
    return out


def state_of(shown: Shown | None) -> str:
    return shown.state if shown is not None else _("a jogar")
