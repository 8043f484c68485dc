"""A judge's new password, given by an organizer of a tournament the judge works in.

The judge locked out by django-axes («peça à comissão uma nova senha») gets a random
password, shown once to the organizer and stored only as its hash; the failed attempts
that locked the account are cleared with it. The audit trail records who gave it
(``tournaments.signals.judge_password_reset``, answered by the audit app).
"""

from __future__ import annotations

import secrets
from typing import Any

from axes.utils import reset as axes_reset
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Membership, Tournament
from tournaments.services import ServiceError
from tournaments.signals import judge_password_reset


@transaction.atomic
def judge_password_new(*, tournament: Tournament, membership: Membership, by: Any) -> str:
    """A new random password for the judge of ``membership``; returned once, never stored
    in clear. Only a judge's account, and only a judge of this tournament."""
    if membership.tournament_id != tournament.pk or membership.role != Membership.Role.JUDGE:
        raise ServiceError(_("Só a senha de um juiz deste torneio pode ser gerada aqui."))
    user = membership.user
    if (
        user.is_superuser
        or user.is_staff
        or Membership.objects.filter(user=user, role=Membership.Role.ORGANIZER).exists()
    ):
        # An organizer's or an administrator's account is theirs to look after.
        raise ServiceError(
            _(
                "«%(username)s» também organiza torneios ou administra o site: "
                "a senha dessa conta não é trocada por aqui."
            )
            % {"username": user.get_username()}
        )
    password = secrets.token_urlsafe(9)
    user.set_password(password)
    user.save(update_fields=["password"])
    axes_reset(username=user.get_username())  # the lockout goes with the old password
    judge_password_reset.send(Tournament, tournament=tournament, judge=user, by=by)
    return password
