"""Accounts: login throttling, password rules, session life, CSRF on every form, and no
password or PIN ever written to a log or shown on a page other than its one-time page.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tests.trust.conftest import PASSWORD, Site
from tests.trust.tally import COUNTS
from tests.trust.test_permission_matrix import RULES, walk

pytestmark = pytest.mark.django_db


def login(client: Client, username: str, password: str) -> Any:
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR="10.0.0.7")


def test_five_wrong_passwords_lock_the_username_from_that_address(site: Site) -> None:
    c = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert login(c, "juiz", "errada").status_code == 200
    locked = login(c, "juiz", "errada")
    assert locked.status_code == 429
    assert "bloqueado por 15 minutos" in locked.content.decode()
    # Locked even with the right password now; another address (the next table) is not.
    assert login(c, "juiz", PASSWORD).status_code == 429
    other = Client().post(
        reverse("login"), {"username": "juiz", "password": PASSWORD}, REMOTE_ADDR="10.0.0.8"
    )
    assert other.status_code == 302


def test_lockout_lasts_fifteen_minutes_and_settings_are_documented() -> None:
    from datetime import timedelta

    assert timedelta(minutes=15) == settings.AXES_COOLOFF_TIME
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"]]
    assert settings.SESSION_COOKIE_AGE == 12 * 60 * 60
    assert settings.SESSION_EXPIRE_AT_BROWSER_CLOSE is False
    assert settings.SESSION_COOKIE_HTTPONLY


def test_login_session_cookie_lives_twelve_hours(site: Site) -> None:
    response = login(Client(), "org", PASSWORD)
    assert response.status_code == 302
    assert response.cookies["sessionid"]["max-age"] == 12 * 60 * 60


@pytest.mark.parametrize("password", ["123", "12345678901", "password123", "juizfulano1"])
def test_weak_passwords_are_refused(password: str) -> None:
    user = get_user_model()(username="juizfulano1", first_name="Fulano")
    with pytest.raises(ValidationError):
        validate_password(password, user)


def post_urls(site: Site) -> list[str]:
    values = site.kwargs_for(site.public)
    return [
        reverse(name, kwargs={k: values[k] for k in params})
        for name, params in sorted(set(walk()))
        if name in RULES and RULES[name].post != 405
    ]


def test_every_post_view_refuses_a_request_without_csrf_token(site: Site) -> None:
    urls = post_urls(site)
    for role in ("anonymous", "superuser"):
        client = site.client(role, enforce_csrf_checks=True)
        for url in urls:
            response = client.post(url, {"username": "x", "password": "y"})
            COUNTS["POSTs without CSRF token refused"] += 1
            assert response.status_code == 403, f"{url} as {role}: {response.status_code}"
            assert "O formulário expirou".encode() in response.content, url  # templates/403_csrf.html


def test_every_post_form_on_every_page_carries_a_csrf_token(site: Site) -> None:
    client = site.client("superuser")
    values = site.kwargs_for(site.public)
    for name, params in sorted(set(walk())):
        if name not in RULES or RULES[name].get != 200:
            continue
        response = client.get(reverse(name, kwargs={k: values[k] for k in params}))
        if "html" not in response.get("Content-Type", ""):
            continue
        html = response.content.decode()
        for form in re.findall(r"<form[^>]*method=\"post\".*?</form>", html, flags=re.S | re.I):
            assert "csrfmiddlewaretoken" in form, f"{name}: a POST form without {{% csrf_token %}}"


def test_new_judge_password_only_on_its_one_time_page_never_in_logs(
    site: Site, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    client = site.client("organizer")
    url = reverse("tournaments:members", args=[site.public.slug])
    response = client.post(url, {"action": "judge", "username": "juiz_novo", "full_name": "Juiz Novo"})
    assert response.status_code == 200
    password = response.context["new_password"]
    assert password in response.content.decode()
    assert "no-store" in response["Cache-Control"]
    assert password not in caplog.text
    assert password not in client.get(url).content.decode()
    from audit.models import AuditEntry

    assert not [e for e in AuditEntry.objects.all() if password in str(e.before) + str(e.after) + e.summary]
    # The password works once given to the judge.
    assert login(Client(), "juiz_novo", password).status_code == 302


def test_team_pins_only_on_their_one_time_page_never_in_logs(
    site: Site, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    client = site.client("organizer")
    url = reverse("scoring:pins", args=[site.public.slug])
    response = client.post(url, {"scope": "all"})
    pins = [row["pin"] for row in response.context["rows"] if row["pin"]]
    assert len(pins) == site.public.teams.count()
    assert response["Cache-Control"] == "no-store"
    later = client.get(url).content.decode()
    from audit.models import AuditEntry

    trail = " ".join(str(e.before) + str(e.after) + e.summary for e in AuditEntry.objects.all())
    for pin in pins:
        assert f">{pin}<" not in later
        assert pin not in caplog.text
        assert f'"{pin}"' not in trail and "pin_hash" not in trail


def test_passwords_typed_at_login_are_not_logged(site: Site, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    secret = "Uma-Senha-Errada-Bem-Longa-77"
    login(Client(), "juiz", secret)
    login(Client(), "juiz", PASSWORD)
    assert secret not in caplog.text and PASSWORD not in caplog.text
