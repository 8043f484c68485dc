"""The home page by role, and where the login sends each one: an organizer to their
tournaments (with «Novo torneio» and «Importar»), a judge straight to their jogos, a
visitor to the public tournaments."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from interchange.load import load_tournament
from tests.documents import document, match
from tournaments.models import Membership, Tournament
from tournaments.services.organizers import organizer_mark

pytestmark = pytest.mark.django_db
PASSWORD = "x-Senha-Forte-1"


def make(slug: str, *, public: bool = True) -> Tournament:
    t = load_tournament(document([match(1, "t1", "t2", None)], slug=slug)).tournament
    Tournament.objects.filter(pk=t.pk).update(is_public=public, name=f"Torneio {slug}")
    t.refresh_from_db()
    return t


def person(name: str, *memberships: tuple[Tournament, str]) -> User:
    u = User.objects.create_user(name, password=PASSWORD)
    for t, role in memberships:
        Membership.objects.create(tournament=t, user=u, role=role)
    return u


def log_in(name: str) -> Any:
    c = Client()
    response = c.post(reverse("login"), {"username": name, "password": PASSWORD})
    assert response.status_code == 302, response.content
    return c, response


def test_a_visitor_sees_the_public_tournaments_only() -> None:
    make("aberto")
    make("fechado", public=False)
    html = Client().get("/").content.decode()
    assert "Torneio aberto" in html and "Torneio fechado" not in html
    assert "Novo torneio" not in html and "Importar torneio" not in html and "Meus jogos" not in html


def test_an_organizer_lands_home_with_their_tournaments_and_the_buttons() -> None:
    mine = make("meu", public=False)
    make("alheio")
    organizer_mark(person("org", (mine, "organizer")))
    c, response = log_in("org")
    assert c.get(response["Location"]).status_code == 302  # after_login → home
    assert c.get(response["Location"])["Location"] == reverse("home")
    html = c.get("/").content.decode()
    assert reverse("tournaments:create") in html and "Novo torneio" in html
    assert reverse("interchange:import") in html
    assert reverse("tournaments:dashboard", args=["meu"]) in html
    assert "Torneio alheio" in html  # the public ones too, below


def test_a_judge_goes_straight_to_their_jogos() -> None:
    t = make("copa", public=False)
    person("juiz", (t, "judge"))
    c, response = log_in("juiz")
    assert response["Location"] == reverse("after_login")
    follow = c.get(response["Location"])
    assert follow.status_code == 302 and follow["Location"] == reverse("scoring:judge_home", args=["copa"])
    html = c.get("/").content.decode()
    assert reverse("scoring:judge_home", args=["copa"]) in html and "Meus jogos em Torneio copa" in html
    assert "Novo torneio" not in html  # a judge's account is for their jogos


def test_a_judge_of_two_tournaments_chooses_on_the_home() -> None:
    one, two = make("um"), make("dois")
    person("juiz2", (one, "judge"), (two, "judge"))
    c, response = log_in("juiz2")
    assert c.get(response["Location"])["Location"] == reverse("home")
    html = c.get("/").content.decode()
    assert reverse("scoring:judge_home", args=["um"]) in html
    assert reverse("scoring:judge_home", args=["dois"]) in html


def test_next_still_wins_and_a_new_account_may_create_only_as_the_site_says(settings: Any) -> None:
    person("novo")
    c = Client()
    response = c.post(reverse("login") + "?next=/torneios/meus/", {"username": "novo", "password": PASSWORD})
    assert response["Location"] == "/torneios/meus/"
    html = c.get("/").content.decode()  # by default only the accounts marked as organizers
    assert "Novo torneio" not in html and "Importar torneio" not in html
    settings.TOURNAMENT_CREATORS = "anyone"
    html = c.get("/").content.decode()
    assert "Novo torneio" in html and "Nenhum torneio ainda" in html
    assert Client().get(reverse("after_login"))["Location"].startswith(reverse("login") + "?next=")
