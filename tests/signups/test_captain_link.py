"""One address for the capataz, from the inscrição online to the last jogo: approving
the inscrição makes its private link the team's capataz page (``captain_link_adopt``),
the inscrição's page then leads there, and the organizer's revocation ends both the
capataz page and that lead (the inscrição's state stays readable)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from audit.models import AuditEntry
from captains.models import CaptainLink
from captains.services import captain_link_issue, captain_link_revoke
from signups.review import signup_approve
from signups.services import signup_register
from tests.signups.conftest import trio
from tournaments.models import Tournament


def test_the_inscricao_address_becomes_the_capataz_page(opened: Tournament, organizer: User) -> None:
    signup, token = signup_register(tournament=opened, data=trio("Trio Minuano"), phone="51 99999 0000")
    client = Client()
    assert client.get(reverse("captains:page", args=[token])).status_code == 404  # not yet approved
    state = client.get(reverse("signups:capataz", args=[token])).content.decode()
    assert reverse("captains:page", args=[token]) not in state
    team = signup_approve(signup=signup, user=organizer)
    (link,) = CaptainLink.objects.filter(team=team)
    assert (link.key, link.secret_hash) == (token[:8], signup.secret_hash)
    assert token[8:] not in link.secret_hash
    page = client.get(reverse("captains:page", args=[token]))
    assert page.status_code == 200 and "Trio Minuano" in page.content.decode()
    assert "51 99999" not in page.content.decode()
    state = client.get(reverse("signups:capataz", args=[token])).content.decode()
    assert reverse("captains:page", args=[token]) in state
    assert AuditEntry.objects.filter(summary__contains="o da inscrição online").exists()

    captain_link_revoke(team=team, user=organizer)
    assert client.get(reverse("captains:page", args=[token])).status_code == 404
    state = client.get(reverse("signups:capataz", args=[token])).content.decode()
    assert "Aprovada" in state and reverse("captains:page", args=[token]) not in state


def test_a_link_issued_later_replaces_the_adopted_one(opened: Tournament, organizer: User) -> None:
    signup, token = signup_register(tournament=opened, data=trio("Trio Guaiaca"), email="capataz@example.com")
    team = signup_approve(signup=signup, user=organizer)
    fresh = captain_link_issue(team, organizer)
    client = Client()
    assert client.get(reverse("captains:page", args=[token])).status_code == 404
    assert client.get(reverse("captains:page", args=[fresh])).status_code == 200
