"""Bracket pages: who sees what, the organizer's actions, constant queries by size."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.knockout.test_bracket_services import knockout
from tournaments.models import Membership, StageTeam

pytestmark = pytest.mark.django_db


def client_for(t, role: str | None) -> Client:  # type: ignore[no-untyped-def]
    c = Client()
    if role:
        user = get_user_model().objects.create_user(f"{role}-{t.slug}", password="x")
        Membership.objects.create(tournament=t, user=user, role=role)
        c.force_login(user)
    return c


def test_public_page_and_json_for_everyone_organizer_page_for_organizers() -> None:
    t = knockout(["t1", "t2", "t3", "t4", "t5"])
    public = reverse("public:bracket", args=[t.slug])
    anon = client_for(t, None)
    page = anon.get(public)
    assert page.status_code == 200 and "Trio T1" in page.text and "chapéu" in page.text
    assert "js/live.js" in page.text
    doc = anon.get(reverse("public:bracket_json", args=[t.slug])).json()
    assert doc["format"] == "tenteio-bracket/1" and doc["size"] == 8
    manage = reverse("knockout:bracket", args=[t.slug])
    assert anon.get(manage).status_code == 302
    assert client_for(t, "judge").get(manage).status_code == 403
    org = client_for(t, "organizer")
    assert org.get(manage).status_code == 200
    # a swap without reason: 400 with the field's message, nothing changed
    before = list(StageTeam.objects.values_list("team_id", "position"))
    teams = list(t.teams.order_by("key"))
    bad = org.post(manage, {"action": "swap", "team_a": teams[0].pk, "team_b": teams[1].pk, "reason": ""})
    assert bad.status_code == 400 and "obrigatório" in bad.text
    assert list(StageTeam.objects.values_list("team_id", "position")) == before
    ok = org.post(manage, {"action": "swap", "team_a": teams[0].pk, "team_b": teams[1].pk, "reason": "erro"})
    assert ok.status_code == 302
    sched = org.post(manage, {"action": "schedule", "start": "2026-02-14 10:00", "minutes": "60"})
    assert sched.status_code == 302
    assert org.post(manage, {"action": "schedule", "start": "x", "minutes": "0"}).status_code == 400


def test_generate_from_the_organizer_page() -> None:
    t = knockout(["t1", "t2"], slug="gen")
    t.stages.all().delete()
    org = client_for(t, "organizer")
    manage = reverse("knockout:bracket", args=[t.slug])
    assert org.post(manage, {"action": "generate", "source": "teams"}).status_code == 302
    assert t.stages.get().matches.count() == 1
    again = org.post(manage, {"action": "generate", "source": "teams"})
    assert again.status_code == 400 and "refazer" in again.text


def queries(slug: str) -> int:
    c = Client()
    with CaptureQueriesContext(connection) as ctx:
        assert c.get(reverse("public:bracket", args=[slug])).status_code == 200
    return len(ctx.captured_queries)


def test_public_bracket_queries_do_not_grow_with_size() -> None:
    knockout([f"t{i}" for i in range(8)], slug="oito")
    knockout([f"t{i}" for i in range(128)], slug="cento")
    assert queries("oito") == queries("cento")
