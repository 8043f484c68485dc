"""Random values in every form and every JSON endpoint: nothing answers with a 500.

Fields are the forms' own names plus strangers; values mix huge integers, unicode, NUL,
empty strings, dates that do not exist and repeated keys (lists). Hypothesis keeps at
most 40 examples per endpoint so the whole file runs in well under a minute.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.trust.conftest import Site
from tests.trust.tally import COUNTS

pytestmark = pytest.mark.django_db

SHEET = [
    "base_version",
    "outcome",
    "action",
    "walkover",
    "dq_team",
    "dq_article",
    "dq_scope",
    "commission_winner",
    "advertencias",
    "ocorrencias",
    "lineup_a_1",
    "lineup_b_1",
]
SHEET += [f"g{i}_{s}" for i in (1, 2, 3) for s in ("a", "b", "end")]
FORMS: dict[str, list[str]] = {
    "tournaments:create": [
        "name",
        "slug",
        "modality",
        "event",
        "date",
        "end_date",
        "venue",
        "is_public",
        "stage_plan",
        "advance_per_group",
        "advance_best_next",
        "checkin_deadline",
        "table_count",
        "points_to_win",
        "best_of",
        "sweep_bonus",
        "tiebreaker_1",
        "tiebreaker_2",
        "match_minutes",
        "partida_minutes",
        "max_reserves",
    ],
    "tournaments:members": ["action", "membership", "username", "role", "full_name"],
    "tournaments:team_create": [
        "name",
        "entity",
        "seed",
        "p-TOTAL_FORMS",
        "p-INITIAL_FORMS",
        "p-0-name",
        "p-0-is_captain",
        "p-0-is_reserve",
        "p-1-name",
    ],
    "tournaments:team_edit": ["name", "entity", "seed", "p-TOTAL_FORMS", "p-INITIAL_FORMS", "p-0-name"],
    "tournaments:import": ["confirm", "file"],
    "tournaments:checkin": ["team", "status", "reason"],
    "tournaments:groups": [
        "action",
        "groups",
        "size",
        "sizes",
        "seed",
        "replace",
        "team_a",
        "team_b",
        "reason",
        "team_1",
    ],
    "tournaments:schedule": ["start", "minutes", "breaks", "double", "tables"],
    "scoring:entry": SHEET,
    "scoring:check": SHEET,
    "scoring:sign": ["team", "version", "method", "pin"],
    "scoring:pins": ["scope"],
    "scoring:homologate": ["version", "reason"],
    "scoring:revert": ["version", "reason"],
    "standings:lots": ["teams", "group", "stage", "mode", "order"],
    "interchange:import": ["file", "clamp"],
    "printing:page": ["doc", "stage", "round", "group", "new_pins", "confirm"],
    "login": ["username", "password", "next"],
}
QUERIES: dict[str, list[str]] = {
    "public:standings_json": ["stage"],
    "public:results_json": ["rodada"],
    "public:revision": ["x"],
    "public:standings": ["_export", "stage"],
    "public:results": ["rodada", "page", "_export"],
    "public:schedule": ["rodada", "mesa", "page", "_export"],
    "tournaments:teams": ["entidade", "situacao", "sort", "page", "_export"],
    "scoring:judge_home": ["q"],
    "scoring:round": ["rodada"],
    "audit:log": ["tipo", "page", "sort", "_export"],
}

scalar = st.one_of(
    st.integers(min_value=-(10**40), max_value=10**40).map(str),
    st.text(max_size=200),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=30),
    st.sampled_from(
        [
            "",
            "0",
            "-1",
            "1",
            "a",
            "b",
            "all",
            "draft",
            "submit",
            "played",
            "walkover",
            "paper",
            "pin",
            "manual",
            "random",
            "swap",
            "judge",
            "remove",
            "csv",
            "xlsx",
            "2026-02-30",
            "9999-12-31T23:59",
            "1e309",
            "NaN",
            "\x00",
            "t1,t2",
            "<script>x</script>",
            "=1+1",
        ]
    ),
)
value = st.one_of(scalar, st.lists(scalar, min_size=2, max_size=3))


def data_for(fields: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    names = st.sampled_from(fields) | st.text(min_size=1, max_size=12)
    return st.dictionaries(names, value, max_size=len(fields) + 2)


def url_of(site: Site, name: str) -> str:
    values = site.kwargs_for(site.public)
    from tests.trust.test_permission_matrix import walk

    params = dict(walk())[name]
    return reverse(name, kwargs={k: values[k] for k in params})


FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None)


@pytest.mark.parametrize("name", sorted(FORMS))
def test_forms_never_answer_500(site: Site, name: str) -> None:
    url = url_of(site, name)
    client = site.client("superuser", raise_request_exception=False)

    @FUZZ
    @given(data=data_for(FORMS[name]))
    def run(data: dict[str, Any]) -> None:
        COUNTS["hostile form/JSON inputs (hypothesis)"] += 1
        response = client.post(url, data)
        assert response.status_code < 500, (name, data)

    run()


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_queries_never_answer_500(site: Site, name: str) -> None:
    url = url_of(site, name)
    anonymous = Client(raise_request_exception=False)
    staff = site.client("superuser", raise_request_exception=False)

    @FUZZ
    @given(query=data_for(QUERIES[name]), who=st.booleans())
    def run(query: dict[str, Any], who: bool) -> None:
        COUNTS["hostile form/JSON inputs (hypothesis)"] += 1
        response = (staff if who else anonymous).get(url, query)
        assert response.status_code < 500, (name, query)

    run()


# What str.isdigit() accepts and int() does not (superscripts, circled digits), what int()
# accepts from other scripts, and what no database integer holds.
NUMBER_LOOKALIKES = ["²", "①", "١٢", "99999999999999999999", "0" * 30 + "7"]


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_number_lookalikes_in_queries_never_answer_500(site: Site, name: str) -> None:
    url = url_of(site, name)
    staff = site.client("superuser", raise_request_exception=False)
    for who in (Client(raise_request_exception=False), staff):
        for param in QUERIES[name]:
            for value in NUMBER_LOOKALIKES:
                COUNTS["hostile form/JSON inputs (hypothesis)"] += 1
                response = who.get(url, {param: value})
                assert response.status_code < 500, (name, param, value)


# ---- the judge's tenteio: every hand form of every preset (issue 33) -------------------

PRESETS = [
    ("truco-cego-trio", 3),
    ("truco-amostra-trio", 3),
    ("truco-amostra-dupla", 2),
    ("truco-amostra-mano", 1),
    ("truco-cego-dupla", 2),
    ("truco-paulista", 2),
    ("truco-goiano", 2),
    ("truco-uruguaio", 2),
]
HAND_FIELDS = ["base", "truco", "extra", "mao", "hand", "kind"]
HAND_FIELDS += [
    f"d{d}_{f}"
    for d in (1, 2, 3)
    for f in (
        "mao",
        "truco_end",
        "truco_to",
        "truco_level",
        "envido",
        "envido_first",
        "envido_result",
        "flores",
        "flor_raises",
        "flor_result",
        "pen_infraction",
        "pen_points",
    )
]
# The codes the pages post (big buttons, the detailed form's choices) beside garbage, so
# a drawn form is often a real hand: a pardas, a refused truco, an envido, a testa.
HAND_VALUE = st.one_of(
    st.sampled_from(
        [
            "a",
            "b",
            "tied",
            "none",
            "won",
            "refused",
            "baralho",
            "not_played",
            "won:none:a",
            "won:truco:b",
            "refused:truco:a",
            "won:seis:a",
            "refused:none:b",
            "E:won:a",
            "E-RE-F:won:b",
            "F:refused:a",
            "flor:b",
            "roda",
            "testa",
            "truco",
            "retruco",
            "vale_quatro",
            "nove",
            "0",
            "1",
            "2",
            "3",
            '{"deals": [{"mao": "a", "truco": {"end": "tied"}}]}',
            '{"deals": [{"mao": "b", "truco": {"end": "won", "to": "a", "level": "truco"}}]}',
        ]
    ),
    scalar,
)
FIELDS = st.dictionaries(
    st.sampled_from(HAND_FIELDS) | st.text(min_size=1, max_size=8), HAND_VALUE, max_size=8
)
# A big button as the page posts it (its code, the mão, maybe an envido), then anything.
BUTTON = st.fixed_dictionaries(
    {
        "truco": st.sampled_from(["tied", "won:none:a", "won:truco:b", "refused:truco:a", "none"]) | scalar,
        "mao": st.sampled_from(["a", "b"]) | scalar,
    },
    optional={"extra": HAND_VALUE, "base": st.sampled_from(["0", "1"]) | scalar},
)
FORM = st.tuples(
    st.sampled_from(["hand", "hand", "hand", "undo", "close"]),
    st.one_of(st.uuids().map(str), scalar),
    st.one_of(FIELDS, st.tuples(BUTTON, FIELDS).map(lambda pair: {**pair[1], **pair[0]})),
)


@pytest.mark.parametrize(("modality", "size"), PRESETS)
def test_tenteio_forms_never_answer_500(modality: str, size: int) -> None:
    """Sequences of hand, undo and confirmation posts, each form any combination of its
    fields: every answer is 2xx/3xx or 4xx, and a refusal writes nothing."""
    from interchange.load import load_tournament
    from scoring.models import ScoreSheet
    from tally.models import HandEntry, PartidaClose
    from tests.documents import document
    from tests.scoring.conftest import PASSWORD, played, user
    from tournaments.models import Match

    doc = document([played(1, "t1", "t2", "1")], slug="fuzz", modality=modality, size=size)
    t = load_tournament(doc).tournament
    judge = user("juiz-fuzz", t, "judge")
    m = Match.objects.get(stage__tournament=t)
    client = Client(raise_request_exception=False)
    assert client.login(username=judge.username, password=PASSWORD)
    urls = {name: reverse(f"tally:{name}", args=[t.slug, m.pk]) for name in ("hand", "undo", "close")}

    @FUZZ
    @given(forms=st.lists(FORM, min_size=1, max_size=4), json=st.booleans())
    def run(forms: list[tuple[str, str, dict[str, Any]]], json: bool) -> None:
        for model in (HandEntry, PartidaClose, ScoreSheet):
            model.objects.filter(match=m).delete()  # each example starts at 0–0
        headers = {"HTTP_ACCEPT": "application/json"} if json else {}
        for name, key, fields in forms:
            COUNTS["hostile form/JSON inputs (hypothesis)"] += 1
            data = {"key": key, **fields}
            written = HandEntry.objects.filter(match=m).count(), PartidaClose.objects.filter(match=m).count()
            response = client.post(urls[name], data, **headers)
            assert response.status_code < 500, (modality, name, data)
            if response.status_code >= 400:
                after = (
                    HandEntry.objects.filter(match=m).count(),
                    PartidaClose.objects.filter(match=m).count(),
                )
                assert after == written, (modality, name, data)

    run()
