"""The capataz's private link to his inscrição: the judges' links' design
(``scoring.services.links``). The address is ``/inscricao/<key><secret>/``: ``key``
finds the row and is kept as is; of ``secret`` only the hash is kept (``make_password``),
so the whole address exists only in the answer to the registration that made it.

Checking that hash is slow on purpose (a third of a second here): once an address has
been found right, the cache keeps its SHA-256 beside the row's hash for
:data:`SEEN_SECONDS`, so the capataz's next visits cost one query; a wrong address is
never remembered, and a row whose hash changed is checked again."""

from __future__ import annotations

import contextlib
import hashlib
import secrets

from django.contrib.auth.hashers import check_password, make_password
from django.core.cache import cache

from scoring.services.links import KEY_LENGTH, SECRET_BYTES  # one design: captains adopts it
from signups.models import Signup

TOKEN_MAX = 100
SEEN_SECONDS = 6 * 60 * 60


def new_key() -> str:
    while True:
        key = secrets.token_urlsafe(KEY_LENGTH)[:KEY_LENGTH]
        if not Signup.objects.filter(key=key).exists():
            return key


def new_secret() -> tuple[str, str]:
    """(secret, its hash): the secret goes into the address, the hash into the row."""
    secret = secrets.token_urlsafe(SECRET_BYTES)
    return secret, make_password(secret)


def signup_find(token: str) -> Signup | None:
    """The inscrição whose address this is; None for a wrong address. The hash is
    computed even for an unknown key, so both answers take the same time."""
    token = str(token)[:TOKEN_MAX]
    key, secret = token[:KEY_LENGTH], token[KEY_LENGTH:]
    signup = Signup.objects.select_related("tournament", "team").filter(key=key).first()
    if signup is None or len(key) != KEY_LENGTH or not secret:
        make_password(secret)
        return None
    seen = "signups:seen:" + hashlib.sha256(token.encode()).hexdigest()
    try:
        if cache.get(seen) == signup.secret_hash:
            return signup
    except Exception:  # noqa: BLE001 - without the cache, the slow check below
        pass
    if not check_password(secret, signup.secret_hash):
        return None
    with contextlib.suppress(Exception):  # without the cache the next visit checks the hash again
        cache.set(seen, signup.secret_hash, SEEN_SECONDS)
    return signup
