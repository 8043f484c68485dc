"""The sorteio das chaves keeps its promises through the services and the page: one team
per cabeça de chave, entities apart, replayable, and an explanation of what it could not do."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.conftest import trio
from tournaments.models import DrawOfLots, Team, Tournament
from tournaments.pairing import DrawTeam
from tournaments.pairing_v1 import draw_groups_v1
from tournaments.services import ServiceError
from tournaments.services.draws import draw_notes, draw_replay, groups_draw
from tournaments.services.importing import import_preview
from tournaments.services.registration import team_register, team_update, teams_register_many

Register = Callable[..., list[Team]]


def test_a_seed_belongs_to_one_team(tournament: Tournament) -> None:
    first = team_register(tournament=tournament, data=trio("Trio Um", "FEA-USP", 1))
    with pytest.raises(ServiceError) as exc:
        team_register(tournament=tournament, data=trio("Trio Dois", "FEA-USP", 1))
    assert exc.value.errors["seed"] == [
        "Cabeça de chave 1 já é de «Trio Um»: cada cabeça de chave é de uma só equipe "
        "(use outro número ou deixe em branco)."
    ]
    assert Team.objects.count() == 1
    team_update(team=first, data=trio("Trio Um", "FEA-USP", 1))  # its own seed is no clash
    team_register(tournament=tournament, data=trio("Trio Dois", "FEA-USP", 2))
    with pytest.raises(ServiceError) as exc:
        teams_register_many(
            tournament=tournament, teams=[trio("Trio Três", "", 3), trio("Trio Quatro", "", 3)]
        )
    assert "Trio Quatro: Cabeça de chave 3 já é de «Trio Três»" in exc.value.errors["__all__"][0]
    assert Team.objects.count() == 2


def test_the_spreadsheet_preview_names_both_teams(tournament: Tournament) -> None:
    team_register(tournament=tournament, data=trio("Trio Um", "", 1))
    rows = ["equipe;entidade;jogador;capataz;reserva;cabeça de chave"]
    for name in ("Trio A", "Trio B"):
        rows += [f"{name};;{name} {i};{'sim' if i == 1 else 'não'};não;1" for i in (1, 2, 3)]
    preview = import_preview(tournament=tournament, filename="e.csv", raw="\n".join(rows).encode())
    texts = [msg for _line, msg in preview.errors]
    assert any("«Trio A»" in t and "Cabeça de chave 1 já é de «Trio Um»" in t for t in texts), texts
    assert any("«Trio B»" in t and "Cabeça de chave 1 já é de «Trio Um»" in t for t in texts), texts


def test_the_draw_refuses_a_shared_seed_loaded_before_the_rule(
    tournament: Tournament, register: Register, organizer: User
) -> None:
    teams = register(8)
    Team.objects.filter(pk__in=[teams[0].pk, teams[1].pk]).update(seed=1)  # as a file could bring
    with pytest.raises(ServiceError, match="cabeça de chave 1: «Trio 000» e «Trio 001»"):
        groups_draw(tournament=tournament, user=organizer, sizes=[4, 4], seed="s")
    assert not DrawOfLots.objects.exists()


def test_the_reported_draw_keeps_seeds_and_fea_apart(tournament: Tournament, organizer: User) -> None:
    team_register(tournament=tournament, data=trio("FEA Um", "FEA-USP", 1))
    team_register(tournament=tournament, data=trio("Poli", "Poli-USP", 2))
    team_register(tournament=tournament, data=trio("FEA Dois", "FEA-USP"))
    for i in range(13):
        team_register(tournament=tournament, data=trio(f"Trio {i:02d}", f"CTG {i}"))
    draw = groups_draw(tournament=tournament, user=organizer, sizes=[4, 4, 4, 4], seed="fea")
    chaves = {r["name"]: r["teams"] for r in draw.result}
    key = {t.name: t.key for t in Team.objects.all()}
    assert key["FEA Um"] in chaves["A"] and key["Poli"] in chaves["B"]
    assert not {key["FEA Um"], key["FEA Dois"]} <= set(chaves["A"])
    assert [n for n, ks in chaves.items() if key["FEA Dois"] in ks] != ["A"]
    assert draw.inputs["method"] == 2 and draw_replay(draw) == list(chaves.values())
    assert draw_notes(draw) == []


def test_a_draw_recorded_by_method_1_still_replays(tournament: Tournament, register: Register) -> None:
    entries = [DrawTeam(f"t{i}", f"CTG {i % 3}", 1 if i == 0 else None) for i in range(8)]
    result = draw_groups_v1(entries, [4, 4], "antiga")
    draw = DrawOfLots(
        tournament=tournament,
        purpose=DrawOfLots.Purpose.GROUPS,
        seed="antiga",
        inputs={"teams": [[e.key, e.entity, e.seed] for e in entries], "sizes": [4, 4]},
        result=[{"name": n, "teams": ks} for n, ks in zip("AB", result, strict=True)],
    )
    assert draw_replay(draw) == result


def test_notes_explain_what_the_chaves_could_not_give(
    tournament: Tournament, organizer: User, client: Client
) -> None:
    for i in range(3):
        team_register(tournament=tournament, data=trio(f"CTG X {i}", "CTG X", i + 1))
    for i in range(3):
        team_register(tournament=tournament, data=trio(f"Trio {i}", f"CTG {i}"))
    draw = groups_draw(tournament=tournament, user=organizer, sizes=[3, 3], seed="notas")
    chave_of = {k: r["name"] for r in draw.result for k in r["teams"]}
    keys = {t.name: t.key for t in Team.objects.all()}
    doubled = chave_of[keys["CTG X 2"]]  # seed 3: the second pot
    assert draw_notes(draw) == [
        f"3 cabeças de chave e só 2 chaves: a chave {doubled} tem duas "
        f"({'1 e 3' if doubled == 'A' else '2 e 3'}), uma de cada pote.",
        f"3 equipes de CTG X e só 2 chaves: duas ficam na chave {doubled}.",
    ]
    client.force_login(organizer)
    page = client.get(f"/t/{tournament.slug}/gestao/chaves/").content.decode()
    assert "O que o sorteio não pôde cumprir com estas chaves" in page
    assert f"3 equipes de CTG X e só 2 chaves: duas ficam na chave {doubled}." in page


def test_uneven_chaves_are_explained(tournament: Tournament, organizer: User) -> None:
    for i in range(4):
        team_register(tournament=tournament, data=trio(f"X {i}", "CTG X"))
        team_register(tournament=tournament, data=trio(f"Y {i}", "CTG Y"))
    draw = groups_draw(tournament=tournament, user=organizer, sizes=[6, 2], seed="torta")
    notes = draw_notes(draw)
    assert any(
        n.startswith("As chaves de tamanhos 6, 2 não permitem separar as 4 equipes de CTG") for n in notes
    )


def test_team_form_refuses_a_taken_seed(client: Client, organizer: User, tournament: Tournament) -> None:
    team_register(tournament=tournament, data=trio("Trio Um", "", 1))
    client.force_login(organizer)
    form = {
        "name": "Os Taura",
        "seed": "1",
        "p-TOTAL_FORMS": "3",
        "p-INITIAL_FORMS": "0",
        "p-0-name": "João",
        "p-0-is_captain": "on",
        "p-1-name": "Pedro",
        "p-2-name": "Luís",
    }
    response = client.post(f"/t/{tournament.slug}/gestao/equipes/nova/", form)
    assert response.status_code == 400
    assert "Cabeça de chave 1 já é de «Trio Um»" in response.content.decode()
    response = client.post(f"/t/{tournament.slug}/gestao/equipes/nova/", {**form, "seed": "99999999999"})
    assert response.status_code == 400 and Team.objects.count() == 1


def test_draw_page_refuses_a_shared_seed_with_the_names(
    client: Client, organizer: User, tournament: Tournament, register: Register
) -> None:
    teams = register(8)
    Team.objects.filter(pk__in=[teams[2].pk, teams[5].pk]).update(seed=2)
    client.force_login(organizer)
    response = client.post(f"/t/{tournament.slug}/gestao/chaves/", {"action": "draw", "groups": "2"})
    assert response.status_code == 400
    assert "cabeça de chave 2: «Trio 002» e «Trio 005»" in response.content.decode()
    assert not DrawOfLots.objects.exists()
