"""Bad input at the entry endpoint: a 4xx with a message or a valid save, never a 500
and never a row written by a refused request."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.models import ScoreSheet, SheetEvent
from tests.scoring.conftest import World
from tests.scoring.test_views import client_for, entry_url, post_data

pytestmark = pytest.mark.django_db

scores = st.one_of(
    st.integers(min_value=-50, max_value=60).map(str),
    st.sampled_from(["", " ", "24", "abc", "1e3", "24.0", "-0", "9" * 30, "٣", "0x18", "24 ", "null"]),
    st.integers(min_value=10**6, max_value=10**40).map(str),
)
choices = st.sampled_from(["", "a", "b", "both", "zzz", "t1", "1", "tournament", "match", "game", "20-II"])


@st.composite
def posts(draw: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "base_version": draw(st.sampled_from(["0", "0", "0", "-1", "x", "", "99999999999"])),
        "outcome": draw(
            st.sampled_from(["played", "played", "walkover", "disqualification", "commission", "??"])
        ),
        "action": draw(st.sampled_from(["submit", "draft", "other"])),
    }
    rows = draw(st.integers(min_value=0, max_value=12))
    for i in range(1, rows + 1):
        data[f"g{i}_a"] = draw(scores)
        data[f"g{i}_b"] = draw(scores)
        if draw(st.booleans()):
            data[f"g{i}_end"] = draw(st.sampled_from(["target", "time", "disqualification", "bogus"]))
        if draw(st.booleans()):
            data[f"lineup_a_{i}"] = draw(
                st.lists(st.integers(min_value=-5, max_value=60).map(str), max_size=5)
            )
    for name in ("walkover", "dq_team", "dq_scope", "commission_winner", "dq_article"):
        if draw(st.booleans()):
            data[name] = draw(choices)
    if draw(st.booleans()):
        data["advertencias"] = draw(st.text(max_size=80))
    if draw(st.booleans()):
        data["clamp"] = "on"
    if draw(st.booleans()):
        data["g999999999_a"] = "24"
    return data


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=posts())
def test_entry_endpoint_never_500s_nor_writes_on_refusal(world: World, data: dict[str, Any]) -> None:
    m = world.match(1, "1")
    client = client_for(world.judge)
    before = ScoreSheet.objects.count(), SheetEvent.objects.count()
    response = client.post(entry_url(world, m), data)
    if response.status_code == 303:
        ScoreSheet.objects.all().delete()  # a valid súmula was saved: start the next example clean
        SheetEvent.objects.all().delete()
        return
    assert 400 <= response.status_code < 500, response.status_code
    html = response.content.decode()
    assert 'class="error' in html or "field-error" in html
    assert (ScoreSheet.objects.count(), SheetEvent.objects.count()) == before


def test_wrong_team_players_in_lineup_are_refused(world: World) -> None:
    m = world.match(1, "1")
    foreign = world.match(1, "2").team_a.players.first()
    assert foreign is not None
    data = post_data(m, lineup_a_1=[str(foreign.pk)], lineup_a_2=[str(foreign.pk)])
    response = client_for(world.judge).post(entry_url(world, m), data)
    assert response.status_code == 422 and not ScoreSheet.objects.exists()


def test_lineup_of_two_in_a_trio_is_refused_and_a_reserve_may_enter(world: World) -> None:
    m = world.match(1, "1")
    players = list(m.team_a.players.all())
    starters = [str(p.pk) for p in players if not p.is_reserve]
    reserve = next(str(p.pk) for p in players if p.is_reserve)
    b = [str(p.pk) for p in m.team_b.players.all()]
    short = post_data(m, lineup_a_1=starters[:2], lineup_a_2=starters, lineup_b_1=b, lineup_b_2=b)
    response = client_for(world.judge).post(entry_url(world, m), short)
    assert response.status_code == 422 and "exatamente 3 jogadores" in response.content.decode()
    swapped = [*starters[:2], reserve]
    ok = post_data(m, lineup_a_1=starters, lineup_a_2=swapped, lineup_b_1=b, lineup_b_2=b)
    assert client_for(world.judge).post(entry_url(world, m), ok).status_code == 303
    sheet = ScoreSheet.objects.get()
    assert sheet.lineups["a"][1] == sorted(int(i) for i in swapped)


def test_another_tournaments_match_is_404_and_nothing_written(world: World) -> None:
    other = world.other.stages.first().matches.first()  # type: ignore[union-attr]
    url = reverse("scoring:entry", args=[world.tournament.slug, other.pk])
    assert client_for(world.judge).post(url, post_data(other)).status_code == 404
    url = reverse("scoring:entry", args=[world.other.slug, other.pk])
    assert client_for(world.judge).post(url, post_data(other)).status_code == 403
    assert not ScoreSheet.objects.exists()
