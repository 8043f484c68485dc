"""validate_match / clamp_report (docs/rules.md §4.1, §4.2)."""

from __future__ import annotations

import pytest

from rules.modalities import apply_overrides, get_modality
from rules.problems import Severity
from rules.results import (
    Absent,
    Disqualification,
    Ending,
    GameReport,
    MatchReport,
    Scope,
    Side,
)
from rules.validation import clamp_report, validate_match

T, TIME, DQ = Ending.TARGET, Ending.TIME, Ending.DISQUALIFICATION
CEGO = get_modality("truco-cego-trio")
GOIANO = get_modality("truco-goiano")
DUPLA = get_modality("truco-cego-dupla")
PAULISTA = get_modality("truco-paulista")


def games(*rows: tuple[object, object] | tuple[object, object, Ending]) -> tuple[GameReport, ...]:
    return tuple(GameReport(r[0], r[1], r[2] if len(r) == 3 else T) for r in rows)  # type: ignore[misc]


def found(modality_key_or_modality: object, report: MatchReport) -> list[tuple[str, int | None]]:
    modality = (
        get_modality(modality_key_or_modality)
        if isinstance(modality_key_or_modality, str)
        else modality_key_or_modality
    )
    return [(p.code, p.game) for p in validate_match(modality, report)]  # type: ignore[arg-type]


