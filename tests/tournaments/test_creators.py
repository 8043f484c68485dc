"""Who may create tournaments: the site's setting TOURNAMENT_CREATORS, «Novo torneio» on
the home and /torneios/novo/ following it, and ``manage.py organizer``."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client

from tests.tournaments.conftest import PASSWORD, member
from tournaments.models import Tournament
from tournaments.permissions import can_create_tournament

pytestmark = pytest.mark.django_db
FORM = {
    "name": "Copa",
    "slug": "copa",
    "modality": "truco-paulista",
    "stage_plan": "groups",
    "is_public": "on",
}


def test_a_judge_account_may_not_create_a_tournament(tournament: Tournament) -> None:
    judge = member(tournament, "juiz", "judge")
    c = Client()
    c.force_login(judge)
    page = c.get("/torneios/novo/")
    assert page.status_code == 403
    assert "Sua conta não pode criar torneios" in page.content.decode()
    assert c.post("/torneios/novo/", FORM).status_code == 403
    assert not Tournament.objects.filter(slug="copa").exists()
    assert "Novo torneio" not in c.get("/").content.decode()


def test_an_organizer_of_one_tournament_is_not_a_creator_until_marked(tournament: Tournament) -> None:
    org = member(tournament, "org2", "organizer")
    c = Client()
    c.force_login(org)
    assert c.get("/torneios/novo/").status_code == 403
    out = StringIO()
    call_command("organizer", "org2", stdout=out)
    assert "agora pode criar" in out.getvalue()
    org = User.objects.get(username="org2")  # a fresh object: permissions are cached
    assert org.groups.filter(name="Organizadores").exists() and can_create_tournament(org)
    assert "Novo torneio" in c.get("/").content.decode()
    created = c.post("/torneios/novo/", FORM)
    assert created.status_code == 302 and Tournament.objects.filter(slug="copa").exists()
    call_command("organizer", "org2", "--remove", stdout=StringIO())
    assert c.get("/torneios/novo/").status_code == 403
    with pytest.raises(CommandError, match="não existe"):
        call_command("organizer", "ninguem", stdout=StringIO())


def test_superusers_always_and_anyone_when_the_site_says_so(settings: Any, db: None) -> None:
    admin = User.objects.create_superuser("admin", "a@example.org", PASSWORD)
    plain = User.objects.create_user("plain", password=PASSWORD)
    assert can_create_tournament(admin) and not can_create_tournament(plain)
    settings.TOURNAMENT_CREATORS = "anyone"
    c = Client()
    c.force_login(plain)
    assert c.get("/torneios/novo/").status_code == 200
    assert Client().get("/torneios/novo/").status_code == 302  # anonymous: to the login
