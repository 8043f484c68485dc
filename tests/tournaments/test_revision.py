"""The public revision moves with every set-up change the public pages show (teams,
chaves, rodadas, sorteios), in the service's own transaction, and with nothing else."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from core.demo import demo_document
from interchange.load import load_tournament
from tests.tournaments.conftest import trio
from tournaments.models import GroupTeam, Team, Tournament
from tournaments.revision import bump, current, published
from tournaments.services.draws import group_swap, groups_draw
from tournaments.services.registration import team_register, team_set_status, team_update
from tournaments.services.schedule import ScheduleTemplate, schedule_generate

pytestmark = pytest.mark.django_db
Register = Callable[..., list[Team]]


def test_created_and_loaded_tournaments_start_with_a_revision(tournament: Tournament) -> None:
    assert current(tournament.pk) > 0
    assert current(load_tournament(demo_document()).tournament.pk) > 0


def test_revisions_only_increase_even_after_a_restore(tournament: Tournament) -> None:
    handed_out = current(tournament.pk)
    tournament.public_revision.value = 3  # an old backup
    tournament.public_revision.save()
    bump(tournament.pk)
    assert current(tournament.pk) > handed_out
    found = published(tournament.slug)
    assert found is not None and found.revision == current(tournament.pk) and found.is_public


def test_each_set_up_step_bumps_and_a_check_in_does_not(
    tournament: Tournament, register: Register, organizer: User
) -> None:
    def moved(step: Callable[[], object]) -> bool:
        before = current(tournament.pk)
        step()
        return current(tournament.pk) > before

    teams = register(8)
    assert moved(lambda: team_register(tournament=tournament, data=trio("Trio novo")))
    assert moved(lambda: team_update(team=teams[0], data=trio("Trio renomeado")))
    assert moved(lambda: groups_draw(tournament=tournament, user=organizer, sizes=[5, 4], seed="s"))
    stage = tournament.stages.get()
    start = timezone.make_aware(datetime(2026, 12, 12, 9, 0))
    assert moved(lambda: schedule_generate(stage=stage, template=ScheduleTemplate(start=start, minutes=60)))
    a = GroupTeam.objects.filter(group__name="A").first().team  # type: ignore[union-attr]
    b = GroupTeam.objects.filter(group__name="B").first().team  # type: ignore[union-attr]
    assert moved(lambda: group_swap(stage=stage, team_a=a, team_b=b, reason="mesmo CTG", user=organizer))
    # The public pages never show who checked in: the judges' and organizers' pages do.
    assert not moved(lambda: team_set_status(team=teams[1], status=Team.Status.CHECKED_IN, reason="x"))
    # An ausente or a desistente they do show (the home's count of who plays, the team's row).
    assert moved(lambda: team_set_status(team=teams[2], status=Team.Status.ABSENT, reason="x"))
    assert moved(lambda: team_set_status(team=teams[2], status=Team.Status.CHECKED_IN, reason="x"))
