"""The audit entries of the capataz's page: a link issued or revoked, a contestação
filed or answered — one entry per decision, in every language of the site.

The rows are not watched by the audit app's model signals (that app sits below this
one and cannot name these models); each service writes its own
:class:`audit.models.AuditEntry` in its transaction, as ``audit.signals`` does for a
judge's new password and ``signups.trail`` for the inscrições: who
(``audit.context.current``), the sentence rendered in each language
(``audit.languages``), the jogo and the team. Never the link's hash.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from audit.context import current
from audit.languages import base, each_language
from audit.models import AuditEntry
from audit.signals import id_list


def record(
    *,
    tournament_id: int,
    row: Any,
    kind: str,
    sentence: Callable[[], str],
    team_id: int,
    match_id: int | None = None,
    after: dict[str, Any] | None = None,
    created: bool = True,
) -> None:
    """One entry about ``row``; ``sentence`` is called once per language (with that
    language active) and says what happened. From the capataz's page no one is logged
    in: the entry's «quem» is «anônimo», and the sentence names the capataz's team."""
    user, label, ip, where = current()
    summaries = each_language(lambda _code: sentence()[:300])
    AuditEntry.objects.create(
        tournament_id=tournament_id,
        actor=user,
        actor_label=label[:150],
        ip=ip,
        where=where[:100],
        action=AuditEntry.Action.CREATE if created else AuditEntry.Action.UPDATE,
        kind=kind,
        model=row._meta.label,
        object_id=str(row.pk),
        summary=summaries[base()],
        summaries=summaries,
        after=after,
        match_id=match_id,
        teams=id_list({team_id}),
        people=id_list({user.pk} if user is not None else set()),
    )
