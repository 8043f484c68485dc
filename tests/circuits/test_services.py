"""The circuits' writes: who may, the settings the rules refuse, etapas, the recorded
sorteio of a tie, links of teams and people, proposals and merges."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from circuits.models import Circuit, CircuitLots, CircuitPlayer, PlayerLink, TeamLink
from circuits.proposals import player_link_proposals, team_link_proposals
from circuits.selectors import circuit_ranking
from circuits.services.circuits import (
    circuit_create,
    circuit_etapa_add,
    circuit_etapa_remove,
    circuit_lots_record,
    circuit_points_set,
    circuit_rules_set,
    rodeio_create,
)
from circuits.services.links import (
    circuit_player_create,
    circuit_team_create,
    people_merge,
    player_link,
    player_links_apply,
    player_unlink,
    team_link,
    team_links_apply,
    team_unlink,
)
from rules.circuit import PointsTable
from rules.circuit_terms import CircuitCriterion
from standings.services import replay_lots
from tests.circuits.conftest import load_etapa
from tournaments.models import Player, Team, Tournament
from tournaments.services import ServiceError

pytestmark = pytest.mark.django_db

FINISH = ["Os Taura", "Pealo", "Gaudérios", "Xiru"]


def new(owner: User, slug: str = "circuito", **kw: object) -> Circuit:
    return circuit_create(name="Circuito", slug=slug, user=owner, **kw)  # type: ignore[arg-type]


def test_only_organizers_create_and_only_the_circuits_organizers_change(owner: User) -> None:
    judge = User.objects.create_user("juiz")
    with pytest.raises(ServiceError, match="não pode criar circuitos"):
        new(judge)
    circuit = new(owner)
    assert circuit.owner == owner
    t = load_etapa("etapa-1", FINISH)
    with pytest.raises(ServiceError, match="organização do circuito"):
        circuit_etapa_add(circuit=circuit, tournament=t, user=judge)
    circuit.organizers.add(judge)
    circuit_etapa_add(circuit=circuit, tournament=t, user=judge)
    assert circuit.etapas.count() == 1


def test_create_refuses_bad_fields_at_once(owner: User) -> None:
    new(owner, "usado")
    with pytest.raises(ServiceError) as err:
        circuit_create(name="\x00", slug="usado", user=owner, preset="nenhuma", kind="liga")
    assert set(err.value.errors) == {"name", "slug", "preset", "kind"}
    with pytest.raises(ServiceError) as err:
        circuit_create(name="C", slug="Não Slug", user=owner)
    assert "slug" in err.value.errors
    with pytest.raises(ServiceError) as err:
        circuit_create(name="C", slug="c", user=owner, tiebreakers=["lots", "etapas_won"])
    assert err.value.errors == {"tiebreakers": ["O sorteio deve ser o último critério de desempate."]}
    assert Circuit.objects.count() == 1


def test_points_table_by_preset_or_own(owner: User) -> None:
    circuit = new(owner)
    circuit_points_set(circuit=circuit, user=owner, preset="linear")
    assert circuit.table().points(1) == 10 and circuit.preset == "linear"
    circuit_points_set(circuit=circuit, user=owner, table=PointsTable((30, 20, 10), 1))
    circuit.refresh_from_db()
    assert circuit.points_table == {"places": [30, 20, 10], "participation": 1} and circuit.preset == ""
    with pytest.raises(ServiceError, match="3º lugar não pode valer mais"):
        circuit_points_set(circuit=circuit, user=owner, table=PointsTable((30, 20, 25)))
    with pytest.raises(ServiceError, match="Escolha uma tabela"):
        circuit_points_set(circuit=circuit, user=owner)
    with pytest.raises(ServiceError, match="tabelas da lista"):
        circuit_points_set(circuit=circuit, user=owner, preset="x")
    circuit.refresh_from_db()
    assert circuit.points_table["places"] == [30, 20, 10]


def test_settings_are_checked_on_every_save(owner: User) -> None:
    circuit = new(owner)
    circuit.points_table = {"places": [1, 2]}
    with pytest.raises(ValidationError) as err:
        circuit.save()
    assert "points_table" in err.value.message_dict
    circuit.points_table = {"places": [2, 1]}
    circuit.tiebreakers = "lots"
    circuit.best_n = 0
    circuit.entity_best_k = 0
    with pytest.raises(ValidationError) as err:
        circuit.save()
    assert set(err.value.message_dict) == {"tiebreakers", "best_n", "entity_best_k"}
    with pytest.raises(ServiceError, match="ao menos 1"):
        circuit_rules_set(circuit=Circuit.objects.get(pk=circuit.pk), user=owner, best_n=0)
    with pytest.raises(TypeError):
        circuit_rules_set(circuit=circuit, user=owner, slug="x")


def test_etapas_in_order_once_each_and_only_visible_tournaments(owner: User) -> None:
    circuit = new(owner)
    t1, t2 = load_etapa("etapa-1", FINISH), load_etapa("etapa-2", FINISH)
    e1 = circuit_etapa_add(circuit=circuit, tournament=t1, user=owner)
    e2 = circuit_etapa_add(circuit=circuit, tournament=t2, user=owner)
    assert (e1.order, e2.order) == (1, 2)
    with pytest.raises(ServiceError, match="já é uma etapa"):
        circuit_etapa_add(circuit=circuit, tournament=t1, user=owner)
    hidden = load_etapa("privado", FINISH)
    Tournament.objects.filter(pk=hidden.pk).update(is_public=False)
    hidden.refresh_from_db()
    with pytest.raises(ServiceError, match="torneio público"):
        circuit_etapa_add(circuit=circuit, tournament=hidden, user=owner)
    circuit_etapa_remove(etapa=e1, user=owner)
    assert list(circuit.etapas.values_list("tournament", flat=True)) == [t2.pk]
    with pytest.raises(ServiceError, match="nenhum torneio"):
        rodeio_create(event="Sem torneios", name="R", slug="r", user=owner)


def tied_circuit(owner: User) -> tuple[Circuit, list[str]]:
    """Os Taura and Pealo: one etapa won each, the other's 2º: level to the sorteio."""
    circuit = new(owner)
    for slug, finish in (("etapa-1", FINISH), ("etapa-2", ["Pealo", "Os Taura", "Xiru", "Gaudérios"])):
        t = load_etapa(slug, finish)
        circuit_etapa_add(circuit=circuit, tournament=t, user=owner)
    team_links_apply(circuit=circuit, proposals=team_link_proposals(circuit), user=owner)
    table = circuit_ranking(circuit)
    return circuit, [line.key for line in table.lines[:2]]


