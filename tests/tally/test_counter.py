"""The counter offers what the modality allows at the score (no fold at 11–11, the mão de
ferro named, no hand once the jogo is decided), and a refused hand stays on the page as
a sentence next to its form, with the rule code only in a data- attribute, writing
nothing (plain POST: 422 with the page; JSON: the same sentences)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.urls import reverse

from interchange.load import load_tournament
from rules.hands import Hand, TrucoCall, TrucoEnd, TrucoPart
from rules.results import Side
from tally import selectors
from tally.models import HandEntry
from tally.services import hand_record, partida_close
from tests.documents import document
from tests.scoring.conftest import played, user
from tests.tally.conftest import World, client_for, visible
from tests.tally.test_services import play_partida
from tournaments.models import Match

pytestmark = pytest.mark.django_db
A, B = Side.A, Side.B


def ladder_match(modality: str) -> tuple[Match, Any]:
    doc = document([played(1, "t1", "t2", "1")], slug="copa", modality=modality, size=2)
    t = load_tournament(doc).tournament
    judge = user("juiz-copa", t, "judge")
    m = Match.objects.select_related("team_a", "team_b", "stage__tournament").get(stage__tournament=t)
    return m, judge


def add(m: Match, judge: Any, side: Side, points: int) -> None:
    """Hands of 3 (truco) and 1 worth ``points`` to ``side``, nobody on 11 meanwhile."""
    while points:
        level = TrucoCall.TRUCO if points >= 3 else TrucoCall.NONE
        hand_record(match=m, user=judge, hand=Hand.roda(side, TrucoPart.won(side, level)), key=uuid.uuid4())
        points -= 3 if level is TrucoCall.TRUCO else 1


def reach(m: Match, judge: Any, a: int, b: int) -> None:
    """The partida at ``a``–``b`` (one of them 11): the other side first, so no hand is
    played in a mão de onze; 11–11 is 10–11 and the side on 11 folding (+1 to A)."""
    if (a, b) == (11, 11):
        add(m, judge, A, 10)
        add(m, judge, B, 11)
        fold = Hand.roda(A, TrucoPart(TrucoEnd.REFUSED, A, TrucoCall.NONE))
        hand_record(match=m, user=judge, hand=fold, key=uuid.uuid4())
    else:
        first, second = ((B, b), (A, a)) if a == 11 else ((A, a), (B, b))
        add(m, judge, *first)
        add(m, judge, *second)
    assert selectors.match_state(m).score == (a, b)


def page_of(m: Match, judge: Any) -> str:
    url = reverse("tally:tenteio", args=[m.stage.tournament.slug, m.pk])
    r = client_for(judge).get(url)
    assert r.status_code == 200
    return r.content.decode()


def hand_url(m: Match) -> str:
    return reverse("tally:hand", args=[m.stage.tournament.slug, m.pk])


@pytest.mark.parametrize("modality", ["truco-paulista", "truco-goiano"])
def test_mao_de_onze_offers_the_fold_to_one_side_only(modality: str) -> None:
    m, judge = ladder_match(modality)
    reach(m, judge, 11, 4)
    page = page_of(m, judge)
    assert "Mão de onze" in visible(page)
    assert page.count('value="refused:none:') == 1 and 'value="refused:none:b"' in page
    assert 'value="won:none:a"' in page and 'value="won:none:b"' in page
    # The 3-6-9-12 ladder is not offered in the mão de onze (it starts «trucado»).
    assert 'value="won:seis:' not in page and 'value="refused:truco:' not in page
    truco_option = '<option value="truco">'
    assert (truco_option in page) is (modality == "truco-paulista")  # 002: a truco call costs 3


@pytest.mark.parametrize(
    ("modality", "name"),
    [("truco-goiano", "Mão de ferro (11 a 11): ninguém corre"), ("truco-paulista", "11 a 11: ninguém corre")],
)
def test_at_eleven_eleven_nobody_folds(modality: str, name: str) -> None:
    m, judge = ladder_match(modality)
    reach(m, judge, 11, 11)
    page = page_of(m, judge)
    text = visible(page)
    buttons = visible(page[page.index('class="hs-quick"') :].split("</form>")[0])
    assert name in text and "correu" not in buttons and "refused:none" not in page
    assert 'value="won:none:a"' in page and 'value="won:none:b"' in page
    assert ("mão de ferro: ganhou a mão" in text) is (modality == "truco-goiano")


def test_a_decided_jogo_offers_no_hand(world: World) -> None:
    m = world.match(1, "1")
    for game in (1, 2):
        play_partida(world, m, [A, A, B])
        partida_close(match=m, user=world.judge, game=game)
    page = page_of(m, world.judge)
    text = visible(page)
    assert "Jogo decidido" in text and "nenhuma mão a lançar" in text
    assert "Partida 3" not in text and "0 mãos" not in text and "Nenhuma mão ainda" not in text
    assert 'name="truco"' not in page and "hs-quick" not in page and "Lançar esta mão" not in text
    assert reverse("scoring:entry", args=[world.tournament.slug, m.pk]) in page
    assert "partidas ganhas" in text


def refused_truco(m: Match) -> dict[str, str]:
    """The detailed form: a truco asked (and played) in a goiano mão de onze (V-H9)."""
    return {
        "key": str(uuid.uuid4()),
        "base": str(len(selectors.match_state(m).rows)),
        "d1_mao": "a",
        "d1_truco_level": "truco",
        "d1_truco_end": "won",
        "d1_truco_to": "a",
    }


def test_a_refused_hand_without_js_is_a_sentence_next_to_its_form() -> None:
    m, judge = ladder_match("truco-goiano")
    reach(m, judge, 11, 9)
    before = HandEntry.objects.count()
    r = client_for(judge).post(hand_url(m), refused_truco(m))
    page = r.content.decode()
    text = visible(page)
    assert r.status_code == 422
    assert "Mão recusada pelas regras da modalidade; nada foi gravado." in text
    assert "na mão de onze não se pede truco" in text
    assert "V-H" not in text and 'data-codes="V-H9"' in page
    # Next to the detailed form that posted it, opened, with a close link (no JS needed).
    slot = page.index('data-slot="detail"')
    assert slot < page.index("na mão de onze não se pede truco") < page.index("Lançar esta mão")
    assert '<details class="hs-detail-form" open>' in page and "hs-dismiss" in page
    # Nothing written; the counter is as it was.
    assert HandEntry.objects.count() == before and selectors.match_state(m).score == (11, 9)
    assert '<strong class="hs-pts">11</strong>' in page and '<strong class="hs-pts">9</strong>' in page
    # The next page (the close link, a refresh) has no refusal: nothing of it was stored.
    assert "não se pede truco" not in page_of(m, judge)


def test_a_refused_hand_in_json_has_sentences_and_codes_apart() -> None:
    m, judge = ladder_match("truco-goiano")
    reach(m, judge, 11, 9)
    r = client_for(judge).post(hand_url(m), refused_truco(m), HTTP_ACCEPT="application/json")
    body = r.json()
    assert r.status_code == 422 and body["ok"] is False and body["at"] == "detail"
    assert body["codes"] == ["V-H9"]
    assert all("V-H" not in p for p in [body["message"], *body["problems"]])
    assert any("na mão de onze não se pede truco" in p for p in body["problems"])
    assert body["state"]["score"] == [11, 9] and body["state"]["phase"] == "mao_de_onze"
    assert selectors.match_state(m).score == (11, 9)


def test_a_refused_big_button_is_shown_above_the_buttons_in_english() -> None:
    m, judge = ladder_match("truco-goiano")
    reach(m, judge, 11, 9)
    c = client_for(judge)
    c.cookies["django_language"] = "en"
    # The side on 11 cannot take its own fold (only the opponent of the side on 11 may).
    base = str(len(selectors.match_state(m).rows))
    data = {"key": str(uuid.uuid4()), "base": base, "truco": "refused:none:a", "mao": "a"}
    r = c.post(hand_url(m), data)
    page = r.content.decode()
    assert r.status_code == 422 and 'data-at="hand"' in page
    assert page.index('data-slot="hand"') < page.index("hs-alert-msg") < page.index('class="hs-quick"')
    text = visible(page)
    assert "nothing was saved" in text and "only the dupla on 11 may fold" in text and "V-H" not in text
    assert "Close" in text  # the close link, in English too


def test_a_refused_undo_is_shown_next_to_the_undo(world: World) -> None:
    m = world.match(1, "1")
    url = reverse("tally:undo", args=[world.tournament.slug, m.pk])
    r = client_for(world.judge).post(url, {"key": str(uuid.uuid4())})
    page = r.content.decode()
    assert r.status_code == 409 and 'data-at="undo"' in page
    assert page.index('data-slot="undo"') < page.index("Esta mão não está no servidor")
