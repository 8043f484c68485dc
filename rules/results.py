"""What a súmula says about one jogo: the input types of validation and counters.

A :class:`MatchReport` can represent every interchange ``result`` form (docs/interchange.md):
played partidas (with their endings), a W.O. (single or double), a disqualification
(tournament, match or partida scope), and a commission decision (with or without a
stalling penalty). Scores are typed ``object`` on purpose: they arrive from JSON or
forms, and the validator reports ``game.score_not_integer`` instead of crashing.

:func:`from_interchange` turns a raw ``result`` mapping into a report plus the shape
problems it found; :func:`to_interchange` is its inverse for export.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum

from rules.problems import Problem, describe_value, problem


class Side(str, Enum):
    """A is the match's first team (``teams[0]``), B the second."""

    A = "a"
    B = "b"

    # str's own hash: consistent with == (Side.A == "a"), and C-fast in the dicts the
    # counters use; Enum's default hashes the name in Python, thousands of times a page.
    __hash__ = str.__hash__

    @property
    def other(self) -> Side:
        return Side.B if self is Side.A else Side.A


class Absent(str, Enum):
    """Who did not show up for a W.O.; BOTH is a double W.O. (AMB-30)."""

    A = "a"
    B = "b"
    BOTH = "both"

    @property
    def sides(self) -> frozenset[Side]:
        if self is Absent.BOTH:
            return frozenset({Side.A, Side.B})
        return frozenset({Side(self.value)})


class Ending(str, Enum):
    """How a partida ended (docs/interchange.md, end_reason; TIME covers TIME_HIGHER_SCORE/TIE)."""

    TARGET = "target"
    TIME = "time"
    DISQUALIFICATION = "disqualification"


class Scope(str, Enum):
    """What a disqualification costs (docs/rules.md §3.6)."""

    TOURNAMENT = "tournament"  # 000 Art. 20 §1º: the jogo, and out of the tournament
    MATCH = "match"  # 000 Art. 20 §2º: only this jogo
    GAME = "game"  # 001: only the current partida


@dataclass(frozen=True, slots=True)
class GameReport:
    """One partida row: the points of side A and side B, as reported."""

    a: object
    b: object
    ending: Ending = Ending.TARGET


@dataclass(frozen=True, slots=True)
class Disqualification:
    side: Side  # the disqualified (offending) side
    scope: Scope
    article: str | None = None  # e.g. "20-II"; required in the 000 family


@dataclass(frozen=True, slots=True)
class MatchReport:
    games: tuple[GameReport, ...] = ()
    walkover: Absent | None = None
    disqualification: Disqualification | None = None
    commission_winner: Side | None = None  # decided_by commission
    commission_stalling: bool = False  # AMB-10: the commission penalised the loser for stalling


_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8}
_ARTICLE = re.compile(r"^\s*(?:art\.?\s*)?(?:20\s*[-–/ ]?\s*)?([ivx]+)\s*$", re.IGNORECASE)


def parse_article(text: str | None) -> int | None:
    """The Art. 20 item (1..8) of "20-II", "20-viii", "VIII"...; None if not one."""
    if text is None:
        return None
    match = _ARTICLE.match(text)
    if match is None:
        return None
    return _ROMAN.get(match.group(1).upper())


def article_scope(item: int) -> Scope:
    """000 Art. 20: items I–VII are §1º (expelled), item VIII is §2º (this jogo only)."""
    return Scope.MATCH if item == 8 else Scope.TOURNAMENT


_RESULT_KEYS = frozenset({"games", "endings", "walkover", "disqualified", "decided_by", "winner", "stalling"})


