"""An online backup taken while súmulas are being written restores every committed one."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WRITER = """
import django, sys
django.setup()
from scoring.models import ScoreSheet
from tournaments.models import Match
match = Match.objects.order_by("id").first()
version = 1
while True:
    version += 1
    result = {"games": [[24, version % 24]]}
    ScoreSheet.objects.create(match=match, version=version, status="draft", result=result)
    print(version, flush=True)
"""


def _env(data: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env.update(DJANGO_SETTINGS_MODULE="config.settings.local", TENTEIO_DATA_DIR=str(data), DEBUG="0")
    return env


def _manage(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=_env(data),
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )


def _versions(db: Path) -> list[int]:
    with sqlite3.connect(db) as conn:
        return [
            v
            for (v,) in conn.execute("SELECT version FROM scoring_scoresheet WHERE status='draft' ORDER BY 1")
        ]


def test_backup_during_writes_restores_every_committed_sheet(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert _manage(data, "migrate", "-v0").returncode == 0
    assert _manage(data, "demo").returncode == 0
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER], cwd=ROOT, env=_env(data), stdout=subprocess.PIPE, text=True
    )
    try:
        assert writer.stdout is not None
        committed = 0
        while committed < 30:
            committed = int(writer.stdout.readline())
        done = _manage(data, "backup", "-o", str(tmp_path / "copy.sqlite3"))
        assert done.returncode == 0, done.stderr
    finally:
        writer.kill()
        writer.wait()
    copy = tmp_path / "copy.sqlite3"
    saved = _versions(copy)
    # every súmula committed before the backup started is there, with no gap
    assert saved[: committed - 1] == list(range(2, committed + 1))
    assert saved == list(range(2, saved[-1] + 1))
    # restore into another installation and read it back through Django
    other = tmp_path / "other"
    assert _manage(other, "migrate", "-v0").returncode == 0
    restored = _manage(other, "restore", str(copy), "--yes")
    assert restored.returncode == 0, restored.stderr
    assert _versions(other / "tenteio.sqlite3") == saved
    standings = _manage(other, "standings", "rodeio-querencia-truco-cego")
    assert standings.returncode == 0 and "chave A" in standings.stdout


def test_restore_refuses_a_corrupt_file(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert _manage(data, "migrate", "-v0").returncode == 0
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database" * 100)
    done = _manage(data, "restore", str(junk), "--yes")
    assert done.returncode == 1
    assert "não é um banco SQLite válido" in done.stderr and "Traceback" not in done.stderr
    started = time.monotonic()
    assert _manage(data, "backup").returncode == 0
    assert time.monotonic() - started < 60
    assert list((data / "backups").glob("tenteio-*.sqlite3"))
