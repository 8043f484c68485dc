"""Judges' private links: created once by the organizer, opened on a phone (a session
for that tournament alone), restricted to mesas or rodadas, revoked at once, and
wrong addresses locked out."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import check_password
from django.test import Client
from django.urls import reverse

from audit.models import AuditEntry
from scoring.access import LINK_ATTRIBUTE, can_enter
from scoring.models import JudgeAssignment, JudgeLink, ScoreSheet
from scoring.selectors_links import session_scope
from scoring.services.errors import NotAllowed
from scoring.services.links import KEY_LENGTH, LinkRefused, link_create, link_revoke
from tests.scoring.conftest import PASSWORD, World, user
from tests.scoring.test_views import entry_url, post_data
from tournaments.models import Match, Membership

pytestmark = pytest.mark.django_db


def organizer_client(w: World) -> Client:
    c = Client()
    assert c.login(username=w.organizer.username, password=PASSWORD)
    return c


def members_url(w: World) -> str:
    return reverse("tournaments:members", args=[w.tournament.slug])


def open_url(token: str) -> str:
    return reverse("scoring:link_open", args=[token])


def phone(token: str) -> Client:
    c = Client()
    response = c.get(open_url(token))
    assert response.status_code == 302, response.content.decode()[:500]
    return c


def test_organizer_creates_a_link_shown_once_and_only_its_hash_is_kept(world: World) -> None:
    c = organizer_client(world)
    url = reverse("scoring:link_create", args=[world.tournament.slug])
    response = c.post(url, {"judge": world.free_judge.pk})
    html = response.content.decode()
    assert response.status_code == 200
    link = JudgeLink.objects.get(user=world.free_judge)
    start = html.index("/acesso/")
    token = html[start + len("/acesso/") :].split("/", 1)[0]
    assert token.startswith(link.key) and len(token) > KEY_LENGTH + 30
    assert 'src="data:image/png;base64,' in html  # its QR code
    secret = token[KEY_LENGTH:]
    assert check_password(secret, link.secret_hash) and secret not in link.secret_hash
    # Nowhere else: not the row, not the audit trail, not the page a second time.
    row = JudgeLink.objects.filter(pk=link.pk).values().get()
    assert not any(secret in str(value) for value in row.values())
    # Opened, then logged by django-axes: its log keeps the path without the token.
    Client().get(open_url(token))
    Client().get(open_url(token + "x"))
    logged = [str(v) for m in (AccessLog, AccessAttempt, AccessFailureLog) for v in m.objects.values()]
    assert logged and not any(secret in value for value in logged)
    for entry in AuditEntry.objects.filter(model="scoring.JudgeLink"):
        assert secret not in str(entry.before) + str(entry.after) + entry.summary
        assert "secret_hash" not in (entry.after or {})
    again = c.get(members_url(world)).content.decode()
    assert token not in again and "ativo" in again and world.free_judge.username in again


def test_a_new_named_judge_gets_an_account_without_password(world: World) -> None:
    link, token = link_create(tournament=world.tournament, by=world.organizer, name="Maria das Dores")
    judge = link.user
    assert judge.first_name == "Maria das Dores" and not judge.has_usable_password()
    assert Membership.objects.filter(tournament=world.tournament, user=judge, role="judge").exists()
    c = phone(token)
    home = c.get(reverse("scoring:judge_home", args=[world.tournament.slug]))
    assert home.status_code == 200
    # the phone's header greets her by the name the organizer typed, not the link's account
    who = home.content.decode().split('<span class="who">', 1)[1].split("</span>", 1)[0]
    assert who == "Maria das Dores" and judge.username not in who


def test_the_form_refuses_no_judge_or_both_with_a_400(world: World) -> None:
    c = organizer_client(world)
    url = reverse("scoring:link_create", args=[world.tournament.slug])
    assert c.post(url, {}).status_code == 400
    both = c.post(url, {"judge": world.free_judge.pk, "name": "Outro"})
    assert both.status_code == 400 and "não os dois" in both.content.decode()
    assert not JudgeLink.objects.exists()
    # A judge who does not judge this tournament is not a choice.
    assert c.post(url, {"judge": world.stranger.pk}).status_code == 400


def test_no_link_for_an_organizer_or_an_administrator(world: World) -> None:
    with pytest.raises(NotAllowed):
        link_create(tournament=world.tournament, by=world.organizer, judge=world.organizer)
    admin = get_user_model().objects.create_superuser("root", "r@example.org", PASSWORD)
    Membership.objects.create(tournament=world.tournament, user=admin, role="judge")
    with pytest.raises(NotAllowed):
        link_create(tournament=world.tournament, by=world.organizer, judge=admin)
    with pytest.raises(NotAllowed):  # only an organizer creates links
        link_create(tournament=world.tournament, by=world.free_judge, name="X")
    with pytest.raises(LinkRefused):
        link_create(tournament=world.tournament, by=world.organizer, judge=world.free_judge, tables=[])


def test_opening_logs_in_lands_on_the_jogos_and_the_sumula_is_the_judges(world: World) -> None:
    link, token = link_create(tournament=world.tournament, by=world.organizer, judge=world.free_judge)
    c = Client()
    response = c.get(open_url(token))
    assert response.status_code == 302
    assert response.url == reverse("scoring:judge_home", args=[world.tournament.slug])
    assert int(c.session["_auth_user_id"]) == world.free_judge.pk
    assert c.get(response.url).status_code == 200
    m = world.match(1, "2")
    assert c.post(entry_url(world, m), post_data(m, action="submit")).status_code == 303
    sheet = ScoreSheet.objects.get(match=m)
    assert sheet.entered_by == world.free_judge
    entries = AuditEntry.objects.filter(model="scoring.ScoreSheet", object_id=str(sheet.pk))
    assert entries and {e.actor for e in entries} == {world.free_judge}
    link.refresh_from_db()
    assert link.opened_at is not None
    assert AuditEntry.objects.filter(model="scoring.JudgeLink", summary__contains="aberto").exists()


def test_a_link_for_mesas_allows_those_mesas_only(world: World) -> None:
    mesa1 = world.tournament.tables.get(name="1")
    _, token = link_create(
        tournament=world.tournament, by=world.organizer, judge=world.free_judge, tables=[mesa1.pk]
    )
    c = phone(token)
    assert JudgeLink.objects.get().scope == "mesa 1"
    allowed, other = world.match(1, "1"), world.match(1, "2")
    assert c.post(entry_url(world, other), post_data(other, action="submit")).status_code == 403
    assert c.get(entry_url(world, other)).status_code == 403
    assert c.post(entry_url(world, allowed), post_data(allowed, action="submit")).status_code == 303
    assert not ScoreSheet.objects.filter(match=other).exists()
    listing = c.get(reverse("scoring:judge_home", args=[world.tournament.slug])).content.decode()
    assert entry_url(world, other) not in listing and entry_url(world, world.match(2, "1")) in listing


def test_a_link_for_mesas_gives_exactly_what_an_assignment_gives(world: World) -> None:
    """The link's judge (no mesa assigned) against ``world.judge``, assigned mesa 1."""
    mesa1 = world.tournament.tables.get(name="1")
    link, _ = link_create(
        tournament=world.tournament, by=world.organizer, judge=world.free_judge, tables=[mesa1.pk]
    )
    assert set(JudgeAssignment.objects.filter(user=world.judge).values_list("table", flat=True)) == {mesa1.pk}
    by_link = get_user_model().objects.get(pk=world.free_judge.pk)
    setattr(by_link, LINK_ATTRIBUTE, session_scope(link.pk, by_link))
    matches = Match.objects.filter(stage__tournament__in=[world.tournament, world.other]).select_related(
        "stage__tournament"
    )
    assert [can_enter(by_link, m) for m in matches] == [can_enter(world.judge, m) for m in matches]


