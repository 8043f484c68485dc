"""A Swiss chave (docs/rules.md §3.17) in the embed of a chave's classificação and in
the classificação's CSV/XLSX export: the Swiss desempates (checked against the values
computed by hand) where the chave is Swiss, the round robin's columns where it is not."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from core.demo import demo_document
from interchange.load import load_tournament
from public.tables_swiss import SwissExportTable
from tests.public.test_swiss_public import by_hand, swiss_event, table_rows
from tournaments.models import Group

pytestmark = pytest.mark.django_db
SWISS_HEADS = ["Buchholz", "Buchholz corte 1", "Sonneborn-Berger"]


def heads(body: str) -> list[str]:
    thead = body.split("<thead>")[1].split("</thead>")[0]
    return [h.strip() for h in re.findall(r"<th[^>]*>([^<]*)</th>", thead)]


def test_the_embed_of_a_swiss_chave_has_the_swiss_columns(client: Client) -> None:
    t, _org, stage = swiss_event(teams=7, played=2)
    group = Group.objects.get(stage=stage)
    response = client.get(reverse("public:embed_chave", args=[t.slug, group.pk]))
    assert response.status_code == 200
    body = response.content.decode()
    assert heads(body) == ["Pos", "Equipe", "J", "V", "Bh", "Bh−1", "SB", "P", "T"]
    rows = table_rows(body, "embed-table")
    expected = by_hand(stage)
    assert {n: [int(c) for c in r[3:7]] for n, r in rows.items()} == {
        n: [v["V"], v["Bh"], v["Bh-1"], v["SB"]] for n, v in expected.items()
    }


def test_the_embed_of_a_round_robin_chave_keeps_its_columns(client: Client) -> None:
    demo = load_tournament(demo_document()).tournament
    group = Group.objects.filter(stage__tournament=demo).order_by("order", "id").first()
    assert group is not None
    body = client.get(reverse("public:embed_chave", args=[demo.slug, group.pk])).content.decode()
    assert heads(body) == ["Pos", "Equipe", "J", "V", "D", "P", "T", "Saldo"]
    assert "Bh" not in body


def test_the_export_of_a_swiss_classificacao_carries_its_desempates(client: Client) -> None:
    t, _org, stage = swiss_event(teams=7, played=2)
    url = reverse("public:standings", args=[t.slug])
    lines = list(csv.reader(io.StringIO(client.get(url + "?_export=csv").content.decode())))
    head, body = lines[0], lines[1:]
    assert head[:10] == ["Fase", "Chave", "Pos", "Equipe", "Entidade", "J", "V", *SWISS_HEADS]
    expected = by_hand(stage)
    assert {r[3]: [int(c) for c in r[6:10]] for r in body} == {
        n: [v["V"], v["Bh"], v["Bh-1"], v["SB"]] for n, v in expected.items()
    }
    book = load_workbook(io.BytesIO(client.get(url + "?_export=xlsx").content))
    sheet = book.active
    assert sheet is not None
    cells = [[c.value for c in row] for row in sheet.iter_rows()]
    assert cells[0][7:10] == SWISS_HEADS
    assert {r[3]: list(r[6:10]) for r in cells[1:]} == {
        n: [v["V"], v["Bh"], v["Bh-1"], v["SB"]] for n, v in expected.items()
    }


def test_the_export_of_a_round_robin_classificacao_has_no_swiss_columns(client: Client) -> None:
    demo = load_tournament(demo_document()).tournament
    url = reverse("public:standings", args=[demo.slug])
    head = next(csv.reader(io.StringIO(client.get(url + "?_export=csv").content.decode())))
    assert "Fase" in head and "Saldo" in head
    assert not set(SWISS_HEADS) & set(head)


def test_a_round_robin_row_beside_a_swiss_one_leaves_the_swiss_cells_empty() -> None:
    row = {
        "stage": "F1",
        "group": "A",
        "position": 1,
        "team": "Equipe 1",
        "entity": "",
        "played": 2,
        "wins": 2,
        "losses": 0,
        "games_won": 4,
        "points_for": 72,
        "points_against": 30,
        "points_difference": 42,
        "status": "",
        "url": "/",
        "pending_lots": False,
        "disqualified": False,
    }
    values = list(
        SwissExportTable([row, {**row, "buchholz": 3, "buchholz_cut1": 2, "sonneborn_berger": 1}]).as_values()
    )
    at = values[0].index("Buchholz")
    # None: an empty cell in the CSV and in the spreadsheet.
    assert values[1][at : at + 3] == [None, None, None] and values[2][at : at + 3] == [3, 2, 1]
