"""The eight modality presets (docs/rules.md §2 and Appendix A) and their match parameters.

A :class:`Modality` carries every match-level parameter the validator, the counters and
the ranking need. Tournaments start from a preset (``PRESETS`` / :func:`get_modality`)
and may override single parameters by their interchange names; that lives in
``rules.settings`` (re-exported here as :func:`apply_overrides` and
:func:`modality_to_settings`).

Where a rulebook is silent the value is a docs/rules.md recommended default; the comment
names the AMB entry.
"""

from __future__ import annotations

from rules.modality_params import (
    DEFAULT_CROSS_GROUP,
    DEFAULT_TIEBREAKERS,
    CrossGroupMethod,
    FaltaBasis,
    Family,
    Modality,
    TimeLimit,
)
from rules.settings import OVERRIDABLE, apply_overrides, modality_to_settings

__all__ = [
    "DEFAULT_CROSS_GROUP",
    "DEFAULT_TIEBREAKERS",
    "OVERRIDABLE",
    "PRESETS",
    "CrossGroupMethod",
    "Family",
    "FaltaBasis",
    "Modality",
    "TimeLimit",
    "apply_overrides",
    "get_modality",
    "modality_to_settings",
]


# max_single_award — the largest award the final hand can give a side already on
# target − 1 (V-P2: anything above target − 1 + award is an error no clamp fixes):
#   000 (Cego, Amostra): CONTRA-FLOR E O RESTO accepted = 6 + leader's falta (1) = 7,
#        plus the truco part of the same volta, up to vale quatro 4 → 11. Testa bets
#        (≤ 10 each) cannot apply: within 6 of the target every volta is roda.
#   001: contra flor with three flores out = 9, plus vale quatro 4 → 13 (CFR itself
#        "termina a partida" at the target).
#   002 / 003: a side on 11 plays a mão de onze worth 3 (no truco allowed); a "tento"
#        penalty is the hand value, 3 → 3 (E12: 11 + 3 = 14 is clamped).
#   004: envido reaching 30 ends the hand without truco; the largest flor award is a
#        contra flor or two flores, 6 → 6.
# Rarer hands (many flores in a trio) exceed these; the setting is overridable.
_GAUCHO_AWARD = 11


def _preset(
    key: str,
    name: str,
    family: Family,
    *,
    players: int,
    points_to_win: int,
    split: bool,
    sweep_bonus: bool,
    time_limit: TimeLimit,
    max_single_award: int,
    falta_basis: FaltaBasis,
    deck_cards: int,
    max_reserves: int = 1,
    match_minutes: int | None = None,
    partida_minutes: int | None = None,
    tiebreak_minutes: int | None = None,
    tiebreak_game: bool = False,
    game_disqualification: bool = False,
    third_place_match: bool = True,
    knockout_only: bool = False,
    exclusive_registration: bool = False,
    mao_de_onze: bool = False,
    score_unit: str = "tento",
) -> Modality:
    # Envido, flor and their cadeias exist in every family but the 3-6-9-12 ladder ones.
    with_envido = family not in (Family.PAULISTA_002, Family.GOIANO_003)
    half = points_to_win // 2 if split else None
    return Modality(
        key=key,
        name=name,
        family=family,
        players=players,
        max_reserves=max_reserves,
        points_to_win=points_to_win,
        malos=half,
        buenos=half,
        best_of=3,
        sweep_bonus=sweep_bonus,
        walkover_expels=family is Family.GAUCHO_000,
        time_limit=time_limit,
        match_minutes=match_minutes,
        partida_minutes=partida_minutes,
        tiebreak_minutes=tiebreak_minutes,
        tiebreak_game=tiebreak_game,
        game_disqualification=game_disqualification,
        tiebreakers=DEFAULT_TIEBREAKERS,
        cross_group_criteria=DEFAULT_CROSS_GROUP,
        cross_group_method=CrossGroupMethod.AVERAGES,
        third_place_match=third_place_match,
        knockout_only=knockout_only,
        exclusive_registration=exclusive_registration,
        max_single_award=max_single_award,
        falta_basis=falta_basis,
        mao_de_onze=mao_de_onze,
        deck_cards=deck_cards,
        score_unit=score_unit,
        has_envido=with_envido,
        has_flor=with_envido,
        disqualification_article="Art. 20" if family is Family.GAUCHO_000 else None,
        tiebreak_game_name="desempate" if tiebreak_game else None,
    )


