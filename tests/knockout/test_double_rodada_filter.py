"""The súmulas page's «rodada» filter in a double elimination: the schedule's rodada (a
rodada of each bracket, played at the same time: ``tournaments.phases.double_turn``),
not the jogos that share a number in two brackets."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from scoring.selectors_review import Filters, review_rows
from tests.knockout.test_double_services import double as make_double
from tests.knockout.test_double_services import run
from tournaments.phases import double_turn, double_turn_jogos, stage_rounds

pytestmark = pytest.mark.django_db


def test_the_inverse_of_the_schedule_s_rodada() -> None:
    for k in (1, 2, 3, 4):
        jogos = (
            [("W", r) for r in range(1, k + 1)]
            + [("L", t) for t in range(1, 2 * k - 1)]
            + [("GF", 1), ("GF", 2)]
        )
        for bracket, n in jogos:
            assert (bracket, n) in double_turn_jogos(double_turn(bracket, n, k), k)
        for turn in range(1, 2 * k + 2):
            assert all(double_turn(b, n, k) == turn for b, n in double_turn_jogos(turn, k))


def test_rodada_2_lists_the_winners_second_and_the_repescagem_s_first(client: Client) -> None:
    t = make_double(8)
    run(t, lambda state: state.a)  # the better seed wins each jogo: the reset is not played
    rows = review_rows(t, Filters(rodada=2))
    got = sorted((r.match.bracket, r.match.round) for r in rows)
    assert got == [("L", 1), ("L", 1), ("W", 2), ("W", 2)]
    (stage, offered) = next((s, r) for s, r in stage_rounds(t.pk) if s.kind == "knockout")
    assert [n for n, _name in offered] == [1, 2, 3, 4, 5, 6]  # 2k rodadas; no reset played
    client.force_login(get_user_model().objects.get(username=f"org-{t.slug}"))  # run's organizer
    page = client.get(f"/t/{t.slug}/sumulas/?rodada=2").content.decode()
    assert "Repescagem, rodada 1" in page and "Chave dos vencedores, rodada 2" in page
    assert "Repescagem, rodada 2" not in page
