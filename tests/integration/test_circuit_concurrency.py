"""Circuit writes at once, on the real PostgreSQL: two refreshes of the same etapa's
placings, homologations in two etapas of one circuit, two organizers recording a sorteio
of the same tie, linking one team twice, adding one etapa twice. Each runs under a row
lock, so one wins and the other finds the work done (or is refused), or both land,
whatever the interleaving."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db.models import F

from circuits.models import Circuit, CircuitEtapa, CircuitLots, EtapaPlacing, TeamLink
from circuits.proposals import team_link_proposals
from circuits.selectors import circuit_ranking
from circuits.services.circuits import circuit_create, circuit_etapa_add, circuit_lots_record
from circuits.services.links import circuit_team_create, team_link, team_links_apply
from circuits.services.placings import etapa_placings_refresh, stale_etapas
from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_homologate, sheet_save
from tests.circuits.conftest import load_etapa
from tests.integration.test_scoresheet_concurrency import race
from tests.scoring.conftest import win_a
from tournaments.models import Match, Membership, PublicRevision, Team, Tournament
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


def test_two_refreshes_of_an_etapa_write_it_once() -> None:
    owner, other = organizers()
    circuit = tied(owner, other)
    etapa = CircuitEtapa.objects.get(circuit=circuit, order=1)
    for _ in range(ROUNDS):
        # Its tournament moved with no refresh after (as if the process died in between).
        PublicRevision.objects.filter(tournament_id=etapa.tournament_id).update(value=F("value") + 1)
        refresh = lambda: etapa_placings_refresh(etapas=stale_etapas(circuit.pk))  # noqa: E731
        done = race({"a": refresh, "b": refresh})
        assert sorted(len(r) for r in done.values()) == [0, 1], done
        assert EtapaPlacing.objects.filter(etapa=etapa).count() == 4
        assert not stale_etapas(circuit.pk)


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


def test_homologations_in_two_etapas_at_once_both_land_in_the_circuit() -> None:
    """Each homologation commits, then reads its etapa's placings again and bumps the
    circuit (its row locked first): whichever order, the circuit ends with both etapas
    ended and a number above both."""
    owner, _other = organizers()
    for k in range(ROUNDS):
        circuit = circuit_create(name="C", slug=f"par-{k}", user=owner)
        etapas = []
        for e in range(2):
            t = load_etapa(f"par-{k}-{e}", ["Os Taura", "Pealo", "Gaudérios", "Xiru"], played=3)
            Membership.objects.create(tournament=t, user=owner, role="organizer")
            circuit_etapa_add(circuit=circuit, tournament=t, user=owner)
            etapas.append(t)
        team_links_apply(circuit=circuit, proposals=team_link_proposals(circuit), user=owner)
        ready = [signed_last(t, owner) for t in etapas]
        before = Circuit.objects.get(pk=circuit.pk).revision
        done = race(
            {
                str(n): (lambda m=m, v=v: sheet_homologate(match=m, user=owner, version=v))
                for n, (m, v) in enumerate(ready)
            }
        )
        assert not [r for r in done.values() if isinstance(r, Exception)], done
        stored = CircuitEtapa.objects.filter(circuit=circuit)
        assert all(e.placings_complete for e in stored), [(e.pk, e.placings_revision) for e in stored]
        assert Circuit.objects.get(pk=circuit.pk).revision >= before + 2
        assert [line.total for line in circuit_ranking(circuit).lines] == [50, 42, 34, 30]


def signed_last(t: Tournament, owner: User) -> tuple[Match, int]:
    """The etapa's last jogo with its súmula signed by both sides, ready to homologate."""
    match = Match.objects.filter(stage__tournament=t).exclude(sheets__status="homologated")
    match = match.select_related("team_a", "team_b").get()
    sheet = sheet_save(match=match, user=owner, data=win_a(match), base_version=0, submit=True)
    for side in (match.team_a, match.team_b):
        sheet = sheet_sign(match=match, user=owner, team=side, version=sheet.version)
    return match, sheet.version
