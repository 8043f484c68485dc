"""Random values in the inscrições online's forms (the trust suite's generators,
tests/trust/test_fuzz.py): the public form while open, the settings and the review
pages, and the capataz's link — nothing answers with a 500."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given

from signups.services import signup_register
from tests.signups.conftest import open_signups, trio
from tests.trust.conftest import Site
from tests.trust.test_fuzz import FUZZ, data_for

pytestmark = pytest.mark.django_db

FORMS: dict[str, list[str]] = {
    "signups:register": [
        "name",
        "entity",
        "titular_0",
        "titular_1",
        "titular_2",
        "reserva_0",
        "capataz",
        "phone",
        "email",
        "website",
    ],
    "signups:settings": ["enabled", "capacity", "closes_at", "contact_required"],
    "signups:review": ["approve", "refuse", "reason_1", "approve_many", "selected", "erase", "fill"],
    "signups:capataz": ["action"],
}


@pytest.mark.parametrize("name", sorted(FORMS))
def test_no_input_makes_a_500(site: Site, name: str, settings: Any) -> None:
    settings.SIGNUP_RATE_LIMIT = {"form": (10_000, 600), "link": (10_000, 600)}
    t = site.public
    open_signups(t, capacity=8)
    _signup, token = signup_register(tournament=t, data=trio("Os Taura"), phone="51 99999 0000")
    url = reverse(name, args=[token]) if name == "signups:capataz" else reverse(name, args=[t.slug])
    client = site.client("organizer") if name in ("signups:settings", "signups:review") else Client()

    @FUZZ
    @given(data=data_for(FORMS[name]))
    def run(data: dict[str, Any]) -> None:
        response = client.post(url, data)
        assert response.status_code < 500, (name, data, response.status_code)

    run()
