"""A Swiss phase on the public pages (docs/rules.md §3.17): the page «Suíço» with each
rodada's emparceiramentos, folga and results and the classificação with the Swiss
desempates (one Buchholz computed here by hand); the classificação page's Swiss columns
(and none for a round-robin chave); the menu's link; English; the cache and the live
refresh; the telão; the picture of the Swiss chave."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from core.demo import demo_document
from interchange.load import load_tournament
from public import raster
from public.telao import telao_screens
from standings.swiss import swiss_pair_next, swiss_start
from tests.standings.test_swiss_services import event, homologate, play_rodada
from tournaments.models import DrawOfLots, Match, Stage, Tournament

pytestmark = pytest.mark.django_db


def swiss_event(teams: int = 7, played: int = 1) -> tuple[Tournament, Any, Stage]:
    """``teams`` duplas in a Swiss phase of 3 rodadas, ``played`` of them paired and
    played (the lower-ordered team of each jogo wins), and the next one paired."""
    t, org = event(teams)
    stage = swiss_start(tournament=t, user=org, rounds=3)
    for number in range(1, played + 1):
        swiss_pair_next(stage=stage, user=org)
        play_rodada(stage, number, org)
    swiss_pair_next(stage=stage, user=org)
    return t, org, stage


def page(client: Client, t: Tournament, path: str = "suico/", **headers: Any) -> Any:
    return client.get(f"/t/{t.slug}/{path}", **headers)


def text(response: Any) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


def table_rows(body: str, css: str) -> dict[str, list[str]]:
    """Team name → the texts of its row's cells, in the table of class ``css``."""
    table = re.search(rf'<table[^>]*class="{css}"[^>]*>(.*?)</table>', body, re.S)
    assert table is not None, css
    rows = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table.group(1), re.S):
        cells = [
            html.unescape(re.sub(r"<[^>]+>", " ", c)).split()
            for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        if len(cells) > 2:
            rows[" ".join(cells[1][:2])] = [" ".join(c) for c in cells]
    return rows


def by_hand(stage: Stage) -> dict[str, dict[str, int]]:
    """Each team's vitórias, Buchholz, Buchholz corte 1 and Sonneborn-Berger by the
    rule's words: every homologated jogo's winner and every folga given count a vitória;
    Buchholz sums the opponents' vitórias (a folga adds 0), corte 1 drops the smallest
    part, Sonneborn-Berger sums those of the opponents beaten."""
    played = [
        m
        for m in Match.objects.filter(stage=stage).select_related("team_a", "team_b")
        if m.sheets.filter(status="homologated").exists()
    ]
    byes = [
        d.result["bye"] for d in DrawOfLots.objects.filter(stage=stage, purpose="swiss") if d.result["bye"]
    ]
    names = dict(stage.tournament.teams.values_list("key", "name"))
    wins = dict.fromkeys(names, 0)
    faced: dict[str, list[tuple[str | None, bool]]] = {k: [] for k in names}
    for m in played:
        winner = m.team_a if m.team_a.order < m.team_b.order else m.team_b  # play_rodada's rule
        wins[winner.key] += 1
        faced[m.team_a.key].append((m.team_b.key, winner == m.team_a))
        faced[m.team_b.key].append((m.team_a.key, winner == m.team_b))
    for key in byes:
        wins[key] += 1
        faced[key].append((None, True))
    out = {}
    for key, name in names.items():
        parts = [wins[o] if o else 0 for o, _ in faced[key]]
        beaten = sum(wins[o] for o, won in faced[key] if o and won)
        out[name] = {
            "V": wins[key],
            "Bh": sum(parts),
            "Bh-1": sum(parts) - min(parts, default=0),
            "SB": beaten,
        }
    return out


def test_the_page_lists_each_rodada_with_its_mesas_results_and_folga(client: Client) -> None:
    t, _org, stage = swiss_event(teams=7, played=1)
    response = page(client, t)
    assert response.status_code == 200
    shown = text(response)
    assert shown.index("Rodada 2") < shown.index("Rodada 1")  # the current rodada first
    for number in (1, 2):
        jogos = Match.objects.filter(stage=stage, round=number).select_related("team_a", "team_b", "table")
        assert jogos.count() == 3
        for m in jogos:
            result = r"2–0|0–2" if number == 1 else "×"
            line = rf"{m.table.name if m.table else '—'} {m.team_a.name} ({result}) {m.team_b.name}"
            assert re.search(line, shown), line
        bye = DrawOfLots.objects.get(stage=stage, inputs__round=number).result["bye"]
        assert f"Folga: {t.teams.get(key=bye).name}" in shown
    assert "encerrada" in shown and "em jogo" in shown


def test_the_classificacao_has_the_swiss_desempates_computed_by_hand(client: Client) -> None:
    t, _org, stage = swiss_event(teams=7, played=2)
    body = page(client, t).content.decode()
    heads = re.findall(
        r"<th(?:\s[^>]*)?>\s*(?:<a[^>]*>)?([^<]+)",
        body.split('class="standings swiss"')[1].split("</thead>")[0],
    )
    assert [h.strip() for h in heads] == ["Pos", "Equipe", "Entidade", "J", "V", "Bh", "Bh−1", "SB", "P", "T"]
    rows = table_rows(body, "standings swiss")
    expected = by_hand(stage)
    assert set(rows) == set(expected)
    for name, values in expected.items():
        cells = rows[name]
        assert [int(c) for c in cells[4:8]] == [values["V"], values["Bh"], values["Bh-1"], values["SB"]], name
    assert any(v["Bh"] != v["Bh-1"] for v in expected.values()) and any(v["SB"] for v in expected.values())
    # One of them, spelled out: Equipe 1 beat whoever it met; its Buchholz is the sum of
    # the vitórias of those opponents.
    e1 = [m for m in Match.objects.filter(stage=stage, round__lte=2).select_related("team_a", "team_b")]
    opponents = [
        m.team_b if m.team_a.name == "Equipe 1" else m.team_a
        for m in e1
        if "Equipe 1" in (m.team_a.name, m.team_b.name)
    ]
    bh = sum(expected[o.name]["V"] for o in opponents)
    assert int(rows["Equipe 1"][5]) == bh
    assert "Buchholz: a soma das vitórias dos adversários" in text(page(client, t))


def test_the_classificacao_page_shows_swiss_columns_for_a_swiss_chave_only(client: Client) -> None:
    t, _org, stage = swiss_event(teams=7, played=2)
    body = page(client, t, "classificacao/").content.decode()
    assert 'class="standings swiss"' in body and "Bh−1" in body and "Buchholz corte 1" in body
    rows = table_rows(body, "standings swiss")
    expected = by_hand(stage)
    assert {n: [int(c) for c in r[4:8]] for n, r in rows.items()} == {
        n: [v["V"], v["Bh"], v["Bh-1"], v["SB"]] for n, v in expected.items()
    }
    demo = load_tournament(demo_document()).tournament  # chaves, todos contra todos
    plain = page(client, demo, "classificacao/").content.decode()
    assert 'class="standings"' in plain and "Bh−1" not in plain and "Buchholz" not in plain


def test_the_menu_links_the_swiss_page_only_with_a_swiss_phase(client: Client) -> None:
    t, org = event(6)
    home = f"/t/{t.slug}/"
    assert f'href="/t/{t.slug}/suico/"' not in client.get(home).content.decode()
    assert "Este torneio não tem fase suíça." in text(page(client, t))
    swiss_start(tournament=t, user=org, rounds=2)
    for path in ("", "classificacao/", "resultados/", "programacao/"):
        assert f'href="/t/{t.slug}/suico/"' in page(client, t, path).content.decode(), path
    before = page(client, t)
    assert before.status_code == 200 and "Nenhuma rodada do suíço foi pareada ainda." in text(before)
    demo = load_tournament(demo_document()).tournament
    assert f'href="/t/{demo.slug}/suico/"' not in client.get(f"/t/{demo.slug}/").content.decode()


def test_in_english(client: Client) -> None:
    t, _org, stage = swiss_event(teams=7, played=1)
    client.get("/idioma/en/")
    response = page(client, t)
    assert response.status_code == 200 and response["Content-Language"] == "en"
    shown = text(response)
    assert "Bye:" in shown and "Result" in shown and "Team" in shown


def test_a_homologation_changes_the_cached_page_and_its_live_poll(client: Client) -> None:
    t, org, stage = swiss_event(teams=7, played=1)
    first = page(client, t)
    again = page(client, t)
    assert again["X-Tenteio-Cache"] == "hit" and again["ETag"] == first["ETag"]
    assert page(client, t, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    chave = stage.groups.get()
    live = re.search(r'data-revision-url="([^"]*)" data-revision="(\d+)"', first.content.decode())
    assert live is not None and live.group(1).endswith(f"?escopo=chave:{chave.pk},jogos")
    poll = client.get(html.unescape(live.group(1))).json()["revision"]
    assert poll == int(live.group(2))
    jogo = Match.objects.filter(stage=stage, round=2).select_related("team_a", "team_b").order_by("order")[0]
    homologate(jogo, org, [[18, 3], [18, 4]])
    assert client.get(html.unescape(live.group(1))).json()["revision"] > poll  # the page reloads
    after = page(client, t, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    assert re.search(rf"{jogo.team_a.name} 2–0 {jogo.team_b.name}", text(after))


def test_the_telao_shows_the_rodada_pairings_and_the_swiss_classificacao(client: Client) -> None:
    t, _org, stage = swiss_event(teams=15, played=1)
    screens = telao_screens(t)
    kinds = [s.kind for s in screens]
    assert "chaves" not in kinds  # the Swiss chave has its own screens
    pairings = [s for s in screens if s.kind == "suico-rodada"]
    assert [len(s.items[0]["jogos"]) for s in pairings] == [7]
    assert pairings[0].title == "Rodada 2 · emparceiramentos"
    classificacao = [s for s in screens if s.kind == "suico"]
    assert [len(s.items) for s in classificacao] == [12, 3]  # 15 rows, 12 a screen
    body = client.get(f"/t/{t.slug}/telao/").content.decode()
    shown = text(client.get(f"/t/{t.slug}/telao/"))
    bye = DrawOfLots.objects.get(stage=stage, inputs__round=2).result["bye"]
    assert f"Folga: {t.teams.get(key=bye).name}" in shown
    for m in Match.objects.filter(stage=stage, round=2).select_related("team_a", "team_b", "table"):
        mesa = m.table.name if m.table else "—"
        assert f"{mesa} {m.team_a.name} × {m.team_b.name}" in shown
    assert body.count('class="tl-swiss"') == 2 and "Bh−1" in body


def test_the_picture_of_the_swiss_chave_has_its_desempates(client: Client, monkeypatch: Any) -> None:
    drawn: list[str] = []

    def png(svg: str) -> bytes:
        drawn.append(svg)
        return b""

    monkeypatch.setattr(raster, "png", png)
    t, _org, stage = swiss_event(teams=7, played=2)
    chave = stage.groups.get()
    assert client.get(f"/t/{t.slug}/imagens/classificacao/{chave.pk}.png").status_code == 200
    svg = drawn[0]
    assert "Classificação do suíço" in svg
    for label in ("Bh", "Bh−1", "SB"):
        assert f">{label}</text>" in svg
    assert ">D</text>" not in svg and ">Saldo</text>" not in svg


def test_no_page_answers_500_with_a_swiss_phase(client: Client) -> None:
    t, org, stage = swiss_event(teams=5, played=0)
    urls = ["", "suico/", "classificacao/", "resultados/", "programacao/", "telao/", "classificacao.json"]
    urls.append(f"imagens/classificacao/{stage.groups.get().pk}.png")
    for path in urls:
        assert page(client, t, path).status_code == 200, path
    assert client.post(f"/t/{t.slug}/suico/").status_code == 405
