"""The public form and the capataz's link through the test client: 400s naming the
field, the honeypot, the rate limit, hostile names, the link shown once; the organizer's
settings and review pages, for organizers only; English."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from signups.models import Signup, SignupSettings
from signups.review import signup_approve, signup_refuse
from signups.services import signup_register
from tests.signups.conftest import PASSWORD, form_data, open_signups, trio
from tests.trust.test_hostile_input import FORMULA, IMG, SCRIPT
from tournaments.models import Membership, Team, Tournament
from tournaments.revision import bump

S = Signup.Status
pytestmark = pytest.mark.django_db


def post(client: Client, t: Tournament, data: dict[str, str], **extra: Any) -> Any:
    return client.post(reverse("signups:register", args=[t.slug]), data, **extra)


def text(response: Any) -> str:
    return response.content.decode()


def test_a_capataz_registers_and_gets_his_link_once(opened: Tournament) -> None:
    client = Client()
    page = client.get(reverse("signups:register", args=[opened.slug]))
    assert page.status_code == 200 and 'name="titular_2"' in text(page) and 'name="website"' in text(page)
    response = post(client, opened, form_data("Os Taura"))
    assert response.status_code == 200, text(response)
    assert response["Cache-Control"] == "private, no-store"
    body = text(response)
    assert "inscrita (pendente)" in body
    link = re.search(r'href="(http://testserver/inscricao/[^"]+/)"', body)
    assert link is not None
    signup = Signup.objects.get()
    assert signup.key in link.group(1) and link.group(1).split("/")[-2][8:] not in signup.secret_hash
    state = client.get(link.group(1))
    assert state.status_code == 200 and "inscrita (pendente)" in text(state)
    assert "99999" not in text(state)  # the contact is the organizers' alone
    assert client.get(reverse("signups:capataz", args=[signup.key + "x" * 32])).status_code == 404


def test_the_capataz_page_shows_each_state(opened: Tournament, organizer: User) -> None:
    pages = {}
    for name in ("A", "B", "C", "D", "E"):
        signup, token = signup_register(tournament=opened, data=trio(f"Trio {name}"), phone="51 99999 0000")
        pages[name] = (signup, reverse("signups:capataz", args=[token]))
    signup_approve(signup=pages["A"][0], user=organizer)
    signup_refuse(signup=pages["B"][0], user=organizer, reason="Faltou a entidade")
    Signup.objects.filter(pk=pages["E"][0].pk).update(status=S.WAITLIST)
    client = Client()
    assert "Aprovada" in text(client.get(pages["A"][1]))
    assert "Faltou a entidade" in text(client.get(pages["B"][1]))
    assert "1ª da lista" in text(client.get(pages["E"][1]))
    withdrawn = client.post(pages["C"][1], {"action": "withdraw"})
    assert withdrawn.status_code == 302
    assert Signup.objects.get(pk=pages["C"][0].pk).status == S.WITHDRAWN
    assert client.post(pages["A"][1], {"action": "withdraw"}).status_code == 400
    assert client.post(pages["D"][1], {}).status_code == 400


@pytest.mark.parametrize(
    ("change", "field_words"),
    [
        ({"name": ""}, "Nome da equipe:"),
        ({"name": "x" * 5000}, "Nome da equipe:"),
        ({"titular_2": ""}, "O trio precisa de exatamente 3 titulares"),
        ({"capataz": "reserva_0"}, "Indique exatamente um capataz"),
        ({"capataz": "nada"}, "Capataz:"),
        ({"phone": "", "email": ""}, "Contato: informe um telefone ou um e-mail."),
        ({"email": "arroba"}, "E-mail: informe um endereço válido"),
        ({"titular_1": "Os\x00 Taura"}, "Titular 2: Caracteres nulos não são permitidos."),
        ({"titular_1": "Os\x07 Taura"}, "O nome de um jogador"),
        ({"entity": "e" * 201}, "Entidade (CTG, clube):"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(
    opened: Tournament, change: dict[str, str], field_words: str
) -> None:
    response = post(Client(), opened, form_data("Os Taura", **change))
    assert response.status_code == 400
    assert field_words in text(response)
    assert not Signup.objects.exists()


def test_the_honeypot_refuses_a_robot(opened: Tournament) -> None:
    response = post(Client(), opened, form_data("Robô", website="http://spam.example"))
    assert response.status_code == 400
    assert "Não preencha este campo" in text(response)
    assert not Signup.objects.exists()


@override_settings(SIGNUP_RATE_LIMIT={"form": (5, 600)})
def test_many_posts_from_one_address_are_refused(opened: Tournament) -> None:
    client = Client()
    answers = [post(client, opened, form_data("", entity="x")).status_code for _ in range(5)]
    assert answers == [400] * 5
    refused = post(client, opened, form_data("Os Taura"))
    assert refused.status_code == 429
    assert "Muitas tentativas deste endereço" in text(refused) and "Nada foi registrado" in text(refused)
    assert not Signup.objects.exists()
    other = post(client, opened, form_data("Os Taura"), REMOTE_ADDR="10.9.8.7")
    assert other.status_code == 200


def test_a_thousand_posts_from_one_address_write_nothing_past_the_limit(opened: Tournament) -> None:
    open_signups(opened, capacity=4096)
    client = Client()
    codes = [post(client, opened, form_data(f"Trio {i}")).status_code for i in range(1000)]
    assert codes[:10] == [200] * 10 and set(codes[10:]) == {429}
    assert Signup.objects.count() == 10


@pytest.mark.parametrize("name", [SCRIPT, IMG, FORMULA, "+cmd|' /C calc'!A0"])
def test_hostile_names_are_kept_as_text(opened: Tournament, organizer: User, name: str) -> None:
    response = post(Client(), opened, form_data(name))
    assert response.status_code == 200
    assert "<script>alert" not in text(response) and "<img src=x" not in text(response)
    client = Client()
    client.force_login(organizer)
    review = client.get(reverse("signups:review", args=[opened.slug]))
    assert review.status_code == 200
    assert "<script>alert" not in text(review) and "<img src=x" not in text(review)


def test_the_closed_form_says_why(tournament: Tournament) -> None:
    client = Client()
    page = client.get(reverse("signups:register", args=[tournament.slug]))
    assert page.status_code == 200 and "não estão abertas" in text(page)
    assert post(client, tournament, form_data("Cedo")).status_code == 403
    open_signups(tournament, closes_at=timezone.now() - timedelta(minutes=1))
    late = post(client, tournament, form_data("Tarde"))
    assert late.status_code == 403 and "encerraram em" in text(late)
    assert not Signup.objects.exists()


def test_the_public_page_shows_the_count(opened: Tournament) -> None:
    home = reverse("public:home", args=[opened.slug])
    client = Client()
    assert "Inscrições online" in text(client.get(home))
    for i in range(6):
        post(client, opened, form_data(f"Trio {i}"))
    body = text(client.get(home))
    assert "4/4 inscritas" in body and "2 na espera" in body
    SignupSettings.objects.filter(tournament=opened).update(enabled=False)
    bump(opened.pk)  # the row changed behind the services' back: a new revision shows it
    assert "inscritas" not in text(client.get(home))


def organizer_client(t: Tournament, username: str = "org2") -> Client:
    user = User.objects.create_user(username, password=PASSWORD)
    Membership.objects.create(tournament=t, user=user, role=Membership.Role.ORGANIZER)
    client = Client()
    client.force_login(user)
    return client


def test_the_organizer_opens_and_reviews(tournament: Tournament) -> None:
    org = organizer_client(tournament)
    settings_url = reverse("signups:settings", args=[tournament.slug])
    assert org.get(settings_url).status_code == 200
    refused = org.post(settings_url, {"enabled": "on", "capacity": "0"})
    assert refused.status_code == 400 and "Vagas" in text(refused)
    typed = {"enabled": "on", "capacity": "2", "closes_at": "2099-12-12T18:00", "contact_required": "on"}
    saved = org.post(settings_url, typed)
    assert saved.status_code == 302
    s = SignupSettings.objects.get(tournament=tournament)
    assert s.enabled and s.capacity == 2 and timezone.localtime(s.closes_at).hour == 18
    for i in range(4):
        post(Client(), tournament, form_data(f"Trio {i}"), REMOTE_ADDR=f"10.0.0.{i + 1}")
    review_url = reverse("signups:review", args=[tournament.slug])
    page = org.get(review_url)
    assert page.status_code == 200 and "Aprovar selecionadas" in text(page)
    assert "(51) 99999-0000" in text(page)  # the organizers see the contact
    first, second, third, fourth = Signup.objects.order_by("number")
    assert org.post(review_url, {"refuse": first.pk, f"reason_{first.pk}": ""}).status_code == 400
    assert org.post(review_url, {"refuse": first.pk, f"reason_{first.pk}": "Duplicada"}).status_code == 302
    assert Signup.objects.get(pk=third.pk).status == S.PENDING
    assert org.post(review_url, {"approve": second.pk}).status_code == 302
    many = org.post(review_url, {"approve_many": "1", "selected": [third.pk, fourth.pk]})
    assert many.status_code == 302
    assert list(Team.objects.filter(tournament=tournament).order_by("id").values_list("name", flat=True)) == [
        "Trio 1",
        "Trio 2",
    ]
    assert org.post(review_url, {"approve_many": "1"}).status_code == 400
    assert org.post(review_url, {}).status_code == 400
    assert org.post(review_url, {"erase": second.pk}).status_code == 302
    erased = Signup.objects.get(pk=second.pk)
    assert (erased.phone, erased.email) == ("", "") and erased.contact_erased_at is not None


def test_only_the_tournaments_organizers_see_the_review(opened: Tournament, sign_up: Any) -> None:
    sign_up("Os Taura")
    review_url = reverse("signups:review", args=[opened.slug])
    stranger = User.objects.create_user("visitante", password=PASSWORD)
    judge = User.objects.create_user("juiz", password=PASSWORD)
    Membership.objects.create(tournament=opened, user=judge, role=Membership.Role.JUDGE)
    assert Client().get(review_url).status_code == 302  # to the login page
    for user in (stranger, judge):
        client = Client()
        client.force_login(user)
        assert client.get(review_url).status_code == 403
        assert client.post(review_url, {"approve": Signup.objects.get().pk}).status_code == 403
    assert Signup.objects.get().status == S.PENDING


def test_the_pages_speak_english(opened: Tournament) -> None:
    """Words already in the English catalog read in English (this app's own arrive with
    the next catalogs)."""
    client = Client()
    client.get(reverse("language", args=["en"]))
    page = client.get(reverse("signups:register", args=[opened.slug]))
    assert page.status_code == 200
    assert "Team name" in text(page) and "Players" in text(page)
    response = post(client, opened, form_data(""))
    assert response.status_code == 400 and "Team name:" in text(response)


@override_settings(SIGNUP_RATE_LIMIT={"link": (3, 600)})
def test_wrong_link_addresses_are_limited_per_address(opened: Tournament) -> None:
    _signup, token = signup_register(tournament=opened, data=trio("Os Taura"), phone="51 99999 0000")
    client = Client()
    wrong = reverse("signups:capataz", args=["x" * 40])
    assert [client.get(wrong).status_code for _ in range(3)] == [404] * 3
    blocked = client.get(reverse("signups:capataz", args=[token]))
    assert blocked.status_code == 429 and "Muitas tentativas" in text(blocked)
    assert Client(REMOTE_ADDR="10.2.3.4").get(reverse("signups:capataz", args=[token])).status_code == 200


def test_the_form_passes_the_csrf_check_a_browser_makes(opened: Tournament) -> None:
    """A browser sends the page's Origin with the form (none with «no-referrer»: «null»)."""
    client = Client(enforce_csrf_checks=True)
    page = client.get(reverse("signups:register", args=[opened.slug]))
    assert page["Referrer-Policy"] == "same-origin"
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', text(page))
    assert token is not None
    data = {**form_data("Os Taura"), "csrfmiddlewaretoken": token.group(1)}
    answer = post(client, opened, data, HTTP_ORIGIN="http://testserver")
    assert answer.status_code == 200 and Signup.objects.count() == 1


@override_settings(SITE_URL="https://truco.example.org")
def test_the_link_is_on_the_sites_address(opened: Tournament) -> None:
    body = text(post(Client(), opened, form_data("Os Taura")))
    assert 'value="https://truco.example.org/inscricao/' in body
