"""Etapas for the circuit tests: small mata-mata tournaments loaded from tenteio/1 documents,
finishing in the order asked (champion, vice, 3º, 4º by the disputa de 3º lugar)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User

from interchange.load import load_tournament
from tests.documents import team
from tournaments.models import Tournament
from tournaments.services.organizers import organizer_mark

WIN = {"games": [[24, 13], [24, 20]]}  # the first team listed wins


def _key(name: str) -> str:
    return "".join(c for c in name.lower() if c.isalnum())[:20]


def load_etapa(
    slug: str,
    finish: Sequence[str],
    entities: dict[str, str] | None = None,
    *,
    event: str = "",
    players: dict[str, list[str]] | None = None,
    played: int = 4,
) -> Tournament:
    """A «Somente mata-mata» of four teams named ``finish``, which ends in that order.
    ``players`` names a team's players (default: «<key> jogador 1»…); only the first
    ``played`` jogos have a result (4: the event has ended)."""
    w, r, t, f = finish
    entities = entities or {}
    teams = []
    for name in finish:
        entry = team(_key(name), 3, name=name, entity=entities.get(name))
        for k, person in enumerate((players or {}).get(name, [])):
            entry["players"][k]["name"] = person
        teams.append(entry)
    k = _key
    matches: list[dict[str, Any]] = [
        {"stage": "mata", "round": 1, "teams": [k(w), k(f)], "result": WIN},
        {"stage": "mata", "round": 1, "teams": [k(r), k(t)], "result": WIN},
        {"stage": "mata", "round": 2, "teams": [k(w), k(r)], "result": WIN},
        {"stage": "mata", "round": 2, "teams": [k(t), k(f)], "result": WIN},
    ]
    for m in matches[played:]:
        m["result"] = None
    doc = {
        "format": "tenteio/1",
        "tournament": {"name": slug.replace("-", " ").title(), "slug": slug, "modality": "truco-cego-trio"},
        "teams": teams,
        "stages": [{"key": "mata", "kind": "knockout", "teams": [k(w), k(r), k(t), k(f)]}],
        "matches": matches,
    }
    loaded = load_tournament(doc).tournament
    if event:
        Tournament.objects.filter(pk=loaded.pk).update(event=event)
        loaded.refresh_from_db()
    return loaded


@pytest.fixture
def owner(db: None) -> User:
    user = User.objects.create_user("dono", password="x-Senha-Forte-1")
    organizer_mark(user)
    return user


@pytest.fixture
def make_etapa(db: None) -> Callable[..., Tournament]:
    return load_etapa


@pytest.fixture(autouse=True)
def _commits(commits: None) -> None:
    """Every circuit test sees its etapas' changes committed (``tests.conftest.commits``)."""
