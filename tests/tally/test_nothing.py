"""A hand worth nothing is a hand (issue 33, finding 2): three tied vazas with no truco
(002 L71 «ninguém ganha tento, passando-se o maço para a frente»), a tie at 11 a 11
(002 L64), three rodadas cangadas (003 L255 «o baralho segue»). It is written, the mão
passes, it counts among the partida's hands and the log names it; never a 500."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from rules.hands import Hand, TrucoPart
from rules.results import Side
from tally import selectors
from tally.models import HandEntry
from tally.services import hand_record
from tests.tally.conftest import client_for, visible
from tests.tally.test_counter import ladder_match, page_of, reach

pytestmark = pytest.mark.django_db
A, B = Side.A, Side.B


@pytest.mark.parametrize(
    ("modality", "score", "label"),
    [
        ("truco-paulista", (0, 0), "pardas"),
        ("truco-paulista", (11, 11), "mão de 11 a 11 empatada"),
        ("truco-goiano", (0, 0), "rodadas cangadas"),
        ("truco-goiano", (11, 11), "mão de ferro empatada"),
    ],
)
def test_tied_hand_scores_nothing_and_the_deal_passes(
    modality: str, score: tuple[int, int], label: str
) -> None:
    m, judge = ladder_match(modality)
    if score != (0, 0):
        reach(m, judge, *score)
    before = selectors.match_state(m)
    mao = before.next_mao
    recorded = hand_record(match=m, user=judge, hand=Hand.roda(mao, TrucoPart.tied()), key=uuid.uuid4())
    assert recorded.created and (recorded.entry.award_a, recorded.entry.award_b) == (0, 0)
    after = selectors.match_state(m)
    assert after.score == score and not after.finished
    assert len(after.rows) == len(before.rows) + 1  # it counts among the partida's hands
    assert after.next_mao is mao.other  # the deal moves on
    assert after.last is not None and after.last.summary == label
    assert recorded.entry.summary == label  # read without the running score (live mesa)
    assert label in visible(page_of(m, judge))
    # The next hand is played at the same score: a second tie is again nothing.
    hand_record(match=m, user=judge, hand=Hand.roda(mao.other, TrucoPart.tied()), key=uuid.uuid4())
    assert selectors.match_state(m).score == score


@pytest.mark.parametrize("accept", ["application/json", "text/html"])
def test_the_pardas_button_records_a_hand(accept: str) -> None:
    m, judge = ladder_match("truco-paulista")
    url = reverse("tally:hand", args=[m.stage.tournament.slug, m.pk])
    assert "empate (pardas)" in page_of(m, judge)
    c = client_for(judge)
    r = c.post(url, {"key": str(uuid.uuid4()), "base": "0", "truco": "tied", "mao": "a"}, HTTP_ACCEPT=accept)
    assert r.status_code == (200 if accept == "application/json" else 303)
    if accept == "application/json":
        body = r.json()
        assert body["state"]["score"] == [0, 0] and body["state"]["hands"] == 1
        assert "pardas" in body["message"]
    else:
        assert "pardas" in visible(c.get(r["Location"]).content.decode())
    assert HandEntry.objects.filter(match=m).count() == 1
