"""``manage.py printpdf``: the same documents from the command line; bad input exits 1."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from pypdf import PdfReader

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("doc", ["sumulas", "standings", "schedule", "teams"])
def test_printpdf_writes_each_document(demo: Tournament, tmp_path: Path, doc: str) -> None:
    out = tmp_path / f"{doc}.pdf"
    call_command("printpdf", demo.slug, "--doc", doc, "-o", str(out))
    reader = PdfReader(str(out))
    assert len(reader.pages) >= 1
    if doc == "sumulas":
        assert len(reader.pages) == 24  # every jogo of the demo, one page each


def test_printpdf_filters_rodada_and_chave(demo: Tournament, tmp_path: Path) -> None:
    out = tmp_path / "r2.pdf"
    call_command("printpdf", demo.slug, "--doc", "sumulas", "--round", "2", "--group", "B", "-o", str(out))
    assert len(PdfReader(str(out)).pages) == 2


def test_printpdf_bracket(knockout: Tournament, tmp_path: Path) -> None:
    out = tmp_path / "chave.pdf"
    call_command("printpdf", knockout.slug, "--doc", "bracket", "--stage", "mata", "-o", str(out))
    assert len(PdfReader(str(out)).pages) == 1


@pytest.mark.parametrize(
    "args, message",
    [
        (["nao-existe", "--doc", "sumulas"], "não existe"),
        (["rodeio-querencia-truco-cego", "--doc", "sumulas", "--stage", "final"], "fase"),
        (["rodeio-querencia-truco-cego", "--doc", "sumulas", "--round", "7"], "rodada"),
    ],
)
def test_printpdf_bad_input_exits_1(demo: Tournament, tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "x.pdf"
    with pytest.raises(CommandError, match=message) as caught:
        call_command("printpdf", *args, "-o", str(out))
    assert caught.value.returncode == 1
    assert not out.exists()
