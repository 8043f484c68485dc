"""Public revisions: numbers that change with what a tournament's public pages show, so a
page cached under its number (``public.caching``) is never served stale.

Every number comes from one counter per tournament (``PublicRevision.value``, locked
while it moves), so numbers only grow, in commit order. A change is recorded either for
every page (:func:`bump`: teams, chaves, rodadas, settings, sorteios — the *base*) or for
the few pages a jogo appears on (:func:`bump_match`: its chave or the mata-mata, its
teams' pages, its mesa, the lists of jogos, the live board), each such *scope* keeping
the number of its last change in ``ScopeRevision``. A page's revision is the largest of
the base and the numbers of the scopes it shows (:func:`published`): a homologation in
chave A leaves the cached pages of chave B, and of the teams that do not play in A,
as they are.

The services that change what the public sees call these inside their own transaction,
and nothing else does: the new number is visible exactly when the change is. A judge's
draft or a capataz's signature changes no public page and bumps nothing.

Once that transaction commits, :data:`revision_published` is sent (with the tournament
and the scopes moved): the apps above keep things read from a tournament's pages — a
circuit keeps each etapa's final placings (``circuits.hooks``) — and this app may not
import them, so they listen. A receiver's failure is logged and leaves the committed
change as it is.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Sequence
from datetime import datetime
from functools import partial
from typing import NamedTuple

from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.dispatch import Signal
from django.utils import timezone

from tournaments.models import GroupTeam, Match, PublicRevision, ScopeRevision, StageTeam, Tournament

JOGOS = "jogos"  # every list of jogos and what sums them: home, resultados, programação, JSON
AO_VIVO = "ao-vivo"  # the live board
MATA_MATA = "mata-mata"  # the bracket and its JSON
SCOPE = re.compile(r"^(jogos|ao-vivo|mata-mata|(chave|equipe|mesa):\d{1,12})$")

# Sent after the commit of a transaction that called :func:`bump`, once per call, with
# ``tournament_id`` and ``scopes`` (a tuple; empty: every page).
revision_published = Signal()


def chave(group_id: int) -> str:
    return f"chave:{group_id}"


def equipe(team_id: int) -> str:
    return f"equipe:{team_id}"


def mesa(table_id: int) -> str:
    return f"mesa:{table_id}"


def bump(tournament_id: int, scopes: Iterable[str] = ()) -> None:
    """A new number for the scopes named, or for every page when none is named. It is
    one more than the last and never less than the clock in microseconds, so a database
    restored from a backup continues above every number it handed out before (pages
    cached under those may still be in Redis)."""
    now, clock = timezone.now(), time.time_ns() // 1000
    named = sorted(set(scopes))
    # No savepoint inside the service's transaction (two round trips): nothing catches a
    # failure here, which undoes the whole change as it should.
    with transaction.atomic(savepoint=False):
        row = PublicRevision.objects.select_for_update().filter(tournament_id=tournament_id).first()
        if row is None:
            row, _ = PublicRevision.objects.get_or_create(
                tournament_id=tournament_id, defaults={"value": clock, "base": clock, "changed_at": now}
            )
            row = PublicRevision.objects.select_for_update().get(pk=row.pk)
        row.value = max(row.value + 1, clock)
        row.changed_at = now
        if not named:
            row.base = row.value
        row.save(update_fields=["value", "base", "changed_at"])
        if named:
            ScopeRevision.objects.bulk_create(
                [ScopeRevision(tournament_id=tournament_id, scope=s, value=row.value) for s in named],
                update_conflicts=True,
                unique_fields=["tournament", "scope"],
                update_fields=["value"],
            )
    # robust: a listener's error is logged; the change itself is committed by then.
    transaction.on_commit(partial(_announce, tournament_id, tuple(named)), robust=True)


def _announce(tournament_id: int, scopes: tuple[str, ...]) -> None:
    revision_published.send(sender=PublicRevision, tournament_id=tournament_id, scopes=scopes)


def moves_results(scopes: Sequence[str]) -> bool:
    """Whether a change of ``scopes`` may move a result, a placing or a name: any change
    of every page, a result (it moves the lists of jogos) or the mata-mata; not the hands
    of a jogo in play (:func:`match_scopes` with ``live``)."""
    return not scopes or JOGOS in scopes or MATA_MATA in scopes


def match_scopes(match: Match, *, live: bool = False) -> list[str]:
    """The scopes that show ``match``'s result, or with ``live`` its hands so far (the
    live cards of its chave's classificação, its teams' statistics, its mesa, the live
    board; no list of results shows a hand). A chave's result moves every team of the
    chave on the classificação, and each team page shows its team's place there; a
    mata-mata's result makes or withdraws the next jogo of a team of that mata-mata."""
    scopes = [AO_VIVO] + ([mesa(match.table_id)] if match.table_id else [])
    teams: list[int] = [match.team_a_id, match.team_b_id]
    if match.group_id is not None:
        scopes.append(chave(match.group_id))
        if not live:
            teams = list(GroupTeam.objects.filter(group_id=match.group_id).values_list("team_id", flat=True))
    elif not live:
        scopes.append(MATA_MATA)
        teams += StageTeam.objects.filter(stage_id=match.stage_id).values_list("team_id", flat=True)
    if not live:
        scopes.append(JOGOS)
    return scopes + [equipe(t) for t in teams]


def bump_match(tournament_id: int, match: Match, *, live: bool = False) -> None:
    """A new number for the pages that show ``match`` (see :func:`match_scopes`)."""
    bump(tournament_id, match_scopes(match, live=live))


def current(tournament_id: int) -> int:
    """The tournament's last number: it moves with any change of any public page."""
    found = PublicRevision.objects.filter(tournament_id=tournament_id).values_list("value", flat=True)
    return found.first() or 0


class Published(NamedTuple):
    """What the public cache needs of a tournament, read in one query."""

    tournament_id: int
    is_public: bool
    revision: int  # of the page asked for: the base or its scopes' last change
    changed_at: datetime | None  # the tournament's last change (at or after the page's)

    @property
    def cache_id(self) -> str:
        """Whose page it is, in the public cache's keys (``public.caching``)."""
        return str(self.tournament_id)


def published(slug: str, scopes: Sequence[str] = ()) -> Published | None:
    """The tournament ``slug`` with the revision of a page that shows ``scopes``; with
    none named, its last number (a page that changes with any change)."""
    found = Tournament.objects.filter(slug=slug)
    fields = ["pk", "is_public", "public_revision__changed_at", "public_revision__value"]
    if scopes:
        last = ScopeRevision.objects.filter(tournament=OuterRef("pk"), scope__in=list(scopes))
        found = found.annotate(scoped=Subquery(last.order_by("-value").values("value")[:1]))
        fields[3:] = ["public_revision__base", "scoped"]
    row = found.values_list(*fields).first()
    if row is None:
        return None
    return Published(row[0], row[1], max(number or 0 for number in row[3:]), row[2])
