"""The apps depend one way. Each app may import only the apps below it in ``LAYERS``
(and ``rules`` none at all), at the top of a module: an import inside a function would
only hide a cycle from Python, so none may name another app of the project."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Lowest first. ``config`` (settings, URLs, the Celery app) is the project, not an app:
# it may import every app, and ``core`` takes the Celery app from it.
LAYERS = [
    "rules",  # the truco rules engine, pure Python
    "core",  # text, numbers, jobs, middleware, backups: no tournament in sight
    "tournaments",  # the event: teams, chaves, mesas, rodadas, memberships, permissions
    "scoring",  # súmulas, signatures, homologation
    "audit",  # who changed what, recorded from the models below it
    "tally",  # the judge's hand-by-hand tenteio, written into súmulas
    "standings",  # the standings selector, qualification, the tiebreak sorteio
    "knockout",  # next phase and mata-mata: seeding, bracket, advancement
    "circuits",  # circuits and rodeios: etapas' final placings ranked by points
    "captains",  # the capataz's page: his team's link, PIN signature, contestações
    "signups",  # inscrições online: a team signs up, the organizer approves
    "interchange",  # the tenteio/1 file: load, export, commands
    "public",  # the public site: pages, JSON, exports, its cache; home and error pages
    "printing",  # PDFs and their jobs
]
PROJECT = {*LAYERS, "config"}


def _imports(path: Path) -> list[tuple[int, str, bool]]:
    """(line, imported app, inside a function?) for every import of a project app."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inner = {
        id(node)
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(fn)
    }
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            top = name.split(".")[0]
            if top in PROJECT:
                found.append((node.lineno, top, id(node) in inner))
    return found


def _modules(app: str) -> list[Path]:
    return [p for p in sorted((ROOT / app).rglob("*.py")) if "migrations" not in p.parts]


@pytest.mark.parametrize("app", LAYERS)
def test_an_app_imports_only_the_apps_below_it(app: str) -> None:
    below = set(LAYERS[: LAYERS.index(app)]) | ({"config"} if app == "core" else set())
    wrong = []
    for path in _modules(app):
        for line, top, hidden in _imports(path):
            where = f"{path.relative_to(ROOT)}:{line} imports {top}"
            if top != app and top not in below:
                wrong.append(where)
            elif hidden and top != app:
                wrong.append(where + " inside a function")
    assert not wrong, "\n".join(wrong)


def test_every_app_has_a_layer() -> None:
    installed = {p.parent.name for p in ROOT.glob("*/apps.py")}
    assert installed == set(LAYERS) - {"rules"}


def test_the_checker_sees_a_cycle() -> None:
    """The walk finds imports at any depth, inside functions included."""
    source = ROOT / "knockout" / "signals.py"
    assert ("scoring", False) in {(top, hidden) for _, top, hidden in _imports(source)}
    assert any(hidden for path in _modules("tests") for _, _, hidden in _imports(path))
