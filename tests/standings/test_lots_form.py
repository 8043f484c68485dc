"""The organizer's sorteio form speaks in team names: it shows them, offers them place by
place, accepts an order typed with them (any case, with or without accents), and reports
every problem of a bad order at once, writing nothing."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from interchange.load import load_tournament
from standings.forms import manual_order
from tests.documents import document
from tests.standings.test_lots_and_import import CIRCLE, organizer, rows
from tournaments.models import DrawOfLots, Group, Team, Tournament

pytestmark = pytest.mark.django_db

NAMES = {"t1": "CTG Sepé Tiarajú", "t2": "Piquete Querência", "t3": "Galpão Crioulo"}


@pytest.fixture
def named(db: None) -> Tournament:
    tied = load_tournament(document(CIRCLE, keys=("t1", "t2", "t3"))).tournament
    for key, name in NAMES.items():
        Team.objects.filter(tournament=tied, key=key).update(name=name)
    return tied


def post(client: Client, t: Tournament, **data: object) -> list[str]:
    payload = {"group": Group.objects.get().pk, "teams": "t1,t2,t3", **data}
    response = client.post(f"/t/{t.slug}/sorteio/", payload, follow=True)
    assert response.redirect_chain[0][1] == 303
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_the_form_shows_names_place_by_place(client: Client, named: Tournament) -> None:
    client.force_login(organizer(named))
    page = client.get(f"/t/{named.slug}/classificacao/").content.decode()
    form = page[page.index('class="lots"') :]
    form = form[: form.index("</form>")]
    assert "Sorteio de desempate</strong> — CTG Sepé Tiarajú, Piquete Querência, Galpão Crioulo" in form
    assert form.count('<select name="order">') == 3 and "1º" in form and "3º" in form
    assert '<option value="t2">Piquete Querência</option>' in form
    assert "t1,t2,t3" not in form.replace('value="t1,t2,t3"', "")  # the codes only in a hidden field


def test_manual_order_chosen_place_by_place(client: Client, named: Tournament) -> None:
    client.force_login(organizer(named))
    said = post(client, named, mode="manual", order=["t3", "t1", "t2"])
    assert said == ["Sorteio registrado: 1º Galpão Crioulo, 2º CTG Sepé Tiarajú, 3º Piquete Querência."]
    assert [r.team for r in rows(named)] == ["t3", "t1", "t2"]


def test_manual_order_typed_with_names(client: Client, named: Tournament) -> None:
    client.force_login(organizer(named))
    post(client, named, mode="manual", order="piquete querencia, Galpão  Crioulo; ctg sepe tiaraju")
    draw = DrawOfLots.objects.get()
    assert draw.manual and draw.result == ["t2", "t3", "t1"]


def test_every_problem_of_a_bad_order_at_once(client: Client, named: Tournament) -> None:
    client.force_login(organizer(named))
    said = post(client, named, mode="manual", order=["t1", "t1", ""])
    assert said == [
        "Sorteio não registrado. Ordem do sorteio: CTG Sepé Tiarajú aparece mais de uma vez.",
        "Sorteio não registrado. Ordem do sorteio: falta Piquete Querência, Galpão Crioulo.",
    ]
    said = post(client, named, mode="manual", order="Fulano, Galpão Crioulo")
    assert said[0].startswith("Sorteio não registrado. Ordem do sorteio: «Fulano» não é uma das equipes")
    assert "falta CTG Sepé Tiarajú, Piquete Querência" in said[1]
    said = post(client, named, mode="random", order=["t2", "", ""])
    assert said == [
        "Sorteio não registrado. Há uma ordem escolhida: marque «registrar sorteio feito à mão» para "
        "registrá-la, ou deixe a ordem em branco para sortear agora."
    ]
    said = post(client, named, mode="sortear")
    assert said == ["Sorteio não registrado. Sorteio: escolha «sortear agora» ou «sorteio feito à mão»."]
    assert DrawOfLots.objects.count() == 0


def test_manual_order_keeps_codes_working() -> None:
    keys, problems = manual_order(["b,a"], {"a": "Alfa", "b": "Beta"})
    assert (keys, problems) == (["b", "a"], [])
    assert manual_order([], {"a": "Alfa", "b": "Beta"})[1] == [
        "Ordem do sorteio: informe as equipes, do 1º ao último lugar."
    ]
