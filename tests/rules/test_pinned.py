"""Tests that pin behaviour the rest of tests/rules let through (issue #18 item 5, the
survivors of ``make mutation``): a partida's 0 is 0 tentos, sequence checks go on after
a 001 partida disqualification or a partida in progress, the discard-last branch for a
team listed first, error texts and explanation order."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.counters import contributions
from rules.crossgroup import CrossEntry, CrossMethod, counters_without_last, rank_across_groups
from rules.explain import DirectMatches, MiniLeague
from rules.modalities import apply_overrides, get_modality
from rules.ranking import check_precedence, rank_group, sum_counters
from rules.results import Absent, Disqualification, Ending, GameReport, MatchReport, Scope, Side
from rules.types import Counters, Criterion, RankedMatch
from rules.validation import clamp_report, validate_match
from tests.rules.test_ranking import flat

T, DQ = Ending.TARGET, Ending.DISQUALIFICATION
TEAMS = ("x", "y")


def games(*rows: tuple[int, int] | tuple[int, int, Ending]) -> tuple[GameReport, ...]:
    return tuple(GameReport(r[0], r[1], r[2] if len(r) == 3 else T) for r in rows)


def named(problems: list) -> list[tuple[str, int | None, dict]]:  # type: ignore[type-arg]
    return [(p.code, p.game, p.params_dict) for p in problems]


# -- counters ----------------------------------------------------------------------


def test_a_partida_lost_to_zero_counts_zero_tentos_for_either_team() -> None:
    out = contributions(get_modality("truco-cego-trio"), MatchReport(games((0, 24), (24, 0), (24, 7))))
    assert (out.counters_a.points_for, out.counters_b.points_for) == (48, 31)
    out = contributions(get_modality("truco-paulista"), MatchReport(games((12, 0), (12, 0))))
    assert (out.counters_a.points_for, out.counters_b.points_for) == (24, 0)


# -- validation: the sequence is still checked ----------------------------------------


def test_sequence_checked_after_a_valid_001_partida_disqualification() -> None:
    report = MatchReport(
        games((18, 3), (7, 16, DQ), (18, 5)), disqualification=Disqualification(Side.B, Scope.GAME)
    )
    problems = validate_match(get_modality("truco-cego-dupla"), report, TEAMS)
    assert named(problems) == [("match.game_after_decided", 3, {"winner": "x"})]


def test_sequence_checked_with_a_partida_in_progress() -> None:
    report = MatchReport(
        games((24, 1), (24, 2), (5, 6)), disqualification=Disqualification(Side.A, Scope.MATCH, "20-VIII")
    )
    problems = validate_match(get_modality("truco-cego-trio"), report, TEAMS)
    assert named(problems) == [
        ("match.game_after_decided", 3, {"winner": "x"}),
        ("match.disqualification_after_decided", None, {"winner": "x"}),
    ]
    report = MatchReport(games((1, 24), (2, 24), (5, 6)), commission_winner=Side.A)
    problems = validate_match(get_modality("truco-cego-trio"), report, TEAMS)
    assert named(problems) == [
        ("match.game_after_decided", 3, {"winner": "y"}),
        ("match.commission_after_decided", None, {"winner": "y"}),
    ]


# -- crossgroup ---------------------------------------------------------------------


def test_discard_last_for_a_team_listed_first_in_its_jogos() -> None:
    m = [flat("A", "B", "A"), flat("A", "C", "A"), flat("B", "C", "B")]
    standings = rank_group(["A", "B", "C"], m, tiebreakers=[Criterion.WINS, Criterion.LOTS])
    assert standings.rows[-1].team == "C"
    assert counters_without_last("A", m, standings) == m[0].counters_a  # A × C is discarded
    assert counters_without_last("B", m, standings) == m[0].counters_b
    assert counters_without_last("C", m, standings) == m[1].counters_b + m[2].counters_b


def test_discard_last_refusals_name_the_problem() -> None:
    with pytest.raises(ValueError, match="^discard_last needs every entry's group_size$"):
        rank_across_groups([CrossEntry("a", "A", Counters(1))], method=CrossMethod.DISCARD_LAST)
    one = CrossEntry("a", "A", Counters(1, 1), group_size=1)
    assert [r.team for r in rank_across_groups([one], method=CrossMethod.DISCARD_LAST)] == ["a"]
    with pytest.raises(ValueError, match="^a team appears twice among the cross-chave entries$"):
        rank_across_groups([one, one])


# -- ranking ------------------------------------------------------------------------


def test_row_for_and_sum_counters_name_the_stranger() -> None:
    s = rank_group(["A", "B"], [flat("A", "B", "A")], tiebreakers=[Criterion.WINS])
    with pytest.raises(KeyError, match="^'Z'$"):
        s.row_for("Z")
    with pytest.raises(ValueError, match="^match [AZ] v [BZ]: team 'Z' is not in the chave$"):
        sum_counters(["A", "B"], [flat("Z", "B", "B")])
    with pytest.raises(ValueError, match="^match [AZ] v [BZ]: team 'Z' is not in the chave$"):
        sum_counters(["A", "B"], [flat("A", "Z", "A")])


def test_mini_league_of_four_blocks_reports_each_cut() -> None:
    # Mini wins 3, 2, 1, 0: three mini-league cuts, each with its own values.
    m = [flat("A", x, "A") for x in "BCD"] + [flat("B", "C", "B"), flat("B", "D", "B"), flat("C", "D", "C")]
    s = rank_group(list("DCBA"), m, tiebreakers=[Criterion.HEAD_TO_HEAD, Criterion.LOTS])
    assert [r.team for r in s.rows] == ["A", "B", "C", "D"]
    league = MiniLeague(("A", "B", "C", "D"), Criterion.WINS)
    assert [(x.detail, x.upper_value, x.lower_value) for x in s.separations] == [
        (league, 3, 2),
        (league, 2, 1),
        (league, 1, 0),
    ]


def test_two_meetings_are_explained_in_the_same_order_whatever_the_input_order() -> None:
    def meeting(a: str, b: str, winner: str, score: tuple[int, int]) -> RankedMatch:
        base = flat(a, b, winner)
        return RankedMatch(a, b, base.counters_a, base.counters_b, winner, (score, score))

    m1 = meeting("A", "B", "A", (24, 3))
    m2 = meeting("B", "A", "A", (5, 24))
    m3 = meeting("A", "B", "A", (24, 9))
    orders = [[m1, m2, m3], [m3, m2, m1], [m2, m3, m1]]
    details = []
    for ms in orders:
        s = rank_group(["A", "B"], ms, tiebreakers=[Criterion.HEAD_TO_HEAD])
        details.append(s.separations[0].detail)
    assert details[0] == details[1] == details[2]
    assert details[0] == DirectMatches((((24, 3), (24, 3)), ((24, 5), (24, 5)), ((24, 9), (24, 9))))


def test_average_of_a_team_that_never_played_is_zero() -> None:
    row = rank_across_groups([CrossEntry("a", "A", Counters()), CrossEntry("b", "B", Counters(1, 1))])[1]
    assert row.average(Criterion.WINS) == Fraction(0)


def test_status_separation_names_the_last_active_and_the_first_expelled() -> None:
    m = [flat("A", "B", "A"), flat("A", "C", "A"), flat("B", "C", "B")]
    s = rank_group(["A", "B", "C"], m, tiebreakers=[Criterion.WINS], disqualified=["A"])
    status = s.separations[1]
    assert (status.upper, status.lower, status.kind.value) == ("C", "A", "status")
    with pytest.raises(ValueError, match="^a team appears twice in the chave$"):
        rank_group(["A", "A"], [], tiebreakers=[Criterion.WINS])


# -- validation: each problem names the right team and its parameters ------------------

TIME = Ending.TIME
DQ_B_MATCH = Disqualification(Side.B, Scope.MATCH)
VALIDATION_CASES = [
    (
        "truco-cego-trio",
        MatchReport(games((24, -1), (24, 2))),
        [("game.score_negative", 1, {"team": "y", "value": -1})],
    ),
    (
        "truco-cego-trio",
        MatchReport(games(("7", 24), (24, 7.5))),
        [
            ("game.score_not_integer", 1, {"team": "x", "value": "'7'"}),
            ("game.score_not_integer", 2, {"team": "y", "value": "7.5"}),
        ],
    ),
    (
        "truco-cego-trio",
        MatchReport(games((24, 1), (24, 2)), disqualification=Disqualification(Side.B, Scope.GAME)),
        [("match.game_disqualification_not_allowed", None, {"team": "y", "modality": "truco-cego-trio"})],
    ),
    (
        "truco-cego-dupla",
        MatchReport(games((18, 1), (18, 2)), disqualification=Disqualification(Side.B, Scope.GAME)),
        [("match.disqualification_game_missing", None, {"team": "y"})],
    ),
    (
        "truco-cego-trio",
        MatchReport(games((24, 1), (5, 6)), disqualification=DQ_B_MATCH),
        [("match.disqualification_article_required", None, {"team": "y"})],
    ),
    (
        "truco-cego-trio",
        MatchReport(games((24, 1), (5, 6)), disqualification=Disqualification(Side.B, Scope.MATCH, "XX")),
        [("match.disqualification_article_invalid", None, {"team": "y", "article": "XX"})],
    ),
    (
        "truco-cego-trio",
        MatchReport(games((24, 1), (5, 6)), disqualification=Disqualification(Side.B, Scope.MATCH, "20-II")),
        [
            (
                "match.disqualification_scope_mismatch",
                None,
                {"team": "y", "article": "20-II", "scope": "match", "expected": "tournament"},
            )
        ],
    ),
    (
        "truco-cego-trio",
        MatchReport(games((1, 24), (2, 24), (3, 24))),
        [("match.game_after_decided", 3, {"winner": "y"})],
    ),
    (
        "truco-goiano",
        MatchReport(games((12, 3), (5, 5, TIME), (3, 12), (7, 7, TIME))),
        [("game.time_tie_not_allowed", 4, {})],
    ),
    (
        "truco-goiano",
        MatchReport(games((5, 5, TIME), (5, 5, TIME), (3, 12), (12, 0))),
        [("match.game_after_decided", 4, {"winner": "y"})],
    ),
    (
        "truco-goiano",
        MatchReport(games((5, 5, TIME), (5, 5, TIME), (5, 5, TIME), (6, 6, TIME), (7, 7, TIME))),
        [("game.time_tie_not_allowed", 4, {}), ("match.too_many_games", None, {"count": 5, "maximum": 4})],
    ),
]


@pytest.mark.parametrize(("key", "report", "expected"), VALIDATION_CASES)
def test_validation_problems_name_team_and_parameters(key: str, report: MatchReport, expected: list) -> None:  # type: ignore[type-arg]
    problems = validate_match(get_modality(key), report, TEAMS)
    assert named(problems) == expected
    assert all(p.teams == TEAMS for p in problems)


def test_tiebreak_partida_refused_where_the_modality_has_none() -> None:
    modality = apply_overrides(get_modality("truco-goiano"), {"tiebreak_game": False})
    report = MatchReport(games((12, 3), (5, 5, TIME), (4, 6, TIME), (12, 0)))
    assert named(validate_match(modality, report, TEAMS)) == [
        ("match.tiebreak_not_allowed", 4, {"modality": "truco-goiano"})
    ]


def test_clamp_log_names_the_teams() -> None:
    _, log = clamp_report(get_modality("truco-paulista"), MatchReport(games((10, 13), (12, 2))), TEAMS)
    assert [(p.code, p.game, p.teams, p.params_dict) for p in log] == [
        ("game.score_clamped", 1, TEAMS, {"team": "y", "a": 10, "b": 13, "target": 12})
    ]


# -- counters: the partida scores an outcome carries --------------------------------------


def test_outcome_games_are_the_partidas_as_played() -> None:
    cego = get_modality("truco-cego-trio")
    assert contributions(cego, MatchReport(walkover=Absent.A)).games == ()
    dq = MatchReport(games((24, 1), (5, 6)), disqualification=Disqualification(Side.B, Scope.MATCH, "VIII"))
    assert contributions(cego, dq).games == ((24, 1), (5, 6))
    stalling = MatchReport(
        games((15, 24), (12, 20, TIME)), commission_winner=Side.A, commission_stalling=True
    )
    assert contributions(cego, stalling).games == ((15, 24), (12, 20))
    undecided = MatchReport(games((24, 1), (1, 24)))
    assert contributions(cego, undecided).games == ((24, 1), (1, 24))


def test_precedence_errors_say_what_is_wrong() -> None:
    with pytest.raises(ValueError, match=r"^'lots' must be the last tiebreak criterion$"):
        check_precedence(["lots", "wins"])
    with pytest.raises(ValueError, match=r"^duplicated tiebreak criterion in \['wins', 'wins'\]$"):
        check_precedence(["wins", "wins"])


def test_plain_criteria_after_a_head_to_head_are_all_applied() -> None:
    # W, H2H, then P and T: two teams level on W that never met go on to P, then T.
    a = RankedMatch("A", "C", Counters(1, 1, 0, 2, 1, 60, 50), Counters(1, 0, 1, 1, 2, 50, 60), "A")
    b = RankedMatch("B", "D", Counters(1, 1, 0, 2, 1, 61, 50), Counters(1, 0, 1, 1, 2, 50, 61), "B")
    order = [Criterion.WINS, Criterion.HEAD_TO_HEAD, Criterion.GAMES_WON, Criterion.POINTS_FOR]
    s = rank_group(list("ABCD"), [a, b], tiebreakers=order)
    assert [(r.team, r.separated_by) for r in s.rows[:2]] == [
        ("B", Criterion.POINTS_FOR),
        ("A", Criterion.WINS),
    ]


MORE_VALIDATION_CASES = [
    (
        "truco-cego-trio",
        MatchReport(
            walkover=Absent.A,
            disqualification=Disqualification(Side.A, Scope.MATCH, "VIII"),
            commission_winner=Side.B,
        ),
        [("match.conflicting_outcomes", None, {"outcomes": "walkover, disqualification, commission"})],
    ),
    (
        "truco-paulista",
        MatchReport(games((12, 1), (3, 4)), commission_winner=Side.A),
        [("match.commission_not_allowed", None, {"modality": "truco-paulista"})],
    ),
    (
        "truco-cego-trio",
        MatchReport(games((-1, 24), (24, 2))),
        [("game.score_negative", 1, {"team": "x", "value": -1})],
    ),
    (
        "truco-cego-trio",
        MatchReport(games((24, 1), (5, 6)), disqualification=Disqualification(Side.A, Scope.MATCH, "XX")),
        [("match.disqualification_article_invalid", None, {"team": "x", "article": "XX"})],
    ),
    (
        "truco-cego-trio",
        MatchReport(
            games((24, 1), (5, 6)), disqualification=Disqualification(Side.A, Scope.TOURNAMENT, "20-VIII")
        ),
        [
            (
                "match.disqualification_scope_mismatch",
                None,
                {"team": "x", "article": "20-VIII", "scope": "tournament", "expected": "match"},
            )
        ],
    ),
    (
        "truco-cego-trio",
        MatchReport(games((24, 1), (24, 2), (3, 4)), commission_winner=Side.B),
        [
            ("match.game_after_decided", 3, {"winner": "x"}),
            ("match.commission_after_decided", None, {"winner": "x"}),
        ],
    ),
    (
        "truco-cego-trio",
        MatchReport(games((5, 6, DQ), (24, 1))),
        [("game.dq_not_allowed", 1, {"modality": "truco-cego-trio"})],
    ),
    ("truco-cego-dupla", MatchReport(games((7, 16, DQ), (18, 2))), [("game.dq_offender_required", 1, {})]),
    (
        "truco-cego-dupla",
        MatchReport(games((18, 3, DQ), (18, 2)), disqualification=Disqualification(Side.B, Scope.GAME)),
        [("game.dq_at_target", 1, {"a": 18, "b": 3, "target": 18})],
    ),
    (
        "truco-cego-trio",
        MatchReport(games((20, 17, TIME), (24, 1))),
        [("game.time_not_allowed", 1, {"modality": "truco-cego-trio", "a": 20, "b": 17, "target": 24})],
    ),
    (
        "truco-goiano",
        MatchReport(games((12, 10, TIME), (12, 1))),
        [("game.time_at_target", 1, {"a": 12, "b": 10, "target": 12})],
    ),
    (
        "truco-cego-trio",
        MatchReport(games((24, 24), (24, 1))),
        [("game.tied_at_target", 1, {"a": 24, "b": 24, "target": 24})],
    ),
    (
        "truco-paulista",
        MatchReport(games((30, 2), (12, 1))),
        [("game.score_far_above_target", 1, {"ceiling": 14, "a": 30, "b": 2, "target": 12})],
    ),
    (
        "truco-paulista",
        MatchReport(games((13, 2), (12, 1))),
        [("game.score_above_target", 1, {"a": 13, "b": 2, "target": 12})],
    ),
    (
        "truco-goiano",
        MatchReport(games((12, 3), (5, 5, TIME), (5, 5, TIME), (12, 0))),
        [("match.game_after_decided", 4, {"winner": "x"})],
    ),
    (
        "truco-cego-trio",
        MatchReport(games((24, 1)), walkover=Absent.A),
        [("match.walkover_with_games", None, {"count": 1})],
    ),
    (
        "truco-cego-trio",
        MatchReport(
            games(
                (24, 1),
            )
        ),
        [("match.undecided", None, {"wins_a": 1, "wins_b": 0, "needed": 2})],
    ),
    (
        "truco-cego-trio",
        MatchReport(
            games(
                (1, 24),
            )
        ),
        [("match.undecided", None, {"wins_a": 0, "wins_b": 1, "needed": 2})],
    ),
]


@pytest.mark.parametrize(("key", "report", "expected"), MORE_VALIDATION_CASES)
def test_more_validation_problems_name_team_and_parameters(
    key: str, report: MatchReport, expected: list
) -> None:  # type: ignore[type-arg]
    assert named(validate_match(get_modality(key), report, TEAMS)) == expected
