"""The words of each modality preset: its points, its hand bets, its disqualification articles."""

from __future__ import annotations

import pytest

from rules.modalities import PRESETS, Family, get_modality

WORDS = {
    # key: (points word, envido/cadeias, flor, mão de onze, Art. 20, desempate)
    "truco-cego-trio": ("tentos", True, True, False, "Art. 20", None),
    "truco-amostra-trio": ("tentos", True, True, False, "Art. 20", None),
    "truco-amostra-dupla": ("tentos", True, True, False, "Art. 20", None),
    "truco-amostra-mano": ("tentos", True, True, False, "Art. 20", None),
    "truco-cego-dupla": ("tentos", True, True, False, None, None),
    "truco-paulista": ("tentos", False, False, True, None, None),
    "truco-goiano": ("pontos", False, False, True, None, "desempate"),
    "truco-uruguaio": ("pontos", True, True, False, None, None),
}


def test_every_preset_has_its_words() -> None:
    assert set(WORDS) == set(PRESETS)


@pytest.mark.parametrize("key", sorted(WORDS))
def test_preset_vocabulary(key: str) -> None:
    m = get_modality(key)
    points, envido, flor, onze, article, tiebreak = WORDS[key]
    assert m.points_word == points
    assert (m.has_envido, m.has_flor, m.mao_de_onze) == (envido, flor, onze)
    assert m.disqualification_article == article
    assert m.tiebreak_game_name == tiebreak
    # Art. 20 is the 000 rulebook's; mão de onze and flor never meet in one modality.
    assert (article is not None) == (m.family is Family.GAUCHO_000)
    assert not (m.mao_de_onze and m.has_flor)
    assert (m.tiebreak_game_name is not None) == m.tiebreak_game
