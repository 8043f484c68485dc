"""Organizer pages: who may open them, bad input never 500, query counts that do not grow."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from scoring.models import ScoreSheet
from tests.tournaments.conftest import member, trio
from tournaments.models import DrawOfLots, Match, Team, Tournament
from tournaments.services.draws import groups_draw
from tournaments.services.registration import team_register

pytestmark = pytest.mark.django_db
PAGES = [
    "",
    "organizacao/",
    "equipes/",
    "equipes/nova/",
    "equipes/importar/",
    "checkin/",
    "chaves/",
    "rodadas/",
]


def url(t: Tournament, page: str = "") -> str:
    return f"/t/{t.slug}/gestao/{page}"


@pytest.mark.parametrize("page", PAGES)
def test_who_may_open(client: Client, tournament: Tournament, organizer: User, page: str) -> None:
    assert client.get(url(tournament, page)).status_code == 302  # anonymous → login
    client.force_login(member(tournament, "juiz", "judge"))
    assert client.get(url(tournament, page)).status_code == 403
    other = Tournament.objects.create(name="Outro", slug="outro", modality="truco-paulista")
    client.force_login(member(other, "org2", "organizer"))
    assert client.get(url(tournament, page)).status_code == 403
    tournament.is_public = False
    tournament.save()
    assert client.get(url(tournament, page)).status_code == 404
    client.force_login(organizer)
    assert client.get(url(tournament, page)).status_code == 200


def test_create_tournament(client: Client, organizer: User) -> None:
    assert client.get("/torneios/novo/").status_code == 302
    client.force_login(organizer)
    base = {
        "name": "Copa",
        "slug": "copa",
        "modality": "truco-paulista",
        "stage_plan": "groups",
        "is_public": "on",
    }
    bad = client.post(
        "/torneios/novo/", {**base, "best_of": "2", "tiebreaker_1": "wins", "tiebreaker_2": "sorte"}
    )
    assert bad.status_code == 200 and not Tournament.objects.exists()
    body = bad.content.decode()
    assert "ímpar" in body and "sorte" in body
    assert client.post("/torneios/novo/", {**base, "slug": "não é slug"}).status_code == 200
    ok = client.post("/torneios/novo/", {**base, "best_of": "5"})
    assert ok.status_code == 302 and ok["Location"] == "/t/copa/gestao/"
    assert Tournament.objects.get().rules().best_of == 5


def test_team_form(client: Client, organizer: User, tournament: Tournament) -> None:
    client.force_login(organizer)
    form = {
        "name": "Os Taura",
        "entity": "CTG A",
        "p-TOTAL_FORMS": "4",
        "p-INITIAL_FORMS": "0",
        "p-0-name": "João",
        "p-1-name": "Pedro",
        "p-2-name": "Luís",
        "p-3-name": "",
        "p-3-is_reserve": "on",
    }
    response = client.post(url(tournament, "equipes/nova/"), form)
    assert response.status_code == 400 and "capataz" in response.content.decode()
    assert not Team.objects.exists()
    assert (
        client.post(url(tournament, "equipes/nova/"), {"name": "x", "p-TOTAL_FORMS": "x"}).status_code == 400
    )
    response = client.post(url(tournament, "equipes/nova/"), {**form, "p-0-is_captain": "on"})
    assert response.status_code == 302
    team = Team.objects.get()
    assert client.get(url(tournament, f"equipes/{team.pk}/")).status_code == 200
    assert client.get(url(tournament, "equipes/999/")).status_code == 404


def test_checkin_page(client: Client, organizer: User, tournament: Tournament) -> None:
    team = team_register(tournament=tournament, data=trio("Os Taura"))
    client.force_login(organizer)
    assert (
        client.post(url(tournament, "checkin/"), {"team": team.pk, "status": "checked_in"}).status_code == 302
    )
    team.refresh_from_db()
    assert team.status == "checked_in"
    tournament.checkin_deadline = timezone.now() - timedelta(hours=1)
    tournament.save()
    late = client.post(url(tournament, "checkin/"), {"team": team.pk, "status": "absent"})
    assert late.status_code == 400 and "motivo" in late.content.decode()
    assert client.post(url(tournament, "checkin/"), {"team": "x", "status": "nada"}).status_code == 400


def test_the_chave_draw_form_comes_empty_so_a_typed_number_of_chaves_is_taken(
    client: Client, organizer: User, tournament: Tournament, register: Callable[..., list[Team]]
) -> None:
    register(9)
    client.force_login(organizer)
    page = client.get(url(tournament, "chaves/")).content.decode()
    fields = re.findall(r'<input[^>]*name="(groups|size|sizes)"[^>]*>', page)
    assert sorted(fields) == ["groups", "size", "sizes"]
    assert not re.search(r'<input[^>]*name="(groups|size|sizes)"[^>]*value=', page)
    # what the organizer does with that page: type «Número de chaves» alone
    assert client.post(url(tournament, "chaves/"), {"action": "draw", "groups": "3"}).status_code == 302
    assert tournament.stages.get(kind="groups").groups.count() == 3


def test_draw_and_schedule_pages(
    client: Client, organizer: User, tournament: Tournament, register: Callable[..., list[Team]]
) -> None:
    register(10)
    client.force_login(organizer)
    assert (
        client.post(url(tournament, "chaves/"), {"action": "draw", "size": "4", "groups": "2"}).status_code
        == 400
    )
    assert client.post(url(tournament, "chaves/"), {"action": "draw", "sizes": "4,4"}).status_code == 400
    assert client.post(url(tournament, "chaves/"), {"action": "draw", "groups": "9"}).status_code == 400
    assert (
        client.post(url(tournament, "chaves/"), {"action": "draw", "size": "4", "seed": "x"}).status_code
        == 302
    )
    assert DrawOfLots.objects.get().seed == "x"
    assert client.post(url(tournament, "rodadas/"), {"start": "bad", "minutes": "60"}).status_code == 400
    assert (
        client.post(
            url(tournament, "rodadas/"),
            {"start": "2026-12-12T09:00", "minutes": "60", "breaks": "12:00-11:00"},
        ).status_code
        == 400
    )
    ok = client.post(
        url(tournament, "rodadas/"), {"start": "2026-12-12T09:00", "minutes": "45", "breaks": "12:00-13:00"}
    )
    assert ok.status_code == 302
    assert Match.objects.count() == 3 + 3 + 6  # chaves of 4, 3, 3
    page = client.get(url(tournament, "rodadas/?por=mesa")).content.decode()
    assert "Mesa 1" in page
    ScoreSheet.objects.create(match=Match.objects.first(), version=1, result={"games": []})
    refused = client.post(url(tournament, "rodadas/"), {"start": "2026-12-12T09:00", "minutes": "60"})
    assert refused.status_code == 400 and "súmulas" in refused.content.decode()


def test_members_page(client: Client, organizer: User, tournament: Tournament) -> None:
    client.force_login(organizer)
    created = client.post(url(tournament, "organizacao/"), {"action": "judge", "username": "juiz9"})
    assert created.status_code == 200 and "não será mostrada de novo" in created.content.decode()
    assert (
        client.post(url(tournament, "organizacao/"), {"username": "ninguem", "role": "judge"}).status_code
        == 400
    )
    only = tournament.memberships.get(role="organizer")
    response = client.post(
        url(tournament, "organizacao/"), {"action": "remove", "membership": only.pk}, follow=True
    )
    assert "pelo menos um organizador" in response.content.decode()


def test_export_neutralizes_formulas(client: Client, organizer: User, tournament: Tournament) -> None:
    team_register(tournament=tournament, data=trio("=HYPERLINK(1)", "@CTG"))
    client.force_login(organizer)
    text = client.get(url(tournament, "equipes/?_export=csv")).content.decode()
    assert "'=HYPERLINK(1)" in text and "'@CTG" in text
    assert client.get(url(tournament, "equipes/?_export=xlsx")).status_code == 200


def _populate(tournament: Tournament, n: int, organizer: User) -> None:
    for i in range(n):
        team_register(tournament=tournament, data=trio(f"Trio {i:03d}", f"CTG {i % 5}"))
    groups_draw(tournament=tournament, user=organizer, sizes=[4] * (n // 4), seed="q")
    from datetime import datetime

    from tournaments.services.schedule import ScheduleTemplate, schedule_generate

    start = timezone.make_aware(datetime(2026, 12, 12, 9))
    schedule_generate(stage=tournament.stages.get(), template=ScheduleTemplate(start=start, minutes=60))
    first = Match.objects.filter(round=1).first()
    ScoreSheet.objects.create(match=first, version=1, result={"games": []}, status="homologated")


@pytest.mark.parametrize("n", [8, 64])
def test_query_counts_do_not_grow(
    client: Client,
    organizer: User,
    tournament: Tournament,
    n: int,
    django_assert_max_num_queries: Callable[..., object],
) -> None:
    _populate(tournament, n, organizer)
    client.force_login(organizer)
    for page, limit in [("", 20), ("equipes/", 12), ("chaves/", 16), ("rodadas/", 14), ("checkin/", 10)]:
        with django_assert_max_num_queries(limit):  # type: ignore[operator]
            response = client.get(url(tournament, page))
        assert response.status_code == 200, page
    board = client.get(url(tournament)).content.decode()
    assert "Rodada 1 em jogo" in board and "Súmulas faltando por mesa" in board


def test_the_rodadas_page_says_who_has_the_folga_in_an_odd_chave(
    client: Client, organizer: User, tournament: Tournament, register: Callable[..., list[Team]]
) -> None:
    teams = register(5)
    client.force_login(organizer)
    assert client.post(url(tournament, "chaves/"), {"action": "draw", "groups": "1"}).status_code == 302
    start = {"start": "2026-12-12T09:00", "minutes": "60", "tables": "2"}
    assert client.post(url(tournament, "rodadas/"), start).status_code in (302, 303)
    page = client.get(url(tournament, "rodadas/")).content.decode()
    folgas = re.findall(r'<p class="folga">Folga: ([^<(]+) \(chave A\)</p>', page)
    assert sorted(n.strip() for n in folgas) == sorted(t.name for t in teams)  # each once, 5 rodadas
