"""The capataz's contact is the tournament's organizers' alone: no public page, JSON,
picture, CSV/XLSX export, audit entry or tenteio/1 file holds a phone or an e-mail of
an inscrição, approved or not; the organizer's review page does, until it is erased."""

from __future__ import annotations

import io
import zipfile
from typing import Any

import pytest
from django.urls import reverse

from audit.models import AuditEntry
from interchange.export import export_tournament
from interchange.load import load_tournament
from signups.models import Signup
from signups.review import contact_erase, signup_approve
from signups.services import signup_register
from tests.signups.conftest import open_signups, trio
from tests.trust.conftest import Site
from tests.trust.test_permission_matrix import PUBLIC, RULES, walk

pytestmark = pytest.mark.django_db

PHONE, EMAIL = "(51) 98765-4321", "capataz.secreto@example.org"
# Long enough that no id or timestamp in a trail can hold one by chance ("4321" alone
# turned up in a microsecond): the number as typed, its digits, the e-mail's two parts.
TRACES = ("98765-4321", "987654321", "capataz.secreto", "example.org")


def readable(response: Any) -> str:
    """The answer's text; an XLSX's cells (a zip of XML) read out of it."""
    raw = response.content if not response.streaming else b"".join(response.streaming_content)
    if raw[:2] == b"PK":
        with zipfile.ZipFile(io.BytesIO(raw)) as book:
            return " ".join(book.read(n).decode("utf-8", "replace") for n in book.namelist())
    return raw.decode("utf-8", "replace")


@pytest.fixture
def signed(site: Site) -> Site:
    t = site.public
    open_signups(t, capacity=64)
    approved, _token = signup_register(tournament=t, data=trio("Os Aprovados"), phone=PHONE, email=EMAIL)
    signup_register(tournament=t, data=trio("Os Pendentes"), phone=PHONE, email=EMAIL)
    signup_approve(signup=approved, user=site.users["organizer"])
    return site


def test_no_public_page_json_or_picture_holds_a_contact(signed: Site) -> None:
    values = signed.kwargs_for(signed.public)
    checked = 0
    for role in ("anonymous", "judge"):
        client = signed.client(role)
        for name, params in sorted(set(walk())):
            rule = RULES.get(name)
            if rule is None or rule.access != PUBLIC or rule.get != 200:
                continue
            response = client.get(reverse(name, kwargs={k: values[k] for k in params}))
            body = readable(response)
            assert not any(trace in body for trace in TRACES), f"{name} as {role}"
            checked += 1
    assert checked > 20
    home = signed.client("anonymous").get(reverse("public:home", args=[signed.public.slug]))
    assert "inscritas" in home.content.decode()  # the count is public, the contact is not


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_no_export_holds_a_contact(signed: Site, fmt: str) -> None:
    slug = signed.public.slug
    exports = {
        "public:standings": "anonymous",
        "public:results": "anonymous",
        "public:schedule": "anonymous",
        "tournaments:teams": "organizer",
        "audit:log": "organizer",
    }
    for name, role in exports.items():
        response = signed.client(role).get(reverse(name, args=[slug]), {"_export": fmt})
        assert response.status_code == 200, name
        body = readable(response)
        assert not any(trace in body for trace in TRACES), name
    teams = signed.client("organizer").get(reverse("tournaments:teams", args=[slug]))
    assert "Os Aprovados" in readable(teams)


def test_the_tenteio_file_holds_no_contact(signed: Site) -> None:
    response = signed.client("organizer").get(reverse("interchange:export", args=[signed.public.slug]))
    assert response.status_code == 200
    body = readable(response)
    assert "Os Aprovados" in body
    assert not any(trace in body for trace in TRACES)


def test_the_review_shows_it_to_organizers_until_erased(signed: Site) -> None:
    url = reverse("signups:review", args=[signed.public.slug])
    organizer = signed.client("organizer")
    assert PHONE in organizer.get(url).content.decode()
    for role in ("judge", "stranger", "organizer_other"):
        answer = signed.client(role).get(url)
        assert answer.status_code == 403 and PHONE not in answer.content.decode()
    for signup in Signup.objects.filter(tournament=signed.public):
        contact_erase(signup=signup, user=signed.users["organizer"])
    assert PHONE not in organizer.get(url).content.decode()
    assert not Signup.objects.filter(tournament=signed.public).exclude(phone="", email="").exists()
    trail = str(list(AuditEntry.objects.filter(tournament_id=signed.public.pk).values()))
    assert "LGPD" in trail and not any(trace in trail for trace in TRACES)


def test_the_file_with_the_inscricoes_trail_loads_again(signed: Site) -> None:
    """The trail's entries of the inscrições travel in tenteio/1 and load on another site."""
    doc = export_tournament(signed.public)
    assert any(e["model"] == "signups.Signup" for e in doc["audit"])
    doc["tournament"]["slug"] = "copia"
    outcome = load_tournament(doc)
    copy = outcome.tournament
    assert AuditEntry.objects.filter(tournament_id=copy.pk, model="signups.Signup").exists()
