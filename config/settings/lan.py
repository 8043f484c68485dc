"""``make run`` listening beyond loopback (``make run HOST=0.0.0.0``): the laptop at the
hall, reached by the judges' phones and the public over its Wi-Fi.

The embedded default of ``config.settings.local`` (SQLite, no broker server) with DEBUG
off: a phone that mistypes an address gets the site's 404 page, never Django's debug
page with the URL list. gunicorn serves (the Makefile's ``run``); WhiteNoise serves the
static files straight from ``static/`` and the apps, as runserver does only with DEBUG
on, so there is no collectstatic step.
"""

import os
import secrets

from config.settings.local import *  # noqa: F403
from config.settings.local import DATA_DIR

DEBUG = False
# Phones reach the laptop by whatever address the hall's network gave it, which changes
# from one hall to the next and is not known in advance: every Host is accepted.
ALLOWED_HOSTS = ["*"]
WHITENOISE_USE_FINDERS = True
STATIC_ROOT = None  # type: ignore[assignment]  # nothing collected: WhiteNoise would warn of the folder


def _installation_secret() -> str:
    """A secret drawn once for this installation and kept in the data folder: anyone on
    the Wi-Fi can read the default one in the source. Created with a hard link, which
    fails if the file exists, so the web and the worker processes agree on one."""
    final = DATA_DIR / "secret_key"
    if not final.exists():
        draft = DATA_DIR / f"secret_key.{os.getpid()}"
        draft.write_text(secrets.token_urlsafe(50))
        draft.chmod(0o600)
        try:
            os.link(draft, final)
        except FileExistsError:
            pass  # another process came first: its secret is the one
        finally:
            draft.unlink()
    return final.read_text().strip()


SECRET_KEY = os.environ.get("SECRET_KEY") or _installation_secret()
