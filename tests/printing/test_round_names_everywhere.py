"""The mata-mata's rodadas by their phase on the pages still saying «Rodada n»: the live
board and a mesa's live page, the organizer's súmula list and a súmula's history, and the
public schedule's CSV/XLSX export."""

from __future__ import annotations

import csv
import io
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from rules.results import Side
from tally.services import hand_record
from tests.tally.conftest import simple
from tournaments.models import Match, Membership, Stage, Table, Tournament

pytestmark = pytest.mark.django_db


def final_and_third(knockout: Tournament) -> tuple[Match, Match]:
    stage = Stage.objects.get(tournament=knockout, key="mata")
    teams = list(knockout.teams.order_by("order", "id"))
    one = Table.objects.create(tournament=knockout, name="1", order=1)
    two = Table.objects.create(tournament=knockout, name="2", order=2)
    final = Match.objects.create(stage=stage, round=3, slot=0, team_a=teams[0], team_b=teams[1], table=one)
    third = Match.objects.create(
        stage=stage, round=3, slot=1, team_a=teams[2], team_b=teams[3], third_place=True, table=two
    )
    return final, third


def organizer(t: Tournament) -> Client:
    user = get_user_model().objects.create_user("org-fases", password="senha-de-teste-1")
    Membership.objects.create(tournament=t, user=user, role="organizer")
    c = Client()
    c.force_login(user)
    return c


def test_live_board_and_mesa_name_the_phase(knockout: Tournament) -> None:
    final, third = final_and_third(knockout)
    user = get_user_model().objects.create_superuser("admin-fases", password="senha-de-teste-1")
    for m in (final, third):
        hand_record(match=m, user=user, hand=simple(Side.A), key=uuid.uuid4())
    board = Client().get(reverse("public:live_board", args=[knockout.slug])).content.decode()
    assert "· Final</h2>" in board and "· 3º lugar</h2>" in board
    assert "Rodada 3" not in board
    mesa = Client().get(reverse("public:mesa", args=[knockout.slug, final.table_id])).content.decode()
    assert "Final · placar parcial" in mesa and "Rodada 3" not in mesa


def test_sumula_list_and_history_name_the_phase(knockout: Tournament) -> None:
    final, third = final_and_third(knockout)
    c = organizer(knockout)
    listing = c.get(reverse("scoring:round", args=[knockout.slug])).content.decode()
    assert "Quartas de final" in listing and "Final" in listing and "3º lugar" in listing
    history = c.get(reverse("scoring:history", args=[knockout.slug, third.pk])).content.decode()
    assert "Mesa 2 · 3º lugar" in history and "Rodada 3" not in history
    first = Match.objects.filter(stage__tournament=knockout, round=1).first()
    assert first is not None
    history = c.get(reverse("scoring:history", args=[knockout.slug, first.pk])).content.decode()
    assert "Quartas de final" in history and "Súmulas da rodada" not in history


def test_schedule_export_names_the_phase(knockout: Tournament) -> None:
    final_and_third(knockout)
    url = reverse("public:schedule", args=[knockout.slug])
    text = Client().get(url, {"_export": "csv"}).content.decode("utf-8-sig")
    rounds = [row[0] for row in csv.reader(io.StringIO(text))][1:]
    assert set(rounds) == {"Quartas de final", "Final", "3º lugar"}
    book = load_workbook(io.BytesIO(Client().get(url, {"_export": "xlsx"}).content))
    cells = {row[0] for row in book.active.iter_rows(min_row=2, values_only=True)}
    assert cells == {"Quartas de final", "Final", "3º lugar"}


def test_print_filters_and_homologation_messages_name_the_phase(knockout: Tournament) -> None:
    from scoring.selectors_review import match_label
    from tournaments.phases import match_round_names

    c = organizer(knockout)
    page = c.get(reverse("printing:page", args=[knockout.slug])).content.decode()
    select = page.split('<select name="round">', 1)[1].split("</select>", 1)[0]
    assert '<option value="mata:1">Quartas de final</option>' in select
    assert '<option value="1">' not in select and ">1<" not in select
    response = c.post(
        reverse("printing:page", args=[knockout.slug]),
        {"doc": "sumulas", "round": "mata:1"},
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 202, response.content
    assert "Quartas de final" in response.json()["title"]
    refused = c.post(
        reverse("printing:page", args=[knockout.slug]),
        {"doc": "sumulas", "stage": "outra", "round": "mata:1"},
        HTTP_ACCEPT="application/json",
    )
    assert refused.status_code == 400 and "rodada" in refused.json()["error"]
    quarter = Match.objects.select_related("team_a", "team_b", "table", "stage").filter(
        stage__tournament=knockout, round=1
    )[0]
    quarter.table = Table.objects.create(tournament=knockout, name="1", order=1)
    assert match_label(quarter).endswith("(mesa 1, Quartas de final)")
    assert match_label(quarter, match_round_names([quarter])).endswith("(mesa 1, Quartas de final)")
