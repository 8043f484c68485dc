"""A sorteio orders exactly the teams of one tie (docs/rules.md §3.2 "Recorded sorteios",
``lots.not_a_tie``): the organizer's page and the loader refuse the same sorteios with
the same message, for every modality preset."""

from __future__ import annotations

from typing import Any

import pytest

from core.problem_text import render
from interchange.load import InterchangeError, load_tournament
from rules.lots import lot_problem
from rules.modalities import PRESETS
from standings.services import ServiceError, tiebreak_lots_record
from tests.documents import document, match
from tests.standings.test_lots_and_import import organizer
from tournaments.models import DrawOfLots, Group

pytestmark = pytest.mark.django_db


def circle(key: str, extra: bool = False) -> list[dict[str, Any]]:
    """t1, t2, t3 tied all the way (same 2–1 each); with ``extra`` a t4 beaten by all."""
    t = PRESETS[key].points_to_win
    same = {"games": [[t, t - 4], [t - 4, t], [t, t - 4]]}
    out = [match(1, "t1", "t2", same), match(2, "t2", "t3", same), match(3, "t3", "t1", same)]
    if extra:
        sweep = {"games": [[t, 0], [t, 0]]}
        out += [match(r, k, "t4", sweep) for r, k in ((1, "t3"), (2, "t1"), (3, "t2"))]
    return out


def doc(key: str, lots: list[list[str]], extra: bool = False) -> dict[str, Any]:
    keys = ("t1", "t2", "t3", "t4") if extra else ("t1", "t2", "t3")
    return document(
        circle(key, extra),
        keys=keys,
        modality=key,
        size=PRESETS[key].players,
        lots=[{"purpose": "tiebreak", "stage": "chaves", "group": "A", "order": o} for o in lots],
    )


def message(order: list[str]) -> str:
    found = lot_problem(order, [])
    assert found is not None
    return render(found)


def test_the_message_names_the_teams() -> None:
    assert message(["t1", "t4"]) == (
        "O sorteio deve ordenar exatamente as equipes de um empate que aguarda sorteio; t1, t4 não são."
    )
    assert lot_problem(["t1", "t2"], [{"t2", "t1"}]) is None
    assert lot_problem(["t1", "t1"], [{"t1"}]) is not None  # once each


@pytest.mark.parametrize("key", sorted(PRESETS))
@pytest.mark.parametrize("order", [["t1", "t2"], ["t1", "t2", "t4"], ["t3", "t4"], ["t4", "t1", "t2", "t3"]])
def test_loader_and_page_refuse_what_is_not_exactly_one_tie(key: str, order: list[str]) -> None:
    with pytest.raises(InterchangeError) as exc:
        load_tournament(doc(key, [order], extra=True))
    assert [(i.where, i.code, i.message) for i in exc.value.issues] == [
        ("lots[0]", "lots.not_a_tie", message(order))
    ]
    t = load_tournament(doc(key, [], extra=True)).tournament
    with pytest.raises(ServiceError) as refused:
        tiebreak_lots_record(tournament=t, teams=order, user=organizer(t), group=Group.objects.get())
    assert str(refused.value) == message(order)
    assert not DrawOfLots.objects.exists()


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_exactly_the_tie_is_accepted_in_both(key: str) -> None:
    t = load_tournament(doc(key, [["t2", "t3", "t1"]], extra=True)).tournament
    assert list(DrawOfLots.objects.get(tournament=t).result) == ["t2", "t3", "t1"]
    t.delete()
    t = load_tournament(doc(key, [], extra=True)).tournament
    draw = tiebreak_lots_record(
        tournament=t, teams=["t3", "t1", "t2"], user=organizer(t), group=Group.objects.get()
    )
    assert sorted(draw.result) == ["t1", "t2", "t3"]
