"""The production shape on one machine: two gunicorn nodes, two Celery workers, one
PostgreSQL, one Redis (docs/DEPLOY.md).

A homologation posted through node 1 is on node 2's public JSON on the very next request
(the public cache is keyed by the tournament's revision in Redis, not per node), and a
job queued from node 1's environment runs on one of the workers with its progress read
through the result backend.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from django.db import connection

from bench.people import Browser, free_port, wait_ready
from config.celery import app
from interchange.load import load_tournament
from scoring.services.entry import EntryData
from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_save
from tests.documents import document, match
from tournaments.models import Match, Membership

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "senha-da-producao-1"


def production_env(tmp_path: Path) -> dict[str, str]:
    db = connection.settings_dict
    auth = f"{db['USER']}:{db['PASSWORD']}" if db.get("PASSWORD") else db["USER"]
    url = f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    return dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="config.settings.production",
        SECRET_KEY="shape-" + "s" * 50,  # the same on every node
        ALLOWED_HOSTS="127.0.0.1",
        DATABASE_URL=url,  # pytest-django's test database: committed rows (transaction=True)
        SECURE_SSL_REDIRECT="false",
        MEDIA_ROOT=str(tmp_path / "shared-media"),
        TENTEIO_DATA_DIR=str(tmp_path / "data"),
        LOG_LEVEL="WARNING",
    )


@pytest.fixture
def shape(tmp_path: Path) -> Iterator[dict[str, Any]]:
    if connection.vendor != "postgresql":
        pytest.fail("the production shape needs DATABASE_URL pointing at PostgreSQL")
    env = production_env(tmp_path)
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True
    )
    queue = f"shape-{uuid.uuid4().hex[:8]}"
    procs: list[subprocess.Popen[bytes]] = []
    ports = [free_port(), free_port()]
    for port in ports:
        procs.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "gunicorn",
                    "config.wsgi",
                    "--workers",
                    "1",
                    "--threads",
                    "4",
                    "--bind",
                    f"127.0.0.1:{port}",
                    "--log-level",
                    "warning",
                ],
                cwd=ROOT,
                env=env,
            )  # fmt: skip
        )
    for n in (1, 2):
        procs.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "celery",
                    "-A",
                    "config",
                    "worker",
                    "--pool=solo",
                    "-Q",
                    queue,
                    "-n",
                    f"shape{n}-{queue}@%h",
                    "--loglevel=WARNING",
                    "--without-gossip",
                    "--without-mingle",
                ],
                cwd=ROOT,
                env=env,
            )  # fmt: skip
        )
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        for port in ports:
            wait_ready(f"http://127.0.0.1:{port}/ping/")
        yield {"env": env, "queue": queue, "nodes": [f"http://127.0.0.1:{p}" for p in ports]}
    finally:
        app.conf.task_always_eager = eager
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()


def played(browser: Browser, slug: str) -> dict[str, int]:
    status, doc = browser.get_json(f"/t/{slug}/classificacao.json")
    assert status == 200
    return {r["team"]: r["played"] for s in doc["stages"] for g in s["groups"] for r in g["rows"]}


def test_homologation_on_node_1_is_public_on_node_2(shape: dict[str, Any]) -> None:
    t = load_tournament(
        document([match(1, "t1", "t2", None), match(1, "t3", "t4", None)], slug="shape")
    ).tournament
    hashed = PBKDF2PasswordHasher().encode(PASSWORD, "shape-salt")  # what production verifies
    org = User.objects.create(username="org-shape", password=hashed)
    judge = User.objects.create(username="juiz-shape", password=hashed)
    Membership.objects.create(tournament=t, user=org, role="organizer")
    Membership.objects.create(tournament=t, user=judge, role="judge")
    m = Match.objects.select_related("team_a", "team_b").get(stage__tournament=t, team_a__key="t1")
    sheet = sheet_save(match=m, user=judge, data=EntryData(result={"games": [[24, 10], [24, 12]]}),
                       base_version=0, submit=True)  # fmt: skip
    for team in (m.team_a, m.team_b):
        sheet = sheet_sign(match=m, user=judge, team=team, version=sheet.version)

    node1, node2 = (Browser(base) for base in shape["nodes"])
    public2 = Browser(shape["nodes"][1])
    assert played(public2, "shape")["t1"] == 0
    assert played(public2, "shape")["t1"] == 0  # now served from the shared cache

    node1.login("org-shape", PASSWORD)
    form = node1.form(f"/t/shape/sumulas/{m.pk}/", None, action_contains="homologar")
    status, _ = node1.post(f"/t/shape/sumulas/{m.pk}/homologar/", form)
    assert status == 303
    counts = played(public2, "shape")  # the very next request to the other node
    assert counts["t1"] == 1 and counts["t2"] == 1 and counts["t3"] == 0

    node2.login("org-shape", PASSWORD)  # the session lives in PostgreSQL: any node
    status, page = node2.get(f"/t/shape/sumulas/{m.pk}/")
    assert status == 200 and "homologada" in page


def test_job_queued_on_node_1_runs_on_a_worker_and_reports_progress(shape: dict[str, Any]) -> None:
    queue = shape["queue"]
    code = (
        "import django; django.setup(); from core.tasks import selftest; "
        f"print(selftest.apply_async(args=(6, 0.3), queue={queue!r}).id)"
    )
    queued = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=shape["env"], capture_output=True, text=True, check=True
    )
    task_id = queued.stdout.strip().splitlines()[-1]
    progress: set[int] = set()
    deadline = time.monotonic() + 60
    meta: dict[str, Any] = {}
    while time.monotonic() < deadline:
        meta = app.backend.get_task_meta(task_id)
        if meta["status"] == "PROGRESS":
            progress.add(meta["result"]["done"])
        if meta["status"] == "SUCCESS":
            break
        time.sleep(0.05)
    assert meta["status"] == "SUCCESS" and meta["result"] == {"done": 6, "total": 6}
    assert progress and progress <= set(range(1, 7)), progress
    assert str(meta.get("worker", "")).startswith("shape"), meta.get("worker")
