"""Messages name teams, not sides (issue #18 item 4): with a jogo's teams keyed "B" and
"A", the loader names the team that won and the team whose score was clamped, for every
modality preset, as the súmula entry does."""

from __future__ import annotations

from typing import Any

import pytest

from interchange.load import InterchangeError, load_tournament
from rules.modalities import PRESETS
from tests.documents import document, match

pytestmark = pytest.mark.django_db


def doc(key: str, result: dict[str, Any]) -> dict[str, Any]:
    return document([match(1, "B", "A", result)], keys=("A", "B"), modality=key, size=PRESETS[key].players)


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_game_after_decided_names_the_winner_not_the_side(key: str) -> None:
    t = PRESETS[key].points_to_win
    with pytest.raises(InterchangeError) as exc:
        load_tournament(doc(key, {"games": [[t, 1], [t, 2], [3, t]]}))
    found = [i for i in exc.value.issues if i.code == "match.game_after_decided"]
    assert [i.message for i in found] == [
        "Partida 3: partida registrada depois que B já tinha vencido o jogo."
    ]


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_clamp_note_names_the_team_that_was_clamped(key: str) -> None:
    t = PRESETS[key].points_to_win
    result = {"games": [[t - 3, t + 1], [t - 2, t]]}  # A (listed second) over the target
    with pytest.raises(InterchangeError) as exc:
        load_tournament(doc(key, result))
    assert [i.code for i in exc.value.issues] == ["game.score_above_target"]
    outcome = load_tournament(doc(key, result), clamp=True)
    assert outcome.notes == [
        f"jogo #1 / fase chaves / chave A / rodada 1 / B × A: Partida 1: placar {t - 3}–{t + 1} "
        f"registrado com {t} {PRESETS[key].score_unit}s para A. [game.score_clamped]"  # its own word
    ]
