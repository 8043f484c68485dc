"""The súmulas' QR codes and URLs open the address the organizer's request came to (or
``SITE_URL`` behind a proxy), through the background print job, never 127.0.0.1.

No QR decoder is installed, so the code is read back from the PDF's image into its
modules and compared with the modules the encoder makes of the expected address (the
mask is fixed: one text, one pattern of modules).
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from core.qr import qr_matrix
from core.site import base_url, is_loopback
from printing.models import PrintJob
from scoring.codes import encode
from tests.printing.conftest import pdf_links, pdf_pages
from tournaments.models import Match, Tournament

pytestmark = pytest.mark.django_db


def qr_modules(pdf: bytes) -> list[list[list[bool]]]:
    """The modules of every square image in the PDF (two pixels a module, dark True),
    each once (the pages of a chunk share one resource dictionary)."""
    found: list[list[list[bool]]] = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for image in page.images:
            picture = image.image.convert("L")
            width, height = picture.size
            if width != height:
                continue
            pixels = picture.load()
            modules = [[pixels[x, y] < 128 for x in range(0, width, 2)] for y in range(0, height, 2)]
            if modules not in found:
                found.append(modules)
    return found


def print_through_the_page(
    demo: Tournament, people: dict[str, Any], capture: Any, **extra: Any
) -> tuple[bytes, str]:
    c = Client(**extra)
    c.force_login(people["org"])
    page = reverse("printing:page", args=[demo.slug])
    shown = c.get(page).content.decode()
    match = Match.objects.filter(stage__tournament=demo, round=3).order_by("pk").first()
    assert match is not None
    with capture(execute=True):  # the job runs in the background (eager here), after commit
        response = c.post(page, {"doc": "sumulas", "round": "3"}, HTTP_ACCEPT="application/json")
    assert response.status_code == 202, response.content
    job = PrintJob.objects.latest("pk")
    body = c.get(reverse("printing:status", args=[demo.slug, job.pk])).json()
    assert body["ready"], body
    pdf = b"".join(c.get(body["download_url"]).streaming_content)
    return pdf, shown


def test_a_sumula_printed_from_another_host_points_there(
    demo: Tournament, people: dict[str, Any], media: Any, django_capture_on_commit_callbacks: Any
) -> None:
    pdf, shown = print_through_the_page(
        demo, people, django_capture_on_commit_callbacks, HTTP_HOST="10.1.2.3:8123"
    )
    assert "Os QR codes das súmulas abrem <strong>http://10.1.2.3:8123</strong>" in shown
    first = Match.objects.filter(stage__tournament=demo, round=3).order_by("table__order", "pk")
    urls = [f"http://10.1.2.3:8123/j/{encode(m.pk)}/" for m in first]
    codes = qr_modules(pdf)
    assert len(codes) == 8
    # Each page's QR code is exactly the code of one of the rodada's jogos at 10.1.2.3:8123.
    expected = {repr(qr_matrix(url)): url for url in urls}
    read = [expected.get(repr(modules)) for modules in codes]
    assert None not in read and sorted(read) == sorted(urls)  # type: ignore[type-var]
    assert sorted(pdf_links(pdf)) == sorted(urls)
    text = "".join(pdf_pages(pdf)).replace("\n", "")
    assert "127.0.0.1" not in text and all(url in text for url in urls)


def test_site_url_wins_behind_a_proxy(
    demo: Tournament,
    people: dict[str, Any],
    media: Any,
    settings: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    settings.SITE_URL = "https://truco.example.org/"
    pdf, _ = print_through_the_page(
        demo, people, django_capture_on_commit_callbacks, HTTP_HOST="interno:8000"
    )
    links = pdf_links(pdf)
    assert len(links) == 8 and all(url.startswith("https://truco.example.org/j/") for url in links)
    assert repr(qr_modules(pdf)[0]) in {repr(qr_matrix(url)) for url in links}


def test_the_same_rodada_printed_from_two_hosts_is_two_documents(
    demo: Tournament, people: dict[str, Any], media: Any, django_capture_on_commit_callbacks: Any
) -> None:
    one, _ = print_through_the_page(
        demo, people, django_capture_on_commit_callbacks, HTTP_HOST="10.0.0.5:8000"
    )
    two, _ = print_through_the_page(
        demo, people, django_capture_on_commit_callbacks, HTTP_HOST="10.0.0.6:8000"
    )
    assert all("10.0.0.5" in url for url in pdf_links(one))
    assert all("10.0.0.6" in url for url in pdf_links(two))
    assert PrintJob.objects.count() == 2


def test_the_command_prints_the_site_it_is_given(demo: Tournament, tmp_path: Any) -> None:
    out = tmp_path / "r3.pdf"
    call_command(
        "printpdf",
        demo.slug,
        "--doc",
        "sumulas",
        "--round",
        "3",
        "--site",
        "http://192.168.0.9:8000",
        "-o",
        str(out),
    )
    links = pdf_links(out.read_bytes())
    assert len(links) == 8 and all(url.startswith("http://192.168.0.9:8000/j/") for url in links)
    with pytest.raises(CommandError, match="--site"):
        call_command("printpdf", demo.slug, "--doc", "sumulas", "--site", "192.168.0.9", "-o", str(out))


def test_base_url_and_loopback(rf: Any, settings: Any) -> None:
    settings.SITE_URL = ""
    assert base_url(rf.get("/", HTTP_HOST="10.1.2.3:8123")) == "http://10.1.2.3:8123"
    assert base_url(rf.get("/", HTTP_HOST="truco.local", secure=True)) == "https://truco.local"
    assert base_url() == "http://127.0.0.1:8000"
    settings.SITE_URL = "https://truco.example.org/"
    assert base_url(rf.get("/", HTTP_HOST="10.1.2.3:8123")) == "https://truco.example.org"
    assert is_loopback("http://127.0.0.1:8000") and is_loopback("http://localhost:8000")
    assert is_loopback("http://[::1]:8000") and not is_loopback("http://192.168.0.9:8000")