def test_a_link_for_rodadas_allows_those_rodadas_only(world: World) -> None:
    m1 = world.match(1, "2")
    link, token = link_create(
        tournament=world.tournament, by=world.organizer, judge=world.free_judge, rounds=[(m1.stage_id, 1)]
    )
    assert link.scope == "Rodada 1"
    c = phone(token)
    m2 = world.match(2, "2")
    assert c.post(entry_url(world, m2), post_data(m2, action="submit")).status_code == 403
    assert c.post(entry_url(world, m1), post_data(m1, action="submit")).status_code == 303


def test_a_link_opens_its_tournament_only(world: World) -> None:
    both = user("juiz_dois_torneios", world.tournament, "judge")
    Membership.objects.create(tournament=world.other, user=both, role="judge")
    _, token = link_create(tournament=world.tournament, by=world.organizer, judge=both)
    c = phone(token)
    theirs = Match.objects.filter(stage__tournament=world.other, round=1).first()
    assert theirs is not None
    url = reverse("scoring:entry", args=[world.other.slug, theirs.pk])
    assert c.post(url, post_data(theirs, action="submit")).status_code in (302, 403, 404)
    assert c.get(reverse("scoring:judge_home", args=[world.other.slug])).status_code in (302, 403, 404)
    assert not ScoreSheet.objects.filter(match=theirs).exists()
    # Nor the pages of an account: a link is not a password.
    assert c.get(reverse("tournaments:create")).status_code == 302
    # Its own tournament still works after those refusals.
    assert c.get(reverse("scoring:judge_home", args=[world.tournament.slug])).status_code == 200