def _amostra(key: str, label: str, players: int, target: int) -> Modality:
    return _preset(
        key,
        f"Truco de Amostra — {label}",
        Family.GAUCHO_000,
        players=players,
        points_to_win=target,
        split=True,
        sweep_bonus=True,  # [000 L1581] «3 (três) partidas e 90 (noventa) tentos»
        time_limit=TimeLimit.COMMISSION,  # AMB-31
        match_minutes=120,
        max_single_award=_GAUCHO_AWARD,
        falta_basis=FaltaBasis.LEADER,
        deck_cards=38,
    )


PRESETS: dict[str, Modality] = {
    m.key: m
    for m in (
        _preset(
            "truco-cego-trio",
            "Truco Cego — trios",
            Family.GAUCHO_000,
            players=3,
            points_to_win=24,  # AMB-01
            split=True,
            sweep_bonus=True,  # [000 L961] «24 tentos a zero»
            time_limit=TimeLimit.COMMISSION,
            match_minutes=120,
            max_single_award=_GAUCHO_AWARD,
            falta_basis=FaltaBasis.LEADER,
            deck_cards=40,
            exclusive_registration=True,  # [000 L849]
        ),
        _amostra("truco-amostra-trio", "trios", 3, 30),
        _amostra("truco-amostra-dupla", "duplas", 2, 24),  # AMB-23
        _amostra("truco-amostra-mano", "mano a mano", 1, 18),  # AMB-23
        _preset(
            "truco-cego-dupla",
            "Truco Cego — duplas (18 tentos)",
            Family.CEGO_DUPLA_001,
            players=2,
            points_to_win=18,
            split=False,  # «com uma única falta»
            sweep_bonus=True,  # AMB-16 / E11
            time_limit=TimeLimit.NONE,
            max_single_award=13,
            falta_basis=FaltaBasis.PROPOSER,
            deck_cards=40,
            game_disqualification=True,  # [001 L33]
        ),
        _preset(
            "truco-paulista",
            "Truco Paulista — jogo livre",
            Family.PAULISTA_002,
            players=2,
            points_to_win=12,
            split=False,
            sweep_bonus=False,  # AMB-15
            time_limit=TimeLimit.NONE,
            max_single_award=3,
            falta_basis=FaltaBasis.NONE,
            deck_cards=40,
            mao_de_onze=True,
        ),
        _preset(
            "truco-goiano",
            "Truco Goiano — Copa Truco",
            Family.GOIANO_003,
            players=2,
            points_to_win=12,
            split=False,
            sweep_bonus=False,  # knockout: no standings
            time_limit=TimeLimit.HIGHER_SCORE,
            partida_minutes=45,
            tiebreak_minutes=25,
            tiebreak_game=True,  # AMB-12
            third_place_match=False,  # [003 L137]
            knockout_only=True,
            max_single_award=3,
            falta_basis=FaltaBasis.NONE,
            deck_cards=28,
            mao_de_onze=True,
            score_unit="ponto",
        ),
        _preset(
            "truco-uruguaio",
            "Truco Uruguaio — 30 pontos",
            Family.URUGUAIO_004,
            players=2,
            points_to_win=30,
            split=False,  # AMB-25
            sweep_bonus=True,  # AMB-16
            time_limit=TimeLimit.NONE,
            max_single_award=6,
            falta_basis=FaltaBasis.PROPOSER,
            deck_cards=40,
            score_unit="ponto",
        ),
    )
}


def get_modality(key: str) -> Modality:
    """The preset of ``key``; raises ``KeyError`` for an unknown key."""
    return PRESETS[key]
