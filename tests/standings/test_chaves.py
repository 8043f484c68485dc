"""The per-chave memo of the standings (standings.chaves): only what changed is ranked again."""

from __future__ import annotations

import pytest

from core.demo import demo_document
from interchange.load import load_tournament
from scoring.models import ScoreSheet
from standings.chaves import rank_chave
from standings.selectors import tournament_standings
from tournaments.models import Match


@pytest.mark.django_db
def test_a_homologation_reranks_only_its_chave() -> None:
    t = load_tournament(demo_document()).tournament
    before = tournament_standings(t)
    chaves = sum(len(st.groups) for st in before)
    assert chaves > 1
    misses = rank_chave.cache_info().misses
    tournament_standings(t)
    assert rank_chave.cache_info().misses == misses  # nothing changed: nothing re-ranked
    match = Match.objects.filter(sheets__isnull=True, group__isnull=False).first()
    assert match is not None
    ScoreSheet.objects.create(
        match=match, version=1, status="homologated", confirmed=True, result={"games": [[24, 3], [24, 4]]}
    )
    after = tournament_standings(t)
    assert rank_chave.cache_info().misses == misses + 1
    group = next(gt for st in after for gt in st.groups if gt.group.pk == match.group_id)
    old = next(gt for st in before for gt in st.groups if gt.group.pk == match.group_id)
    assert sum(r.counters.played for r in group.rows) == sum(r.counters.played for r in old.rows) + 2
