"""The PDF engine against hostile text, and what its URL fetcher may fetch.

Every text that reaches a PDF (tournament, fase, chave, team, entity, player, mesa,
judge) is stored here as a payload that would end a CSS string and the ``@page`` rule,
ask for an address on a listener of this test and draw an image file of this machine.
Each document is printed through ``printpdf`` and once through the organizer's page:
the text must come out literally (pdftotext), nothing may reach the listener, and
``pdfimages`` may list only the project's own images (the súmulas' QR codes).
The stored texts are written to the rows directly, as any form or import (or a row
from before a check existed) could have stored them.

The print jobs' own guarantees (PINs, time and memory) are in ``test_pdf_jobs.py``.
"""

from __future__ import annotations

import base64
import io
import re
import shutil
import socket
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from PIL import Image

from interchange.load import load_tournament
from printing import render
from printing.models import PrintJob
from scoring.models import JudgeAssignment
from tests.documents import document, match
from tests.trust.tally import COUNTS
from tournaments.models import Entity, Group, Membership, Player, Stage, Table, Team, Tournament

pytestmark = pytest.mark.django_db
needs_poppler = pytest.mark.skipif(
    not (shutil.which("pdftotext") and shutil.which("pdfimages")), reason="poppler-utils ausente"
)


@pytest.fixture(autouse=True)
def fresh_render_caches() -> Iterator[None]:
    """No súmula form rendered by another test (``printing.render`` keeps them)."""
    render.clear_caches()
    yield
    render.clear_caches()


class Listener:
    """A TCP listener on 127.0.0.1 that counts connections (and answers 404 at once, so
    a client that did connect is not left waiting)."""

    def __init__(self) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(32)
        self.port = self.sock.getsockname()[1]
        self.hits = 0
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return  # closed
            with conn:
                self.hits += 1
                conn.settimeout(2)
                try:
                    conn.recv(4096)
                    conn.sendall(b"HTTP/1.0 404 Not Found\r\nContent-Length: 0\r\n\r\n")
                except OSError:
                    pass

    def close(self) -> None:
        # A connection made before this returns was counted: the client waits for the
        # answer, which is sent only after counting.
        self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()
        self.thread.join(5)


@pytest.fixture
def listener() -> Iterator[Listener]:
    server = Listener()
    yield server
    server.close()


@pytest.fixture
def foreign_image() -> Iterator[Path]:
    """An RGB image outside the project, at a short path (it must fit a 60-character chave)."""
    folder = Path(tempfile.mkdtemp(prefix="p", dir="/tmp"))
    path = folder / "i.png"
    Image.new("RGB", (13, 7), (200, 0, 0)).save(path)
    yield path
    shutil.rmtree(folder, ignore_errors=True)


def breaker(tag: str, port: int, image: Path | None = None, end: str = "\r") -> str:
    """``tag``, then an end of line (which ends a CSS string), the end of the margin box
    and of ``@page``, a background from the listener, the image as generated content,
    and the start of a new margin box for the rest of the old rule."""
    text = f"{tag}{end}}}}} html {{ background: url(http://127.0.0.1:{port}/{tag}.png) }} "
    if image is not None:
        text += f"body::before {{ content: url({image.as_uri()}) }} "
    return text + '@page { @top-left { content: "'


def short_breaker(tag: str, port: int) -> str:
    """The same in 60 characters (fase, chave): no reopening."""
    return f"{tag}\f}}}}*{{background:url(http://127.0.0.1:{port}/{tag})}}"


def markup(tag: str, port: int, image: Path) -> str:
    """A name with markup and the same CSS: it must print as these characters."""
    return f'{tag}\f"}}}} <img src="http://127.0.0.1:{port}/{tag}"> url({image.as_uri()}) &amp; <b>'


class Hostile:
    """The tournament and the texts stored in it, by what they name."""

    def __init__(self, tournament: Tournament, texts: dict[str, str]) -> None:
        self.tournament = tournament
        self.texts = texts


