"""Fixtures of the printing tests: the demo rodeio, a mata-mata, people, PDF reading."""

from __future__ import annotations

import io
import shutil
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from pypdf import PdfReader

from core.demo import demo_document
from interchange.load import load_tournament
from tests.generators import tournament_document
from tournaments.models import Membership, Tournament


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page, read back by pdftotext (poppler) when it is installed:
    pypdf spaces out the letters of SVG text."""
    count = len(PdfReader(io.BytesIO(data)).pages)
    if shutil.which("pdftotext") is None:
        return [page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages]
    out = subprocess.run(["pdftotext", "-", "-"], input=data, capture_output=True, check=True).stdout
    pages = out.decode().split("\f")
    return pages[:count]


def pdf_links(data: bytes) -> list[str]:
    links = []
    for page in PdfReader(io.BytesIO(data)).pages:
        for annot in page.get("/Annots") or []:
            action = annot.get_object().get("/A") or {}
            if "/URI" in action:
                links.append(str(action["/URI"]))
    return links


@pytest.fixture(autouse=True)
def fresh_render_caches() -> Iterator[None]:
    """Each test starts with no súmula form at hand, whatever the tests before it printed
    (``printing.render`` keeps the forms it rendered for the life of the process)."""
    from printing import render

    render.clear_caches()
    yield
    render.clear_caches()


@pytest.fixture
def demo(db: Any) -> Tournament:
    return load_tournament(demo_document()).tournament


def knockout_document(size: int, played_first_round: bool = True) -> dict[str, Any]:
    """A tournament of ``size`` duplas in one mata-mata (seed order = team order)."""
    doc = tournament_document("truco-paulista", groups=1, size=size, seed=7, played=0.0)
    doc["tournament"]["slug"] = f"mata-{size}"
    doc["tournament"]["name"] = f"Copa Mata-mata {size}"
    for i, team in enumerate(doc["teams"]):
        team["name"] = f"Dupla Ção {i + 1}"
    keys = [t["key"] for t in doc["teams"]]
    doc["stages"] = [{"key": "mata", "kind": "knockout", "teams": keys}]
    matches = []
    if played_first_round:
        for j in range(size // 2):
            a, b = keys[j], keys[size - 1 - j]
            matches.append(
                {"stage": "mata", "round": 1, "teams": [a, b], "result": {"games": [[12, 5], [12, 7]]}}
            )
    doc["matches"] = matches
    return doc


@pytest.fixture
def knockout(db: Any) -> Tournament:
    return load_tournament(knockout_document(8)).tournament


@pytest.fixture
def people(demo: Tournament) -> dict[str, Any]:
    users = {}
    for name, role in (("org", "organizer"), ("juiz", "judge")):
        u = get_user_model().objects.create_user(name, password="senha-de-teste-1")
        Membership.objects.create(tournament=demo, user=u, role=role)
        users[name] = u
    users["outro"] = get_user_model().objects.create_user("outro", password="senha-de-teste-1")
    return users


@pytest.fixture
def media(tmp_path: Any, settings: Any) -> Any:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT
