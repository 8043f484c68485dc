"""Two organizers homologate the same selection in bulk at once, on the real PostgreSQL.

Each jogo's homologation runs under its Match row lock (``sheet_homologate``), so
whatever the interleaving every súmula is homologated exactly once, with one event in
its history, and the other request reports it refused as already homologated.
"""

from __future__ import annotations

import pytest

from scoring.models import ScoreSheet, SheetEvent
from scoring.services.bulk import BulkOutcome, sheets_homologate
from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_save
from tests.integration.test_scoresheet_concurrency import race
from tests.scoring.conftest import entry, make_tournament, user
from tournaments.models import Match

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ROUNDS = 10


def test_two_bulk_posts_of_the_same_sheets_homologate_each_once() -> None:
    t = make_tournament("corrida-lote")
    org_a = user("org_lote_a", t, "organizer")
    org_b = user("org_lote_b", t, "organizer")
    matches = list(
        Match.objects.select_related("team_a", "team_b", "stage__tournament")
        .filter(stage__tournament=t, round=1)
        .order_by("id")
    )
    for _ in range(ROUNDS):
        ScoreSheet.objects.filter(match__in=matches).delete()
        SheetEvent.objects.filter(match__in=matches).delete()
        for m in matches:
            sheet_save(match=m, user=org_a, data=entry(m, [[24, 5], [24, 6]]), base_version=0, submit=True)
            sheet_sign(match=m, user=org_a, team=m.team_a, version=1)
            sheet_sign(match=m, user=org_a, team=m.team_b, version=1)
        selected = [(m.pk, 1) for m in matches]
        done = race(
            {
                name: (lambda u=who, s=selected: sheets_homologate(tournament=t, user=u, selected=s))
                for name, who in (("a", org_a), ("b", org_b))
            }
        )
        assert all(isinstance(r, BulkOutcome) for r in done.values()), done
        for m in matches:
            winners = [n for n, r in done.items() if m.pk in {pk for pk, _label in r.homologated}]
            losers = [r for r in done.values() if any(x.match_id == m.pk for x in r.refused)]
            assert len(winners) == 1 and len(losers) == 1, done
            (refusal,) = [x for x in losers[0].refused if x.match_id == m.pk]
            assert "já está homologada" in refusal.reason
            assert ScoreSheet.objects.get(match=m, confirmed=True).status == ScoreSheet.Status.HOMOLOGATED
            assert SheetEvent.objects.filter(match=m, kind=SheetEvent.Kind.HOMOLOGATED).count() == 1
