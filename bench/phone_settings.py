"""``bench/judge_phone.py --static manifest``: the hall's settings (``config.settings.lan``)
with production's static files — collected with content-hashed names and compressed
copies (``CompressedManifestStaticFilesStorage``), served by WhiteNoise from
``BENCH_STATIC_ROOT`` — so the phone's weight is measured as a deployment serves it."""

import os
from pathlib import Path

from config.settings.lan import *  # noqa: F403

STATIC_ROOT = Path(os.environ["BENCH_STATIC_ROOT"])
WHITENOISE_USE_FINDERS = False
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
