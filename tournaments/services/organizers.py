"""Who may create tournaments: the group «Organizadores» (``settings.TOURNAMENT_CREATORS``,
``tournaments.permissions.can_create_tournament``)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import Group, Permission
from django.db import transaction

from tournaments.permissions import ORGANIZERS_GROUP


def organizers_group() -> Group:
    """The group «Organizadores», with the permission to add tournaments (created once)."""
    group, _created = Group.objects.get_or_create(name=ORGANIZERS_GROUP)
    add = Permission.objects.get(content_type__app_label="tournaments", codename="add_tournament")
    group.permissions.add(add)
    return group


@transaction.atomic
def organizer_mark(user: Any) -> None:
    user.groups.add(organizers_group())


@transaction.atomic
def organizer_unmark(user: Any) -> None:
    user.groups.remove(organizers_group())
