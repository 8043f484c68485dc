"""The judge's list of jogos: time, mesa, rodada — the mata-mata's by its phase — and
what each súmula still lacks, next jogo first."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from interchange.load import load_tournament
from scoring.services.workflow import sheet_save
from tests.printing.conftest import knockout_document
from tests.scoring.conftest import World, user, win_a
from tournaments.models import Match, Stage, Tournament
from tournaments.phases import knockout_round_count, match_round_names, round_name

pytestmark = pytest.mark.django_db


def at(hour: int, minute: int) -> dt.datetime:
    return timezone.make_aware(dt.datetime(2026, 2, 14, hour, minute))


def judge_page(who: Any, tournament: Tournament) -> str:
    c = Client()
    c.force_login(who)
    response = c.get(reverse("scoring:judge_home", args=[tournament.slug]))
    assert response.status_code == 200
    return response.content.decode()


def test_times_order_the_list_and_say_what_is_missing(world: World) -> None:
    r1, r2, r3 = (world.match(n, "1") for n in (1, 2, 3))
    # Two jogos at the same mesa, in the same rodada's place, told apart by their time.
    for m, when in ((r1, at(10, 0)), (r2, at(10, 45)), (r3, at(9, 15))):
        Match.objects.filter(pk=m.pk).update(scheduled_at=when)
    world.signed(1, "1")  # both capatazes signed
    sheet_save(match=r2, user=world.judge, data=win_a(r2), base_version=0, submit=True)  # nobody signed
    html = judge_page(world.judge, world.tournament)
    assert html.index("09:15") < html.index("10:00") < html.index("10:45")
    assert "Rodada 1" in html and "Rodada 2" in html and "Rodada 3" in html
    assert "aguardando homologação" in html
    assert f"faltam assinaturas: {r2.team_a.name}, {r2.team_b.name}" in html
    assert "sem súmula" in html
    assert "Mesa 2" not in html  # only the judge's own mesa


def test_a_mata_mata_by_its_phases(db: Any) -> None:
    t = load_tournament(knockout_document(8, played_first_round=False)).tournament
    stage = Stage.objects.get(tournament=t, key="mata")
    teams = list(t.teams.order_by("order", "id"))
    table = t.tables.create(name="1", order=1) if not t.tables.exists() else t.tables.first()
    made = []
    for rnd, slot, a, b, third in (
        (1, 0, 0, 7, False),
        (2, 0, 0, 3, False),
        (3, 0, 0, 1, False),
        (3, 1, 2, 3, True),
    ):
        made.append(
            Match.objects.create(
                stage=stage,
                round=rnd,
                slot=slot,
                team_a=teams[a],
                team_b=teams[b],
                third_place=third,
                table=table,
            )
        )
    names = match_round_names(Match.objects.filter(pk__in=[m.pk for m in made]).select_related("stage"))
    assert [names[m.pk] for m in made] == ["Quartas de final", "Semifinais", "Final", "3º lugar"]
    organizer = user("org-mata", t, "organizer")
    html = judge_page(organizer, t)
    for name in ("Quartas de final", "Semifinais", "Final", "3º lugar"):
        assert name in html
    assert "Rodada 3" not in html and "Rodada 1" not in html
    c = Client()
    c.force_login(organizer)
    entry = c.get(reverse("scoring:entry", args=[t.slug, made[3].pk])).content.decode()
    assert "Mesa 1 · 3º lugar" in entry


def test_round_names() -> None:
    assert [knockout_round_count(n) for n in (1, 2, 3, 4, 5, 8, 9, 16)] == [0, 1, 2, 2, 3, 3, 4, 4]
    assert [round_name(n, 4) for n in (1, 2, 3, 4)] == [
        "Oitavas de final",
        "Quartas de final",
        "Semifinais",
        "Final",
    ]
    assert round_name(1, 5) == "16-avos de final" and round_name(1, 6) == "32-avos de final"
    assert round_name(4, 3) == "Rodada 4"  # beyond the bracket: its number
