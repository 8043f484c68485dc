"""Redis down: public pages are rendered without the cache, and jobs are refused with a message."""

from __future__ import annotations

import socket

import pytest

from core.jobs import JobsUnavailable, enqueue_or_refuse


def dead_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # closed at once: nothing listens there


def test_public_page_without_redis_is_served_from_the_database(site: object, settings: object) -> None:
    from django.core.cache import caches
    from django.test import Client
    from django.urls import reverse

    settings.CACHES = {  # type: ignore[attr-defined]
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",  # what production uses
            "LOCATION": f"redis://127.0.0.1:{dead_port()}/0",
        },
        "fragments": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    }
    try:
        response = Client().get(reverse("public:standings", args=["aberto"]))
        assert response.status_code == 200 and "Trio T1" in response.content.decode()
    finally:
        caches["default"].close()


def test_jobs_refused_in_portuguese_when_the_broker_is_down() -> None:
    from config.celery import app
    from core.tasks import selftest

    eager, broker = app.conf.task_always_eager, app.conf.broker_url
    app.conf.task_always_eager = False
    app.conf.broker_url = f"redis://127.0.0.1:{dead_port()}/0"
    try:
        with pytest.raises(JobsUnavailable, match="servidor de tarefas não está respondendo"):
            enqueue_or_refuse(selftest, 1)
    finally:
        app.conf.task_always_eager, app.conf.broker_url = eager, broker