def make_hostile(port: int, image: Path, *, knockout: bool = False) -> Hostile:
    doc = document(
        [
            {**match(1, "t1", "t2", None), "table": "1"},
            {**match(1, "t3", "t4", None), "table": "2"},
        ],
        slug="hostil-ko" if knockout else "hostil",
    )
    if knockout:
        doc["stages"].append({"key": "mata", "kind": "knockout", "teams": ["t1", "t2", "t3", "t4"]})
    t = load_tournament(doc).tournament
    texts = {
        # A line feed typed in a form arrives as \r\n; a file can carry a form feed.
        "tournament": breaker("Copa", port, image, end="\f" if knockout else "\r"),
        "knockout": short_breaker("K", port),
        "venue": breaker("Local", port, image, end="\f"),
        "stage": short_breaker("F", port),
        "group": short_breaker("G", port),
        "team": markup("Equipe", port, image),
        "entity": markup("Entidade", port, image),
        "player": markup("Jogador", port, image),
        "mesa": 'M\f"}}<b>&amp;',
        "judge": markup("Juiz", port, image)[:150],
    }
    for key, limit in (("tournament", 200), ("stage", 60), ("group", 60), ("mesa", 30)):
        assert len(texts[key]) <= limit, key
    Tournament.objects.filter(pk=t.pk).update(name=texts["tournament"], venue=texts["venue"])
    Stage.objects.filter(tournament=t, key="chaves").update(key=texts["stage"])
    Stage.objects.filter(tournament=t, key="mata").update(key=texts["knockout"])
    Group.objects.filter(stage__tournament=t).update(name=texts["group"])
    team = Team.objects.get(tournament=t, key="t1")
    entity = Entity.objects.create(tournament=t, name=texts["entity"])
    Team.objects.filter(pk=team.pk).update(name=texts["team"], entity=entity)
    Player.objects.filter(pk=team.players.order_by("order", "id")[0].pk).update(name=texts["player"])
    Table.objects.filter(tournament=t, name="1").update(name=texts["mesa"])
    judge = get_user_model().objects.create_user(f"juiz-{t.slug}", first_name=texts["judge"])
    JudgeAssignment.objects.create(
        tournament=t, user=judge, table=Table.objects.get(tournament=t, name=texts["mesa"])
    )
    t.refresh_from_db()
    return Hostile(t, texts)


@pytest.fixture
def hostile(db: Any, listener: Listener, foreign_image: Path) -> Hostile:
    return make_hostile(listener.port, foreign_image)


def flat(text: str) -> str:
    """The characters without whitespace: a name wraps wherever its line ends."""
    return "".join(text.split())


def pdf_text(pdf: bytes) -> str:
    """The text in drawing order (``-raw``: a wrapped table cell stays in one piece),
    without whitespace."""
    out = subprocess.run(["pdftotext", "-raw", "-", "-"], input=pdf, capture_output=True, check=True)
    return flat(out.stdout.decode())


def pdf_images(pdf: bytes, tmp_path: Path) -> list[dict[str, str]]:
    path = tmp_path / "doc.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(["pdfimages", "-list", str(path)], capture_output=True, check=True, text=True)
    lines = out.stdout.splitlines()
    head = lines[0].split()
    return [dict(zip(head, line.split(), strict=False)) for line in lines[2:] if line.strip()]


# What each document prints in full (others are cut to their column, or not printed);
# the súmula's first line shows the tournament's first 85 characters.
SHOWN = {
    "sumulas": ("mesa",),
    "teams": ("tournament", "team", "entity", "player"),
    "bracket": ("tournament",),
    "standings": ("tournament", "team", "entity"),
    "schedule": ("tournament", "team", "mesa"),
}


def print_command(t: Tournament, doc: str, tmp_path: Path, **options: str) -> bytes:
    out = tmp_path / f"{doc}.pdf"
    args = [f"--{k}={v}" for k, v in options.items()]
    call_command("printpdf", t.slug, "--doc", doc, *args, "-o", str(out))
    return out.read_bytes()


