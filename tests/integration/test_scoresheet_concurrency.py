"""Two judges and an organizer race on one súmula, on the real PostgreSQL.

Each round starts three threads behind a barrier. Whatever the interleaving, the Match
row lock must leave exactly one confirmed version, no lost update (the surviving
content is the winner's), and a stale-edit (or "already homologated") refusal for
every loser; and the jogo's stored contributions must be those of the surviving
version (written under the same lock, in the same transaction).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from scoring.models import MatchContribution, ScoreSheet, SheetEvent
from scoring.services.contributions import contribution_rows
from scoring.services.errors import ScoringError, StaleEdit, WorkflowError
from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_homologate, sheet_save
from tests.scoring.conftest import entry, make_tournament, user
from tournaments.models import Match

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ROUNDS = 20


def race(actions: dict[str, Callable[[], Any]]) -> dict[str, Any]:
    """Run the actions at once; returns name -> result or the ScoringError raised."""
    barrier = threading.Barrier(len(actions))
    outcome: dict[str, Any] = {}

    def run(name: str, action: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=10)
            outcome[name] = action()
        except ScoringError as exc:
            outcome[name] = exc
        except Exception as exc:  # noqa: BLE001 - reported as a failure below
            outcome[name] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=item) for item in actions.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return outcome


def stored(m: Match) -> list[dict[str, Any]]:
    fields = ["match_id", "group_id", "team_id", "side", "homologated", "counts", "played", "wins"]
    fields += ["losses", "games_won", "games_lost", "points_for", "points_against", "expels", "absent"]
    fields += ["reason", "games"]
    return list(MatchContribution.objects.filter(match=m).order_by("side").values(*fields))


def expected(m: Match) -> list[dict[str, Any]]:
    """The rows the confirmed version gives, as the rules engine decides them now."""
    sheet = ScoreSheet.objects.get(match=m, confirmed=True)
    row = (m.pk, m.group_id, sheet.status, sheet.result, m.team_a_id, m.team_b_id, m.team_a.key, m.team_b.key)
    return contribution_rows(m.stage.tournament.rules(), row)


def test_parallel_saves_and_homologation_keep_one_confirmed_version() -> None:
    t = make_tournament("corrida")

    judge = user("juiz_a", t, "judge")
    judge2 = user("juiz_b", t, "judge")
    organizer = user("org_c", t, "organizer")
    m = Match.objects.select_related("team_a", "team_b", "stage__tournament").get(
        stage__tournament=t, round=1, table__name="1"
    )
    scores = {"juiz_a": [[24, 1], [24, 2]], "juiz_b": [[24, 3], [24, 4]], "org_c": [[24, 5], [24, 6]]}
    people = {"juiz_a": judge, "juiz_b": judge2, "org_c": organizer}

    for _ in range(ROUNDS):
        ScoreSheet.objects.filter(match=m).delete()
        SheetEvent.objects.filter(match=m).delete()
        MatchContribution.objects.filter(match=m).delete()

        # Phase 1: three first submissions of the same súmula.
        first = race(
            {
                name: (
                    lambda n=name: sheet_save(
                        match=m, user=people[n], data=entry(m, scores[n]), base_version=0, submit=True
                    )
                )
                for name in people
            }
        )
        winners = [n for n, r in first.items() if isinstance(r, ScoreSheet)]
        assert len(winners) == 1, first
        for name, result in first.items():
            if name not in winners:
                assert isinstance(result, StaleEdit), result
                assert "enquanto você digitava" in result.message
        confirmed = ScoreSheet.objects.get(match=m, confirmed=True)
        assert confirmed.version == 1 and confirmed.result["games"] == scores[winners[0]]
        assert stored(m) == expected(m) and len(stored(m)) == 2

        sheet_sign(match=m, user=organizer, team=m.team_a, version=1)
        sheet_sign(match=m, user=organizer, team=m.team_b, version=1)

        # Phase 2: two corrections and a homologation of the same version at once.
        second = race(
            {
                "juiz_a": lambda: sheet_save(
                    match=m, user=judge, data=entry(m, [[24, 7], [24, 8]]), base_version=1, submit=True
                ),
                "juiz_b": lambda: sheet_save(
                    match=m, user=judge2, data=entry(m, [[24, 9], [24, 10]]), base_version=1, submit=True
                ),
                "org_c": lambda: sheet_homologate(match=m, user=organizer, version=1),
            }
        )
        ok = [n for n, r in second.items() if isinstance(r, ScoreSheet)]
        assert len(ok) == 1, second
        for name, result in second.items():
            if name in ok:
                continue
            if ok == ["org_c"]:
                assert isinstance(result, WorkflowError) and "homologada" in result.message, result
            else:
                assert isinstance(result, StaleEdit), result
        confirmed = ScoreSheet.objects.get(match=m, confirmed=True)
        if ok == ["org_c"]:
            assert confirmed.version == 1 and confirmed.status == ScoreSheet.Status.HOMOLOGATED
        else:
            assert confirmed.version == 2 and confirmed.entered_by == people[ok[0]]
            assert ScoreSheet.objects.get(match=m, version=1).status == ScoreSheet.Status.SUPERSEDED
        assert ScoreSheet.objects.filter(match=m).count() == (1 if ok == ["org_c"] else 2)
        assert stored(m) == expected(m)
        assert all(row["homologated"] == (ok == ["org_c"]) for row in stored(m))


def test_homologations_of_one_chave_at_once_are_all_counted() -> None:
    """Organizers homologating different jogos of one chave at the same moment: every
    jogo's contributions are stored, and the chave's sums count them all."""
    from standings.selectors import tournament_standings

    t = make_tournament("corrida-chave")
    organizer = user("org_d", t, "organizer")
    matches = list(
        Match.objects.select_related("team_a", "team_b", "stage__tournament")
        .filter(stage__tournament=t, round=1)
        .order_by("id")
    )
    for m in matches:
        sheet_save(match=m, user=organizer, data=entry(m, [[24, 5], [24, 6]]), base_version=0, submit=True)
        sheet_sign(match=m, user=organizer, team=m.team_a, version=1)
        sheet_sign(match=m, user=organizer, team=m.team_b, version=1)
    done = race(
        {str(m.pk): (lambda m=m: sheet_homologate(match=m, user=organizer, version=1)) for m in matches}
    )
    assert all(isinstance(r, ScoreSheet) for r in done.values()), done
    for m in matches:
        assert stored(m) == expected(m) and all(row["homologated"] for row in stored(m))
    played = sum(
        r.counters.played
        for st in tournament_standings(t, include_provisional=False)
        for g in st.groups
        for r in g.rows
    )
    assert played == 2 * len(matches)
