"""Multi-phase chaves: the first k of each chave plus the best n of the next position
are drawn into new chaves (52 duplas → 13 chaves of 4 → 26 + 2 best 3rds = 28 → 7 of 4)."""

from __future__ import annotations

from collections import Counter

import pytest
from django.contrib.auth.models import User
from django.test import Client

from bench.generate import tournament_document
from interchange.load import load_tournament
from knockout.services.phases import next_phase_draw, qualified_for_next_phase
from tournaments.models import DrawOfLots, GroupTeam, Membership, Stage, Tournament
from tournaments.services import ServiceError
from tournaments.services.draws import draw_replay

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished() -> Tournament:
    doc = tournament_document("truco-cego-dupla", groups=13, size=4, seed=52, played=1.0, walkovers=0.0)
    t = load_tournament(doc).tournament
    Tournament.objects.filter(pk=t.pk).update(
        advance_per_group=2, advance_best_next=2, stage_plan="multi_phase"
    )
    t.refresh_from_db()
    return t


def test_52_duplas_go_to_7_chaves_of_4(finished: Tournament) -> None:
    stage = Stage.objects.get(tournament=finished)
    entries = qualified_for_next_phase(finished, stage)
    assert len(entries) == 28
    assert sum(1 for e in entries if e.seed) == 13  # the 1sts are the cabeças de chave
    draw = next_phase_draw(tournament=finished, from_stage=stage, user=None, size=4, seed="fase2")
    new = Stage.objects.get(tournament=finished, key="fase-2")
    groups = list(new.groups.order_by("order"))
    assert [g.entries.count() for g in groups] == [4] * 7
    placed = list(GroupTeam.objects.filter(group__stage=new).values_list("team__key", flat=True))
    assert sorted(placed) == sorted(e.key for e in entries)
    # teams from the same first-phase chave never meet again when it can be avoided
    origin = {e.key: e.entity for e in entries}
    for g in groups:
        counts = Counter(origin[k] for k in g.entries.values_list("team__key", flat=True))
        assert max(counts.values()) == 1
    assert draw.seed == "fase2" and draw.purpose == DrawOfLots.Purpose.GROUPS
    assert draw_replay(draw) == [r["teams"] for r in draw.result]  # by its recorded method
    with pytest.raises(ServiceError):
        next_phase_draw(tournament=finished, from_stage=stage, user=None)


def test_refused_while_the_phase_is_provisional() -> None:
    doc = tournament_document("truco-cego-dupla", groups=3, size=4, seed=3, played=0.5, walkovers=0.0)
    t = load_tournament(doc).tournament
    stage = Stage.objects.get(tournament=t)
    with pytest.raises(ServiceError, match="provisória"):
        next_phase_draw(tournament=t, from_stage=stage, user=None)
    assert not Stage.objects.filter(tournament=t, key="fase-2").exists()


def test_next_phase_page(client: Client, finished: Tournament) -> None:
    url = f"/t/{finished.slug}/gestao/proxima-fase/"
    assert client.get(url).status_code == 302
    user = User.objects.create_user("org", password="x-Senha-Forte-1")
    Membership.objects.create(tournament=finished, user=user, role="organizer")
    client.force_login(user)
    page = client.get(url).content.decode()
    assert "28 equipes classificadas" in page
    assert client.post(url, {"size": "1"}).status_code == 400
    response = client.post(url, {"size": "4", "seed": "abc"})
    assert response.status_code == 302 and response["Location"].endswith("/gestao/rodadas/")
    assert Stage.objects.filter(tournament=finished, key="fase-2").exists()
    schedule = client.post(
        f"/t/{finished.slug}/gestao/rodadas/",
        {"start": "2026-12-12T09:00", "minutes": "60", "tables": "14"},
    )
    assert schedule.status_code == 302
    assert Stage.objects.get(key="fase-2").matches.count() == 7 * 6
