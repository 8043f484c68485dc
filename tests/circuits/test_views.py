"""The circuit organizer pages through HTTP: who may (anonymous to the login, anyone else
a 403), «Novo circuito» and the rodeio from an event, etapas, settings, sorteios, links
of teams and people, merges; every refusal a 4xx with its pt-BR words and nothing written."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from circuits.models import (
    Circuit,
    CircuitEtapa,
    CircuitLots,
    CircuitPlayer,
    CircuitTeam,
    PlayerLink,
    TeamLink,
)
from circuits.proposals import player_link_proposals, team_link_proposals
from circuits.selectors import circuit_ranking
from circuits.services.circuits import circuit_create, circuit_etapa_add
from circuits.services.links import circuit_player_create, player_link, team_links_apply
from tests.circuits.conftest import load_etapa
from tournaments.models import Membership, Player, Tournament

pytestmark = pytest.mark.django_db

FINISH = ["Os Taura", "Pealo", "Gaudérios", "Xiru"]
SETTINGS = {
    "preset": "circuit",
    "bands": "",
    "participation": "",
    "shared_points": "average",
    "best_n": "",
    "entity_mode": "all",
    "entity_best_k": "1",
    "is_public": "on",
}


def client_of(user: User) -> Client:
    c = Client()
    c.force_login(user)
    return c


def organized(user: User, slug: str, finish: list[str], **kw: object) -> Tournament:
    t = load_etapa(slug, finish, **kw)  # type: ignore[arg-type]
    Membership.objects.create(tournament=t, user=user, role=Membership.Role.ORGANIZER)
    return t


def circuit_with_etapas(owner: User, slug: str = "gaucho") -> Circuit:
    circuit = circuit_create(name="Circuito Gaúcho", slug=slug, user=owner)
    for s, finish in (("etapa-1", FINISH), ("etapa-2", ["Pealo", "Os Taura", "Xiru", "Gaudérios"])):
        circuit_etapa_add(circuit=circuit, tournament=organized(owner, s, finish), user=owner)
    return circuit


def urls(slug: str) -> list[str]:
    return [
        reverse("circuits:manage", args=[slug]),
        reverse("circuits:teams", args=[slug]),
        reverse("circuits:players", args=[slug]),
    ]


def test_anonymous_go_to_the_login_and_others_get_a_403(owner: User) -> None:
    circuit = circuit_with_etapas(owner)
    anonymous = Client()
    for url in [reverse("circuits:list"), reverse("circuits:create"), *urls(circuit.slug)]:
        response = anonymous.get(url)
        assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
        assert anonymous.post(url, {"action": "etapa_remove"}).status_code == 302
    other = User.objects.create_user("outro")
    c = client_of(other)
    assert c.get(reverse("circuits:create")).status_code == 403  # not marked as an organizer
    for url in urls(circuit.slug):
        assert c.get(url).status_code == 403
    etapa = circuit.etapas.first()
    assert etapa is not None
    response = c.post(urls(circuit.slug)[0], {"action": "etapa_remove", "etapa": etapa.pk})
    assert response.status_code == 403 and circuit.etapas.count() == 2
    assert c.post(urls(circuit.slug)[1], {"all": "1"}).status_code == 403
    assert not TeamLink.objects.exists()
    assert c.get(reverse("circuits:list")).status_code == 200  # their own (none)
    circuit.organizers.add(other)
    assert all(c.get(url).status_code == 200 for url in urls(circuit.slug))


def test_home_and_list_lead_to_the_circuits(owner: User) -> None:
    circuit = circuit_with_etapas(owner)
    c = client_of(owner)
    assert reverse("circuits:list") in c.get(reverse("home")).content.decode()
    page = c.get(reverse("circuits:list")).content.decode()
    assert "Circuito Gaúcho" in page and reverse("circuits:manage", args=[circuit.slug]) in page
    assert reverse("circuits:create") in page


def test_create_a_circuit_with_a_table_by_bands(owner: User) -> None:
    data = {
        **SETTINGS,
        "name": "Circuito Serrano",
        "slug": "serrano",
        "kind": "season",
        "preset": "custom",
        "bands": "1: 30\n2: 20\n3-4: 10",
        "participation": "2",
        "best_n": "3",
        "tiebreak_1": "head_to_head",
        "tiebreak_2": "lots",
    }
    response = client_of(owner).post(reverse("circuits:create"), data)
    assert response.status_code == 302
    circuit = Circuit.objects.get(slug="serrano")
    assert circuit.points_table == {"places": [30, 20, 10, 10], "participation": 2}
    assert circuit.preset == "" and circuit.best_n == 3 and circuit.owner == owner
    assert circuit.tiebreakers == ["head_to_head", "lots"]


@pytest.mark.parametrize(
    ("change", "field_words"),
    [
        ({"bands": "1: 10\n2: 20"}, "O 2º lugar não pode valer mais pontos"),
        ({"bands": "1: 10\n3: 5"}, "falta o 2º lugar"),
        ({"bands": "primeiro 10"}, "Tabela própria, linha 1"),
        ({"best_n": "0"}, "Os melhores resultados contados devem ser ao menos 1"),
        ({"tiebreak_1": "lots", "tiebreak_2": "etapas_won"}, "O sorteio deve ser o último"),
        ({"slug": "Com Espaço"}, "slug"),
        ({"name": ""}, "name"),
        ({"event": "Rodeio Crioulo"}, "só um rodeio é criado a partir de um evento"),
    ],
)
def test_a_refused_creation_says_why_and_writes_nothing(
    owner: User, change: dict[str, str], field_words: str
) -> None:
    data = {**SETTINGS, "name": "C", "slug": "c", "kind": "season", "preset": "custom", "bands": "1: 10"}
    data.update(change)
    response = client_of(owner).post(reverse("circuits:create"), data)
    assert response.status_code == 400
    body = response.content.decode()
    assert field_words in body or f'name="{field_words}"' in body
    assert 'class="error field-error"' in body or 'class="error"' in body
    assert not Circuit.objects.exists()


def test_a_taken_slug_is_refused(owner: User) -> None:
    circuit_create(name="Um", slug="um", user=owner)
    data = {**SETTINGS, "name": "Outro", "slug": "um", "kind": "season"}
    response = client_of(owner).post(reverse("circuits:create"), data)
    assert response.status_code == 400 and "já existe um circuito «um»" in response.content.decode()
    assert Circuit.objects.count() == 1


def test_a_rodeio_from_an_event(owner: User) -> None:
    organized(owner, "trio", FINISH, event="Rodeio de Vacaria")
    organized(owner, "dupla", ["Xiru", "Pealo", "Os Taura", "Gaudérios"], event="rodeio de vacaria")
    data = {**SETTINGS, "name": "Rodeio", "slug": "rodeio", "kind": "rodeio", "event": "Rodeio de Vacaria"}
    data["preset"] = ""
    assert client_of(owner).post(reverse("circuits:create"), data).status_code == 302
    circuit = Circuit.objects.get(slug="rodeio")
    assert circuit.kind == "rodeio" and circuit.preset == "rodeio" and circuit.etapas.count() == 2
    data.update(slug="outro", event="Sem Evento")
    response = client_of(owner).post(reverse("circuits:create"), data)
    assert response.status_code == 400 and "nenhum torneio do evento" in response.content.decode()
    assert not Circuit.objects.filter(slug="outro").exists()


def test_etapas_added_and_removed(owner: User) -> None:
    circuit = circuit_create(name="C", slug="c", user=owner)
    t = organized(owner, "etapa-1", FINISH)
    url = reverse("circuits:manage", args=["c"])
    c = client_of(owner)
    assert t.name in c.get(url).content.decode()
    assert c.post(url, {"action": "etapa_add", "tournament": t.pk}).status_code == 302
    assert list(circuit.etapas.values_list("tournament", flat=True)) == [t.pk]
    # Not organized by this user: not a choice; already an etapa: not a choice either.
    elsewhere = load_etapa("alheio", FINISH)
    for pk in (elsewhere.pk, t.pk):
        response = c.post(url, {"action": "etapa_add", "tournament": pk})
        assert (
            response.status_code == 400
            and "escolha um torneio que você organiza e que ainda não é etapa" in response.content.decode()
        )
    assert circuit.etapas.count() == 1
    etapa = circuit.etapas.get()
    assert c.post(url, {"action": "etapa_remove", "etapa": etapa.pk}).status_code == 302
    assert not circuit.etapas.exists() and Tournament.objects.filter(pk=t.pk).exists()
    assert c.post(url, {"action": "nada"}).status_code == 400


def test_settings_saved_or_refused_whole(owner: User) -> None:
    circuit = circuit_with_etapas(owner)
    url = reverse("circuits:manage", args=[circuit.slug])
    c = client_of(owner)
    page = c.get(url).content.decode()
    assert "1: 25\n2: 21\n3: 17\n4: 15\n5-8: 13" in page  # the preset shown as bands
    data = {**SETTINGS, "action": "settings", "preset": "linear", "best_n": "1", "is_public": ""}
    assert c.post(url, data).status_code == 302
    circuit.refresh_from_db()
    assert circuit.preset == "linear" and circuit.best_n == 1 and not circuit.is_public
    data = {**data, "preset": "custom", "bands": "1: 5\n2: 9", "best_n": "2"}
    response = c.post(url, data)
    assert (
        response.status_code == 400 and "O 2º lugar não pode valer mais pontos" in response.content.decode()
    )
    data = {**data, "bands": "1: 9", "participation": "12"}
    response = c.post(url, data)
    assert response.status_code == 400
    assert "Os pontos de participação não podem passar" in response.content.decode()
    data = {**data, "participation": "", "tiebreak_1": "lots", "tiebreak_2": "lots"}
    response = c.post(url, data)
    assert response.status_code == 400 and "aparece duas vezes" in response.content.decode()
    circuit.refresh_from_db()
    assert circuit.preset == "linear" and circuit.best_n == 1  # nothing of the refused ones


def test_a_pending_tie_gets_its_sorteio_from_the_page(owner: User) -> None:
    circuit = circuit_with_etapas(owner)
    team_links_apply(circuit=circuit, proposals=team_link_proposals(circuit), user=owner)
    tied = circuit_ranking(circuit).pending_ties[0]
    url = reverse("circuits:manage", args=[circuit.slug])
    c = client_of(owner)
    page = c.get(url).content.decode()
    assert "Registrar sorteio" in page and ",".join(tied) in page
    wrong = {"action": "lots", "ranking": "teams", "competitors": tied[0], "mode": "random"}
    response = c.post(url, wrong)
    assert response.status_code == 400 and "exatamente os empatados" in response.content.decode()
    manual = {"action": "lots", "ranking": "teams", "competitors": ",".join(tied), "mode": "manual"}
    response = c.post(url, {**manual, "order": [tied[1], tied[1]]})
    assert response.status_code == 400 and "cada empatado uma vez" in response.content.decode()
    assert not CircuitLots.objects.exists()
    assert c.post(url, {**manual, "order": [tied[1], tied[0]]}).status_code == 302
    lot = CircuitLots.objects.get()
    assert lot.manual and lot.result == [tied[1], tied[0]] and lot.performed_by == owner
    assert [line.key for line in circuit_ranking(circuit).lines[:2]] == [tied[1], tied[0]]


def test_team_proposals_accepted_one_or_all_and_unlinked(owner: User) -> None:
    circuit = circuit_with_etapas(owner)
    url = reverse("circuits:teams", args=[circuit.slug])
    c = client_of(owner)
    page = c.get(url).content.decode()
    proposals = team_link_proposals(circuit)
    assert len(proposals) == 4 and all(p.name in page for p in proposals)
    one = ",".join(str(team.pk) for _e, team in proposals[0].teams)
    assert c.post(url, {"proposal": one}).status_code == 302
    assert TeamLink.objects.count() == 2 and CircuitTeam.objects.count() == 1
    response = c.post(url, {"proposal": one})  # accepted already: gone from the list
    assert response.status_code == 409 and "não está mais na lista" in response.content.decode()
    assert TeamLink.objects.count() == 2
    assert c.post(url, {"all": "1"}).status_code == 302
    assert TeamLink.objects.count() == 8 and not team_link_proposals(circuit)
    link = TeamLink.objects.first()
    assert link is not None
    assert c.post(url, {"action": "unlink", "link": link.pk}).status_code == 302
    assert TeamLink.objects.count() == 7
    assert c.post(url, {"action": "unlink", "link": 999999}).status_code == 404


def test_players_linked_unlinked_and_merged(owner: User) -> None:
    circuit = circuit_with_etapas(owner)
    url = reverse("circuits:players", args=[circuit.slug])
    c = client_of(owner)
    assert len(player_link_proposals(circuit)) > 0
    assert c.post(url, {"all": "1"}).status_code == 302
    assert not player_link_proposals(circuit) and PlayerLink.objects.exists()
    link = PlayerLink.objects.first()
    assert link is not None
    assert c.post(url, {"action": "unlink", "link": link.pk}).status_code == 302
    assert not PlayerLink.objects.filter(pk=link.pk).exists()
    # Two people who played one etapa are two: the merge is refused, nothing moves.
    PlayerLink.objects.all().delete()
    e1 = circuit.etapas.order_by("order").first()
    assert e1 is not None
    a, b = Player.objects.filter(team__tournament=e1.tournament).order_by("pk")[:2]
    pa = circuit_player_create(circuit=circuit, name="Pessoa A", user=owner)
    pb = circuit_player_create(circuit=circuit, name="Pessoa B", user=owner)
    player_link(person=pa, player=a, user=owner)
    player_link(person=pb, player=b, user=owner)
    response = c.post(url, {"action": "merge", "keep": pa.pk, "merge": pb.pk})
    assert response.status_code == 400 and "são duas pessoas" in response.content.decode()
    assert CircuitPlayer.objects.filter(pk=pb.pk).exists()
    response = c.post(url, {"action": "merge", "keep": pa.pk, "merge": pa.pk})
    assert response.status_code == 400 and "duas pessoas diferentes" in response.content.decode()
    PlayerLink.objects.filter(person=pb).delete()
    e2 = CircuitEtapa.objects.exclude(pk=e1.pk).get()
    other = Player.objects.filter(team__tournament=e2.tournament).first()
    assert other is not None
    player_link(person=pb, player=other, user=owner)
    assert c.post(url, {"action": "merge", "keep": pa.pk, "merge": pb.pk}).status_code == 302
    assert not CircuitPlayer.objects.filter(pk=pb.pk).exists()
    assert set(PlayerLink.objects.filter(person=pa).values_list("player", flat=True)) == {a.pk, other.pk}


def test_links_made_by_hand(owner: User) -> None:
    circuit = circuit_with_etapas(owner)
    e1, e2 = circuit.etapas.order_by("order")
    taura1 = e1.tournament.teams.get(name="Os Taura")
    taura2 = e2.tournament.teams.get(name="Os Taura")
    ct = CircuitTeam.objects.create(circuit=circuit, name="Os Taura")
    url = reverse("circuits:teams", args=[circuit.slug])
    c = client_of(owner)
    assert "Vincular à mão" in c.get(url).content.decode()
    assert c.post(url, {"action": "link", "target": ct.pk, "item": taura1.pk}).status_code == 302
    assert TeamLink.objects.filter(circuit_team=ct, team=taura1).exists()
    # Already linked: not a choice; a second team of one etapa: refused by the service.
    response = c.post(url, {"action": "link", "target": ct.pk, "item": taura1.pk})
    assert response.status_code == 400 and "ainda sem vínculo" in response.content.decode()
    assert c.post(url, {"action": "link", "target": ct.pk, "item": taura2.pk}).status_code == 302
    other = load_etapa("fora", FINISH)
    response = c.post(url, {"action": "link", "target": ct.pk, "item": other.teams.first().pk})  # type: ignore[union-attr]
    assert response.status_code == 400 and TeamLink.objects.count() == 2
    # Players: a person of the registry and an etapa's player by hand.
    person = circuit_player_create(circuit=circuit, name="Ana", user=owner)
    player = Player.objects.filter(team=taura1).first()
    assert player is not None
    purl = reverse("circuits:players", args=[circuit.slug])
    assert c.post(purl, {"action": "link", "target": person.pk, "item": player.pk}).status_code == 302
    assert PlayerLink.objects.filter(person=person, player=player).exists()
    response = c.post(purl, {"action": "link", "target": 999999, "item": player.pk})
    assert (
        response.status_code == 400
        and "escolha uma equipe ou pessoa deste circuito" in response.content.decode()
    )