CASES = [
    # id, modality, report, expected (code, game) list
    ("valid 2-0", "truco-cego-trio", MatchReport(games((24, 0), (24, 23))), []),
    ("loser zero legal V-P5", "truco-amostra-trio", MatchReport(games((30, 0), (0, 30), (30, 0))), []),
    (
        "bool score",
        "truco-cego-trio",
        MatchReport(games((True, 24), (24, 1), (24, 1))),
        [("game.score_not_integer", 1)],
    ),
    (
        "string score",
        "truco-cego-trio",
        MatchReport(games(("24", 3), (24, 1))),
        [("game.score_not_integer", 1)],
    ),
    (
        "float integral score",
        "truco-cego-trio",
        MatchReport(games((24.0, 3), (24, 1))),
        [("game.score_not_integer", 1)],
    ),
    (
        "both scores bad",
        "truco-cego-trio",
        MatchReport(games((None, -3), (24, 1))),
        [("game.score_not_integer", 1), ("game.score_negative", 1)],
    ),
    (
        "winner below target",
        "truco-cego-trio",
        MatchReport(games((22, 20), (24, 1))),
        [("game.winner_not_at_target", 1)],
    ),
    ("tie below target", "truco-cego-trio", MatchReport(games((20, 20), (24, 1))), [("game.no_winner", 1)]),
    (
        "loser at target",
        "truco-cego-trio",
        MatchReport(games((25, 24), (24, 1))),
        [("game.tied_at_target", 1)],
    ),
    (
        "far above target",
        "truco-cego-trio",
        MatchReport(games((35, 2), (24, 1))),
        [("game.score_far_above_target", 1)],
    ),
    (
        "at ceiling is fixable",
        "truco-cego-trio",
        MatchReport(games((34, 2), (24, 1))),
        [("game.score_above_target", 1)],
    ),
    (
        "time in 001",
        "truco-cego-dupla",
        MatchReport(games((10, 5, TIME), (18, 1), (18, 1))),
        [("game.time_not_allowed", 1)],
    ),
    ("goiano time tie then decided", "truco-goiano", MatchReport(games((5, 5, TIME), (12, 3), (12, 3))), []),
    (
        "goiano one win and two ties decides",
        "truco-goiano",
        MatchReport(games((12, 3), (5, 5, TIME), (4, 4, TIME))),
        [],
    ),
    (
        "goiano three ties need a tiebreak",
        "truco-goiano",
        MatchReport(games((5, 5, TIME), (4, 4, TIME), (3, 3, TIME))),
        [("match.undecided", None)],
    ),
    (
        "goiano tiebreak tied",
        "truco-goiano",
        MatchReport(games((12, 3), (3, 12), (3, 3, TIME), (6, 6, TIME))),
        [("game.time_tie_not_allowed", 4)],
    ),
    (
        "goiano fifth row",
        "truco-goiano",
        MatchReport(games((5, 5, TIME), (4, 4, TIME), (3, 3, TIME), (2, 2, TIME), (12, 0))),
        [("game.time_tie_not_allowed", 4), ("match.too_many_games", None)],
    ),
    (
        "goiano row after tiebreak",
        "truco-goiano",
        MatchReport(games((12, 3), (3, 12), (3, 3, TIME), (12, 6), (12, 6))),
        [("match.game_after_decided", 5)],
    ),
    (
        "row after decided",
        "truco-cego-trio",
        MatchReport(games((24, 1), (24, 1), (24, 1), (1, 24))),
        [("match.game_after_decided", 3), ("match.game_after_decided", 4)],
    ),
    (
        "undecided 1-0",
        "truco-cego-trio",
        MatchReport(
            games(
                (24, 1),
            )
        ),
        [("match.undecided", None)],
    ),
    ("no games", "truco-cego-trio", MatchReport(), [("match.no_games", None)]),
    (
        "dq partida not allowed",
        "truco-cego-trio",
        MatchReport(games((10, 5, DQ), (24, 1), (24, 1))),
        [("game.dq_not_allowed", 1)],
    ),
    (
        "dq partida without offender",
        "truco-cego-dupla",
        MatchReport(games((10, 5, DQ), (18, 1), (18, 1))),
        [("game.dq_offender_required", 1)],
    ),
    (
        "dq partida at target",
        "truco-cego-dupla",
        MatchReport(games((18, 5, DQ), (18, 1)), disqualification=Disqualification(Side.B, Scope.GAME)),
        [("game.dq_at_target", 1)],
    ),
    (
        "dq game scope without dq row",
        "truco-cego-dupla",
        MatchReport(games((18, 5), (18, 1)), disqualification=Disqualification(Side.B, Scope.GAME)),
        [("match.disqualification_game_missing", None)],
    ),
    (
        "dq game scope in 000",
        "truco-cego-trio",
        MatchReport(games((24, 5), (24, 1)), disqualification=Disqualification(Side.B, Scope.GAME)),
        [("match.game_disqualification_not_allowed", None)],
    ),
    (
        "walkover with games",
        "truco-cego-trio",
        MatchReport(
            games(
                (24, 1),
            ),
            walkover=Absent.A,
        ),
        [("match.walkover_with_games", None)],
    ),
    ("double walkover", "truco-cego-trio", MatchReport(walkover=Absent.BOTH), []),
    (
        "walkover and commission",
        "truco-cego-trio",
        MatchReport(walkover=Absent.A, commission_winner=Side.B),
        [("match.conflicting_outcomes", None)],
    ),
    (
        "000 dq article missing",
        "truco-cego-trio",
        MatchReport(disqualification=Disqualification(Side.A, Scope.TOURNAMENT)),
        [("match.disqualification_article_required", None)],
    ),
    (
        "000 dq article blank",
        "truco-cego-trio",
        MatchReport(disqualification=Disqualification(Side.A, Scope.TOURNAMENT, "  ")),
        [("match.disqualification_article_required", None)],
    ),
    (
        "000 dq article invalid",
        "truco-cego-trio",
        MatchReport(disqualification=Disqualification(Side.A, Scope.TOURNAMENT, "20-IX")),
        [("match.disqualification_article_invalid", None)],
    ),
    (
        "000 dq VIII as tournament",
        "truco-cego-trio",
        MatchReport(disqualification=Disqualification(Side.A, Scope.TOURNAMENT, "20-VIII")),
        [("match.disqualification_scope_mismatch", None)],
    ),
    (
        "000 dq II as match",
        "truco-amostra-dupla",
        MatchReport(disqualification=Disqualification(Side.A, Scope.MATCH, "20-ii")),
        [("match.disqualification_scope_mismatch", None)],
    ),
    (
        "paulista dq free article",
        "truco-paulista",
        MatchReport(disqualification=Disqualification(Side.A, Scope.TOURNAMENT)),
        [],
    ),
    (
        "dq after decided",
        "truco-cego-trio",
        MatchReport(
            games((24, 1), (24, 1)), disqualification=Disqualification(Side.A, Scope.MATCH, "20-VIII")
        ),
        [("match.disqualification_after_decided", None)],
    ),
    (
        "dq with unfinished time row",
        "truco-cego-trio",
        MatchReport(
            games((24, 1), (5, 3, TIME)), disqualification=Disqualification(Side.A, Scope.MATCH, "VIII")
        ),
        [],
    ),
    (
        "dq with time row at target",
        "truco-cego-trio",
        MatchReport(
            games((24, 1), (24, 3, TIME)), disqualification=Disqualification(Side.A, Scope.MATCH, "VIII")
        ),
        [("game.time_at_target", 2)],
    ),
    (
        "commission unfinished row",
        "truco-cego-trio",
        MatchReport(games((24, 1), (1, 24), (10, 12, TIME)), commission_winner=Side.A),
        [],
    ),
    (
        "commission time row not last",
        "truco-cego-trio",
        MatchReport(games((10, 12, TIME), (24, 1)), commission_winner=Side.A),
        [("game.time_not_allowed", 1)],
    ),
    (
        "commission after decided",
        "truco-cego-trio",
        MatchReport(games((24, 1), (24, 1)), commission_winner=Side.B),
        [("match.commission_after_decided", None)],
    ),
    (
        "commission not allowed",
        "truco-uruguaio",
        MatchReport(
            games(
                (30, 1),
            ),
            commission_winner=Side.A,
        ),
        [("match.commission_not_allowed", None)],
    ),
    ("commission with no games", "truco-cego-trio", MatchReport(commission_winner=Side.B), []),
    (
        "stalling without winner",
        "truco-cego-trio",
        MatchReport(games((24, 1), (24, 1)), commission_stalling=True),
        [("match.commission_winner_required", None)],
    ),
    (
        "dq and commission",
        "truco-cego-trio",
        MatchReport(disqualification=Disqualification(Side.A, Scope.MATCH, "VIII"), commission_winner=Side.A),
        [("match.conflicting_outcomes", None)],
    ),
    (
        "unfinished row only allowed last",
        "truco-cego-trio",
        MatchReport(games((10, 5), (24, 1)), commission_winner=Side.A),
        [("game.winner_not_at_target", 1)],
    ),
]


