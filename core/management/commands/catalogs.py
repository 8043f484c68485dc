"""``manage.py catalogs [--check]``: bring both translation catalogs up to the code.

Without ``--check``: makemessages for en and pt_BR (obsolete entries dropped), the pt_BR
catalog filled from the msgids, both compiled, then the English entries still to translate
listed; exit 1 while any problem remains. With ``--check``: nothing is written, the same
makemessages runs on a copy of the project and every problem is listed (what the tests do).
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from core import catalogs


class Command(BaseCommand):
    help = "Atualiza os catálogos de tradução (en e pt_BR) a partir do código e lista o que falta traduzir."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--check", action="store_true", help="só confere, sem gravar nada (numa cópia do projeto)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        root = Path(settings.BASE_DIR)
        if options["check"]:
            fresh = catalogs.extract(root, settings.SETTINGS_MODULE)
            found = catalogs.problems(root) + catalogs.differences(root, fresh)
        else:
            self._update(root)
            found = catalogs.problems(root)
        for problem in found:
            self.stdout.write(problem)
        if found:
            english = catalogs.catalog(root, "en").relative_to(root)
            self.stderr.write(
                f"{len(found)} problema(s): traduza as entradas de {english} (e tire a marca fuzzy), "
                "depois rode manage.py catalogs de novo."
            )
            sys.exit(1)
        self.stdout.write("Catálogos completos: en e pt_BR.")

    def _update(self, root: Path) -> None:
        before = {lang: _read(catalogs.catalog(root, lang)) for lang in catalogs.LANGUAGES}
        # makemessages and compilemessages read the tree from the working directory.
        with contextlib.chdir(root):
            call_command(*catalogs.MAKEMESSAGES, verbosity=0)
            source = catalogs.catalog(root, catalogs.SOURCE_LANGUAGE)
            source.write_text(catalogs.source_catalog(source.read_text(encoding="utf-8")), encoding="utf-8")
            catalogs.normalize(source)
            for lang, old in before.items():
                po = catalogs.catalog(root, lang)
                if old is not None and catalogs.unchanged_but_dates(old, _read(po) or ""):
                    po.write_text(old, encoding="utf-8")  # no message changed: nothing to commit
            call_command("compilemessages", locale=list(catalogs.LANGUAGES), ignore=[".venv"], verbosity=0)


def _read(path: Path) -> str | None:
    return path.read_text(encoding="utf-8") if path.exists() else None
