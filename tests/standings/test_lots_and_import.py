"""Recorded sorteios among tied teams, and tournament files uploaded and downloaded."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from interchange.load import load_tournament
from standings.selectors import tournament_standings
from standings.services import ServiceError, replay_lots, tiebreak_lots_record
from tests.documents import document, match
from tournaments.models import DrawOfLots, Group, Membership, Tournament
from tournaments.services.organizers import organizer_mark

pytestmark = pytest.mark.django_db

# A circular three-way tie: every team 1 V, 2–1 wins with identical scores, so wins,
# partidas, tentos and the mini-league are all equal: only a sorteio separates them.
CIRCLE = [
    match(1, "t1", "t2", {"games": [[24, 20], [20, 24], [24, 20]]}),
    match(2, "t2", "t3", {"games": [[24, 20], [20, 24], [24, 20]]}),
    match(3, "t3", "t1", {"games": [[24, 20], [20, 24], [24, 20]]}),
]


@pytest.fixture
def tied() -> Tournament:
    return load_tournament(document(CIRCLE, keys=("t1", "t2", "t3"))).tournament


def organizer(t: Tournament, name: str = "org") -> User:
    user = User.objects.create_user(name, password="x-Senha-Forte-1")
    Membership.objects.create(tournament=t, user=user, role="organizer")
    return user


def rows(t: Tournament) -> list[Any]:
    return list(tournament_standings(t)[0].groups[0].rows)


def test_circle_is_pending_until_a_sorteio_is_recorded(tied: Tournament) -> None:
    before = rows(tied)
    assert all(r.pending_lots and r.position == 1 for r in before)
    draw = tiebreak_lots_record(
        tournament=tied, teams=["t1", "t2", "t3"], user=organizer(tied), group=Group.objects.get()
    )
    assert draw.seed and draw.result == replay_lots(draw.seed, ["t3", "t1", "t2"])
    after = rows(tied)
    assert [r.team for r in after] == draw.result
    assert [r.position for r in after] == [1, 2, 3]
    assert not any(r.pending_lots for r in after)
    assert after[0].separated_by is not None and after[0].separated_by.value == "lots"


def test_manual_sorteio_and_refusals(tied: Tournament) -> None:
    user, group = organizer(tied), Group.objects.get()
    with pytest.raises(ServiceError):
        tiebreak_lots_record(tournament=tied, teams=["t1", "t2"], user=user, group=group)
    with pytest.raises(ServiceError):
        tiebreak_lots_record(
            tournament=tied, teams=["t1", "t2", "t3"], user=user, group=group, manual_order=["t1"]
        )
    draw = tiebreak_lots_record(
        tournament=tied, teams=["t1", "t2", "t3"], user=user, group=group, manual_order=["t2", "t3", "t1"]
    )
    assert draw.manual and draw.result == ["t2", "t3", "t1"]
    assert [r.team for r in rows(tied)] == ["t2", "t3", "t1"]
    with pytest.raises(ServiceError):  # nothing is tied any more
        tiebreak_lots_record(tournament=tied, teams=["t1", "t2", "t3"], user=user, group=group)
    assert DrawOfLots.objects.count() == 1


def test_sorteio_through_the_page(client: Client, tied: Tournament) -> None:
    url = f"/t/{tied.slug}/sorteio/"
    group = Group.objects.get()
    data = {"group": group.pk, "teams": "t1,t2,t3", "mode": "random"}
    assert client.post(url, data).status_code == 302  # anonymous → login
    judge = User.objects.create_user("juiz", password="x-Senha-Forte-1")
    Membership.objects.create(tournament=tied, user=judge, role="judge")
    client.force_login(judge)
    assert client.post(url, data).status_code == 403
    client.force_login(organizer(tied))
    page = client.get(f"/t/{tied.slug}/classificacao/").content.decode()
    assert "Registrar sorteio" in page and "sorteio pendente" in page
    response = client.post(url, data, follow=True)
    assert "Sorteio registrado" in response.content.decode()
    assert DrawOfLots.objects.filter(purpose="tiebreak").count() == 1
    # the export carries the sorteio, and loading it elsewhere gives the same order
    exported = client.get(f"/t/{tied.slug}/exportar.json").json()
    assert exported["lots"][0]["order"] == DrawOfLots.objects.get().result


def test_bad_sorteio_post_is_refused_without_writing(client: Client, tied: Tournament) -> None:
    client.force_login(organizer(tied))
    url = f"/t/{tied.slug}/sorteio/"
    for data in (
        {},
        {"group": "x", "teams": "t1", "mode": "random"},
        {"group": 999, "teams": "t1", "mode": "random"},
        {"group": Group.objects.get().pk, "teams": "zz,t1", "mode": "manual", "order": "zz,t1"},
    ):
        assert client.post(url, data).status_code in (303, 404)
    assert DrawOfLots.objects.count() == 0


def test_import_page_creates_tournament_for_the_uploader(client: Client) -> None:
    assert client.get("/t/importar/").status_code == 302
    user = User.objects.create_user("org", password="x-Senha-Forte-1")
    organizer_mark(user)  # the site admin marked the account: it may import
    client.force_login(user)
    good = json.dumps(document(CIRCLE, keys=("t1", "t2", "t3"), slug="importado")).encode()
    response = client.post("/t/importar/", {"file": SimpleUploadedFile("t.json", good)})
    assert response.status_code == 303 and response["Location"] == "/t/importado/"
    t = Tournament.objects.get(slug="importado")
    assert Membership.objects.filter(tournament=t, user=user, role="organizer").exists()


def test_import_page_lists_problems_and_writes_nothing(client: Client) -> None:
    user = User.objects.create_user("org", password="x-Senha-Forte-1")
    organizer_mark(user)
    client.force_login(user)
    bad = document([match(1, "t1", "t2", {"games": [[24, 24]]})], slug="ruim")
    response = client.post("/t/importar/", {"file": SimpleUploadedFile("t.json", json.dumps(bad).encode())})
    assert response.status_code == 400
    assert "game.tied_at_target" in response.content.decode()
    for junk in (b"\xff\xfe\x00", b"{" * 100000, b'{"format": "tenteio/1", "x": ' + b"9" * 5000 + b"}"):
        response = client.post("/t/importar/", {"file": SimpleUploadedFile("t.json", junk)})
        assert response.status_code == 400
    assert Tournament.objects.count() == 0


def test_recorded_sorteio_is_shown_publicly(client: Client, tied: Tournament) -> None:
    tiebreak_lots_record(
        tournament=tied, teams=["t1", "t2", "t3"], user=organizer(tied), group=Group.objects.get()
    )
    draw = DrawOfLots.objects.get()
    body = client.get(f"/t/{tied.slug}/classificacao/").content.decode()
    assert f"semente {draw.seed}" in body and "por org" in body