@pytest.mark.parametrize(
    ("modality", "report", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_validate_match(modality: str, report: MatchReport, expected: list[tuple[str, int | None]]) -> None:
    assert found(modality, report) == expected


def test_every_problem_is_reported_not_just_the_first() -> None:
    report = MatchReport(games((22, 20), (24, 24), (-1, 3), (30, 2)))
    assert found(CEGO, report) == [
        ("game.winner_not_at_target", 1),
        ("game.tied_at_target", 2),
        ("game.score_negative", 3),
        ("game.score_above_target", 4),
    ]


def test_problem_carries_teams_and_numbers() -> None:
    (p,) = validate_match(CEGO, MatchReport(games((22, 20), (24, 1), (24, 1))), ("t1", "t2"))
    assert p.teams == ("t1", "t2")
    assert p.params_dict == {"a": 22, "b": 20, "target": 24}
    assert p.severity is Severity.ERROR and p.is_error


def test_best_of_five_override() -> None:
    modality = apply_overrides(CEGO, {"best_of": 5})
    assert found(modality, MatchReport(games((24, 1), (24, 1), (1, 24), (24, 1)))) == []
    assert found(modality, MatchReport(games((24, 1), (24, 1)))) == [("match.undecided", None)]


def test_time_limit_override_enables_time_ending() -> None:
    modality = apply_overrides(
        get_modality("truco-uruguaio"), {"time_limit": "higher_score", "partida_minutes": 40}
    )
    assert found(modality, MatchReport(games((20, 10, TIME), (30, 1)))) == []


def test_tiebreak_row_without_tiebreak_game() -> None:
    # Only a commission-free undecided 3 rows + a 4th can reach it: 000 with a time tiebreak off.
    modality = apply_overrides(GOIANO, {"tiebreak_game": False})
    report = MatchReport(games((5, 5, TIME), (4, 4, TIME), (3, 3, TIME), (12, 1)))
    assert found(modality, report) == [("match.tiebreak_not_allowed", 4)]


def test_clamp_leaves_other_problems_alone() -> None:
    report = MatchReport(games((40, 1), (26, 1), ("x", 3)))
    clamped, log = clamp_report(CEGO, report)
    assert [(g.a, g.b) for g in clamped.games] == [(40, 1), (24, 1), ("x", 3)]
    assert [p.game for p in log] == [2]
    assert log[0].severity is Severity.NORMALIZE


def test_clamp_on_side_b() -> None:
    clamped, log = clamp_report(PAULISTA, MatchReport(games((11, 14), (12, 0))))
    assert (clamped.games[0].a, clamped.games[0].b) == (11, 12)
    assert log[0].param("team") == "B"


def test_unfinished_third_partida_does_not_decide_a_goiano_jogo() -> None:
    # Found by the properties: 1–0 plus a tie at time, then a disqualification while the
    # 3rd partida was at 0–0. The jogo was not decided by partidas (AMB-12 counts only
    # finished partidas), so the disqualification stands.
    report = MatchReport(
        games=games((12, 0), (0, 0, TIME), (0, 0)),
        disqualification=Disqualification(Side.A, Scope.MATCH),
    )
    assert found(GOIANO, report) == []
