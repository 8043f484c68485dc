"""The interchange ``result`` parser: from_interchange / to_interchange, Art. 20 items."""

from __future__ import annotations

import pytest

from rules.results import (
    Absent,
    Disqualification,
    MatchReport,
    Scope,
    Side,
    from_interchange,
    parse_article,
    to_interchange,
)
from tests.rules.test_validation import DQ, TIME, games


@pytest.mark.parametrize(
    ("text", "item"),
    [
        ("20-II", 2),
        ("20-viii", 8),
        ("VIII", 8),
        ("Art. 20-IV", 4),
        ("20 VII", 7),
        ("20-IX", None),
        ("abc", None),
        (None, None),
    ],
)
def test_parse_article(text: str | None, item: int | None) -> None:
    assert parse_article(text) == item


def parse(obj: object) -> tuple[MatchReport | None, list[str]]:
    report, problems = from_interchange(obj, "t1", "t2")
    return report, [p.code for p in problems]


def test_interchange_played_with_endings() -> None:
    report, problems = parse({"games": [[12, 8], [7, 10]], "endings": ["target", "time"]})
    assert problems == []
    assert report == MatchReport(games((12, 8), (7, 10, TIME)))


@pytest.mark.parametrize(
    ("obj", "expected"),
    [
        ({"walkover": "t2"}, MatchReport(walkover=Absent.B)),
        ({"walkover": ["t1", "t2"]}, MatchReport(walkover=Absent.BOTH)),
        (
            {"games": [[24, 1]], "disqualified": {"team": "t2", "article": "20-II", "scope": "tournament"}},
            MatchReport(
                games(
                    (24, 1),
                ),
                disqualification=Disqualification(Side.B, Scope.TOURNAMENT, "20-II"),
            ),
        ),
        (
            {
                "games": [[18, 1], [3, 4]],
                "endings": ["target", "disqualification"],
                "disqualified": {"team": "t2", "scope": "game"},
            },
            MatchReport(games((18, 1), (3, 4, DQ)), disqualification=Disqualification(Side.B, Scope.GAME)),
        ),
        (
            {"games": [[15, 24], [12, 20]], "decided_by": "commission", "winner": "t1", "stalling": True},
            MatchReport(games((15, 24), (12, 20)), commission_winner=Side.A, commission_stalling=True),
        ),
        ({"games": [[24, 1], [24, "7"]]}, MatchReport(games((24, 1), (24, "7")))),
    ],
)
def test_interchange_round_trip(obj: dict[str, object], expected: MatchReport) -> None:
    report, problems = parse(obj)
    assert problems == []
    assert report == expected
    assert to_interchange(expected, "t1", "t2") == obj


def test_interchange_disqualification_scope_defaults_to_tournament() -> None:
    report, problems = parse({"disqualified": {"team": "t1", "article": "20-III"}})
    assert problems == [] and report is not None
    assert report.disqualification == Disqualification(Side.A, Scope.TOURNAMENT, "20-III")


@pytest.mark.parametrize(
    ("obj", "codes", "has_report"),
    [
        ([24, 1], ["result.not_object"], False),
        ({"games": [], "foo": 1}, ["result.unknown_key"], True),
        ({"games": "24-1"}, ["result.field_invalid"], False),
        ({"games": [[24, 1]], "endings": "target"}, ["result.field_invalid"], False),
        ({"games": [[24, 1]], "endings": []}, ["result.endings_length"], False),
        ({"games": [[24, 1, 3]]}, ["game.malformed"], False),
        ({"games": [[24, 1]], "endings": ["clock"]}, ["game.ending_unknown"], False),
        ({"games": [[24, 1]], "endings": [7]}, ["game.ending_unknown"], False),
        ({"walkover": "t9"}, ["match.walkover_unknown_team"], True),
        ({"walkover": ["t1", "t1"]}, ["match.walkover_unknown_team"], True),
        ({"walkover": []}, ["match.walkover_unknown_team"], True),
        ({"disqualified": "t1"}, ["result.field_invalid"], True),
        ({"disqualified": {"team": "t9", "article": "20-II"}}, ["match.disqualification_unknown_team"], True),
        ({"disqualified": {"team": "t1", "scope": "season"}}, ["match.disqualification_scope_unknown"], True),
        ({"disqualified": {"team": "t1", "scope": ["x"]}}, ["match.disqualification_scope_unknown"], True),
        ({"disqualified": {"team": "t1", "article": 20}}, ["result.field_invalid"], True),
        ({"decided_by": "judge", "winner": "t1"}, ["result.field_invalid"], True),
        ({"decided_by": "commission"}, ["match.commission_winner_required"], True),
        ({"decided_by": "commission", "winner": "t3"}, ["match.commission_unknown_team"], True),
        ({"games": [[24, 1]], "winner": "t1"}, ["result.field_invalid"], True),
        ({"decided_by": "commission", "winner": "t1", "stalling": "yes"}, ["result.field_invalid"], True),
    ],
)
def test_interchange_shape_problems(obj: object, codes: list[str], has_report: bool) -> None:
    report, problems = parse(obj)
    assert problems == codes
    assert (report is not None) is has_report


def test_interchange_disqualification_article_is_kept_when_valid_elsewhere() -> None:
    report, _ = parse({"disqualified": {"team": "t1", "article": 20}})
    assert report is not None and report.disqualification == Disqualification(Side.A, Scope.TOURNAMENT)


def test_absent_sides() -> None:
    assert Absent.A.sides == frozenset({Side.A})
    assert Absent.BOTH.sides == frozenset({Side.A, Side.B})
    assert Side.A.other is Side.B and Side.B.other is Side.A
