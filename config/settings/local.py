"""The embedded default: one laptop, SQLite, no broker server (``make run``)."""

from config.settings.base import *  # noqa: F403
from config.settings.base import DATA_DIR, env_bool

DEBUG = env_bool("DEBUG", True)
ALLOWED_HOSTS = ["*"]  # judges' phones reach the laptop by its LAN address
DATA_DIR.mkdir(parents=True, exist_ok=True)