def test_a_tie_waits_for_its_recorded_sorteio(owner: User) -> None:
    circuit, tied = tied_circuit(owner)
    table = circuit_ranking(circuit)
    # Gaudérios and Xiru too: 17 + 15 each, a 3º each.
    assert table.pending_ties == [sorted(tied), sorted(line.key for line in table.lines[2:])]
    assert [line.position for line in table.lines] == [1, 1, 3, 3]
    lot = circuit_lots_record(circuit=circuit, ranking="teams", competitors=tied, user=owner)
    assert lot.seed and lot.result == replay_lots(lot.seed, tied) and lot.performed_by == owner
    table = circuit_ranking(circuit)
    assert len(table.pending_ties) == 1 and tied[0] not in table.pending_ties[0]
    assert [line.key for line in table.lines[:2]] == lot.result
    assert table.lines[0].separation.criterion is CircuitCriterion.LOTS  # type: ignore[union-attr]


def test_a_sorteio_of_what_is_not_a_tie_is_refused(owner: User) -> None:
    circuit, tied = tied_circuit(owner)
    other = circuit_ranking(circuit).lines[2].key
    for wrong in ([tied[0], other], [tied[0]], [*tied, other], ["c999", "c998"]):
        with pytest.raises(ServiceError, match="exatamente os empatados"):
            circuit_lots_record(circuit=circuit, ranking="teams", competitors=wrong, user=owner)
    with pytest.raises(ServiceError, match="cada empatado uma vez"):
        circuit_lots_record(
            circuit=circuit, ranking="teams", competitors=tied, user=owner, manual_order=[tied[0], tied[0]]
        )
    with pytest.raises(ServiceError, match="equipes, jogadores ou entidades"):
        circuit_lots_record(circuit=circuit, ranking="clubs", competitors=tied, user=owner)
    assert not CircuitLots.objects.exists()
    manual = circuit_lots_record(
        circuit=circuit, ranking="teams", competitors=tied, user=owner, manual_order=tied[::-1]
    )
    assert (
        manual.manual
        and manual.seed == ""
        and [line.key for line in circuit_ranking(circuit).lines[:2]] == tied[::-1]
    )


def test_team_links_proposed_by_name_and_entity(owner: User) -> None:
    circuit = new(owner)
    ctg = {"Os Taura": "CTG X", "Pealo": "CTG X", "Gaudérios": "CTG X", "Xiru": "CTG X"}
    other = {"OS TAURA": "ctg x", "Pealo": "CTG Y", "Gaudérios": "CTG X", "Xiru": "CTG X"}
    t1 = load_etapa("etapa-1", FINISH, ctg)
    t2 = load_etapa("etapa-2", ["OS TAURA", "Pealo", "Gaudérios", "Xiru"], other)
    for t in (t1, t2):
        circuit_etapa_add(circuit=circuit, tournament=t, user=owner)
    proposals = team_link_proposals(circuit)
    # Pealo of CTG Y is not Pealo of CTG X; «OS TAURA» of «ctg x» is «Os Taura» of «CTG X».
    assert sorted(p.name for p in proposals) == ["Gaudérios", "Os Taura", "Xiru"]
    taura = next(p for p in proposals if p.name == "Os Taura")
    assert [t.tournament_id for _e, t in taura.teams] == [t1.pk, t2.pk] and taura.circuit_team is None
    team_links_apply(circuit=circuit, proposals=proposals, user=owner)
    assert TeamLink.objects.count() == 6 and team_link_proposals(circuit) == []
    # A third etapa's Os Taura joins the circuit team now existing.
    t3 = load_etapa("etapa-3", FINISH, ctg)
    circuit_etapa_add(circuit=circuit, tournament=t3, user=owner)
    again = {p.name: p for p in team_link_proposals(circuit)}
    assert again["Os Taura"].circuit_team is not None and len(again["Os Taura"].teams) == 1
    assert "Pealo" in again  # Pealo of CTG X of etapas 1 and 3


