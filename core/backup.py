"""Online backups of the database, and restore of an embedded (SQLite) one.

SQLite (the embedded default) is copied with SQLite's online backup API: a consistent
snapshot taken while the server keeps writing (WAL mode), checked with
``PRAGMA integrity_check`` before it is kept. PostgreSQL is dumped with ``pg_dump``
(custom format; restore with ``pg_restore``). The tenteio/1 export is the
per-tournament backup on top of these.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from django.conf import settings
from django.db import connections


class BackupError(Exception):
    pass


def _stamp() -> str:
    return dt.datetime.now().strftime("%Y%m%d-%H%M%S")


def default_folder() -> Path:
    return Path(settings.DATA_DIR) / "backups"


def sqlite_check(path: Path) -> None:
    try:
        with sqlite3.connect(path) as db:
            (result,) = db.execute("PRAGMA integrity_check").fetchone()
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} não é um banco SQLite válido ({exc})") from None
    if result != "ok":
        raise BackupError(f"cópia corrompida ({path}): {result}")


def backup(destination: Path | None = None, alias: str = "default") -> Path:
    """Write a consistent copy of the database and return its path."""
    conn = connections[alias]
    vendor = conn.vendor
    folder = destination.parent if destination else default_folder()
    folder.mkdir(parents=True, exist_ok=True)
    if vendor == "sqlite":
        target = destination or folder / f"tenteio-{_stamp()}.sqlite3"
        partial = target.with_suffix(target.suffix + ".partial")
        conn.ensure_connection()
        source = conn.connection
        with sqlite3.connect(partial) as copy:
            source.backup(copy)  # one step: a snapshot consistent at one instant
        copy.close()
        sqlite_check(partial)
        os.replace(partial, target)
        return target
    if vendor == "postgresql":
        target = destination or folder / f"tenteio-{_stamp()}.pgdump"
        params = conn.get_connection_params()
        env = dict(os.environ, PGPASSWORD=str(params.get("password") or ""))
        command = [
            "pg_dump",
            "--format=custom",
            f"--file={target}",
            f"--host={params.get('host') or 'localhost'}",
            f"--port={params.get('port') or 5432}",
            f"--username={params.get('user') or 'postgres'}",
            str(params.get("dbname")),
        ]
        if shutil.which("pg_dump") is None:
            raise BackupError("pg_dump não encontrado; instale o cliente do PostgreSQL")
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise BackupError(f"pg_dump falhou: {done.stderr.strip()[:300]}")
        return target
    raise BackupError(f"banco {vendor} não suportado")


def restore(source: Path, alias: str = "default") -> Path:
    """Replace the embedded SQLite database with a checked copy. Stop the server first."""
    conn = connections[alias]
    if conn.vendor != "sqlite":
        raise BackupError("restaure o PostgreSQL com pg_restore (veja o README)")
    sqlite_check(source)
    database = Path(conn.settings_dict["NAME"])
    conn.close()
    staging = database.with_suffix(".restoring")
    with sqlite3.connect(source) as src, sqlite3.connect(staging) as dst:
        src.backup(dst)
    for suffix in ("-wal", "-shm"):
        Path(str(database) + suffix).unlink(missing_ok=True)
    os.replace(staging, database)
    return database
