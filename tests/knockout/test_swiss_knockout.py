"""A mata-mata after a Swiss phase (docs/rules.md §3.17): the first N of the Swiss
classificação go on, seeded by their place (1º × Nº, …); refused while a planned
rodada is unpaired or unplayed, or a tie at the cut waits for its sorteio."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from knockout.placings import final_placings
from knockout.services.advance import bracket_sync
from knockout.services.bracket import bracket_generate
from knockout.services.entrants import qualified_entrants
from scoring.models import ScoreSheet
from standings.qualification import qualification
from standings.selectors import tournament_standings
from standings.services import tiebreak_lots_record
from standings.swiss import swiss_pair_next, swiss_start
from tests.standings.test_swiss_services import event, homologate, play_rodada
from tests.tournaments.test_editing import form_data
from tournaments.models import Match, Tournament
from tournaments.services import ServiceError

pytestmark = pytest.mark.django_db


def swiss_event(teams: int, rounds: int) -> tuple[Tournament, object]:
    t, org = event(teams)
    Tournament.objects.filter(pk=t.pk).update(stage_plan=Tournament.StagePlan.GROUPS_KNOCKOUT)
    t.refresh_from_db()
    swiss_start(tournament=t, user=org, rounds=rounds)
    return t, org


def play_swiss(t: Tournament, org: Any, rounds: int, start: int = 1) -> list[str]:
    """Pair and play every rodada, then draw the lots any full tie asks for (rodada 1
    is paired from a random seed, so ties differ run to run); the final order."""
    stage = t.stages.get(kind="groups")
    for n in range(start, rounds + 1):
        swiss_pair_next(stage=stage, user=org)
        play_rodada(stage, n, org)
    group = stage.groups.get()
    while pending := tournament_standings(t)[0].groups[0].pending_lots:
        rows = {r.team: r for r in tournament_standings(t)[0].groups[0].rows}
        first = rows[pending[0]].position
        tiebreak_lots_record(
            tournament=t, teams=[k for k in pending if rows[k].position == first], user=org, group=group
        )
    (table,) = tournament_standings(t)
    assert table.complete
    return [r.team for r in table.groups[0].standings.rows]


def test_the_mata_mata_waits_for_every_planned_rodada() -> None:
    t, org = swiss_event(12, 3)
    stage = t.stages.get()
    swiss_pair_next(stage=stage, user=org)
    play_rodada(stage, 1, org)
    (table,) = tournament_standings(t)
    assert not table.complete and table.groups[0].rodadas_left == 2
    assert qualification(t, table, per_group=4).provisional
    with pytest.raises(ServiceError, match="provisória"):
        bracket_generate(tournament=t, user=org, source="groups", per_group=4)
    assert not t.stages.filter(kind="knockout").exists()


def test_the_first_of_the_swiss_go_on_seeded_by_place() -> None:
    t, org = swiss_event(12, 3)
    order = play_swiss(t, org, 3)
    entrants = qualified_entrants(t, per_group=8)
    assert [e.team.key for e in entrants] == order[:8]
    assert [e.label for e in entrants][:2] == ["1º Suíço", "2º Suíço"]  # the Swiss chave is named «Suíço»
    ko = bracket_generate(tournament=t, user=org, source="groups", per_group=8)
    first = Match.objects.filter(stage=ko, round=1).select_related("team_a", "team_b")
    pairs = {frozenset((m.team_a.key, m.team_b.key)) for m in first}
    # Standard seeding by the Swiss place: 1º × 8º, 4º × 5º, 2º × 7º, 3º × 6º.
    assert pairs == {frozenset((order[i], order[7 - i])) for i in range(4)}


def test_the_default_qualifiers_fill_a_bracket_from_a_quarter_of_the_field() -> None:
    from rules.swiss import default_qualifiers

    assert [default_qualifiers(n) for n in (4, 9, 12, 16, 33, 64, 120, 1024)] == [2, 2, 2, 4, 8, 16, 16, 16]


def test_the_start_page_sets_the_qualifiers_and_the_mata_mata_page_draws_them(client: Client) -> None:
    t, org = event(12)
    Tournament.objects.filter(pk=t.pk).update(stage_plan=Tournament.StagePlan.GROUPS_KNOCKOUT)
    client.force_login(org)
    page = f"/t/{t.slug}/gestao/suico/"
    assert "Classificados ao mata-mata" in client.get(page).content.decode()
    refused = client.post(page, {"action": "start", "swiss_rounds": "3", "qualifiers": "13"})
    assert refused.status_code == 400 and "Classificados ao mata-mata" in refused.content.decode()
    assert not t.stages.exists()
    assert client.post(page, {"action": "start", "swiss_rounds": "3", "qualifiers": "4"}).status_code == 302
    t.refresh_from_db()
    assert t.advance_per_group == 4
    order = play_swiss(t, org, 3)
    answer = client.post(f"/t/{t.slug}/gestao/mata-mata/", {"source": "groups"})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    ko = t.stages.get(kind="knockout")
    assert sorted(ko.entries.values_list("team__key", flat=True)) == sorted(order[:4])


def test_final_placings_of_a_swiss_alone() -> None:
    t, org = event(9)
    swiss_start(tournament=t, user=org, rounds=3)
    stage = t.stages.get()
    swiss_pair_next(stage=stage, user=org)
    play_rodada(stage, 1, org)
    assert not final_placings(t).complete  # two rodadas still to pair
    order = play_swiss(t, org, 3, start=2)
    placings = final_placings(t)
    assert placings.complete
    assert [(p.position, p.team.key) for p in placings.lines] == list(enumerate(order, 1))
    assert placings.lines[0].label == "1º do suíço"


def test_final_placings_of_a_swiss_then_mata_mata() -> None:
    t, org = swiss_event(12, 3)
    order = play_swiss(t, org, 3)
    ko = bracket_generate(tournament=t, user=org, source="groups", per_group=4)
    assert not final_placings(t).complete
    done = ScoreSheet.objects.filter(status=ScoreSheet.Status.HOMOLOGATED).values("match")
    while ready := list(ko.matches.exclude(team_a=None).exclude(team_b=None).exclude(pk__in=done)):
        for m in ready:
            homologate(m, org, [[18, 9], [18, 12]])  # team_a, the better seed, wins
        bracket_sync(stage=ko)
    placings = final_placings(t)
    assert placings.complete
    got = [p.team.key for p in placings.lines]
    assert got[0] == order[0] and set(got[:4]) == set(order[:4])
    assert got[4:] == order[4:]  # out in the Swiss: by their Swiss place


def test_editing_the_tournament_keeps_the_swiss_qualifiers(client: Client) -> None:
    t, org = swiss_event(12, 3)
    Tournament.objects.filter(pk=t.pk).update(advance_per_group=4)
    t.refresh_from_db()
    client.force_login(org)
    answer = client.post(f"/t/{t.slug}/gestao/editar/", form_data(t, name="Aberto de Verão"))
    assert answer.status_code == 302
    t.refresh_from_db()
    assert (t.name, t.advance_per_group) == ("Aberto de Verão", 4)


def test_no_sorteio_is_announced_while_rodadas_are_left() -> None:
    t, org = swiss_event(8, 3)
    stage = t.stages.get(kind="groups")
    swiss_pair_next(stage=stage, user=org)
    play_rodada(stage, 1, org)  # four winners level, four losers level
    chave = tournament_standings(t)[0].groups[0]
    assert chave.rodadas_left == 2 and not chave.pending_lots
    assert not [line for line in chave.explanations("pt-br") if "sorteio" in line]
    assert any(r.pending_lots for r in chave.rows)  # level, as the rules say, but nothing asked