def check_pdf(pdf: bytes, shown: dict[str, str], listener: Listener, tmp_path: Path, *, qr: int = 0) -> str:
    text = pdf_text(pdf)
    for what, value in shown.items():
        assert flat(value) in text, f"{what} not printed as typed"
    assert listener.hits == 0, "the PDF engine connected to an address named by a text"
    images = pdf_images(pdf, tmp_path)
    # The project's own images: the súmulas' QR codes, one a page, square (the foreign
    # image is 13 × 7).
    assert [i["width"] == i["height"] for i in images] == [True] * qr, images
    return text


@needs_poppler
@pytest.mark.parametrize("doc", ["sumulas", "teams", "standings", "schedule"])
def test_hostile_texts_print_literally_and_fetch_nothing(
    hostile: Hostile, listener: Listener, tmp_path: Path, doc: str
) -> None:
    t = hostile.tournament
    pdf = print_command(t, doc, tmp_path)
    shown = {k: hostile.texts[k] for k in SHOWN[doc]}
    qr = 2 if doc == "sumulas" else 0
    text = check_pdf(pdf, shown, listener, tmp_path, qr=qr)
    assert flat(hostile.texts["venue"]) not in text  # the venue is on no document
    if doc == "sumulas":
        assert flat(" ".join(hostile.texts["tournament"].split())[:85]) in text
        assert flat(hostile.texts["judge"][:60]) in text  # the mesa's judge, cut to 60
    # The fase and the chave reach the title (top right) when the document names them;
    # a súmula shows their first 15 characters beside its QR code.
    named = print_command(t, doc, tmp_path, stage=hostile.texts["stage"], group=hostile.texts["group"])
    cut = 15 if doc == "sumulas" else None
    check_pdf(named, {k: hostile.texts[k][:cut] for k in ("stage", "group")}, listener, tmp_path, qr=qr)
    COUNTS["hostile PDFs checked (pdftotext, pdfimages, listener)"] += 2


@needs_poppler
def test_hostile_bracket_prints_literally_and_fetches_nothing(
    db: Any, listener: Listener, foreign_image: Path, tmp_path: Path
) -> None:
    hostile = make_hostile(listener.port, foreign_image, knockout=True)
    shown = {k: hostile.texts[k] for k in ("tournament", "knockout")}  # the fase: heading and title
    pdf = print_command(hostile.tournament, "bracket", tmp_path, stage=hostile.texts["knockout"])
    check_pdf(pdf, shown, listener, tmp_path)
    COUNTS["hostile PDFs checked (pdftotext, pdfimages, listener)"] += 1


