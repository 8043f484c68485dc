"""Production settings: deploy checks clean, refuse to start without a secret key."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def _prod_env(**extra: str) -> dict[str, str]:
    # The browser tests set DJANGO_ALLOW_ASYNC_UNSAFE for their live server; a deployment
    # must not have it (check --deploy says so), so it is not passed on.
    dropped = {"SECRET_KEY", "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        ALLOWED_HOSTS="tenteio.example.org",
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/tenteio",
        REDIS_URL="redis://127.0.0.1:6379/0",
    )
    env.update(extra)
    return env


def test_check_deploy_reports_nothing() -> None:
    env = _prod_env(SECRET_KEY="k3y-" + "a9F!zQ7#pL2@xW5$" * 4)
    proc = _manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "System check identified no issues" in proc.stdout, proc.stdout + proc.stderr


def test_production_refuses_without_secret_key() -> None:
    proc = _manage("check", env=_prod_env())
    assert proc.returncode != 0
    assert "SECRET_KEY" in proc.stderr


def test_local_settings_are_pt_br_and_sao_paulo() -> None:
    from django.conf import settings

    assert settings.LANGUAGE_CODE == "pt-br"
    assert settings.TIME_ZONE == "America/Sao_Paulo"
    assert settings.USE_TZ is True
    assert ("en", "English") in [(code, str(name)) for code, name in settings.LANGUAGES]
