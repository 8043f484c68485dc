"""config/gunicorn.conf.py: the web workers freeze what they imported (docs/DEPLOY.md)."""

import subprocess
import sys
from pathlib import Path

from gunicorn.config import KNOWN_SETTINGS

CONF = Path(__file__).resolve().parents[2] / "config" / "gunicorn.conf.py"


def test_a_worker_freezes_what_it_imported_once_its_application_is_loaded():
    """The hook bears the name gunicorn calls once a worker has loaded the application
    (gunicorn ignores a name it does not know), and after it the collector leaves the
    objects that were there alone."""
    script = (
        "import gc, runpy, django.db.models; "
        f"hooks = runpy.run_path({str(CONF)!r}); "
        "before = gc.get_freeze_count(); hooks['post_worker_init'](None); "
        "print(before, gc.get_freeze_count())"
    )
    answer = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    before, after = map(int, answer.stdout.split())
    assert "post_worker_init" in {setting.name for setting in KNOWN_SETTINGS}
    assert before == 0 and after > 10_000
