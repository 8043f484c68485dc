"""Circuit writes at once, on the real PostgreSQL: two readers refreshing the same etapa's
placings, two organizers recording a sorteio of the same tie, linking one team twice,
adding one etapa twice. Each runs under a row lock, so one wins and the other finds
the work done (or is refused), whatever the interleaving."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from circuits.models import Circuit, CircuitEtapa, CircuitLots, EtapaPlacing, TeamLink
from circuits.proposals import team_link_proposals
from circuits.selectors import circuit_ranking
from circuits.services.circuits import circuit_create, circuit_etapa_add, circuit_lots_record
from circuits.services.links import circuit_team_create, team_link, team_links_apply
from tests.circuits.conftest import load_etapa
from tests.integration.test_scoresheet_concurrency import race
from tournaments.models import Team
from tournaments.revision import bump
from tournaments.services import ServiceError
from tournaments.services.organizers import organizer_mark

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ROUNDS = 5


def organizers() -> tuple[User, User]:
    a = User.objects.create_user("org_circuito_a")
    b = User.objects.create_user("org_circuito_b")
    organizer_mark(a)
    return a, b


def tied(owner: User, other: User) -> Circuit:
    circuit = circuit_create(name="Circuito", slug="circuito", user=owner)
    circuit.organizers.add(other)
    for slug, finish in (
        ("etapa-1", ["Os Taura", "Pealo", "Gaudérios", "Xiru"]),
        ("etapa-2", ["Pealo", "Os Taura", "Xiru", "Gaudérios"]),
    ):
        circuit_etapa_add(circuit=circuit, tournament=load_etapa(slug, finish), user=owner)
    team_links_apply(circuit=circuit, proposals=team_link_proposals(circuit), user=owner)
    return circuit


def test_two_readers_refresh_an_etapa_once() -> None:
    owner, other = organizers()
    circuit = tied(owner, other)
    etapa = CircuitEtapa.objects.get(circuit=circuit, order=1)
    for _ in range(ROUNDS):
        bump(etapa.tournament_id)
        done = race({name: (lambda: circuit_ranking(Circuit.objects.get(pk=circuit.pk))) for name in "ab"})
        assert not [r for r in done.values() if isinstance(r, Exception)], done
        assert [line.total for line in done["a"].lines] == [line.total for line in done["b"].lines]
        assert EtapaPlacing.objects.filter(etapa=etapa).count() == 4


def test_two_sorteios_of_one_tie_record_one() -> None:
    owner, other = organizers()
    circuit = tied(owner, other)
    keys = [line.key for line in circuit_ranking(circuit).lines[:2]]
    for _ in range(ROUNDS):
        CircuitLots.objects.all().delete()
        done: dict[str, Any] = race(
            {
                name: (
                    lambda u=who: circuit_lots_record(
                        circuit=Circuit.objects.get(pk=circuit.pk), ranking="teams", competitors=keys, user=u
                    )
                )
                for name, who in (("a", owner), ("b", other))
            }
        )
        recorded = [r for r in done.values() if isinstance(r, CircuitLots)]
        refused = [r for r in done.values() if isinstance(r, ServiceError)]
        assert len(recorded) == 1 and len(refused) == 1, done
        assert CircuitLots.objects.count() == 1


def test_one_team_linked_twice_at_once_links_once() -> None:
    owner, other = organizers()
    circuit = circuit_create(name="C", slug="c", user=owner)
    t = load_etapa("etapa-1", ["Os Taura", "Pealo", "Gaudérios", "Xiru"])
    circuit_etapa_add(circuit=circuit, tournament=t, user=owner)
    team = Team.objects.get(tournament=t, name="Os Taura")
    for k in range(ROUNDS):
        TeamLink.objects.all().delete()
        a = circuit_team_create(circuit=circuit, name=f"A{k}", user=owner)
        b = circuit_team_create(circuit=circuit, name=f"B{k}", user=owner)
        done = race(
            {
                name: (lambda ct=ct: team_link(circuit_team=ct, team=team, user=owner))
                for name, ct in (("a", a), ("b", b))
            }
        )
        assert sorted(type(r).__name__ for r in done.values()) == ["ServiceError", "TeamLink"], done
        assert TeamLink.objects.filter(team=team).count() == 1


def test_one_etapa_added_twice_at_once_is_added_once() -> None:
    owner, other = organizers()
    for k in range(ROUNDS):
        circuit = circuit_create(name="C", slug=f"c{k}", user=owner)
        t = load_etapa(f"etapa-{k}", ["Os Taura", "Pealo", "Gaudérios", "Xiru"])
        done = race(
            {
                name: (lambda c=circuit, t=t: circuit_etapa_add(circuit=c, tournament=t, user=owner))
                for name in "ab"
            }
        )
        assert sorted(type(r).__name__ for r in done.values()) == ["CircuitEtapa", "ServiceError"], done
        assert circuit.etapas.count() == 1
