"""Set-up shared by the benchmarks: those that play an event over HTTP (bench/judges.py,
bench/rodada.py), and those that time reads on data written once and kept
(bench/standings.py, bench/circuit.py).

``fresh_database`` drops and recreates the benchmark's PostgreSQL database, then sets up
Django with the given environment (the production settings the gunicorn pool also
runs with), migrates and collects the static files; ``create_people`` adds judges and
organizers with their Membership rows, sharing one password hash so that set-up does
not pay a PBKDF2 run per person; ``sessions`` signs them in without one either.
``kept_database`` sets Django up on a database kept between runs (created and migrated
if missing) and ``best`` times a read, best of several.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any


def kept_database(name: str) -> None:
    """Set up Django with the test settings on ``DATABASE_URL`` (this machine's PostgreSQL,
    database ``name``, when it is not set), creating the database if it is missing, and
    migrate it. What a benchmark wrote there is kept for its next run."""
    import psycopg

    os.environ.setdefault("DATABASE_URL", f"postgres://postgres@127.0.0.1:5432/{name}")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    url = os.environ["DATABASE_URL"]
    base, database = url.rsplit("/", 1)
    with psycopg.connect(base + "/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (database,)).fetchone():
            conn.execute(f'CREATE DATABASE "{database}"')
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def best(fn: Callable[[], object], repeat: int = 5) -> float:
    """The shortest of ``repeat`` runs of ``fn``, in seconds."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return min(times)


def fresh_database(env: dict[str, str]) -> None:
    """Recreate ``env["DATABASE_URL"]``'s database, set up Django with ``env``, migrate it,
    collect the static files and empty the cache."""
    import psycopg

    url = env["DATABASE_URL"]
    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    os.environ.update(env)
    import django

    django.setup()
    from django.core.cache import cache
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)
    cache.clear()


def create_people(tournament: Any, password: str, judges: list[str], organizers: list[str]) -> None:
    """Users with these names, members of the tournament as judge or organizer."""
    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import User

    from tournaments.models import Membership

    hashed = make_password(password)  # one PBKDF2 run for everybody
    users = User.objects.bulk_create(User(username=name, password=hashed) for name in judges + organizers)
    role = {name: "judge" for name in judges} | {name: "organizer" for name in organizers}
    names = [u.username for u in users]
    Membership.objects.bulk_create(
        Membership(tournament=tournament, user=u, role=role[u.username])
        for u in User.objects.filter(username__in=names)
    )


def sessions(usernames: list[str]) -> dict[str, str]:
    """A signed-in session for each user, as a login through /entrar/ would store it (the
    session cookie's value by username): people who logged in before the measured part,
    without a PBKDF2 run each."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.models import User

    store = import_module(settings.SESSION_ENGINE).SessionStore
    keys = {}
    for user in User.objects.filter(username__in=usernames):
        session = store()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.save()
        keys[user.username] = session.session_key
    return keys
