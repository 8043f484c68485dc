"""A gunicorn reload (HUP) under the judges' writes drops nothing, and loads the release
that ``/opt/tenteio/current`` points to (docs/DEPLOY.md, "Upgrades without downtime").

The production shape's web line (``--config config/gunicorn.conf.py``, production
settings, PostgreSQL, Redis) is reloaded three times while four judges save their
súmulas as drafts over and over, two on kept-alive connections and two on a new
connection per request (``bench/reload.py``, smaller). Every request must get its
answer — a 303 to each súmula, a 200 to each entry page, no connection error — and each
303 must be exactly one new version in the database.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from django.db import connection

from bench.people import free_port, wait_ready
from bench.reload import (
    CONFIG,
    create_judges,
    problems,
    reload_under_writes,
    serving,
    versions_written,
    wait_workers,
)
from tests.integration.test_production_shape import production_env

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]


def test_three_reloads_under_judges_writes_drop_nothing(tmp_path: Path) -> None:
    if connection.vendor != "postgresql":
        pytest.fail("the production shape needs DATABASE_URL pointing at PostgreSQL")
    env = production_env(tmp_path)
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True
    )
    judges = create_judges(4)

    with serving(env, str(CONFIG), workers=2, threads=4) as (base, server):
        tally, durations = reload_under_writes(base, server.pid, 2, judges, reloads=3, settle=1.0)

    assert len(durations) == 3
    assert problems(tally, versions_written([m for _, m in judges])) == []
    # The reloads happened under writes: every judge saved more than once. (A count fixed
    # in advance failed on a loaded machine, where fewer writes fit in the same reloads.)
    assert len(tally.acknowledged) == len(judges), tally.outcomes
    assert min(tally.acknowledged.values()) >= 2, tally.outcomes


def test_units_reload_the_release_current_points_to(tmp_path: Path) -> None:
    """After ``current`` is switched, a HUP serves the new release with its config file.

    systemd starts gunicorn in ``WorkingDirectory`` with no ``$PWD``: without ``--chdir``
    naming the link, gunicorn goes back on each reload to the folder the link pointed to
    at start (the old release), and a relative ``--config`` is read there too.
    """
    for unit in ("tenteio-web.service",):
        text = (ROOT / "docs" / "deploy" / unit).read_text()
        found = re.search(r"^WorkingDirectory=(\S+)$", text, re.M)
        assert found, unit
        assert f"--chdir {found[1]} --config {found[1]}/config/gunicorn.conf.py" in text, unit

    current = tmp_path / "current"
    for release in ("r1", "r2"):  # a release: an app that names itself, and this config file
        (tmp_path / release / "config").mkdir(parents=True)
        (tmp_path / release / "app.py").write_text(
            "import os\n\ndef application(environ, start_response):\n"
            "    start_response('200 OK', [('Content-Type', 'text/plain')])\n"
            f"    return [('{release} ' + os.environ['RELEASE_CONFIG']).encode()]\n"
        )
        config = CONFIG.read_text() + f"\nraw_env = ['RELEASE_CONFIG={release}']\n"
        (tmp_path / release / "config" / "gunicorn.conf.py").write_text(config)
    current.symlink_to(tmp_path / "r1")
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "app:application", "--bind", f"127.0.0.1:{port}",
               "--chdir", str(current), "--config", f"{current}/config/gunicorn.conf.py",
               "--workers", "1", "--log-level", "warning"]  # fmt: skip
    server = subprocess.Popen(command, cwd=current, env={"PATH": os.environ["PATH"]})  # as systemd: no PWD
    try:
        wait_ready(f"http://127.0.0.1:{port}/")
        assert answer(port) == "r1 r1"
        old = wait_workers(server.pid, 1, set(), 30)
        (tmp_path / "next").symlink_to(tmp_path / "r2")
        (tmp_path / "next").replace(current)  # the atomic switch of docs/DEPLOY.md
        server.send_signal(signal.SIGHUP)
        wait_workers(server.pid, 1, old, 30)
        assert answer(port) == "r2 r2"
    finally:
        server.terminate()
        server.wait(timeout=30)


def answer(port: int) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
        return str(response.read().decode())
