"""Counts of the set-up refusals said in agreement, in pt-BR and in English: a team's
lines in an import («linha 2» / «linhas 2–4»), the reservas a team already has."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils.translation import override

from tournaments.models import Tournament
from tournaments.services import ServiceError
from tournaments.services.editing import Details, current_rules, tournament_update
from tournaments.services.importing import import_preview
from tournaments.services.registration import PlayerInput, TeamInput, team_register

pytestmark = pytest.mark.django_db
HEADER = "equipe;entidade;jogador;capataz;reserva;cabeça de chave\n"


@pytest.mark.parametrize(
    ("lang", "one", "three"),
    [
        ("pt-br", "Equipe «Solo» (linha 2):", "Equipe «Trio» (linhas 3–5):"),
        ("en", "Team «Solo» (line 2):", "Team «Trio» (lines 3–5):"),
    ],
)
def test_an_import_names_a_teams_line_or_lines(
    tournament: Tournament, lang: str, one: str, three: str
) -> None:
    text = HEADER + "Solo;;S1;sim;não;\n" + "Trio;;T1;não;não;\nTrio;;T2;não;não;\nTrio;;T3;não;não;\n"
    with override(lang):
        preview = import_preview(tournament=tournament, filename="x.csv", raw=text.encode())
    said = [m for _line, m in preview.errors]
    assert any(m.startswith(one) for m in said) and any(m.startswith(three) for m in said)
    assert not any("(linhas 2)" in m or "(lines 2)" in m for m in said)


def _details(tournament: Tournament) -> Details:
    return Details(name=tournament.name, event=tournament.event, stage_plan=tournament.stage_plan)


def _with_reserves(tournament: Tournament, name: str, n: int) -> None:
    """A team with ``n`` reservas (the limit raised first: the preset allows fewer)."""
    rules = {**current_rules(tournament), "max_reserves": 3}
    tournament_update(tournament=tournament, details=_details(tournament), rules=rules)
    tournament.refresh_from_db()
    names = ["Um", "Dois", "Três", "Quatro", "Cinco", "Seis"]
    players = [PlayerInput(f"{name} {names[i]}", is_captain=i == 0, is_reserve=i >= 3) for i in range(3 + n)]
    team_register(tournament=tournament, data=TeamInput(name=name, entity="", players=players))


@pytest.mark.parametrize(
    ("lang", "reserves", "said"),
    [
        ("pt-br", 1, "já tem 1 reserva; informe pelo menos 1 ou"),
        ("pt-br", 2, "já tem 2 reservas; informe pelo menos 2 ou"),
        ("en", 1, "already has 1 reserve; give at least 1 or"),
        ("en", 2, "already has 2 reserves; give at least 2 or"),
    ],
)
def test_fewer_reservas_than_a_team_has_says_the_count(
    organizer: User, tournament: Tournament, lang: str, reserves: int, said: str
) -> None:
    _with_reserves(tournament, "Trio Com Reserva", reserves)
    tournament.refresh_from_db()
    rules = {**current_rules(tournament), "max_reserves": 0}
    with override(lang), pytest.raises(ServiceError) as exc:
        tournament_update(tournament=tournament, details=_details(tournament), rules=rules)
    (message,) = exc.value.errors["max_reserves"]
    assert said in message and "(s)" not in message
