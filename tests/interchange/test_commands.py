"""loadtournament / exporttournament / standings through the commands users run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.demo import demo_document
from scoring.models import ScoreSheet
from tests.commands import run
from tests.documents import E15_MATCHES, document, match
from tournaments.models import Match, Player, Team, Tournament

pytestmark = pytest.mark.django_db


def load(tmp_path: Path, doc: Any, *extra: str, name: str = "t.json") -> tuple[int, str, str]:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return run("loadtournament", str(path), *extra)


def standings_json(slug: str, *extra: str) -> dict[str, Any]:
    code, out, err = run("standings", slug, "--format", "json", *extra)
    assert code == 0, err
    return json.loads(out)


def rows(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return doc["stages"][0]["groups"][0]["rows"]


def test_e15_standings_through_the_stack(tmp_path: Path) -> None:
    code, out, err = load(tmp_path, document(E15_MATCHES))
    assert code == 0, err
    table = rows(standings_json("teste"))
    got = [
        (r["position"], r["team"], r["played"], r["wins"], r["games_won"], r["points_for"], r["separated_by"])
        for r in table
    ]
    assert got == [
        (1, "t1", 3, 2, 7, 211, "games_won"),
        (2, "t3", 3, 2, 5, 188, "points_for"),
        (3, "t2", 3, 2, 5, 183, "wins"),
        (4, "t4", 3, 0, 1, 100, None),
    ]
    assert all(r["status"] == "active" and r["pending_lots"] is False for r in table)


def test_walkover_in_000_expels_and_later_matches_become_walkovers(tmp_path: Path) -> None:
    matches = [
        match(1, "t1", "t2", {"walkover": "t2"}),
        match(1, "t3", "t4", {"games": [[24, 10], [24, 11]]}),
        match(2, "t2", "t3", None),
        match(2, "t1", "t4", {"games": [[24, 1], [24, 2]]}),
    ]
    code, _, err = load(tmp_path, document(matches))
    assert code == 0, err
    table = {r["team"]: r for r in rows(standings_json("teste"))}
    assert table["t1"]["wins"] == 2 and table["t1"]["games_won"] == 6 and table["t1"]["points_for"] == 144
    assert table["t3"]["wins"] == 2 and table["t3"]["points_for"] == 144  # 2-0 sweep + W.O. over t2
    assert table["t2"]["status"] == "disqualified"
    assert rows(standings_json("teste"))[-1]["team"] == "t2"


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda d: "{not json", "JSON inválido"),
        (lambda d: {**d, "extra": 1}, "chave desconhecida «extra»"),
        (lambda d: {**d, "matches": [match(1, "t1", "zz", None)]}, "zz"),
        (
            lambda d: {
                **d,
                "teams": [{**d["teams"][0], "players": d["teams"][0]["players"][:2]}, *d["teams"][1:]],
            },
            "3 titulares",
        ),
        (
            lambda d: {**d, "matches": [match(1, "t1", "t2", {"games": [[24, 18], [24, 20], [10, 24]]})]},
            "match.game_after_decided",
        ),
        (lambda d: {**d, "matches": [match(1, "t1", "t2", {"games": [[24, 24]]})]}, "game.tied_at_target"),
        (lambda d: {**d, "tournament": {**d["tournament"], "modality": "truco-mexicano"}}, "modalidade"),
        (
            lambda d: {**d, "tournament": {**d["tournament"], "settings": {"best_of": 2}}},
            "settings.best_of_invalid",
        ),
    ],
)
def test_broken_files_exit_1_and_write_nothing(tmp_path: Path, mutate: Any, expected: str) -> None:
    code, _, err = load(tmp_path, mutate(document([])))
    assert code == 1
    assert expected in err
    assert "nada foi gravado" in err
    assert Tournament.objects.count() == 0 and Team.objects.count() == 0 and Player.objects.count() == 0


def test_problem_line_names_stage_group_round_teams_and_partida(tmp_path: Path) -> None:
    doc = document([match(2, "t3", "t1", {"games": [[24, 18], [22, 20]]})])
    code, _, err = load(tmp_path, doc)
    assert code == 1
    line = next(x for x in err.splitlines() if "game.winner_not_at_target" in x)
    for part in ("chaves", "chave a", "rodada 2", "t3 × t1", "partida 2"):
        assert part in line.lower()


def test_clamp_records_target_and_says_so(tmp_path: Path) -> None:
    doc = document([match(1, "t1", "t2", {"games": [[27, 20], [24, 3]]})])
    code, _, err = load(tmp_path, doc)
    assert code == 1 and "game.score_above_target" in err and "--clamp" in err
    code, out, err = load(tmp_path, doc, "--clamp")
    assert code == 0, err
    assert "ajustado" in out
    sheet = ScoreSheet.objects.get()
    assert sheet.result["games"][0] == [24, 20]


def test_round_trip_gives_identical_standings(tmp_path: Path) -> None:
    code, _, err = load(tmp_path, demo_document())
    assert code == 0, err
    slug = "rodeio-querencia-truco-cego"
    before = run("standings", slug, "--format", "json")[1]
    code, _, err = run("exporttournament", slug, "-o", str(tmp_path / "export.json"))
    assert code == 0, err
    exported = json.loads((tmp_path / "export.json").read_text(encoding="utf-8"))
    Tournament.objects.all().delete()
    code, _, err = load(tmp_path, exported, name="again.json")
    assert code == 0, err
    assert run("standings", slug, "--format", "json")[1] == before
    assert Match.objects.count() == 24


def test_unknown_slug_and_stage(tmp_path: Path) -> None:
    assert run("standings", "nada")[0] == 1
    assert run("exporttournament", "nada")[0] == 1
    load(tmp_path, document(E15_MATCHES))
    assert run("standings", "teste", "--stage", "finais")[0] == 1


def test_text_and_csv_formats(tmp_path: Path) -> None:
    load(tmp_path, document(E15_MATCHES))
    code, out, _ = run("standings", "teste")
    assert code == 0 and "chave A" in out and "Trio T1" in out
    code, out, _ = run("standings", "teste", "--format", "csv")
    lines = out.strip().splitlines()
    assert lines[0].startswith("stage,group,position,team")
    assert lines[1].startswith("chaves,A,1,t1,")
