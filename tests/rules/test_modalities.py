"""Modality presets, setting overrides, and the problems they report."""

from __future__ import annotations

import re

import pytest

from rules.modalities import (
    OVERRIDABLE,
    PRESETS,
    CrossGroupMethod,
    FaltaBasis,
    Family,
    TimeLimit,
    apply_overrides,
    get_modality,
    modality_to_settings,
)
from rules.problems import CODES, RulesError, Severity, describe_value, has_errors, problem
from rules.types import Criterion

KEYS = [
    "truco-cego-trio",
    "truco-amostra-trio",
    "truco-amostra-dupla",
    "truco-amostra-mano",
    "truco-cego-dupla",
    "truco-paulista",
    "truco-goiano",
    "truco-uruguaio",
]


def test_exactly_the_eight_product_keys() -> None:
    assert sorted(PRESETS) == sorted(KEYS)
    assert all(PRESETS[k].key == k for k in KEYS)
    with pytest.raises(KeyError):
        get_modality("truco-espanhol")


@pytest.mark.parametrize(
    ("key", "target", "malos", "sweep", "expels", "family"),
    [
        ("truco-cego-trio", 24, 12, True, True, Family.GAUCHO_000),
        ("truco-amostra-trio", 30, 15, True, True, Family.GAUCHO_000),
        ("truco-amostra-dupla", 24, 12, True, True, Family.GAUCHO_000),
        ("truco-amostra-mano", 18, 9, True, True, Family.GAUCHO_000),
        ("truco-cego-dupla", 18, None, True, False, Family.CEGO_DUPLA_001),
        ("truco-paulista", 12, None, False, False, Family.PAULISTA_002),
        ("truco-goiano", 12, None, False, False, Family.GOIANO_003),
        ("truco-uruguaio", 30, None, True, False, Family.URUGUAIO_004),
    ],
)
def test_preset_parameters(
    key: str, target: int, malos: int | None, sweep: bool, expels: bool, family: Family
) -> None:
    m = get_modality(key)
    assert (m.points_to_win, m.malos, m.buenos, m.sweep_bonus, m.walkover_expels, m.family) == (
        target,
        malos,
        malos,
        sweep,
        expels,
        family,
    )
    assert (m.best_of, m.wins_needed, m.sweep_points) == (3, 2, 3 * target)
    assert m.tiebreakers == (
        Criterion.WINS,
        Criterion.GAMES_WON,
        Criterion.POINTS_FOR,
        Criterion.HEAD_TO_HEAD,
        Criterion.LOTS,
    )
    assert m.cross_group_method is CrossGroupMethod.AVERAGES


def test_family_specific_presets() -> None:
    cego, goiano, dupla = (
        get_modality("truco-cego-trio"),
        get_modality("truco-goiano"),
        get_modality("truco-cego-dupla"),
    )
    assert cego.name == "Truco Cego — trios"
    assert (cego.players, cego.max_reserves, cego.exclusive_registration) == (3, 1, True)
    assert (cego.time_limit, cego.match_minutes, cego.falta_basis) == (
        TimeLimit.COMMISSION,
        120,
        FaltaBasis.LEADER,
    )
    assert (goiano.time_limit, goiano.partida_minutes, goiano.tiebreak_minutes) == (
        TimeLimit.HIGHER_SCORE,
        45,
        25,
    )
    assert (goiano.tiebreak_game, goiano.max_games, goiano.third_place_match) == (True, 4, False)
    assert (dupla.game_disqualification, dupla.falta_basis) == (True, FaltaBasis.PROPOSER)
    assert cego.score_ceiling == 34 and goiano.score_ceiling == 14
    assert get_modality("truco-amostra-mano").players == 1


def test_overrides_apply_and_keep_the_preset_untouched() -> None:
    base = get_modality("truco-cego-trio")
    m = apply_overrides(
        base,
        {
            "points_to_win": 30,
            "best_of": 5,
            "sweep_bonus": False,
            "tiebreakers": ["wins", "points_difference", "lots"],
            "walkover_expels": False,
            "third_place_match": False,
            "partida_minutes": 40,
            "tiebreak_minutes": None,
            "max_reserves": 2,
            "cross_group_method": "discard_last",
            "time_limit": "higher_score",
        },
    )
    assert (m.points_to_win, m.malos, m.best_of, m.wins_needed, m.sweep_bonus) == (30, 15, 5, 3, False)
    assert m.tiebreakers == (Criterion.WINS, Criterion.POINTS_DIFFERENCE, Criterion.LOTS)
    assert (m.walkover_expels, m.third_place_match, m.partida_minutes, m.max_reserves) == (
        False,
        False,
        40,
        2,
    )
    assert (m.cross_group_method, m.time_limit) == (CrossGroupMethod.DISCARD_LAST, TimeLimit.HIGHER_SCORE)
    assert base.points_to_win == 24 and apply_overrides(base, {}) == base


