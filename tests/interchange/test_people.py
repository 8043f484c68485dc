"""The judges of a tenteio/1 file and their mesas (``people``): written with no secret,
loaded as accounts nobody logs in with, never taking over a site's own account."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from django.contrib.auth.models import User

from interchange.export import export_tournament
from interchange.load import InterchangeError, load_tournament
from interchange.people import FILE_PEOPLE_GROUP
from scoring.models import JudgeAssignment
from tests.interchange.test_replace import hall_file
from tournaments.models import Membership, Table, Tournament

pytestmark = pytest.mark.django_db


def with_judges(slug: str = "copa-juizes") -> dict[str, Any]:
    doc = hall_file()
    doc["tournament"]["slug"] = slug
    doc["people"] = [
        {"key": "marta", "name": "Marta Souza", "tables": ["1", "9"]},  # mesa 9: no jogo yet
        {"key": "seu-lauro", "name": "Lauro Medeiros"},
    ]
    return doc


def judges(t: Tournament) -> dict[str, list[str]]:
    found = {}
    for m in Membership.objects.filter(tournament=t, role="judge").select_related("user"):
        mesas = JudgeAssignment.objects.filter(tournament=t, user=m.user).order_by("table__order")
        found[m.user.username] = [a.table.name for a in mesas]
    return found


def test_judges_and_their_mesas_load_as_accounts_nobody_logs_in_with() -> None:
    t = load_tournament(with_judges()).tournament
    assert judges(t) == {"marta": ["1", "9"], "seu-lauro": []}
    marta = User.objects.get(username="marta")
    assert (marta.first_name, marta.is_active, marta.has_usable_password()) == ("Marta Souza", False, False)
    assert marta.groups.filter(name=FILE_PEOPLE_GROUP).exists()
    assert Table.objects.filter(tournament=t, name="9").exists()
    exported = export_tournament(t)
    assert exported["people"] == with_judges()["people"]
    assert "password" not in json.dumps(exported) and "pin" not in json.dumps(exported["people"])


def test_a_sites_own_account_is_never_taken_over() -> None:
    own = User.objects.create_user("marta", password="x-Senha-Forte-1", first_name="Marta da Federação")
    t = load_tournament(with_judges()).tournament
    assert judges(t) == {"marta-2": ["1", "9"], "seu-lauro": []}
    own.refresh_from_db()
    assert own.is_active and own.check_password("x-Senha-Forte-1") and not own.memberships.exists()
    # Another event of the same file's people: the same account of the file again.
    other = load_tournament(with_judges("outra-copa")).tournament
    assert judges(other) == {"marta-2": ["1", "9"], "seu-lauro": []}
    assert User.objects.filter(username__startswith="marta").count() == 2


def test_a_replaced_events_own_judge_keeps_her_account() -> None:
    t = load_tournament(with_judges()).tournament
    marta = User.objects.get(username="marta")
    marta.groups.clear()
    marta.is_active = True
    marta.set_password("x-Senha-Forte-1")
    marta.save()  # the site's administrator gave the account of the file a login
    again = load_tournament(with_judges(), replace=True).tournament
    assert again.pk != t.pk and judges(again) == {"marta": ["1", "9"], "seu-lauro": []}
    assert User.objects.filter(username__startswith="marta").count() == 1


@pytest.mark.parametrize(
    ("people", "where", "code"),
    [
        ([{"key": "marta"}], "people[0]", "file.missing_key"),
        (
            [{"key": "marta", "name": "A"}, {"key": "marta", "name": "B"}],
            "people[1].key",
            "file.person_duplicate",
        ),
        ([{"key": "marta", "name": "A", "password": "x"}], "people[0]", "file.unknown_key"),
    ],
)
def test_a_bad_person_is_refused_and_nothing_written(people: list[Any], where: str, code: str) -> None:
    doc = copy.deepcopy(with_judges())
    doc["people"] = people
    with pytest.raises(InterchangeError) as refused:
        load_tournament(doc)
    assert (where, code) in [(i.where, i.code) for i in refused.value.issues]
    assert not Tournament.objects.exists() and not User.objects.exists()