def test_revocation_ends_an_open_session_at_once(world: World) -> None:
    link, token = link_create(tournament=world.tournament, by=world.organizer, judge=world.free_judge)
    c = phone(token)
    home = reverse("scoring:judge_home", args=[world.tournament.slug])
    assert c.get(home).status_code == 200
    revoke = reverse("scoring:link_revoke", args=[world.tournament.slug, link.pk])
    assert organizer_client(world).post(revoke).status_code == 302
    response = c.get(home)
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    m = world.match(1, "2")
    assert c.post(entry_url(world, m), post_data(m, action="submit")).status_code == 302
    assert not ScoreSheet.objects.filter(match=m).exists()
    assert "_auth_user_id" not in c.session
    # The address itself is refused from now on (without counting as a guess).
    assert Client().get(open_url(token)).status_code == 410
    entry = AuditEntry.objects.filter(model="scoring.JudgeLink", summary__contains="revogado").get()
    assert entry.actor == world.organizer
    assert not link_revoke(link=link, by=world.organizer)  # already revoked: nothing to do


def test_wrong_tokens_are_refused_and_then_locked(world: World) -> None:
    link, token = link_create(tournament=world.tournament, by=world.organizer, judge=world.free_judge)
    c = Client()
    wrong = [token[:-1] + ("A" if token[-1] != "A" else "B"), "x" * 40, link.key + "y" * 32, "curto"]
    for attempt in range(5):
        response = c.get(open_url(wrong[attempt % len(wrong)]))
        assert "_auth_user_id" not in c.session
        if attempt < 4:
            assert response.status_code == 404 and "Link inválido" in response.content.decode()
    assert response.status_code == 429
    # Locked: even the right address is refused from this client for now.
    locked = c.get(open_url(token))
    assert locked.status_code == 429 and "bloqueado" in locked.content.decode()
    assert "_auth_user_id" not in c.session
    # Another client (another address) is not locked with it.
    assert Client(REMOTE_ADDR="10.0.0.9").get(open_url(token)).status_code == 302


def test_members_page_lists_links_with_revoke(world: World) -> None:
    link_create(tournament=world.tournament, by=world.organizer, name="Zé da Mesa")
    html = organizer_client(world).get(members_url(world)).content.decode()
    assert "Links de acesso dos juízes" in html and "Zé da Mesa" in html and "Revogar" in html
    assert "Criar link" in html