def from_interchange(obj: object, team_a: str, team_b: str) -> tuple[MatchReport | None, list[Problem]]:
    """Parse an interchange ``result`` object; never raises.

    Returns ``(None, problems)`` when the shape is too broken to build a report; scores
    are copied as given (the validator judges them). Extensions of the documented
    format: ``"walkover": [KEY, KEY]`` is a double W.O., and ``"stalling": true`` with
    ``"decided_by": "commission"`` records a stalling penalty.
    """
    teams = (team_a, team_b)
    problems: list[Problem] = []
    if not isinstance(obj, Mapping):
        return None, [problem("result.not_object", teams=teams, value=describe_value(obj))]
    for key in obj:
        if key not in _RESULT_KEYS:
            problems.append(problem("result.unknown_key", teams=teams, key=describe_value(key)))

    def side_of(key: object) -> Side | None:
        if key == team_a:
            return Side.A
        if key == team_b:
            return Side.B
        return None

    games = _parse_games(obj.get("games", []), obj.get("endings"), teams, problems)

    walkover: Absent | None = None
    raw_wo = obj.get("walkover")
    if raw_wo is not None:
        keys = raw_wo if isinstance(raw_wo, list) else [raw_wo]
        sides = {s for s in (side_of(k) for k in keys) if s is not None}
        if not keys or len(keys) != len(sides):
            problems.append(problem("match.walkover_unknown_team", teams=teams, team=describe_value(raw_wo)))
        else:
            walkover = Absent.BOTH if len(sides) == 2 else Absent(sides.pop().value)

    disqualification = _parse_disqualification(obj.get("disqualified"), side_of, teams, problems)

    commission_winner: Side | None = None
    stalling = obj.get("stalling", False)
    if not isinstance(stalling, bool):
        problems.append(problem("result.field_invalid", teams=teams, field="stalling"))
        stalling = False
    decided_by = obj.get("decided_by")
    if decided_by is not None:
        if decided_by != "commission":
            problems.append(problem("result.field_invalid", teams=teams, field="decided_by"))
        elif "winner" not in obj:
            problems.append(problem("match.commission_winner_required", teams=teams))
        else:
            commission_winner = side_of(obj["winner"])
            if commission_winner is None:
                problems.append(
                    problem("match.commission_unknown_team", teams=teams, team=describe_value(obj["winner"]))
                )
    elif "winner" in obj or stalling:
        # A winner without "decided_by" would silently override the scores.
        problems.append(problem("result.field_invalid", teams=teams, field="winner"))

    if games is None:
        return None, problems
    report = MatchReport(
        games=games,
        walkover=walkover,
        disqualification=disqualification,
        commission_winner=commission_winner,
        commission_stalling=stalling and commission_winner is not None,
    )
    return report, problems


def _parse_games(
    raw: object, raw_endings: object, teams: tuple[str, str], problems: list[Problem]
) -> tuple[GameReport, ...] | None:
    if not isinstance(raw, list):
        problems.append(problem("result.field_invalid", teams=teams, field="games"))
        return None
    endings: list[object] = []
    if raw_endings is not None:
        if not isinstance(raw_endings, list):
            problems.append(problem("result.field_invalid", teams=teams, field="endings"))
            return None
        if len(raw_endings) != len(raw):
            problems.append(
                problem("result.endings_length", teams=teams, games=len(raw), endings=len(raw_endings))
            )
            return None
        endings = list(raw_endings)
    games: list[GameReport] = []
    ok = True
    for index, row in enumerate(raw, start=1):
        if not isinstance(row, list) or len(row) != 2:
            problems.append(problem("game.malformed", game=index, teams=teams, value=describe_value(row)))
            ok = False
            continue
        ending = Ending.TARGET
        if endings:
            known = {e.value: e for e in Ending}
            raw_ending = endings[index - 1]
            found = known.get(raw_ending) if isinstance(raw_ending, str) else None
            if found is None:
                problems.append(
                    problem("game.ending_unknown", game=index, teams=teams, value=describe_value(raw_ending))
                )
                ok = False
                continue
            ending = found
        games.append(GameReport(row[0], row[1], ending))
    return tuple(games) if ok else None


def _parse_disqualification(
    raw: object,
    side_of: Callable[[object], Side | None],
    teams: tuple[str, str],
    problems: list[Problem],
) -> Disqualification | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        problems.append(problem("result.field_invalid", teams=teams, field="disqualified"))
        return None
    side = side_of(raw.get("team"))
    if side is None:
        problems.append(
            problem("match.disqualification_unknown_team", teams=teams, team=describe_value(raw.get("team")))
        )
    raw_scope = raw.get("scope", "tournament")
    scope = {s.value: s for s in Scope}.get(raw_scope) if isinstance(raw_scope, str) else None
    if scope is None:
        problems.append(
            problem("match.disqualification_scope_unknown", teams=teams, value=describe_value(raw_scope))
        )
    article = raw.get("article")
    if article is not None and not isinstance(article, str):
        problems.append(problem("result.field_invalid", teams=teams, field="article"))
        article = None
    if side is None or scope is None:
        return None
    return Disqualification(side=side, scope=scope, article=article)


def to_interchange(report: MatchReport, team_a: str, team_b: str) -> dict[str, object]:
    """The interchange ``result`` object of ``report`` (inverse of from_interchange)."""
    key = {Side.A: team_a, Side.B: team_b}
    out: dict[str, object] = {}
    if report.walkover is not None:
        absent = sorted(report.walkover.sides)
        out["walkover"] = key[absent[0]] if len(absent) == 1 else [key[s] for s in absent]
        return out
    out["games"] = [[g.a, g.b] for g in report.games]
    if any(g.ending is not Ending.TARGET for g in report.games):
        out["endings"] = [g.ending.value for g in report.games]
    dq = report.disqualification
    if dq is not None:
        entry: dict[str, object] = {"team": key[dq.side], "scope": dq.scope.value}
        if dq.article is not None:
            entry["article"] = dq.article
        out["disqualified"] = entry
    if report.commission_winner is not None:
        out["decided_by"] = "commission"
        out["winner"] = key[report.commission_winner]
        if report.commission_stalling:
            out["stalling"] = True
    return out
