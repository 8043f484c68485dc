"""Hostile files against the imports: each must be refused fast, briefly, in little memory.

Run: ``.venv/bin/python bench/hostile_imports.py [CASE ...]`` (about a minute). It makes
its own SQLite database in a temporary folder (``TENTEIO_DATA_DIR``), migrates it, and
creates an organizer and a tournament. The files are generated into that folder (the
XLSX bombs by streaming, so generating one costs little memory). Then each case runs in
a fresh Python process, so that its peak memory is its own: the process sets Django up,
logs the organizer in with the test client, reads the file, takes its peak RSS so far as
the baseline, posts the file to the page that imports it — the organizer's team import
(``/t/<slug>/gestao/equipes/importar/``) or the tenteio/1 import (``/t/importar/``) —
and prints the status, the answer's size, the wall time of the post and the rise of the
peak RSS (``resource.getrusage(RUSAGE_SELF).ru_maxrss``) above the baseline. Targets:
refused (400: by the file's checks, not by a permission) in under 2 s, answer under
100 KB, under 300 MB above the baseline; the process exits 1 when a case misses one.

The generators are functions of this module and, for tenteio/1 files, of
``bench.hostile_tenteio``; ``tests/trust/test_imports.py`` uses them.
"""

from __future__ import annotations

import io
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.hostile_tenteio import (  # noqa: E402  (after the path is set)
    json_at_the_bounds,
    json_hand_logs,
    json_history,
    json_objects,
    json_times,
    tenteio,
)

SLUG = "hostil"
TEAM_IMPORT = f"/t/{SLUG}/gestao/equipes/importar/"
TOURNAMENT_IMPORT = "/t/importar/"
MB = 1024 * 1024

# --- generators --------------------------------------------------------------------------

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
DOC_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
CT = "application/vnd.openxmlformats-officedocument.spreadsheetml"
PARTS = {
    "[Content_Types].xml": (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/xl/workbook.xml" ContentType="{CT}.sheet.main+xml"/>'
        f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{CT}.worksheet+xml"/>'
        f'<Override PartName="/xl/sharedStrings.xml" ContentType="{CT}.sharedStrings+xml"/>'
        "</Types>"
    ),
    "_rels/.rels": (
        f'<Relationships xmlns="{RELS}"><Relationship Id="rId1" '
        f'Type="{DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
    ),
    "xl/workbook.xml": (
        f'<workbook xmlns="{MAIN}" xmlns:r="{DOC_RELS}"><sheets>'
        '<sheet name="Inscrições" sheetId="1" r:id="rId1"/></sheets></workbook>'
    ),
    "xl/_rels/workbook.xml.rels": (
        f'<Relationships xmlns="{RELS}">'
        f'<Relationship Id="rId1" Type="{DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/>'
        f'<Relationship Id="rId2" Type="{DOC_RELS}/sharedStrings" Target="sharedStrings.xml"/>'
        "</Relationships>"
    ),
}


def sheet_xml(rows: list[list[int]]) -> str:
    """A worksheet whose cells refer to shared strings by index, row by row."""
    cells = "".join(
        f'<row r="{r}">'
        + "".join(f'<c r="{chr(65 + c)}{r}" t="s"><v>{index}</v></c>' for c, index in enumerate(row))
        + "</row>"
        for r, row in enumerate(rows, start=1)
    )
    return f'<worksheet xmlns="{MAIN}"><sheetData>{cells}</sheetData></worksheet>'


