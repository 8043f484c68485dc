"""The capataz's link: issued by the organizer and shown once, kept only as a hash,
reissued (the old one stops working), revoked (404), and its printed card."""

from __future__ import annotations

import pytest
from django.contrib.auth.hashers import check_password
from django.test import Client

from audit.models import AuditEntry
from captains.models import CaptainLink
from captains.services import captain_link_find, captain_link_issue, captain_link_revoke
from scoring.services.errors import NotAllowed
from tests.captains.conftest import Captain

pytestmark = pytest.mark.django_db


def test_only_the_hash_is_stored(captain: Captain) -> None:
    link = CaptainLink.objects.get(team=captain.team)
    secret = captain.token[len(link.key) :]
    assert captain.token.startswith(link.key) and len(secret) >= 32
    assert secret not in link.secret_hash and check_password(secret, link.secret_hash)
    entry = AuditEntry.objects.filter(model="captains.CaptainLink").get()
    assert captain.token not in str(entry.__dict__) and link.secret_hash not in str(entry.__dict__)
    assert "Link do capataz" in entry.summary


def test_the_organizer_issues_it_from_the_team_page_and_sees_it_once(captain: Captain) -> None:
    client = captain.organizer()
    team = captain.team
    slug = captain.world.tournament.slug
    page = client.get(f"/t/{slug}/gestao/equipes/{team.pk}/")
    assert page.status_code == 200 and b'id="capataz"' in page.content and b"Link ativo" in page.content
    issued = client.post(f"/t/{slug}/gestao/equipes/{team.pk}/capataz/")
    assert issued.status_code == 200
    text = issued.content.decode()
    assert "/capataz/" in text and "data:image/png;base64," in text
    url = text.split('<code class="password link-url">')[1].split("</code>")[0]
    token = url.split("/capataz/")[1].rstrip("/")
    assert captain_link_find(token) is not None
    again = client.get(f"/t/{slug}/gestao/equipes/{team.pk}/")
    assert token not in again.content.decode()  # never shown again
    # The old link stopped working with the new one.
    assert captain_link_find(captain.token) is None
    assert client.get(captain.url).status_code == 404
    assert CaptainLink.objects.filter(team=team, revoked_at__isnull=True).count() == 1


def test_reissue_invalidates_the_old(captain: Captain) -> None:
    new = captain_link_issue(captain.team, captain.world.organizer)
    assert captain_link_find(captain.token) is None and captain_link_find(new) is not None
    assert CaptainLink.objects.filter(team=captain.team).count() == 2


def test_revoked_and_unknown_links_answer_404_with_no_data(captain: Captain) -> None:
    client = captain.organizer()
    slug = captain.world.tournament.slug
    response = client.post(f"/t/{slug}/gestao/equipes/{captain.team.pk}/capataz/revogar/")
    assert response.status_code == 302
    for url in (
        captain.url,
        captain.url + "revisao.json",
        "/capataz/xxxxxxxxyyyyyyyyyyyyyyyy/",
        "/capataz/a/",
    ):
        page = Client().get(url)
        assert page.status_code == 404
        text = page.content.decode()
        assert "Link inválido" in text and captain.team.name not in text
    assert Client().post(captain.url + "contestar/", {"text": "x"}).status_code == 404
    assert not captain_link_revoke(team=captain.team, user=captain.world.organizer)


def test_only_an_organizer_issues(captain: Captain) -> None:
    with pytest.raises(NotAllowed):
        captain_link_issue(captain.team, captain.world.judge)


def test_the_captains_card_prints_the_fresh_link(captain: Captain) -> None:
    client = captain.organizer()
    slug = captain.world.tournament.slug
    url = f"/t/{slug}/gestao/equipes/{captain.team.pk}/capataz/cartao.pdf"
    pdf = client.post(url, {"token": captain.token})
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")
    assert client.post(url, {"token": captain.token[:-1] + "x"}).status_code == 404
    other = captain.match.team_b
    assert (
        client.post(
            f"/t/{slug}/gestao/equipes/{other.pk}/capataz/cartao.pdf", {"token": captain.token}
        ).status_code
        == 404
    )
