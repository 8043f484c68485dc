"""Hostile imports: bombs, broken files, NUL and lone surrogates, invisible characters.

Each hostile file is generated here (``bench.hostile_imports``) and sent through the
page an organizer uses — the team import and the tenteio/1 import — as well as through
the service or the ``loadtournament`` command: it is refused with a pt-BR message that
names the line or the field and the rule, a 4xx, an answer under 100 KB, and nothing
written. The bombs are also held to a memory bound (``tracemalloc``'s peak of the
request, in this process). Names differing only by invisible format characters are one
name, and exports neutralise full-width formula signs.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import tracemalloc
import unicodedata
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from bench import hostile_imports as bombs
from core.exports import FORMULA_START
from interchange.load import InterchangeError, decode, load_tournament
from tests.documents import document, team
from tests.trust.conftest import Site
from tests.trust.tally import COUNTS
from tournaments.models import Entity, Player, Team, Tournament
from tournaments.services import ServiceError
from tournaments.services.importing import MAX_LISTED, import_preview
from tournaments.services.registration import PlayerInput, TeamInput, team_register

pytestmark = pytest.mark.django_db

PAGE_LIMIT = 100 * 1024  # bytes of an answer to a hostile file
MEMORY_LIMIT = 64 * 1024 * 1024  # Python allocations while answering one (tracemalloc peak)

# case: (file name, generator, what the message says)
TEAM_FILES: dict[str, tuple[str, Callable[[], bytes], str]] = {
    "xlsx 200 million characters": ("bomba.xlsx", bombs.xlsx_huge_string, "grande demais"),
    "xlsx 2 million shared strings": ("strings.xlsx", bombs.xlsx_many_strings, "grande demais"),
    "xlsx lying central directory": ("mente.xlsx", bombs.xlsx_lying_size, "corrompida"),
    "xlsx malformed XML": ("quebrada.xlsx", bombs.xlsx_malformed, "XML malformado"),
    "xlsx not a zip": ("falsa.xlsx", lambda: b"equipe;jogador\n" * 100, "não é um arquivo ZIP"),
    "csv 500,000 columns": ("colunas.csv", bombs.csv_columns, "500.000 colunas"),
    "csv 2,000 bad rows": ("erros.csv", bombs.csv_bad_rows, f"e mais {2000 - MAX_LISTED} problemas"),
    "csv NUL": ("nul.csv", bombs.csv_nul, "caractere nulo (U+0000)"),
    "csv lone surrogate": ("surrogate.csv", bombs.csv_surrogate, "U+D800"),
}


@functools.cache
def generated(case: str) -> bytes:
    """The file of a TEAM_FILES case (the same bytes every time: the 200 MB one takes 1.5 s)."""
    return TEAM_FILES[case][1]()


def post_file(site: Site, url: str, name: str, raw: bytes) -> tuple[Any, int]:
    """The organizer posts ``raw``; the answer and the peak of Python allocations meanwhile."""
    client = site.client("organizer")
    tracemalloc.start()
    try:
        response = client.post(url, {"file": SimpleUploadedFile(name, raw)})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return response, peak


@pytest.mark.parametrize("case", list(TEAM_FILES))
def test_team_import_page_refuses_hostile_files_briefly(site: Site, case: str) -> None:
    name, _, said = TEAM_FILES[case]
    raw = generated(case)
    teams = Team.objects.count()
    response, peak = post_file(site, reverse("tournaments:import", args=[site.public.slug]), name, raw)
    COUNTS["hostile import files"] += 1
    body = response.content.decode()
    assert response.status_code == 400, case
    assert len(response.content) < PAGE_LIMIT, f"{case}: {len(response.content)} bytes"
    assert said in body, case
    assert peak < MEMORY_LIMIT, f"{case}: {peak / 2**20:.0f} MB"
    assert Team.objects.count() == teams
    assert "Confirmar e gravar" not in body


@pytest.mark.parametrize("case", list(TEAM_FILES))
def test_team_import_service_refuses_hostile_files(site: Site, case: str) -> None:
    name, _, said = TEAM_FILES[case]
    preview = import_preview(tournament=site.public, filename=name, raw=generated(case))
    assert not preview.ok and not preview.teams
    assert len(preview.errors) <= MAX_LISTED
    assert any(said in message for _, message in preview.errors) or said.startswith("e mais")
    assert all(len(message) < 400 for _, message in preview.errors)


def test_problems_are_listed_up_to_a_bound_and_counted(site: Site) -> None:
    preview = import_preview(tournament=site.public, filename="e.csv", raw=bombs.csv_bad_rows())
    assert len(preview.errors) == MAX_LISTED and preview.error_count == 2000
    assert preview.errors[0][0] == 2  # in line order, the first kept


def test_echoed_text_is_clipped(site: Site) -> None:
    raw = ("equipe;jogador;" + "Z" * 150 + "\n").encode()
    preview = import_preview(tournament=site.public, filename="e.csv", raw=raw)
    [(line, message)] = preview.errors
    assert line == 1 and "Z" * 60 + "…" in message and "Z" * 61 not in message


def test_line_of_a_nul_or_a_surrogate_is_named(site: Site) -> None:
    for raw, code in ((bombs.csv_nul(), "U+0000"), (bombs.csv_surrogate(), "U+D800")):
        preview = import_preview(tournament=site.public, filename="t.csv", raw=raw)
        [(line, message)] = preview.errors
        assert line == 2 and code in message


def _small_xlsx(**replace: str) -> bytes:
    return bombs.xlsx_with_table(["equipe", "jogador"], [[0, 1]], **replace)


@pytest.mark.parametrize(
    "raw, said",
    [
        (bombs.xlsx_with_table([f"s{i}" for i in range(55_000)], [[0]]), "textos compartilhados"),
        (bombs.xlsx_with_table(["x" * 40_000], [[0]]), "limite do Excel"),
        (
            _small_xlsx(**{"xl/workbook.xml": '<!DOCTYPE w [<!ENTITY a "aaaa">]><workbook>&a;</workbook>'}),
            "DOCTYPE",
        ),
    ],
    ids=["55,000 shared strings", "a 40,000-character cell", "DOCTYPE with an entity"],
)
def test_xlsx_bounds_inside_the_parts(site: Site, raw: bytes, said: str) -> None:
    preview = import_preview(tournament=site.public, filename="p.xlsx", raw=raw)
    assert not preview.teams and said in preview.errors[0][1]


@pytest.mark.parametrize("reference", ["&#0;", "&#xD800;", "&#x7;"])
def test_xlsx_with_nul_or_surrogate_references_is_refused_as_malformed(site: Site, reference: str) -> None:
    # XML 1.0 has no way to carry a NUL, a surrogate or a control character: a part that
    # tries is malformed, and the page says which part and where.
    strings = [f"<si><t>{s}</t></si>" for s in ("equipe", "jogador", "capataz", f"Jo{reference}ão")]
    raw = bombs.xlsx(strings, [[0, 1, 2], [3, 3, 3]])
    url = reverse("tournaments:import", args=[site.public.slug])
    response, _ = post_file(site, url, "referencias.xlsx", raw)
    body = response.content.decode()
    assert response.status_code == 400
    assert "XML malformado na parte «xl/sharedStrings.xml» (linha 1, coluna" in body


def test_a_good_xlsx_still_imports(site: Site) -> None:
    preview = import_preview(tournament=site.public, filename="ok.xlsx", raw=bombs.xlsx_team_list())
    assert preview.ok, preview.errors
    assert [p.name for p in preview.teams[0].players] == ["João", "Pedro", "Ana"]


# --- tenteio/1 ---------------------------------------------------------------------------

TENTEIO_FILES: dict[str, tuple[Callable[[], bytes], str]] = {
    "NUL": (lambda: bombs.tenteio("Os\x00 Taura", "nul"), "caractere nulo (U+0000)"),
    "lone surrogate": (lambda: bombs.tenteio("Os\ud800 Taura", "surrogate"), "U+D800"),
    "surrogate in a key": (lambda: b'{"format": "tenteio/1", "\\udfff": 1}', "uma chave"),
    "20 MB of empty objects": (bombs.json_objects, "estrutura grande demais"),
    "5,000 rodadas and a 1 MB horário": (bombs.json_times, "stages[0].rounds"),
}


def test_the_surrogate_file_is_json_escaped() -> None:
    assert b'"Os\\ud800 Taura"' in bombs.tenteio("Os\ud800 Taura")
    assert b'"Os\\u0000 Taura"' in bombs.tenteio("Os\x00 Taura")


@pytest.mark.parametrize("case", list(TENTEIO_FILES))
def test_tenteio_page_refuses_unstorable_texts(site: Site, case: str) -> None:
    generate, said = TENTEIO_FILES[case]
    before = Tournament.objects.count()
    response, peak = post_file(site, reverse("interchange:import"), "t.json", generate())
    COUNTS["hostile interchange files"] += 1
    body = response.content.decode()
    assert response.status_code == 400, case
    assert said in body and len(response.content) < PAGE_LIMIT
    assert "teams[0].name" in body or case not in ("NUL", "lone surrogate")
    assert peak < 2 * len(generate()) + MEMORY_LIMIT
    assert Tournament.objects.count() == before


@pytest.mark.parametrize("case", list(TENTEIO_FILES))
def test_tenteio_service_refuses_unstorable_texts(site: Site, case: str) -> None:
    generate, said = TENTEIO_FILES[case]
    before = Tournament.objects.count()
    with pytest.raises(InterchangeError) as refused:
        load_tournament(decode(generate()))
    assert any(said in issue.line() for issue in refused.value.issues)
    assert Tournament.objects.count() == before


@pytest.mark.parametrize("case", list(TENTEIO_FILES))
def test_loadtournament_command_refuses_unstorable_texts(tmp_path: Path, case: str) -> None:
    generate, said = TENTEIO_FILES[case]
    path = tmp_path / "t.json"
    path.write_bytes(generate())
    err = io.StringIO()
    with pytest.raises(SystemExit) as stopped:
        call_command("loadtournament", str(path), stdout=io.StringIO(), stderr=err)
    assert stopped.value.code == 1
    assert said in err.getvalue() and "nada foi gravado" in err.getvalue()
    if case in ("NUL", "lone surrogate"):
        kind = "caractere nulo" if case == "NUL" else "caractere inválido"
        assert f"teams[0].name: contém um {kind}" in err.getvalue()
    assert not Tournament.objects.exists() and not Player.objects.exists()


def test_tenteio_page_lists_a_bounded_number_of_problems(site: Site) -> None:
    doc = document([], keys=tuple(f"t{i}" for i in range(60)), slug="muitos")
    for entry in doc["teams"]:
        entry["players"] = entry["players"][:1]  # every team a player short: 60 problems
    response, _ = post_file(site, reverse("interchange:import"), "t.json", json.dumps(doc).encode())
    body = response.content.decode()
    assert response.status_code == 400
    assert body.count("a modalidade exige 3 titulares") == 20 and "e mais 40 problemas" in body


def test_tenteio_deep_nesting_is_named() -> None:
    data: Any = {"format": "tenteio/1"}
    data["tournament"] = nested = {}
    for _ in range(40):
        nested["x"] = {}
        nested = nested["x"]
    with pytest.raises(InterchangeError) as refused:
        load_tournament(data)
    assert "aninhamento" in refused.value.issues[0].line()


# --- names -------------------------------------------------------------------------------


def trio(name: str, entity: str = "") -> TeamInput:
    return TeamInput(
        name=name, entity=entity, players=[PlayerInput(f"{name} {i}", i == 1) for i in (1, 2, 3)]
    )


INVISIBLE = ["Os\u200b Taura", "Os Tau\u200dra", "\ufeffOs Taura", "Os\u2060 Taura", "Os\u00a0\u00a0Taura"]


@pytest.mark.parametrize("spelling", INVISIBLE)
def test_invisible_characters_do_not_make_a_new_team(site: Site, spelling: str) -> None:
    team_register(tournament=site.public, data=trio("Os Taura"))
    with pytest.raises(ServiceError) as refused:
        team_register(tournament=site.public, data=trio(spelling))
    assert "Já existe uma equipe «Os Taura»" in refused.value.messages[0]


def test_invisible_duplicate_through_the_form_and_the_import(site: Site) -> None:
    team_register(tournament=site.public, data=trio("Os Taura", "CTG Sentinela"))
    client = site.client("organizer")
    form = {
        "name": "Os\u200b Taura",
        "p-TOTAL_FORMS": "3",
        "p-INITIAL_FORMS": "0",
        "p-0-name": "x1",
        "p-0-is_captain": "on",
        "p-1-name": "x2",
        "p-2-name": "x3",
    }
    response = client.post(reverse("tournaments:team_create", args=[site.public.slug]), form)
    assert response.status_code == 400 and "Já existe uma equipe" in response.content.decode()
    raw = bombs.TRIO.format("João").replace("Os Taura", "Os\u200b Taura").encode()
    preview = import_preview(tournament=site.public, filename="t.csv", raw=raw)
    assert any("Já existe uma equipe «Os Taura»" in m for _, m in preview.errors)
    assert Team.objects.filter(tournament=site.public).count() == 5


def test_names_are_stored_clean_and_entities_reused(site: Site) -> None:
    team_register(tournament=site.public, data=trio("Trio A", "CTG Sentinela"))
    saved = team_register(tournament=site.public, data=trio(" Trio\u200b  B\ufeff ", "ctg\u200b  sentinela"))
    assert saved.name == "Trio B"
    assert saved.entity is not None and saved.entity.name == "CTG Sentinela"
    assert Entity.objects.filter(tournament=site.public, name__icontains="sentinela").count() == 1
    assert all("\u200b" not in p.name for p in saved.players.all())


def test_service_refuses_nul_and_surrogates_in_names(site: Site) -> None:
    for bad in ("Os\x00 Taura", "Os\ud800 Taura", "Os\x07 Taura"):
        with pytest.raises(ServiceError) as refused:
            team_register(tournament=site.public, data=trio(bad))
        assert "não é aceito em nomes" in " ".join(refused.value.messages)
    assert not Team.objects.filter(name__startswith="Os").exists()


def test_loader_merges_entities_and_mesas_by_name_key() -> None:
    doc = document(
        [
            {
                "stage": "chaves",
                "group": "A",
                "round": 1,
                "teams": ["t1", "t2"],
                "result": None,
                "table": "Mesa 1",
            },
            {
                "stage": "chaves",
                "group": "A",
                "round": 1,
                "teams": ["t3", "t4"],
                "result": None,
                "table": "mesa\u200b 1",
            },
        ]
    )
    doc["teams"] = [
        team("t1", entity="CTG Sentinela"),
        team("t2", entity="ctg\u200b sentinela"),
        team("t3", name="Os\u200b Taura"),
        team("t4"),
    ]
    outcome = load_tournament(doc)
    t = outcome.tournament
    assert list(t.entities.values_list("name", flat=True)) == ["CTG Sentinela", "CTG Teste"]
    assert list(t.tables.values_list("name", flat=True)) == ["Mesa 1"]
    assert t.teams.get(key="t3").name == "Os Taura"


# --- exports -----------------------------------------------------------------------------

FULL_WIDTH = ['＝HYPERLINK("http://evil.example","x")', "＋cmd", "－1+1", "＠SUM(1)", "﹦1+1"]


def _cells(response: Any, fmt: str) -> list[str]:
    if fmt == "csv":
        text = response.content.decode("utf-8-sig")
        return [c for row in csv.reader(io.StringIO(text)) for c in row]
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    return [
        c.value
        for sheet in book.worksheets
        for row in sheet.iter_rows()
        for c in row
        if isinstance(c.value, str)
    ]


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_exports_neutralise_full_width_formula_signs(site: Site, fmt: str) -> None:
    for name in FULL_WIDTH:
        team_register(tournament=site.public, data=trio(name, entity="＝" + name))
    response = site.client("organizer").get(
        reverse("tournaments:teams", args=[site.public.slug]), {"_export": fmt}
    )
    assert response.status_code == 200
    cells = _cells(response, fmt)
    assert any("HYPERLINK" in c for c in cells)
    dangerous = [c for c in cells if unicodedata.normalize("NFKC", c).startswith(FORMULA_START)]
    assert not [c for c in dangerous if not c.replace("-", "").isdigit()], dangerous


def test_xlsx_bomb_generator_is_what_it_says() -> None:
    bomb = generated("xlsx 200 million characters")
    with zipfile.ZipFile(io.BytesIO(bomb)) as archive:
        assert archive.getinfo("xl/sharedStrings.xml").file_size > 200_000_000
    assert len(bomb) < 300 * 1024
    assert len(bombs.csv_columns()) < 1024 * 1024 and bombs.csv_columns().count(b",") == 499_999


def test_standings_command_csv_neutralises_formula_signs() -> None:
    doc = document([])
    doc["teams"][0]["name"] = "＝HYPERLINK(1)"
    doc["teams"][1]["name"] = "=SUM(1)"
    load_tournament(doc)
    out = io.StringIO()
    call_command("standings", "teste", "--format", "csv", stdout=out)
    names = [row["name"] for row in csv.DictReader(io.StringIO(out.getvalue()))]
    assert "'＝HYPERLINK(1)" in names and "'=SUM(1)" in names
