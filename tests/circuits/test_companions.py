"""The players of one team in every etapa, through the pages (docs/rules.md §3.16): the
circuit's page offers a sorteio only for such a tie within the podium; the public
ranking shows the others sharing their place, «jogaram juntos», with no sorteio."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from circuits.models import Circuit
from circuits.proposals import player_link_proposals, team_link_proposals
from circuits.selectors import circuit_ranking
from circuits.services.circuits import circuit_create, circuit_etapa_add, circuit_lots_record
from circuits.services.links import player_links_apply, team_links_apply
from tests.circuits.test_views import FINISH, client_of, organized
from tournaments.services import ServiceError

pytestmark = pytest.mark.django_db

TOGETHER = "empatados: jogaram juntos (mesma equipe em todas as etapas)"


def season_of_trios(owner: User) -> Circuit:
    """Two etapas finished alike (Os Taura, Pealo, Gaudérios, Xiru), each team's players
    the same people in both: four trios level on everything, one per place."""
    circuit = circuit_create(name="Circuito Gaúcho", slug="gaucho", user=owner)
    for slug in ("etapa-1", "etapa-2"):
        circuit_etapa_add(circuit=circuit, tournament=organized(owner, slug, FINISH), user=owner)
    team_links_apply(circuit=circuit, proposals=team_link_proposals(circuit), user=owner)
    player_links_apply(circuit=circuit, proposals=player_link_proposals(circuit), user=owner)
    return circuit


def test_only_the_podiums_trio_waits_for_a_sorteio(owner: User) -> None:
    circuit = season_of_trios(owner)
    players = circuit_ranking(circuit, "players")
    assert [line.position for line in players.lines] == [1] * 3 + [4] * 3 + [7] * 3 + [10] * 3
    taura = [line.key for line in players.lines[:3]]
    assert players.pending_ties == [sorted(taura)]  # not the three trios below the podium
    pealo = players.lines[3:6]
    assert [len(line.companions) for line in pealo] == [2, 2, 2] and not any(
        line.pending_lots for line in pealo
    )

    c = client_of(owner)
    page = c.get(reverse("circuits:manage", args=[circuit.slug])).content.decode()
    assert page.count("Sorteio de desempate (jogadores)") == 1
    assert page.count("Sorteio de desempate") == 1  # the teams and entities have no tie
    assert ",".join(sorted(taura)) in page

    # Nor can one be recorded for them from a crafted form.
    with pytest.raises(ServiceError, match="exatamente os empatados"):
        circuit_lots_record(
            circuit=circuit, ranking="players", competitors=[line.key for line in pealo], user=owner
        )


def test_the_public_ranking_shows_the_shared_place(owner: User) -> None:
    circuit = season_of_trios(owner)
    page = client_of(owner).get(reverse("public:circuit", args=[circuit.slug])).content.decode()
    players = page[page.index('id="players"') :]
    assert players.count(TOGETHER) == 6  # within each of the three trios below the podium
    # the champions' trio alone: each line's badge, and the words of the tie twice
    assert players.count("aguardando sorteio") == 5
    assert players.count("4º <span") == 3 and "dividido" in players
    assert "pealo jogador 1 e pealo jogador 2 " + TOGETHER in players


def test_the_public_ranking_in_english_has_english_ordinals(owner: User) -> None:
    circuit = season_of_trios(owner)
    c = client_of(owner)
    c.get("/idioma/en/")
    page = c.get(reverse("public:circuit", args=[circuit.slug])).content.decode()
    assert "1st" in page and "4th" in page and "5th–8th 13" in page and ">#1<" in page.replace(" ", "")
    text = re.sub(r"<[^>]+>", " ", page.replace(circuit.name, ""))
    assert not re.search(r"\d[ºª]", text), re.findall(r".{20}\d[ºª].{20}", text)[:3]
    c.get("/idioma/pt-br/")
    page = c.get(reverse("public:circuit", args=[circuit.slug])).content.decode()
    assert "1º" in page and "5º–8º 13" in page