def test_a_team_links_once_and_a_circuit_team_once_per_etapa(owner: User) -> None:
    circuit = new(owner)
    t1 = load_etapa("etapa-1", FINISH)
    circuit_etapa_add(circuit=circuit, tournament=t1, user=owner)
    taura, pealo = (Team.objects.get(tournament=t1, name=n) for n in ("Os Taura", "Pealo"))
    a = circuit_team_create(circuit=circuit, name="Os Taura", entity="CTG X", user=owner)
    b = circuit_team_create(circuit=circuit, name="Outra", user=owner)
    link = team_link(circuit_team=a, team=taura, user=owner)
    with pytest.raises(ServiceError, match="já é «Os Taura»"):
        team_link(circuit_team=b, team=taura, user=owner)
    with pytest.raises(ServiceError, match="já é a equipe «Os Taura» nesta etapa"):
        team_link(circuit_team=a, team=pealo, user=owner)
    stranger = load_etapa("fora", FINISH)
    with pytest.raises(ServiceError, match="não é uma etapa"):
        team_link(circuit_team=b, team=Team.objects.filter(tournament=stranger).first(), user=owner)  # type: ignore[arg-type]
    with pytest.raises(ServiceError, match="Nome"):
        circuit_team_create(circuit=circuit, name="  ", user=owner)
    team_unlink(link=link, user=owner)
    assert not TeamLink.objects.exists()


def test_people_linked_proposed_and_merged(owner: User) -> None:
    circuit = new(owner)
    people = {"Os Taura": ["Ana Souza", "Bia", "Caio"]}
    t1 = load_etapa("etapa-1", FINISH, players=people)
    t2 = load_etapa("etapa-2", FINISH, players={"Pealo": ["ANA SOUZA", "Duda", "Caio"]})
    for t in (t1, t2):
        circuit_etapa_add(circuit=circuit, tournament=t, user=owner)
    proposals = {p.name: p for p in player_link_proposals(circuit)}
    assert {"Ana Souza", "Caio"} <= set(proposals) and "Bia" not in proposals
    player_links_apply(circuit=circuit, proposals=[proposals["Ana Souza"]], user=owner)
    ana = CircuitPlayer.objects.get(name="Ana Souza")
    table = circuit_ranking(circuit, "players")
    top = table.lines[0]
    assert (top.key, top.name, top.total) == (f"p{ana.pk}", "Ana Souza", 46)  # 25 + 21

    # Two people found to be one: merged; two of one etapa are refused.
    caio1 = Player.objects.get(team__tournament=t1, name="Caio")
    caio2 = Player.objects.get(team__tournament=t2, name="Caio")
    p1 = circuit_player_create(circuit=circuit, name="Caio", user=owner)
    p2 = circuit_player_create(circuit=circuit, name="Caio Lima", user=owner)
    player_link(person=p1, player=caio1, user=owner)
    link2 = player_link(person=p2, player=caio2, user=owner)
    with pytest.raises(ServiceError, match="já é «Caio»"):
        player_link(person=p2, player=caio1, user=owner)
    bia = Player.objects.get(team__tournament=t1, name="Bia")
    with pytest.raises(ServiceError, match="já jogou esta etapa"):
        player_link(person=p1, player=bia, user=owner)
    merged = people_merge(keep=p1, merge=p2, user=owner)
    assert set(merged.links.values_list("player", flat=True)) == {caio1.pk, caio2.pk}
    assert not CircuitPlayer.objects.filter(pk=p2.pk).exists()
    p3 = circuit_player_create(circuit=circuit, name="Bia", user=owner)
    player_link(person=p3, player=bia, user=owner)
    with pytest.raises(ServiceError, match="jogaram a mesma etapa"):
        people_merge(keep=p1, merge=p3, user=owner)
    with pytest.raises(ServiceError, match="duas pessoas diferentes"):
        people_merge(keep=p1, merge=p1, user=owner)
    player_unlink(link=PlayerLink.objects.get(player=caio2), user=owner)
    assert link2.pk and merged.links.count() == 1
