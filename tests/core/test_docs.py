"""The project's own documentation: true to the problem codes, and whole inside the repository."""

from __future__ import annotations

import re
from pathlib import Path

from django.utils import translation

from core.problem_text import template
from rules.problems import CODES

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_every_problem_code_is_documented_with_its_message() -> None:
    rows = {}
    for line in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip("|").split(" | ")]
        if line.startswith("| `") and len(cells) == 5:
            rows[cells[0].strip("`")] = cells[3].replace("\\|", "|")
    for code in CODES:
        assert code in rows, f"{code} is not in docs/rules.md §6"
        with translation.override(None):  # the msgid; a counted message in its plural form
            message = template(code)
        assert rows[code] == message, f"{code}: docs/rules.md has another message"


def test_documents_point_only_inside_the_repository() -> None:
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for outside in (*(f"{name}.md" for name in ("RULES", "INTERCHANGE")), "/work/", "rulebooks/"):
            assert outside not in text, f"{doc.name} mentions {outside}"
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            path = (doc.parent / target).resolve()
            assert path.is_relative_to(ROOT) and path.exists(), f"{doc.name}: {target}"


def test_the_readme_lists_the_documentation() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for target in ("docs/rules.md", "docs/interchange.md", "interchange/tenteio-1.schema.json"):
        assert f"]({target})" in readme