def test_odd_target_drops_the_malos_split_and_no_split_stays_none() -> None:
    assert apply_overrides(get_modality("truco-cego-trio"), {"points_to_win": 25}).malos is None
    assert apply_overrides(get_modality("truco-paulista"), {"points_to_win": 24}).malos is None


def codes_of(overrides: dict[str, object], key: str = "truco-cego-trio") -> list[str]:
    with pytest.raises(RulesError) as info:
        apply_overrides(get_modality(key), overrides)
    return [p.code for p in info.value.problems]


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"points_to_wn": 24}, ["settings.unknown"]),
        ({"best_of": 4}, ["settings.best_of_invalid"]),
        ({"best_of": 0}, ["settings.best_of_invalid"]),
        ({"best_of": True}, ["settings.best_of_invalid"]),
        ({"best_of": "3"}, ["settings.best_of_invalid"]),
        ({"points_to_win": 0}, ["settings.points_to_win_invalid"]),
        ({"points_to_win": True}, ["settings.points_to_win_invalid"]),
        ({"points_to_win": 24.0}, ["settings.points_to_win_invalid"]),
        ({"sweep_bonus": 1}, ["settings.type_invalid"]),
        ({"max_reserves": -1}, ["settings.value_too_small"]),
        ({"max_reserves": False}, ["settings.type_invalid"]),
        ({"max_reserves": None}, ["settings.type_invalid"]),
        ({"partida_minutes": 0}, ["settings.value_too_small"]),
        ({"time_limit": "sometimes"}, ["settings.choice_invalid"]),
        ({"cross_group_method": ["averages"]}, ["settings.choice_invalid"]),
        ({"tiebreakers": "wins"}, ["settings.type_invalid"]),
        ({"tiebreakers": []}, ["settings.tiebreakers_empty"]),
        (
            {"tiebreakers": ["wins", "goals", 3]},
            ["settings.tiebreaker_unknown", "settings.tiebreaker_unknown"],
        ),
        ({"tiebreakers": ["wins", "lots", "wins"]}, ["settings.tiebreaker_duplicate"]),
        ({"time_limit": "higher_score"}, ["settings.partida_minutes_required"]),
        (
            {"best_of": 2, "points_to_win": -1, "x": 1},
            ["settings.best_of_invalid", "settings.points_to_win_invalid", "settings.unknown"],
        ),
    ],
)
def test_override_validation(overrides: dict[str, object], expected: list[str]) -> None:
    assert codes_of(overrides) == expected


def test_rules_error_message_lists_codes() -> None:
    with pytest.raises(RulesError, match="settings.unknown"):
        apply_overrides(get_modality("truco-goiano"), {"nope": 1})


@pytest.mark.parametrize("key", KEYS)
def test_settings_round_trip(key: str) -> None:
    m = get_modality(key)
    settings = modality_to_settings(m)
    assert set(settings) == set(OVERRIDABLE)
    assert settings["tiebreakers"] == ["wins", "games_won", "points_for", "head_to_head", "lots"]
    assert apply_overrides(get_modality("truco-paulista"), settings).points_to_win == m.points_to_win
    assert apply_overrides(m, settings) == m


# -- problems (their text: tests/core/test_problem_text.py) -----------------------------


def test_problem_helpers() -> None:
    p = problem("game.score_negative", game=1, teams=["t1", "t2"], team="t1", value=-1)
    assert p.params == (("team", "t1"), ("value", -1)) and p.teams == ("t1", "t2")
    assert p.param("value") == -1
    with pytest.raises(KeyError):
        p.param("nope")
    assert has_errors([p]) and not has_errors([problem("game.score_above_target", a=25, b=1, target=24)])
    assert CODES["game.score_above_target"].severity is Severity.NORMALIZE
    assert describe_value("x" * 100).endswith("...") and len(describe_value("x" * 100)) == 40
    assert re.fullmatch(r"'abc'", describe_value("abc"))


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_third_place_setting_is_refused_only_for_copa_truco(key: str) -> None:
    # V-M18 [003 L137]: Copa Truco has no disputa de 3º lugar, and no setting adds one.
    if PRESETS[key].family is Family.GOIANO_003:
        with pytest.raises(RulesError) as exc:
            apply_overrides(PRESETS[key], {"third_place_match": True})
        assert [(p.code, p.params_dict) for p in exc.value.problems] == [
            ("knockout.third_place_not_allowed", {"modality": key})
        ]
        assert apply_overrides(PRESETS[key], {"third_place_match": False}) == PRESETS[key]
    else:
        assert apply_overrides(PRESETS[key], {"third_place_match": True}).third_place_match
