"""The JSON Schema of tenteio/1: valid itself, true to the code, and what the loader reports from it."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from core.demo import demo_document
from interchange.export import export_tournament
from interchange.load import InterchangeError, check_document, load_tournament
from interchange.shape import MAX_ERRORS, SCHEMA_PATH, schema, shape_issues, validator
from rules.modalities import OVERRIDABLE, PRESETS, CrossGroupMethod, FaltaBasis, TimeLimit
from rules.results import Ending, Scope
from rules.types import Criterion
from tests.documents import document, match
from tests.generators import tournament_document
from tests.rules.test_results_interchange import test_interchange_shape_problems as shape_cases

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "docs" / "samples").glob("*.json"))


def errors(data: Any) -> list[str]:
    return [s.issue.line() for s in shape_issues(data)]


def defs() -> dict[str, Any]:
    found: dict[str, Any] = schema()["$defs"]
    return found


# --- the schema itself ------------------------------------------------------------------


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(schema())
    assert schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert SCHEMA_PATH.parent.name == "interchange"  # shipped with the code that reads it


def test_the_schema_lists_what_the_code_knows() -> None:
    d = defs()
    assert d["tournament"]["properties"]["modality"]["enum"] == list(PRESETS)
    assert set(d["settings"]["properties"]) == set(OVERRIDABLE)
    assert d["criteria"]["items"]["enum"] == [c.value for c in Criterion]
    settings = d["settings"]["properties"]
    assert settings["cross_group_method"]["enum"] == [m.value for m in CrossGroupMethod]
    assert settings["time_limit"]["enum"] == [t.value for t in TimeLimit]
    assert settings["falta_basis"]["enum"] == [f.value for f in FaltaBasis]
    result = d["result"]["properties"]
    assert result["endings"]["items"]["enum"] == [e.value for e in Ending]
    assert result["disqualified"]["properties"]["scope"]["enum"] == [s.value for s in Scope]


# --- what the application writes, the schema accepts --------------------------------------


@pytest.mark.django_db
def test_the_demo_and_its_export_are_valid() -> None:
    assert errors(demo_document()) == []
    exported = export_tournament(load_tournament(demo_document()).tournament)
    assert errors(json.loads(json.dumps(exported))) == []


@pytest.mark.django_db
@pytest.mark.parametrize("modality", list(PRESETS))
def test_generated_events_and_their_exports_are_valid(modality: str) -> None:
    doc = tournament_document(modality, groups=2, size=5, seed=11, ties=0.5, walkovers=0.2)
    assert errors(doc) == []
    exported = export_tournament(load_tournament(doc).tournament)
    assert errors(json.loads(json.dumps(exported))) == []


@pytest.mark.django_db
def test_a_knockout_export_is_valid() -> None:
    doc = tournament_document("truco-cego-trio", groups=1, size=4, seed=2, played=1.0, walkovers=0.0)
    doc["stages"].append({"key": "finais", "kind": "knockout", "teams": ["e1", "e2", "e3", "e4"]})
    doc["matches"] += [
        {"stage": "finais", "round": 1, "teams": ["e1", "e4"], "result": {"games": [[24, 3], [24, 5]]}},
        {"stage": "finais", "round": 1, "teams": ["e2", "e3"], "result": {"walkover": "e3"}},
        {"stage": "finais", "round": 2, "teams": ["e1", "e2"], "result": None},
    ]
    exported = export_tournament(load_tournament(doc).tournament)
    assert errors(json.loads(json.dumps(exported))) == []


def test_the_samples_are_valid() -> None:
    assert SAMPLES, "docs/samples has a tenteio/1 example"
    for path in SAMPLES:
        assert errors(json.loads(path.read_text(encoding="utf-8"))) == [], path.name


@pytest.mark.django_db
def test_the_samples_load() -> None:
    for path in SAMPLES:
        load_tournament(json.loads(path.read_text(encoding="utf-8")))


def test_the_example_of_the_documentation_is_valid() -> None:
    text = (ROOT / "docs" / "interchange.md").read_text(encoding="utf-8")
    example = re.search(r"```json\n(\{\n  \"format\": \"tenteio/1\".*?)\n```", text, re.DOTALL)
    assert example is not None
    assert errors(json.loads(example.group(1))) == []


# --- bad files: the place and the code -------------------------------------------------------


def change(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """Sets ``value`` at ``path`` («teams.0.name»); the value ``...`` deletes the key."""

    def apply(doc: dict[str, Any]) -> None:
        *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
        node: Any = doc
        for p in parents:
            node = node[p]
        if value is ...:
            del node[last]
        else:
            node[last] = value

    return apply


def knockout(doc: dict[str, Any]) -> None:
    doc["stages"].append({"key": "finais", "kind": "knockout", "teams": ["t1", "t2"], "groups": []})


def knockout_labelled(labels: dict[str, str]) -> Callable[[dict[str, Any]], None]:
    def apply(doc: dict[str, Any]) -> None:
        doc["stages"].append({"key": "finais", "kind": "knockout", "teams": ["t1", "t2"], "labels": labels})

    return apply


BAD: list[tuple[str, Callable[[dict[str, Any]], None], str, str]] = [
    ("unknown key", change("extra", 1), "arquivo", "file.unknown_key"),
    ("no teams", change("teams", ...), "arquivo", "file.missing_key"),
    ("wrong format", change("format", "tenteio/2"), "format", "file.format"),
    (
        "unknown modality",
        change("tournament.modality", "truco-mexicano"),
        "tournament.modality",
        "file.modality_unknown",
    ),
    ("bad slug", change("tournament.slug", "com espaço"), "tournament.slug", "file.slug_invalid"),
    ("bad date", change("tournament.date", "14/02/2026"), "tournament.date", "file.date_invalid"),
    ("impossible date", change("tournament.date", "2026-02-30"), "tournament.date", "file.date_invalid"),
    ("name not a text", change("teams.0.name", 5), "teams[0].name", "file.text_invalid"),
    ("blank name", change("teams.1.name", "   "), "teams[1].name", "file.text_invalid"),
    ("long name", change("teams.0.name", "x" * 201), "teams[0].name", "file.text_too_long"),
    ("seed zero", change("teams.0.seed", 0), "teams[0].seed", "file.integer_invalid"),
    (
        "seed shared",
        lambda d: (change("teams.0.seed", 1)(d), change("teams.1.seed", 1)(d)),
        "equipe t2",
        "file.seed_duplicate",
    ),
    (
        "captain yes",
        change("teams.0.players.0.captain", "sim"),
        "teams[0].players[0].captain",
        "file.boolean_invalid",
    ),
    ("players not a list", change("teams.2.players", {}), "teams[2].players", "file.not_list"),
    ("player unknown key", change("teams.0.players.1.idade", 40), "teams[0].players[1]", "file.unknown_key"),
    ("stage kind", change("stages.0.kind", "liga"), "stages[0].kind", "file.stage_kind"),
    ("chaves with teams", change("stages.0.teams", ["t1"]), "stages[0].teams", "file.unknown_key"),
    ("knockout with groups", knockout, "stages[1].groups", "file.unknown_key"),
    ("one team in a jogo", change("matches.0.teams", ["t1"]), "matches[0].teams", "file.match_teams"),
    ("round as text", change("matches.0.round", "1"), "matches[0].round", "file.integer_invalid"),
    ("jogo without result", change("matches.0.result", ...), "matches[0]", "file.missing_key"),
    ("lot purpose", change("lots", [{"purpose": "x", "order": []}]), "lots[0].purpose", "file.lot_purpose"),
    (
        "lot twice",
        change("lots", [{"purpose": "tiebreak", "order": ["t1", "t1"]}]),
        "lots[0].order",
        "file.team_twice",
    ),
    ("too many teams", change("teams", [{}] * 5001), "teams", "file.list_too_long"),
    # A chave draw (docs/interchange.md, lots): team keys in «order», the chaves' «sizes».
    (
        "chave draw as a list of chaves",
        change("lots", [{"purpose": "groups", "stage": "chaves", "order": [{"name": "A", "teams": ["t1"]}]}]),
        "lots[0].order[0]",
        "file.text_invalid",
    ),
    (
        "sizes of another length",
        change("lots", [{"purpose": "groups", "stage": "chaves", "order": ["t1", "t2"], "sizes": [1, 2]}]),
        "lots[0]",
        "file.lot_sizes",
    ),
    (
        "size zero",
        change("lots", [{"purpose": "groups", "order": [], "sizes": [0]}]),
        "lots[0].sizes[0]",
        "file.integer_invalid",
    ),
    (
        "sizes of a tiebreak",
        change("lots", [{"purpose": "tiebreak", "order": [], "sizes": []}]),
        "lots[0].sizes",
        "file.unknown_key",
    ),
    (
        "stale chave draw",
        change("lots", [{"purpose": "groups", "order": [], "stale": True}]),
        "lots[0].stale",
        "file.unknown_key",
    ),
    (
        "stale not a flag",
        change("lots", [{"purpose": "tiebreak", "order": [], "stale": "sim"}]),
        "lots[0].stale",
        "file.boolean_invalid",
    ),
    (
        "blank seed",
        change("lots", [{"purpose": "groups", "order": [], "seed": " "}]),
        "lots[0].seed",
        "file.text_invalid",
    ),
    (
        "long seed",
        change("lots", [{"purpose": "groups", "order": [], "seed": "x" * 101}]),
        "lots[0].seed",
        "file.text_too_long",
    ),
    ("labels of chaves", change("stages.0.labels", {"t1": "1º A"}), "stages[0].labels", "file.unknown_key"),
    ("label of a stranger", knockout_labelled({"t3": "1º A"}), "fase finais / labels", "file.team_unknown"),
    ("long label", knockout_labelled({"t1": "x" * 41}), "stages[1].labels.t1", "file.text_too_long"),
    ("stage plan", change("tournament.stage_plan", "liga"), "tournament.stage_plan", "file.value_invalid"),
    (
        "advance zero",
        change("tournament.advance_per_group", 0),
        "tournament.advance_per_group",
        "file.integer_invalid",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("case", "mutate", "where", "code"), BAD, ids=[b[0] for b in BAD])
def test_bad_files_are_refused_naming_the_place_and_the_rule(
    case: str, mutate: Callable[[dict[str, Any]], None], where: str, code: str
) -> None:
    doc = document([match(1, "t1", "t2", None)])
    mutate(doc)
    with pytest.raises(InterchangeError) as refused:
        load_tournament(doc)
    found = [(i.where, i.code) for i in refused.value.issues]
    assert (where, code) in found, [i.line() for i in refused.value.issues]
    assert len(found) == len(set(refused.value.issues)), "one line per mistake"


@pytest.mark.django_db
def test_results_and_settings_are_reported_by_the_rules_engine_once() -> None:
    bad_score = match(1, "t1", "t2", {"games": [[24, "sete"], [24, 3]]})
    _, _, issues, _ = check_document(document([bad_score]))
    assert [i.code for i in issues] == ["game.score_not_integer"]
    _, _, issues, _ = check_document(document([], settings={"best_of": 2, "sweep_bonus": 1}))
    assert sorted(i.code for i in issues) == ["settings.best_of_invalid", "settings.type_invalid"]
    # Without valid settings there is no modality to judge results by: the schema speaks.
    _, _, issues, _ = check_document(document([bad_score], settings={"best_of": 2}))
    assert [(i.where, i.code) for i in issues][-1] == (
        "matches[0].result.games[0][1]",
        "file.integer_invalid",
    )


@pytest.mark.django_db
def test_the_schema_speaks_in_a_result_the_rules_engine_accepts() -> None:
    # The rules engine ignores unknown keys of «disqualified»; the format does not.
    dq = {"team": "t2", "article": "20-VIII", "scope": "match", "motivo": "pilcha"}
    _, _, issues, _ = check_document(
        document([match(1, "t1", "t2", {"games": [[24, 1]], "disqualified": dq})])
    )
    assert [(i.where, i.code) for i in issues] == [("matches[0].result.disqualified", "file.unknown_key")]


# What only the file's teams can tell: the schema sees no keys of teams, nor the lengths.
ONLY_IN_CODE = {
    "result.endings_length",
    "match.walkover_unknown_team",
    "match.disqualification_unknown_team",
    "match.commission_unknown_team",
}
PARSER_CASES = shape_cases.pytestmark[0].args[1]  # type: ignore[attr-defined]
RESULT_CASES = [case for case in PARSER_CASES if not ONLY_IN_CODE & set(case[1])]


@pytest.mark.parametrize(("obj", "codes", "has_report"), RESULT_CASES)
def test_the_schema_refuses_every_result_the_rules_engine_refuses(
    obj: Any, codes: list[str], has_report: bool
) -> None:
    result_schema = {"$defs": defs(), **defs()["result"]}
    assert list(Draft202012Validator(result_schema).iter_errors(obj)), obj


def test_an_oversized_list_is_not_read_and_errors_are_capped() -> None:
    doc = document([])
    doc["teams"] = [{"key": 1}] * 6000  # past maxItems: one line, the items are not read
    assert errors(doc) == ["teams: lista longa demais (máximo 5000 itens) [file.list_too_long]"]
    doc["teams"] = [{"key": 1}] * 4000  # four errors a team
    found = shape_issues(copy.deepcopy(doc))
    assert found[-1].issue.code == "file.too_many_problems"
    assert len(found) <= 2 * MAX_ERRORS  # an error may miss two keys


def test_the_validator_is_built_once() -> None:
    assert validator() is validator()


def test_the_inlined_validator_judges_as_the_schema() -> None:
    doc = document([match(1, "t1", "t2", {"games": [[24, "x"]], "foo": 1})], settings={"best_of": 2})
    doc["teams"][0]["players"][0]["captain"] = "sim"
    doc["lots"] = [{"purpose": "tiebreak", "order": ["t1", "t1"]}]
    plain = sorted(e.message for e in Draft202012Validator(schema()).iter_errors(doc))
    assert plain == sorted(e.message for e in validator().iter_errors(doc))
    assert len(plain) == 5


@pytest.mark.django_db
def test_the_new_keys_load_and_come_back() -> None:
    """A chave draw with its seed and sizes, a stale sorteio, labels and the stage plan."""
    doc = document([match(1, "t1", "t2", {"games": [[24, 3], [24, 5]]})])
    doc["tournament"].update(stage_plan="multi_phase", advance_per_group=2, advance_best_next=1)
    doc["stages"].append(
        {"key": "finais", "kind": "knockout", "teams": ["t1", "t2"], "labels": {"t1": "1º A", "t2": "2º A"}}
    )
    doc["lots"] = [
        {
            "purpose": "groups",
            "stage": "chaves",
            "order": ["t3", "t1", "t4", "t2"],
            "sizes": [4],
            "seed": "abc",
        },
        {"purpose": "tiebreak", "stage": "chaves", "group": "A", "order": ["t2", "t1"], "stale": True},
        {"purpose": "byes", "stage": "finais", "order": ["t2", "t1"], "seed": "chapeus"},
    ]
    t = load_tournament(doc).tournament
    assert (t.stage_plan, t.advance_per_group, t.advance_best_next) == ("multi_phase", 2, 1)
    draws = list(t.draws.order_by("id"))
    assert draws[0].result == [{"name": "A", "teams": ["t3", "t1", "t4", "t2"]}]
    assert (draws[0].seed, draws[0].manual) == ("abc", False)
    assert draws[1].manual and draws[1].result == ["t2", "t1"]
    assert [e.label for e in t.stages.get(key="finais").entries.all()] == ["1º A", "2º A"]
    exported = export_tournament(t)
    assert exported["lots"] == doc["lots"]
    assert exported["stages"][1]["labels"] == {"t1": "1º A", "t2": "2º A"}
    assert {
        k: exported["tournament"][k] for k in ("stage_plan", "advance_per_group", "advance_best_next")
    } == {
        "stage_plan": "multi_phase",
        "advance_per_group": 2,
        "advance_best_next": 1,
    }
    assert errors(json.loads(json.dumps(exported))) == []
