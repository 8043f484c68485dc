"""Stored contributions: written by the workflow, rules changes, loads and the repair
command; and standings read from them equal standings from judging every súmula again."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from django.contrib import admin
from django.core.management import call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from interchange.load import load_tournament
from rules.group import GroupMatch, evaluate_group
from rules.modalities import PRESETS
from rules.ranking import rank_group
from rules.results import MatchReport, Scope, Side, from_interchange
from scoring.models import MatchContribution, ScoreSheet
from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_homologate, sheet_revert, sheet_save
from standings.selectors import tournament_standings
from tests.generators import tournament_document
from tests.scoring.conftest import World, entry
from tournaments.models import DrawOfLots, Group, Match, Tournament

GROUP_MODALITIES = sorted(k for k, m in PRESETS.items() if not m.knockout_only)
_slugs = itertools.count()


def old_dq_reasons(fixtures: list[GroupMatch], expelled: frozenset[str]) -> dict[str, str]:
    """``standings.chaves.dq_reasons`` as it was before contributions were stored."""
    reasons: dict[str, str] = {}
    for f in sorted(fixtures, key=lambda f: (f.round is None, f.round or 0)):
        found: MatchReport | None = f.report
        if found is None:
            continue
        side_team = {Side.A: f.team_a, Side.B: f.team_b}
        if found.walkover is not None:
            for side in found.walkover.sides:
                if side_team[side] in expelled:
                    reasons.setdefault(side_team[side], "W.O. (Art. 20, III)")
        dq = found.disqualification
        if dq is not None and dq.scope is Scope.TOURNAMENT and side_team[dq.side] in expelled:
            reasons.setdefault(side_team[dq.side], f"Art. {dq.article}" if dq.article else "desclassificação")
    return reasons


def revalidated(t: Tournament, include_provisional: bool = False) -> dict[int, Any]:
    """Every chave ranked by judging every counted súmula again (the reading before)."""
    modality = t.rules()
    statuses = ["homologated"] + (["submitted", "signed"] if include_provisional else [])
    results = dict(
        ScoreSheet.objects.filter(
            match__stage__tournament=t, confirmed=True, status__in=statuses
        ).values_list("match_id", "result")
    )
    out = {}
    for g in Group.objects.filter(stage__tournament=t):
        teams = list(g.entries.order_by("order", "id").values_list("team__key", flat=True))
        fixtures = []
        for m in (
            Match.objects.filter(group=g).select_related("team_a", "team_b").order_by("round", "order", "id")
        ):
            a, b = m.team_a.key, m.team_b.key
            report = from_interchange(results[m.pk], a, b)[0] if m.pk in results else None
            fixtures.append(GroupMatch(str(m.pk), m.round, a, b, report))
        evaluation = evaluate_group(modality, fixtures)
        lots = [
            list(d.result)
            for d in DrawOfLots.objects.filter(group=g, purpose="tiebreak").order_by("performed_at", "id")
        ]
        standings = rank_group(
            teams,
            evaluation.ranked,
            tiebreakers=modality.tiebreakers,
            lots=lots,
            disqualified=evaluation.disqualified & set(teams),
        )
        reasons = old_dq_reasons(fixtures, evaluation.disqualified)
        unplayed = len(fixtures) - len(evaluation.ranked) - len(evaluation.void)  # AMB-07
        out[g.pk] = (standings, evaluation.ranked, reasons, unplayed)
    return out


def from_storage(t: Tournament, include_provisional: bool = False) -> dict[int, Any]:
    return {
        gt.group.pk: (gt.standings, gt.ranked, dict(gt.dq_reasons), gt.unplayed)
        for table in tournament_standings(t, include_provisional=include_provisional)
        for gt in table.groups
    }


@pytest.mark.django_db
@settings(max_examples=30)
@given(
    modality=st.sampled_from(GROUP_MODALITIES),
    groups=st.integers(1, 3),
    size=st.integers(2, 6),
    seed=st.integers(0, 10_000),
    played=st.sampled_from([0.0, 0.5, 0.9, 1.0]),
    walkovers=st.sampled_from([0.0, 0.1, 0.3]),
    ties=st.sampled_from([0.0, 0.3, 0.8]),
)
def test_standings_from_stored_contributions_equal_judging_every_result(
    modality: str, groups: int, size: int, seed: int, played: float, walkovers: float, ties: float
) -> None:
    doc = tournament_document(
        modality,
        groups=groups,
        size=size,
        seed=seed,
        played=played,
        walkovers=walkovers,
        ties=ties,
        slug=f"eq-{next(_slugs)}",
    )
    t = load_tournament(doc).tournament
    assert from_storage(t) == revalidated(t)


@pytest.mark.django_db
def test_a_large_tournament_with_expulsions_and_head_to_head_ranks_the_same() -> None:
    doc = tournament_document(
        "truco-cego-trio", groups=12, size=8, seed=7, played=1.0, walkovers=0.05, ties=0.5
    )
    t = load_tournament(doc).tournament
    stored, before = from_storage(t), revalidated(t)
    assert stored == before
    assert any(reasons for _, _, reasons, _ in before.values())  # expulsions were exercised


def rows(m: Match) -> list[tuple[Any, ...]]:
    return list(
        MatchContribution.objects.filter(match=m)
        .order_by("side")
        .values_list("team__key", "homologated", "counts", "played", "wins", "games_won", "points_for")
    )


def test_the_workflow_keeps_the_stored_contributions(world: World) -> None:
    t = world.tournament
    m = world.match(1, "1")
    assert rows(m) == []
    sheet = sheet_save(
        match=m, user=world.judge, data=entry(m, [[24, 13], [24, 20]]), base_version=0, submit=True
    )
    a, b = m.team_a.key, m.team_b.key
    assert rows(m) == [(a, False, True, 1, 1, 3, 72), (b, False, True, 1, 0, 0, 33)]  # sweep bonus
    assert from_storage(t, include_provisional=True) == revalidated(t, include_provisional=True)
    assert from_storage(t) == revalidated(t)  # not homologated: not counted
    for side in (m.team_a, m.team_b):
        sheet = sheet_sign(match=m, user=world.judge, team=side, version=sheet.version)
    sheet_homologate(match=m, user=world.organizer, version=1)
    assert [r[1] for r in rows(m)] == [True, True]
    assert from_storage(t) == revalidated(t)
    sheet_revert(match=m, user=world.organizer, version=1, reason="placar trocado")
    assert [r[1] for r in rows(m)] == [False, False]
    sheet_save(match=m, user=world.judge, data=entry(m, [[13, 24], [20, 24]]), base_version=1, submit=True)
    assert [(r[0], r[4]) for r in rows(m)] == [(a, 0), (b, 1)]  # the correction counts now
    assert from_storage(t, include_provisional=True) == revalidated(t, include_provisional=True)


def test_a_walkover_expels_and_its_reason_is_stored(world: World) -> None:
    t = world.tournament
    m = world.match(1, "1")
    sheet_save(match=m, user=world.judge, data=entry(m, walkover=m.team_b.key), base_version=0, submit=True)
    stored = MatchContribution.objects.get(match=m, side="b")
    assert stored.absent and stored.expels == t.rules().walkover_expels
    assert stored.reason == "W.O. (Art. 20, III)"
    assert from_storage(t, include_provisional=True) == revalidated(t, include_provisional=True)


@pytest.mark.django_db
def test_a_rules_change_in_the_admin_judges_every_result_again(rf: Any, admin_user: Any) -> None:
    doc = tournament_document("truco-cego-trio", groups=2, size=4, seed=3, played=1.0, slug="regras")
    t = load_tournament(doc).tournament
    counted = MatchContribution.objects.filter(match__stage__tournament=t, counts=True).count()
    assert counted > 0
    t.settings = {**t.settings, "points_to_win": 30}  # every 24-point partida is now unfinished

    class Form:
        changed_data = ["settings"]

    request = rf.post("/")
    request.user = admin_user
    admin.site._registry[Tournament].save_model(request, t, Form(), True)
    assert not MatchContribution.objects.filter(match__stage__tournament=t, counts=True).exists()
    assert from_storage(t) == revalidated(t)


@pytest.mark.django_db
def test_the_repair_command_rewrites_what_was_lost() -> None:
    doc = tournament_document(
        "truco-paulista", groups=2, size=4, seed=5, played=0.9, walkovers=0.1, slug="reparo"
    )
    t = load_tournament(doc).tournament
    before = from_storage(t)
    written = MatchContribution.objects.filter(match__stage__tournament=t).count()
    MatchContribution.objects.filter(match__stage__tournament=t).delete()
    call_command("recompute_contributions", "reparo")
    assert MatchContribution.objects.filter(match__stage__tournament=t).count() == written
    assert from_storage(t) == before == revalidated(t)