@needs_poppler
def test_hostile_texts_through_the_organizer_page(
    hostile: Hostile,
    listener: Listener,
    tmp_path: Path,
    settings: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    t = hostile.tournament
    organizer = get_user_model().objects.create_user("org-hostil", password="Senha-de-teste-Trust-1")
    Membership.objects.create(tournament=t, user=organizer, role="organizer")
    client = Client()
    client.force_login(organizer)
    page = reverse("printing:page", args=[t.slug])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(page, {"doc": "teams", "group": hostile.texts["group"]})
    assert response.status_code == 302
    job = PrintJob.objects.get(tournament=t)
    assert job.status == PrintJob.Status.DONE, job.error
    download = client.get(reverse("printing:download", args=[t.slug, job.pk]))
    pdf = b"".join(download.streaming_content)
    shown = {k: hostile.texts[k] for k in ("tournament", "group", "team", "player")}
    check_pdf(pdf, shown, listener, tmp_path)


def test_no_organizer_text_reaches_a_style_sheet(
    hostile: Hostile,
    listener: Listener,
    foreign_image: Path,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """Every <style> of every document is free of the stored texts: they only ever go
    through the templates' HTML escaping."""
    pages: list[str] = []
    real = render.html_to_pdf
    monkeypatch.setattr(render, "html_to_pdf", lambda html: pages.append(html) or real(html))
    t = hostile.tournament
    for doc in ("sumulas", "teams", "standings", "schedule"):
        print_command(t, doc, tmp_path, stage=hostile.texts["stage"], group=hostile.texts["group"])
    knockout = make_hostile(listener.port, foreign_image, knockout=True)
    print_command(knockout.tournament, "bracket", tmp_path, stage=knockout.texts["knockout"])
    assert len(pages) >= 5
    probes = ["Copa", "127.0.0.1", "Equipe", "Entidade", "Jogador", "/tmp/p", "}}*{"]
    for html in pages:
        for style in re.findall(r"<style[^>]*>(.*?)</style>", html, flags=re.S):
            assert not [p for p in probes if p in style], style[:400]


# The URL fetcher, on its own.


def fetch(url: str) -> Any:
    return render.FETCHER.fetch(url)


def test_the_url_fetcher_refuses_files_networks_and_big_data(listener: Listener, foreign_image: Path) -> None:
    refused = [
        foreign_image.as_uri(),
        "file:///etc/passwd",
        "file:///dev/zero",
        f"http://127.0.0.1:{listener.port}/x.png",
        f"https://127.0.0.1:{listener.port}/x.png",
        f"ftp://127.0.0.1:{listener.port}/x.png",
        "gopher://127.0.0.1/",
        "javascript:alert(1)",
        "data:image/png;base64," + "A" * (render.DATA_LIMIT + 4),
        "data:text/html,<h1>x</h1>",
    ]
    static = render.static_base()
    refused += [
        static + "../../etc/passwd",
        static + "..%2f..%2fetc%2fpasswd",
        static + "%2e%2e/%2e%2e/etc/passwd",
        static + "/etc/passwd",
        static + "printing/../../config/settings/base.py",
        static + "nada/que/exista.png",
        static + "..%5c..%5cetc%5cpasswd",
        static + "printing/progress.js",  # a static file, but no image or style sheet
    ]
    for url in refused:
        with pytest.raises(ValueError):
            fetch(url)
    assert listener.hits == 0


@pytest.fixture
def static_png(settings: Any, tmp_path: Path) -> Path:
    """A PNG among the project's static files (a second static folder, as a logo would be)."""
    folder = tmp_path / "static"
    (folder / "printing").mkdir(parents=True)
    Image.new("RGB", (5, 3), (0, 90, 0)).save(folder / "printing" / "logo.png")
    settings.STATICFILES_DIRS = [*settings.STATICFILES_DIRS, folder]
    return folder / "printing" / "logo.png"


def test_the_url_fetcher_serves_the_projects_static_files_and_small_data(static_png: Path) -> None:
    css = Path(settings.BASE_DIR, "static", "css", "tenteio.css")
    assert fetch(render.static_base() + "css/tenteio.css").read() == css.read_bytes()
    assert fetch(render.static_base() + "printing/logo.png").read() == static_png.read_bytes()
    png = io.BytesIO()
    Image.new("1", (4, 4)).save(png, "PNG")
    small = "data:image/png;base64," + base64.b64encode(png.getvalue()).decode()
    assert fetch(small).read() == png.getvalue()


def test_a_static_image_named_by_a_template_is_drawn_the_same_file_by_path_is_not(static_png: Path) -> None:
    from django.template import Context, Template

    html = Template('{% load static %}<img src="{% static "printing/logo.png" %}">').render(Context())
    assert len(pdf_images_of(render.html_to_pdf(html))) == 1
    assert pdf_images_of(render.html_to_pdf(f'<img src="{static_png.as_uri()}">')) == []


def pdf_images_of(pdf: bytes) -> list[dict[str, str]]:
    with tempfile.TemporaryDirectory() as folder:
        return pdf_images(pdf, Path(folder))
