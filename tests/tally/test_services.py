"""The judge's flow through hands.services: hands, undo, retries, partida → súmula."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from rules.hands import Deal, Hand, TrucoCall, TrucoPart, VoltaKind
from rules.results import Side
from scoring.models import ScoreSheet
from scoring.services.errors import NotAllowed
from scoring.services.workflow import sheet_save
from tally import selectors
from tally.models import HandEntry, PartidaClose
from tally.services import HandError, HandInvalid, hand_undo, partida_close
from tests.scoring.conftest import entry
from tests.tally.conftest import World, record, simple, truco
from tournaments.revision import current

pytestmark = pytest.mark.django_db
A, B = Side.A, Side.B


def next_hand(w: World, m: Any, winner: Side) -> Hand:
    """A legal Truco Cego hand for ``winner``: a truco on a roda, three on a testa."""
    state = selectors.match_state(m)
    if state.expected_volta is VoltaKind.TESTA:
        return Hand.testa(*[Deal(A, TrucoPart.won(winner, TrucoCall.TRUCO)) for _ in range(3)])
    return truco(winner, state.next_mao)


def play_partida(w: World, m: Any, winners: list[Side]) -> tuple[int, int]:
    i = 0
    while not selectors.match_state(m).finished:
        record(w, m, next_hand(w, m, winners[i % len(winners)]))
        i += 1
    return selectors.match_state(m).score


def test_hand_by_hand_gives_the_same_sumula_as_the_final_score(world: World) -> None:
    m = world.match(1, "1")
    first = play_partida(world, m, [A, A, B])
    partida_close(match=m, user=world.judge, game=1)
    assert selectors.match_state(m).score == (0, 0) and selectors.match_state(m).game == 2
    second = play_partida(world, m, [B, A, A])
    partida_close(match=m, user=world.judge, game=2)
    assert max(first) == max(second) == 24
    sheet = ScoreSheet.objects.filter(match=m).latest("version")
    assert sheet.status == ScoreSheet.Status.DRAFT and sheet.source == "tenteio" and sheet.version == 2
    direct = sheet_save(
        match=world.match(2, "1"),
        user=world.judge,
        data=entry(m, [list(first), list(second)]),
        base_version=0,
        submit=False,
    )
    assert sheet.result == direct.result == {"games": [list(first), list(second)]}
    assert selectors.match_state(m).decided  # 2 partidas won by A in a best of 3
    with pytest.raises(HandError):
        record(world, m, simple(A))


def test_illegal_hand_is_refused_with_its_rule_and_nothing_is_written(world: World) -> None:
    m = world.match(1, "1")
    revision = current(world.tournament.pk)
    with pytest.raises(HandInvalid) as info:
        record(world, m, Hand.roda(A, TrucoPart.refused(A, TrucoCall.NONE)))
    # The judge reads the rule's sentence; the check code (V-H3/V-H4) stays out of it.
    assert any("truco não querido sem nenhum truco pedido" in p for p in info.value.problems)
    assert not any("V-H" in p for p in info.value.problems)
    record(world, m, simple(A))
    with pytest.raises(HandInvalid) as info:  # Truco Cego: the second volta is a testa
        record(world, m, simple(A))
    assert any("esta volta deveria ser testa" in p for p in info.value.problems)
    assert HandEntry.objects.filter(match=m).count() == 1
    assert current(world.tournament.pk) > revision


def test_retry_with_the_same_key_never_duplicates(world: World) -> None:
    m = world.match(1, "1")
    key = uuid.uuid4()
    first = record(world, m, simple(B), key=key, base=0)
    again = record(world, m, simple(B), key=key, base=0)  # the lost answer, POSTed again
    assert first.created and not again.created and again.entry.pk == first.entry.pk
    assert HandEntry.objects.filter(match=m).count() == 1
    with pytest.raises(HandError):  # another phone's view of the partida is stale
        record(world, m, next_hand(world, m, A), base=0)


def test_undo_marks_the_last_hand_and_resumes(world: World) -> None:
    m = world.match(1, "1")
    h1 = record(world, m, truco(A)).entry
    h2 = record(world, m, next_hand(world, m, B)).entry
    with pytest.raises(HandError):
        hand_undo(match=m, user=world.judge, key=h1.key)  # not the last one
    hand_undo(match=m, user=world.judge, key=h2.key)
    hand_undo(match=m, user=world.judge, key=h2.key)  # a retried undo is a no-op
    assert selectors.match_state(m).score == (2, 0)
    assert HandEntry.objects.filter(match=m).count() == 2  # never deleted
    record(world, m, next_hand(world, m, A))
    assert selectors.match_state(m).score == (8, 0)
    assert [r.number for r in selectors.match_state(m).rows] == [1, 2]


def test_close_requires_a_finished_partida_and_is_idempotent(world: World) -> None:
    m = world.match(1, "1")
    record(world, m, truco(A))
    with pytest.raises(HandError):
        partida_close(match=m, user=world.judge, game=1)
    play_partida(world, m, [A])
    with pytest.raises(HandError):
        record(world, m, simple(A))  # the partida waits for its confirmation
    one = partida_close(match=m, user=world.judge, game=1)
    two = partida_close(match=m, user=world.judge, game=1)
    assert one.pk == two.pk and PartidaClose.objects.filter(match=m).count() == 1
    assert ScoreSheet.objects.filter(match=m).count() == 1


def test_other_judge_may_not_record(world: World) -> None:
    m = world.match(1, "2")  # mesa 2: not world.judge's
    with pytest.raises(NotAllowed):
        record(world, m, simple(A))
    assert not HandEntry.objects.exists()


def test_statistics_and_live_board(world: World) -> None:
    m = world.match(1, "1")
    record(world, m, truco(A))
    board = selectors.live_board(world.tournament)
    assert [s.match.pk for s in board] == [m.pk] and board[0].score == (2, 0)
    stats = selectors.team_stats(m.team_a)
    assert stats.hands == 1 and stats.trucos_accepted_won == 1 and stats.longest is not None
    assert selectors.score_text(14, world.tournament.rules()) == "14 (12 malos + 2 buenos)"
