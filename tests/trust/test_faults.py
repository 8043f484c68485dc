"""Redis and then PostgreSQL stopped under a running gunicorn, then started again.

Without Redis the public page is still served (from the database); without PostgreSQL
every page is the pt-BR 503 page, never a stack trace; once both are back a judge's
súmula is saved. Own throwaway servers on free ports, removed in ``finally``:

    REQUIRE_SERVICES=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/tenteio_t9 \\
    REDIS_URL=redis://127.0.0.1:6379/11 DJANGO_SETTINGS_MODULE=config.settings.test \\
    .venv/bin/python -m pytest tests/trust/test_faults.py -p no:cacheprovider
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.trust.services import Postgres, Redis, free_port, wait_port

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
TOKEN = "a" * 32  # an unmasked CSRF secret: cookie and header agree

SETUP = """
import json
from django.contrib.auth import get_user_model, HASH_SESSION_KEY, SESSION_KEY, BACKEND_SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from tests.documents import document, match
from interchange.load import load_tournament
from tournaments.models import Match, Membership
t = load_tournament(document([{**match(1, "t1", "t2", None), "table": "1"}], slug="falha")).tournament
judge = get_user_model().objects.create_user("juiz", password="x-Senha-Forte-1")
Membership.objects.create(tournament=t, user=judge, role="judge")
s = SessionStore()
s[SESSION_KEY] = str(judge.pk)
s[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
s[HASH_SESSION_KEY] = judge.get_session_auth_hash()
s.create()
print(json.dumps({"match": Match.objects.get().pk, "session": s.session_key}))
"""


def call(port: int, method: str, path: str, body: str = "", cookie: str = "") -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Host": "127.0.0.1", "Cookie": f"csrftoken={TOKEN}; {cookie}", "X-CSRFToken": TOKEN}
    if body:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    conn.request(method, path, body=body or None, headers=headers)
    response = conn.getresponse()
    return response.status, response.read().decode("utf-8", "replace")


@pytest.mark.skipif(
    not shutil.which("redis-server") or not Path("/usr/lib/postgresql/15/bin").is_dir(),
    reason="redis-server or PostgreSQL 15 binaries missing",
)
def test_gunicorn_survives_redis_then_postgres_going_away() -> None:
    pg, redis = Postgres(), Redis()
    gunicorn: subprocess.Popen[bytes] | None = None
    try:
        pg.init()
        pg.start()
        redis.start()
        env = dict(
            os.environ,
            DATABASE_URL=pg.url,
            REDIS_URL=redis.url,
            SECRET_KEY="fault-test-" + "k" * 40,
            CELERY_BROKER_URL=redis.url,
            CELERY_RESULT_BACKEND=redis.url,
            DJANGO_SETTINGS_MODULE="config.settings.test",
        )
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "-v0"], cwd=ROOT, env=env, check=True, timeout=120)
        out = subprocess.run(
            [*manage, "shell", "-c", SETUP],
            cwd=ROOT,
            env=env,
            check=True,
            timeout=60,
            capture_output=True,
            text=True,
        ).stdout
        ids = json.loads(out.strip().splitlines()[-1])
        port = free_port()
        env.update(
            DJANGO_SETTINGS_MODULE="tests.trust.fault_settings",
            SECURE_SSL_REDIRECT="0",
            ALLOWED_HOSTS="127.0.0.1",
            DB_CONN_MAX_AGE="60",
        )
        gunicorn = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "gunicorn"),
                "config.wsgi",
                "-b",
                f"127.0.0.1:{port}",
                "-w",
                "2",
                "--timeout",
                "30",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_port(port)
        public = "/t/falha/classificacao/"
        entry = f"/juiz/falha/jogo/{ids['match']}/"
        cookie = f"sessionid={ids['session']}"
        sheet = f"csrfmiddlewaretoken={TOKEN}&base_version=0&outcome=played&g1_a=24&g1_b=13&g2_a=24&g2_b=20"

        assert call(port, "GET", public)[0] == 200

        redis.stop()
        status, html = call(port, "GET", public)
        assert status == 200 and "Trio T1" in html, "public page without Redis"
        assert call(port, "GET", "/t/falha/resultados/")[0] == 200

        pg.stop()
        for path, method, body in ((public, "GET", ""), (entry, "POST", sheet), ("/", "GET", "")):
            status, html = call(port, method, path, body, cookie)
            assert status == 503, (path, status, html[:300])
            assert "temporariamente indisponível" in html and "Traceback" not in html

        pg.start()
        redis.start()
        # A pooled connection broken by the restart may answer one 503; then work resumes.
        deadline = time.monotonic() + 20
        while True:
            status, html = call(port, "POST", entry, sheet, cookie)
            if status == 303 or time.monotonic() > deadline:
                break
            assert status == 503, (status, html[:300])
            time.sleep(0.5)
        assert status == 303, "the súmula is saved once both servers are back"
        assert call(port, "GET", public)[0] == 200
    finally:
        if gunicorn is not None:
            gunicorn.terminate()
            try:
                gunicorn.wait(15)
            except subprocess.TimeoutExpired:
                gunicorn.kill()
        redis.stop()
        pg.remove()