def xlsx(
    strings: Iterable[str | bytes], rows: list[list[int]], *, replace: dict[str, str | bytes] | None = None
) -> bytes:
    """A minimal workbook; ``strings`` is written by streaming (chunks of the shared-string
    table's XML after its opening tag), so a 200-million-character table costs no memory."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        parts: dict[str, str | bytes] = {
            **PARTS,
            "xl/worksheets/sheet1.xml": sheet_xml(rows),
            **(replace or {}),
        }
        for name, text in parts.items():
            archive.writestr(name, text)
        with archive.open("xl/sharedStrings.xml", "w", force_zip64=True) as member:
            member.write(f'<sst xmlns="{MAIN}">'.encode())
            for chunk in strings:
                member.write(chunk.encode() if isinstance(chunk, str) else chunk)
            member.write(b"</sst>")
    return out.getvalue()


def xlsx_huge_string(chars: int = 200_000_000) -> bytes:
    """One shared string of ``chars`` characters in cell A1 (196 KB compressed)."""
    block = b"A" * MB

    def chunks() -> Iterable[bytes]:
        yield b"<si><t>"
        for start in range(0, chars, MB):
            yield block[: min(MB, chars - start)]
        yield b"</t></si>"

    return xlsx(chunks(), [[0]])


def xlsx_many_strings(count: int = 2_000_000) -> bytes:
    """``count`` shared strings (84 KB compressed); A1 refers to the first."""
    one = b"<si><t>x</t></si>"
    batch = one * 10_000
    return xlsx((batch for _ in range(count // 10_000)), [[0]])


def xlsx_with_table(strings: list[str], rows: list[list[int]], **replace: str | bytes) -> bytes:
    from xml.sax.saxutils import escape

    return xlsx((f"<si><t>{escape(s)}</t></si>" for s in strings), rows, replace=replace or None)


def xlsx_team_list() -> bytes:
    """A correct one-team list (a trio), for the cases that break one part of it."""
    header = ["equipe", "jogador", "capataz"]
    players = ["Os Taura", "João", "sim", "Pedro", "não", "Ana"]
    strings = header + players
    rows = [[0, 1, 2], [3, 4, 5], [3, 6, 7], [3, 8, 7]]
    return xlsx_with_table(strings, rows)


def xlsx_at_the_bounds() -> bytes:
    """Just inside every XLSX bound: 49,999 shared strings of 80 characters (4.8 MB), and
    2,001 rows of 20 columns referring to them; its 20 header cells are unknown columns."""
    strings = (f"<si><t>{i:05d}{'x' * 75}</t></si>" for i in range(49_999))
    rows = [[(r * 20 + c) % 49_999 for c in range(20)] for r in range(2001)]
    return xlsx(strings, rows)


def xlsx_malformed() -> bytes:
    """A worksheet whose XML stops in the middle of a tag."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(xlsx_team_list())) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "xl/worksheets/sheet1.xml":
                data = data[: len(data) // 2]
            dst.writestr(info.filename, data)
    return out.getvalue()


def xlsx_lying_size(actual: int = 100 * MB, declared: int = 1024) -> bytes:
    """A shared-string table of ``actual`` bytes whose central directory says ``declared``."""
    raw = bytearray(xlsx_huge_string(actual))
    name = b"xl/sharedStrings.xml"
    for signature, size_at in ((b"PK\x01\x02", 24), (b"PK\x03\x04", 22)):
        at = raw.find(signature)
        while at >= 0:
            name_at = at + (46 if signature == b"PK\x01\x02" else 30)
            if (
                raw[name_at : name_at + len(name)] == name
                and raw[at + size_at : at + size_at + 4] != b"\xff" * 4
            ):
                raw[at + size_at : at + size_at + 4] = declared.to_bytes(4, "little")
            at = raw.find(signature, at + 4)
    return bytes(raw)


def csv_columns(count: int = 500_000) -> bytes:
    """A 1 MB CSV whose header has ``count`` columns, each an unknown name."""
    return (",".join(["a"] * count) + "\n").encode()


def csv_bad_rows(count: int = 2000) -> bytes:
    """``count`` rows, each with a 200-character team name and a wrong capataz flag."""
    name = "T" * 190
    lines = ["equipe;jogador;capataz"] + [f"{name}{i:05d};Jogador {i};talvez" for i in range(count)]
    return "\n".join(lines).encode()


TRIO = "equipe;jogador;capataz\nOs Taura;{};sim\nOs Taura;Pedro;não\nOs Taura;Ana;não\n"


def csv_nul() -> bytes:
    """A correct trio but for a NUL in a player's name."""
    return TRIO.format("Jo\x00ão").encode()


def csv_surrogate() -> bytes:
    """A correct trio in UTF-8 but for one encoded lone surrogate (U+D800) in a name."""
    return TRIO.format("Jo\ud800ão").encode("utf-8", "surrogatepass")  # b"Jo\xed\xa0\x80\xc3\xa3o"


# name: (import page, file name, generator)
CASES: dict[str, tuple[str, str, Callable[[], bytes]]] = {
    "xlsx, one cell of 200,000,000 characters": ("team", "bomba.xlsx", xlsx_huge_string),
    "xlsx, 2,000,000 shared strings": ("team", "strings.xlsx", xlsx_many_strings),
    "xlsx just inside every bound": ("team", "limites.xlsx", xlsx_at_the_bounds),
    "xlsx, central directory says 1 KB of 100 MB": ("team", "mente.xlsx", xlsx_lying_size),
    "xlsx, malformed XML": ("team", "quebrada.xlsx", xlsx_malformed),
    "xlsx that is not a ZIP": ("team", "falsa.xlsx", lambda: b"equipe;jogador\n" * 100),
    "csv, 500,000 columns": ("team", "colunas.csv", csv_columns),
    "csv, 2,000 rows with errors": ("team", "erros.csv", csv_bad_rows),
    "csv, NUL in a name": ("team", "nul.csv", csv_nul),
    "csv, lone surrogate in a name": ("team", "surrogate.csv", csv_surrogate),
    "tenteio/1, NUL in a name": ("tournament", "nul.json", lambda: tenteio("Os\x00 Taura", "nul")),
    "tenteio/1, lone surrogate in a name": (
        "tournament",
        "surrogate.json",
        lambda: tenteio("Os\ud800 Taura", "surrogate"),
    ),
    "tenteio/1, 20 MB of empty objects": ("tournament", "objetos.json", json_objects),
    "tenteio/1, 5,000 rodadas and a 1 MB horário": ("tournament", "horarios.json", json_times),
    "tenteio/1, a history of 2,001 hands and 201 versions": ("tournament", "historico.json", json_history),
    "tenteio/1, 240 jogos of 200 pardas each": ("tournament", "maos.json", json_hand_logs),
    "tenteio/1 just inside the bounds": ("tournament", "limites.json", json_at_the_bounds),
}

# --- measuring ---------------------------------------------------------------------------

TARGET_SECONDS, TARGET_BYTES, TARGET_MB = 2.0, 100 * 1024, 300


def _django() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    os.environ.pop("DATABASE_URL", None)
    import django

    django.setup()


def prepare(folder: Path) -> None:
    """Migrate the database in ``folder``; an organizer and the tournament to import into."""
    _django()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tournaments.services.organizers import organizer_mark
    from tournaments.services.tournaments import tournament_create

    call_command("migrate", verbosity=0)
    user = get_user_model().objects.create_user("organizador", password="x-Senha-Forte-1")
    organizer_mark(user)  # may import tournaments: the tenteio/1 cases reach the file's checks
    tournament_create(user=user, name="Rodeio Hostil", slug=SLUG, modality="truco-cego-trio")


def measure(kind: str, filename: str, path: Path) -> dict[str, float]:
    """In this process: post the file once and measure (run by ``--one``)."""
    _django()
    from django.contrib.auth import get_user_model
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client

    from tournaments.models import Team, Tournament

    client = Client()
    client.force_login(get_user_model().objects.get(username="organizador"))
    url = TEAM_IMPORT if kind == "team" else TOURNAMENT_IMPORT
    client.get(url)  # the page once, so templates and imports are not counted
    raw = path.read_bytes()
    counts = (Team.objects.count(), Tournament.objects.count())
    baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    response = client.post(url, {"file": SimpleUploadedFile(filename, raw)})
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    written = (Team.objects.count(), Tournament.objects.count()) != counts
    return {
        "status": response.status_code,
        "bytes": len(response.content),
        "seconds": seconds,
        "rise_mb": (peak - baseline) / 1024,
        "baseline_mb": baseline / 1024,
        "written": float(written),
    }


def _size(n: float) -> str:
    return f"{n:,.0f} B" if n < 1024 else f"{n / 1024:,.1f} KB"


def main(selected: list[str]) -> int:
    folder = Path(os.environ.setdefault("TENTEIO_DATA_DIR", tempfile.mkdtemp(prefix="tenteio-hostile-")))
    cases = {name: case for name, case in CASES.items() if not selected or any(s in name for s in selected)}
    print(
        f"# {platform.python_implementation()} {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} cores; database and files in {folder}"
    )
    subprocess.run([sys.executable, __file__, "--prepare"], check=True, env=os.environ)
    header = "| file | size | status | answer | time | peak RSS rise | written |"
    print(header + "\n|" + "---|" * 7)
    failed = 0
    for name, (kind, filename, generate) in cases.items():
        path = folder / filename
        path.write_bytes(generate())
        run = subprocess.run(
            [sys.executable, __file__, "--one", kind, filename, str(path)],
            capture_output=True,
            text=True,
            env=os.environ,
        )
        if run.returncode != 0:
            print(f"| {name} | — | crashed: {run.stderr.strip().splitlines()[-1:]} | | | | |")
            failed += 1
            continue
        r = json.loads(run.stdout.strip().splitlines()[-1])
        ok = (
            r["status"] == 400  # refused by the file's checks (a 403 would measure nothing)
            and r["bytes"] < TARGET_BYTES
            and r["seconds"] < TARGET_SECONDS
            and r["rise_mb"] < TARGET_MB
            and not r["written"]
        )
        failed += not ok
        print(
            f"| {name} | {_size(path.stat().st_size)} | {r['status']} | {_size(r['bytes'])} "
            f"| {r['seconds']:.2f} s | {r['rise_mb']:,.0f} MB | {'yes' if r['written'] else 'no'} |"
            + ("" if ok else " **missed**")
        )
    print(
        f"# targets: 400, answer < 100 KB, < {TARGET_SECONDS:.0f} s, rise < {TARGET_MB} MB, nothing written"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--prepare"]:
        prepare(Path(os.environ["TENTEIO_DATA_DIR"]))
    elif sys.argv[1:2] == ["--one"]:
        print(json.dumps(measure(sys.argv[2], sys.argv[3], Path(sys.argv[4]))))
    else:
        sys.exit(main(sys.argv[1:]))
