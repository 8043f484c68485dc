"""`make run`'s files: every process of Procfile.dev runs from the virtualenv make was
given (``VENV=…``), not from a path written into the file."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_procfile_dev_names_no_virtualenv_of_its_own() -> None:
    lines = [line for line in (ROOT / "Procfile.dev").read_text().splitlines() if line and line[0] != "#"]
    assert {line.split(":", 1)[0] for line in lines} == {"web", "worker"}
    for line in lines:
        command = line.split(":", 1)[1]
        # every program is ${BIN…}/program: a literal .venv/bin outside the default fails
        assert not re.search(r"(?<!:-)\.venv/bin", command), line


def test_make_run_hands_its_virtualenv_to_the_procfile() -> None:
    dry = subprocess.run(
        ["make", "-n", "-W", "setup", "run", "VENV=/elsewhere/venv"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    honcho = [line for line in dry.splitlines() if "honcho" in line]
    assert honcho and 'BIN="/elsewhere/venv/bin"' in honcho[0], dry
