"""Run a management command as the tests do: its exit code, stdout and stderr."""

from __future__ import annotations

import io

from django.core.management import call_command


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(*args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()
