"""Replacing a tournament of this site by a file of the same event (same slug): the
laptop in the hall publishes its day to the federation's site again, only when asked
(``loadtournament --replace``, «Substituir o torneio existente» on the import page).

Inside the load's transaction: the existing tournament is locked, checked, deleted with
everything it holds, and the file's is written under the same slug; its comissão and
judges (``Membership``) stay. A tournament that is an etapa of a circuit is not
replaced: the circuit's links point at its teams and players, which the file's are not.
The audit trail keeps the old tournament's lines (``audit`` stores a plain number).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from interchange.checker import Issue
from tournaments.models import Membership, Tournament


class ReplaceRefused(Exception):
    def __init__(self, issue: Issue) -> None:
        self.issue = issue
        super().__init__(issue.message)


def existing(slug: str) -> Tournament | None:
    return Tournament.objects.filter(slug=slug).first()


def taken(slug: str, name: str) -> Issue:
    message = _(
        "já existe neste site o torneio «%(slug)s» («%(name)s»); para trocá-lo pelo arquivo, "
        "marque «Substituir o torneio existente» (loadtournament --replace)"
    )
    return Issue("tournament.slug", message % {"slug": slug, "name": name[:80]}, "file.slug_taken")


def clear(slug: str, user: Any = None) -> list[tuple[int, str]]:
    """Delete the tournament ``slug`` (locked first); returns its (user id, role) pairs.
    ``user`` (None: a command run by the site's administrator) must organize it."""
    old = Tournament.objects.select_for_update().filter(slug=slug).first()
    if old is None:
        return []
    if user is not None and not old.memberships.filter(user=user, role=Membership.Role.ORGANIZER).exists():
        message = _(
            "o torneio «%(slug)s» deste site é de outra comissão: só quem o organiza pode substituí-lo"
        )
        raise ReplaceRefused(Issue("tournament.slug", message % {"slug": slug}, "file.replace_not_allowed"))
    if old.circuit_etapas.exists():
        message = _("o torneio «%(slug)s» é etapa de um circuito: retire-o do circuito antes de substituí-lo")
        raise ReplaceRefused(Issue("tournament.slug", message % {"slug": slug}, "file.replace_in_circuit"))
    members = list(old.memberships.values_list("user_id", "role"))
    old.delete()
    return members


def keep_members(t: Tournament, members: list[tuple[int, str]]) -> None:
    Membership.objects.bulk_create(
        [Membership(tournament=t, user_id=u, role=r) for u, r in members], ignore_conflicts=True
    )
