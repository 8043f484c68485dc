"""One answer to "does this result count?" (rules.counting), whoever asks.

The same homologated súmulas go through every consumer — the classificação (stored
contributions and the ranking), the results page and its rows, the mata-mata's winner
(``knockout.selectors.winner_of``, what ``bracket_winners`` advances), the public JSON,
the printed programação and the printed súmula — and each must agree: counted in the
standings ⇔ shown with a score on the results page ⇔ advances in the bracket ⇔ counted
in the JSON. Among them a score above the target (``game.score_above_target``: severity
N, neither a warning nor an error), a score clamped on request (``game.score_clamped``,
which counts), an error, and a shape problem of the stored result.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from interchange.load import load_tournament
from knockout.selectors import winner_of
from printing.documents import sumulas, tables
from printing.documents.common import Params
from rules.counting import counts, judge, judge_result
from rules.group import GroupMatch, evaluate_group
from rules.modalities import get_modality
from rules.problems import problem
from rules.results import from_interchange
from rules.validation import clamp_report
from scoring.models import MatchContribution, ScoreSheet
from scoring.services.contributions import contributions_recompute
from standings.results import match_rows, results_document
from standings.selectors import tournament_standings
from tests.documents import document, match
from tournaments.models import Match, Tournament

pytestmark = pytest.mark.django_db

CEGO = get_modality("truco-cego-trio")  # partidas of 24 tentos, best of 3

RAW_ABOVE = {"games": [[27, 20], [24, 10]]}  # V-P2: reported, not clamped
ABOVE_REPORT = from_interchange(RAW_ABOVE, "t1", "t3")[0]
assert ABOVE_REPORT is not None
CLAMPED, CLAMP_LOG = clamp_report(CEGO, ABOVE_REPORT, ("t1", "t3"))

# (round, team A, team B, stored result, counts?)
SUMULAS: list[tuple[int, str, str, Any, bool]] = [
    (1, "t1", "t2", {"games": [[24, 20], [24, 22]]}, True),
    (1, "t3", "t4", RAW_ABOVE, False),  # N problem: waits for a clamp
    (2, "t1", "t3", {"games": [[24, 20], [24, 10]]}, True),  # what the clamp records
    (2, "t2", "t4", {"games": [[24, 24]]}, False),  # error (V-P4)
    (3, "t1", "t4", {"games": [[24, 12], [24, 20]], "extra": 1}, False),  # result.unknown_key
    (3, "t2", "t3", {"walkover": "t3"}, True),
]


def test_the_rule_itself() -> None:
    assert [p.code for p in CLAMP_LOG] == ["game.score_clamped"]
    assert judge(CEGO, CLAMPED, ("t1", "t3"), tuple(CLAMP_LOG))[1] is not None
    above = judge_result(CEGO, RAW_ABOVE, "t1", "t3")
    assert not above.counted and {p.code for p in above.problems} == {"game.score_above_target"}
    assert not counts([problem("game.score_above_target", game=1, a=27, b=20, target=24)])
    assert counts([problem("game.score_clamped", game=1, team="t1", a=27, b=20, target=24)])
    # evaluate_group with clamp=True counts the clamped jogo, without it not.
    fixture = [GroupMatch("k", 1, "t1", "t3", ABOVE_REPORT)]
    assert len(evaluate_group(CEGO, fixture, clamp=True).ranked) == 1
    assert len(evaluate_group(CEGO, fixture).ranked) == 0


@pytest.fixture
def tournament() -> Tournament:
    doc = document([match(rnd, a, b, None) for rnd, a, b, _, _ in SUMULAS], slug="contagem")
    t = load_tournament(doc).tournament
    for rnd, a, b, result, _ in SUMULAS:
        m = Match.objects.get(stage__tournament=t, round=rnd, team_a__key=a, team_b__key=b)
        ScoreSheet.objects.filter(match=m).delete()
        ScoreSheet.objects.create(
            match=m, version=1, status=ScoreSheet.Status.HOMOLOGATED, confirmed=True, result=result
        )
    contributions_recompute(tournament=t)
    return t


def key(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


def test_every_consumer_gives_the_same_answer(client: Client, tournament: Tournament) -> None:
    t = tournament
    modality = t.rules()
    expected = {key(a, b): ok for _, a, b, _, ok in SUMULAS}

    (stage,) = tournament_standings(t)
    (chave,) = stage.groups
    in_standings = {key(r.team_a, r.team_b) for r in chave.ranked}
    stored = {
        key(c.match.team_a.key, c.match.team_b.key)
        for c in MatchContribution.objects.filter(counts=True).select_related(
            "match__team_a", "match__team_b"
        )
    }
    rows = match_rows(t)
    on_results_page = {key(r["team_a_key"], r["team_b_key"]) for r in rows if r["score"]}
    with_winner = {key(r["team_a_key"], r["team_b_key"]) for r in rows if r["winner"]}
    advances = {key(a, b) for _, a, b, result, _ in SUMULAS if winner_of(modality, result, a, b) is not None}
    doc = results_document(t, rows)
    in_json = {key(*m["teams"]) for m in doc["matches"] if m["counted"]}
    json_winner = {key(*m["teams"]) for m in doc["matches"] if m["winner"]}
    served = client.get(f"/t/{t.slug}/resultados.json").json()
    in_served_json = {key(*m["teams"]) for m in served["matches"] if m["counted"]}
    _, printed_rows = tables.schedule(t, Params(doc="schedule"))
    printed = {
        key(r["team_a_key"], r["team_b_key"])
        for u in printed_rows
        if u["kind"] == "round"
        for r in u["rows"]
        if r["score"]
    }
    teams_of = {r["pk"]: key(r["team_a_key"], r["team_b_key"]) for r in rows}
    printed_sumulas = {
        teams_of[u["id"]]
        for u in sumulas.build(t, Params(doc="sumulas"))
        if u["official"] and u["official"]["score"]
    }

    counted = {k for k, ok in expected.items() if ok}
    assert in_standings == counted
    assert stored == counted
    assert on_results_page == counted
    assert with_winner == counted
    assert advances == counted
    assert in_json == counted and json_winner == counted and in_served_json == counted
    assert printed == counted
    assert printed_sumulas == counted
    assert sum(r.counters.played for r in chave.rows) == 2 * len(counted)
    body = client.get(f"/t/{t.slug}/resultados/").content.decode()
    assert "27–20" not in body  # the unclamped score is shown nowhere
