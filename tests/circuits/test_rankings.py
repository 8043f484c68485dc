"""The circuit rankings read from real etapas: teams (linked or not), players, entities,
final and provisional etapas, the placings kept by revision, and constant query counts."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from circuits.models import Circuit, CircuitTeam, EtapaPlacing
from circuits.selectors import circuit_ranking, circuit_rankings
from circuits.services.circuits import circuit_create, circuit_etapa_add, circuit_rules_set, rodeio_create
from circuits.services.links import circuit_team_create, team_link
from rules.circuit_terms import CircuitCriterion
from tests.circuits.conftest import load_etapa
from tournaments.models import Team, Tournament
from tournaments.revision import bump

pytestmark = pytest.mark.django_db


def season(owner: User, *etapas: Tournament, **settings: object) -> Circuit:
    circuit = circuit_create(name="Circuito Gaúcho 2026", slug="circuito-2026", user=owner, **settings)  # type: ignore[arg-type]
    for t in etapas:
        circuit_etapa_add(circuit=circuit, tournament=t, user=owner)
    return circuit


def link_all(circuit: Circuit, owner: User) -> dict[str, CircuitTeam]:
    """One circuit team per team name, linked in every etapa."""
    out: dict[str, CircuitTeam] = {}
    for etapa in circuit.etapas.all():
        for t in Team.objects.filter(tournament=etapa.tournament):
            if t.name not in out:
                out[t.name] = circuit_team_create(circuit=circuit, name=t.name, user=owner)
            team_link(circuit_team=out[t.name], team=t, user=owner)
    return out


def lines(table) -> list[tuple[int, str, Fraction]]:  # type: ignore[no-untyped-def]
    return [(line.position, line.name, line.total) for line in table.lines]


def test_linked_teams_add_up_across_etapas(owner: User) -> None:
    e1 = load_etapa("etapa-1", ["Os Taura", "Pealo", "Gaudérios", "Xiru"])
    e2 = load_etapa("etapa-2", ["Pealo", "Os Taura", "Xiru", "Gaudérios"])
    e3 = load_etapa("etapa-3", ["Os Taura", "Xiru", "Pealo", "Gaudérios"])
    circuit = season(owner, e1, e2, e3)
    link_all(circuit, owner)
    table = circuit_ranking(circuit)
    # circuit table: 25, 21, 17, 15
    assert lines(table) == [
        (1, "Os Taura", Fraction(71)),
        (2, "Pealo", Fraction(63)),
        (3, "Xiru", Fraction(53)),
        (4, "Gaudérios", Fraction(47)),
    ]
    first = table.lines[0]
    assert [c.points if c else None for c in first.cells] == [25, 21, 25]
    assert [col.tournament.pk for col in table.columns] == [e1.pk, e2.pk, e3.pk]
    assert first.separation is not None and first.separation.criterion is CircuitCriterion.POINTS

    circuit_rules_set(circuit=circuit, user=owner, best_n=2)
    table = circuit_ranking(circuit)
    assert lines(table)[:2] == [(1, "Os Taura", Fraction(50)), (2, "Pealo", Fraction(46))]
    assert [c.counted for c in table.lines[0].cells if c] == [True, False, True]


def test_teams_not_linked_are_each_their_own(owner: User) -> None:
    e1 = load_etapa("etapa-1", ["Os Taura", "Pealo", "Gaudérios", "Xiru"])
    e2 = load_etapa("etapa-2", ["Pealo", "Os Taura", "Xiru", "Gaudérios"])
    circuit = season(owner, e1, e2)
    table = circuit_ranking(circuit)
    assert len(table.lines) == 8
    assert {line.key[0] for line in table.lines} == {"t"}
    assert table.lines[0].position == table.lines[1].position == 1  # both champions, 25 each
    assert table.pending_ties[0] == sorted(line.key for line in table.lines[:2])


def test_a_rodeio_crowns_the_entity(owner: User) -> None:
    ctg = {
        "Os Taura": "CTG Tropeiros",
        "Pealo": "CTG Tropeiros",
        "Gaudérios": "CTG Rancho",
        "Xiru": "ctg rancho",
    }
    load_etapa("rodeio-cego", ["Os Taura", "Gaudérios", "Pealo", "Xiru"], ctg, event="Rodeio de Vacaria")
    load_etapa("rodeio-amostra", ["Gaudérios", "Xiru", "Os Taura", "Pealo"], ctg, event="Rodeio  de VACARIA")
    load_etapa("outro", ["Os Taura", "Gaudérios", "Pealo", "Xiru"], ctg, event="Outro rodeio")
    rodeio = rodeio_create(event="Rodeio de Vacaria", name="Rodeio de Vacaria", slug="vacaria", user=owner)
    assert rodeio.kind == Circuit.Kind.RODEIO and rodeio.preset == "rodeio"
    assert rodeio.etapas.count() == 2
    tables = circuit_rankings(rodeio)
    # 12/9/6/3: Tropeiros 12 + 6 | 6 + 3; Rancho 9 + 3 | 12 + 9 («ctg rancho» is the same entity)
    assert lines(tables["entities"]) == [(1, "CTG Rancho", Fraction(33)), (2, "CTG Tropeiros", Fraction(27))]
    circuit_rules_set(circuit=rodeio, user=owner, entity_mode=Circuit.EntityMode.BEST_K, entity_best_k=1)
    assert lines(circuit_ranking(rodeio, "entities")) == [
        (1, "CTG Rancho", Fraction(21)),
        (2, "CTG Tropeiros", Fraction(18)),
    ]


def test_players_follow_their_teams_points(owner: User) -> None:
    people = {"Os Taura": ["Ana", "Bia", "Caio"], "Pealo": ["Dora", "Eva", "Fábio"]}
    e1 = load_etapa("etapa-1", ["Os Taura", "Pealo", "Gaudérios", "Xiru"], players=people)
    e2 = load_etapa("etapa-2", ["Pealo", "Os Taura", "Xiru", "Gaudérios"], players=people)
    circuit = season(owner, e1, e2)
    table = circuit_ranking(circuit, "players")
    # Not linked: each player of each etapa on their own; Ana of etapa 1 has 25.
    ana = [line for line in table.lines if line.name == "Ana"]
    assert [line.total for line in ana] == [25, 21]


def test_a_provisional_etapa_counts_only_when_asked(owner: User) -> None:
    e1 = load_etapa("etapa-1", ["Os Taura", "Pealo", "Gaudérios", "Xiru"])
    e2 = load_etapa("etapa-2", ["Pealo", "Os Taura", "Xiru", "Gaudérios"], played=2)  # the final to play
    circuit = season(owner, e1, e2)
    link_all(circuit, owner)
    final = circuit_ranking(circuit)
    assert [col.complete for col in final.columns] == [True, False]
    assert [col.counted for col in final.columns] == [True, False]
    assert lines(final)[0] == (1, "Os Taura", Fraction(25))
    live = circuit_ranking(circuit, provisional=True)
    assert [col.counted for col in live.columns] == [True, True]
    assert live.lines[0].cells[1] is not None


def test_placings_are_read_again_when_the_tournament_changes(owner: User) -> None:
    e1 = load_etapa("etapa-1", ["Os Taura", "Pealo", "Gaudérios", "Xiru"])
    circuit = season(owner, e1)
    assert len(circuit_ranking(circuit).lines) == 4
    EtapaPlacing.objects.all().delete()  # as if kept from before the results
    assert circuit_ranking(circuit).lines == []  # the kept placings are read…
    bump(e1.pk)  # …until the tournament shows something new
    assert len(circuit_ranking(circuit).lines) == 4


@pytest.mark.parametrize("ranking", ["teams", "players", "entities"])
def test_the_number_of_queries_does_not_grow_with_the_etapas(owner: User, ranking: str) -> None:
    finish = ["Os Taura", "Pealo", "Gaudérios", "Xiru"]
    ctg = dict.fromkeys(finish, "CTG X")
    counts = []
    for n in (2, 6):
        circuit = circuit_create(name=f"C{n}", slug=f"c{n}", user=owner)
        for k in range(n):
            t = load_etapa(f"c{n}-etapa-{k}", finish[k % 4 :] + finish[: k % 4], ctg)
            circuit_etapa_add(circuit=circuit, tournament=t, user=owner)
        link_all(circuit, owner)
        circuit = Circuit.objects.get(pk=circuit.pk)
        circuit_ranking(circuit, ranking)  # reads each etapa's placings once
        with CaptureQueriesContext(connection) as queries:
            table = circuit_ranking(circuit, ranking)
        assert len(table.columns) == n and table.lines
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_unknown_ranking_is_refused(owner: User) -> None:
    with pytest.raises(ValueError, match="unknown circuit ranking"):
        circuit_ranking(season(owner), "clubs")
