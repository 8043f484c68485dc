"""The dashboard tells which address the judges' phones open, with its QR code: the
address the page was reached at (or SITE_URL), never a loopback one without a warning."""

from __future__ import annotations

import base64
import io
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from PIL import Image

from core import lan
from core.qr import qr_matrix
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def dashboard(organizer: User, tournament: Tournament, host: str) -> str:
    c = Client(HTTP_HOST=host)
    c.force_login(organizer)
    response = c.get(reverse("tournaments:dashboard", args=[tournament.slug]))
    assert response.status_code == 200
    return response.content.decode()


def qr_text_is(html: str, expected: str) -> bool:
    """The block's QR image, read back into modules, is the code of ``expected``."""
    found = re.search(r'class="qr" src="data:image/png;base64,([^"]+)"', html)
    assert found is not None
    image = Image.open(io.BytesIO(base64.b64decode(found[1]))).convert("L")
    pixels = image.load()
    width, _ = image.size
    modules = [[pixels[x, y] < 128 for x in range(0, width, 6)] for y in range(0, width, 6)]
    return modules == qr_matrix(expected)


def test_the_address_the_page_was_reached_at(organizer: User, tournament: Tournament, settings: Any) -> None:
    settings.SITE_URL = ""
    html = dashboard(organizer, tournament, "10.1.2.3:8123")
    address = "http://10.1.2.3:8123/juiz/rodeio-cego/"
    assert "Endereço para os celulares dos juízes" in html and address in html
    assert qr_text_is(html, address)
    assert "só funciona neste computador" not in html


def test_site_url_behind_a_proxy(organizer: User, tournament: Tournament, settings: Any) -> None:
    settings.SITE_URL = "https://truco.example.org"
    html = dashboard(organizer, tournament, "interno:8000")
    assert qr_text_is(html, "https://truco.example.org/juiz/rodeio-cego/")


def test_loopback_warns_and_lists_the_network_addresses(
    organizer: User, tournament: Tournament, settings: Any, monkeypatch: Any
) -> None:
    settings.SITE_URL = ""
    monkeypatch.setattr(lan, "addresses", lambda: ["192.168.0.7"])
    html = dashboard(organizer, tournament, "127.0.0.1:8000")
    assert "Este endereço só funciona neste computador." in html
    assert 'class="qr"' not in html  # a phone scanning it would open itself
    assert "http://192.168.0.7:8000/</strong>" in html and "make run HOST=0.0.0.0" in html
    # The link reopens this very page at the network address.
    assert 'href="http://192.168.0.7:8000/t/rodeio-cego/gestao/"' in html
    monkeypatch.setattr(lan, "addresses", lambda: [])
    html = dashboard(organizer, tournament, "localhost:8000")
    assert "não está em nenhuma rede" in html
