"""Tenteio pages: the judge's screen for each role, plain and JSON POSTs, live pages,
and bad input on the hand endpoint (never a 500, never a row written)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.results import Side
from tally.models import HandEntry
from tests.tally.conftest import World, client_for, record, truco, visible

pytestmark = pytest.mark.django_db


def url(w: World, m: Any, name: str = "tenteio") -> str:
    return reverse(f"tally:{name}", args=[w.tournament.slug, m.pk])


def test_roles_on_the_judge_screen(world: World) -> None:
    m = world.match(1, "1")
    assert client_for(world.judge).get(url(world, m)).status_code == 200
    assert client_for(world.organizer).get(url(world, m)).status_code == 200
    assert client_for(world.stranger).get(url(world, m)).status_code == 403
    assert client_for(world.judge).get(url(world, world.match(1, "2"))).status_code == 403
    anon = client_for(None).post(
        url(world, m, "hand"), {"key": str(uuid.uuid4()), "truco": "won:none:a", "mao": "a"}
    )
    assert anon.status_code == 302
    assert (
        client_for(world.stranger).post(url(world, m, "hand"), {"key": str(uuid.uuid4())}).status_code == 403
    )
    assert not HandEntry.objects.exists()


def test_big_button_without_js_and_with_json(world: World) -> None:
    m = world.match(1, "1")
    c = client_for(world.judge)
    page = c.get(url(world, m)).content.decode()
    assert "truco aceito" in page and m.team_a.name in page and "tally/tenteio.js" in page
    # A neutral judge: the sides are the teams (Equipe A / B and their names), never Nós / Eles.
    assert "Equipe A" in page and "Nós" not in page and "Eles" not in page
    r = c.post(
        url(world, m, "hand"), {"key": str(uuid.uuid4()), "base": "0", "truco": "won:truco:a", "mao": "a"}
    )
    assert r.status_code == 303
    key = str(uuid.uuid4())
    data = {"key": key, "base": "1", "mao": "b", "kind": "testa"}
    for d in (1, 2, 3):
        data.update(
            {f"d{d}_mao": "b", f"d{d}_truco_end": "won", f"d{d}_truco_to": "b", f"d{d}_truco_level": "none"}
        )
    r = c.post(url(world, m, "hand"), data, HTTP_ACCEPT="application/json")
    assert r.status_code == 200 and r.json()["state"]["score"] == [2, 3]
    r = c.post(url(world, m, "hand"), data, HTTP_ACCEPT="application/json")  # retried
    assert r.status_code == 200 and HandEntry.objects.count() == 2
    r = c.post(url(world, m, "undo"), {"key": key}, HTTP_ACCEPT="application/json")
    assert r.json()["state"]["score"] == [2, 0]
    assert "14 (12 malos + 2 buenos)" not in c.get(url(world, m)).content.decode()


def test_illegal_hand_shows_the_rule_next_to_the_buttons(world: World) -> None:
    m = world.match(1, "1")
    c = client_for(world.judge)
    r = c.post(url(world, m, "hand"), {"key": str(uuid.uuid4()), "truco": "refused:none:a", "mao": "a"})
    page = r.content.decode()
    text = visible(page)
    assert r.status_code == 422 and "truco não querido sem nenhum truco pedido" in text and "V-H" not in text
    # The rule's check code is kept for the record in a data- attribute only.
    assert 'data-codes="V-H3/V-H4"' in page
    assert not HandEntry.objects.exists()


def test_live_pages_are_public_and_private_tournaments_404(world: World) -> None:
    m = world.match(1, "1")
    record(world, m, truco(Side.A))
    anon = client_for(None)
    board = anon.get(reverse("public:live_board", args=[world.tournament.slug]))
    assert board.status_code == 200 and m.team_a.name in board.content.decode()
    mesa = anon.get(reverse("public:mesa", args=[world.tournament.slug, m.table_id]))
    assert mesa.status_code == 200 and f"truco {m.team_a.name} +2" in mesa.content.decode()
    elsewhere = world.other.tables.get(name="1").pk  # a mesa of another tournament
    assert anon.get(reverse("public:mesa", args=[world.tournament.slug, elsewhere])).status_code == 404
    standings = anon.get(reverse("public:standings", args=[world.tournament.slug])).content.decode()
    assert "Jogos em andamento" in standings
    team = anon.get(reverse("public:team", args=[world.tournament.slug, m.team_a_id])).content.decode()
    assert "Trucos aceitos e ganhos" in team
    world.tournament.is_public = False
    world.tournament.save()
    outsider = client_for(world.stranger)  # logged in, not of this tournament: not revealed
    assert outsider.get(reverse("public:live_board", args=[world.tournament.slug])).status_code == 404
    assert outsider.get(reverse("public:mesa", args=[world.tournament.slug, m.table_id])).status_code == 404
    # not revealed to an anonymous visitor either:
    assert (
        anon.get(reverse("public:live_board", args=[world.tournament.slug])).status_code == 404
    )  # not revealed


FIELD = st.sampled_from(
    [
        "key",
        "base",
        "truco",
        "extra",
        "mao",
        "hand",
        "kind",
        "d1_mao",
        "d1_truco_end",
        "d1_truco_to",
        "d1_truco_level",
        "d1_envido",
        "d1_envido_first",
        "d1_envido_result",
        "d1_flores",
        "d1_flor_raises",
        "d1_flor_result",
        "d1_pen_infraction",
        "d1_pen_points",
    ]
)
VALUE = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            "a",
            "b",
            "won:truco:c",
            "won:none",
            "E:won:a",
            "flor:a",
            "testa",
            "E-RE-F",
            "ab",
            "999",
            '{"deals": [{"mao": "a", "truco": {"end": "won", "to": "a"}}]}',
            '{"deals": 5}',
            "[[[[",
            "-1",
        ]
    ),
)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.dictionaries(FIELD, VALUE, max_size=8))
def test_bad_input_never_500_never_written(world: World, data: dict[str, str]) -> None:
    m = world.match(1, "2")
    data = {k: v.replace("\x00", "") for k, v in data.items()}
    data.setdefault("key", "não é uuid")
    before = HandEntry.objects.count()
    r = client_for(world.free_judge).post(url(world, m, "hand"), data, HTTP_ACCEPT="application/json")
    assert r.status_code < 500
    if r.status_code != 200:
        assert HandEntry.objects.count() == before
