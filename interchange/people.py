"""The people of a tenteio/1 file (``people``): the judges with their mesas, and
everyone else the event's history names (``role: "other"``: the comissão, a judge since
removed), so that each súmula version, signature, hand and audit line keeps its author.

Each person is written with a key (their username where the file was written), their
name and a judge's mesas; never a password, a PIN or a link: a file is not a way into a
site. Loaded, a person is an account of the file (group «Pessoas de arquivos», inactive,
no usable password: nobody logs in with it) under the key — the same account again when
one of the file's already has it, or an account that was a member of the tournament the
file replaces; an account someone logs in with is never taken over: the key then gets a
suffix («marta-2»). The site's administrator may give such an account a password and
activate it. Only a judge becomes a member of the tournament: on a site the event is run
by whoever imports it, and the hall's comissão appear in its history under their names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.utils.translation import gettext as _

from core.text import name_key
from interchange.checker import Checker
from interchange.document import PersonDoc
from scoring.models import JudgeAssignment
from tournaments.models import Membership, Table, Tournament

FILE_PEOPLE_GROUP = "Pessoas de arquivos"


def export_people(t: Tournament, named: Iterable[int] = ()) -> list[dict[str, Any]]:
    """The judges of ``t`` and the accounts ``named`` (user ids the history names)."""
    judges = set(
        Membership.objects.filter(tournament=t, role=Membership.Role.JUDGE).values_list("user_id", flat=True)
    )
    mesas: dict[int, list[str]] = {}
    for a in JudgeAssignment.objects.filter(tournament=t).select_related("table").order_by("table__order"):
        mesas.setdefault(a.user_id, []).append(a.table.name)
    people = []
    users = get_user_model().objects.filter(pk__in=judges | set(named))
    for user in sorted(users, key=lambda u: u.username):
        person: dict[str, Any] = {"key": user.username, "name": user.get_full_name() or user.username}
        if user.pk not in judges:
            person["role"] = "other"
        if user.pk in mesas:
            person["tables"] = mesas[user.pk]
        people.append(person)
    return people


def people_keys(named: Iterable[int]) -> dict[int, str]:
    """The file's key of each account ``named``: its username."""
    return dict(get_user_model().objects.filter(pk__in=set(named)).values_list("pk", "username"))


def parse_people(c: Checker, value: Iterable[Any]) -> list[PersonDoc]:
    people: dict[str, PersonDoc] = {}
    for i, raw in enumerate(value):
        p = raw if isinstance(raw, Mapping) else {}
        key, name = p.get("key"), c.name(p.get("name"), f"people[{i}].name")
        if not isinstance(key, str) or not key.strip() or name is None:
            continue  # the schema reported it
        if key in people:
            c.add(
                f"people[{i}].key",
                _("pessoa repetida «%(key)s»") % {"key": key[:40]},
                "file.person_duplicate",
            )
        tables = [
            str(n).strip() for n in p.get("tables") or [] if isinstance(n, str | int) and str(n).strip()
        ]
        judge = p.get("role") in ("judge", None)
        people[key] = PersonDoc(key.strip(), name, tables if judge else [], judge)
    return list(people.values())


def table_names(people: Iterable[PersonDoc]) -> list[str]:
    return [name for person in people for name in person.tables]


def load_people(
    t: Tournament, people: Iterable[PersonDoc], tables: Mapping[str, Table], kept: Iterable[int] = ()
) -> dict[str, Any]:
    """The file's people as accounts, by their keys in the file; the judges become judges
    of ``t``. ``tables`` by ``name_key``; ``kept``: the user ids of the replaced
    tournament's members, whose accounts are theirs to keep."""
    group, _created = Group.objects.get_or_create(name=FILE_PEOPLE_GROUP)
    kept_ids = set(kept)
    accounts: dict[str, Any] = {}
    for person in people:
        user = accounts[person.key] = _account(person, group, kept_ids)
        if not person.judge:
            continue
        Membership.objects.get_or_create(tournament=t, user=user, role=Membership.Role.JUDGE)
        for name in person.tables:
            JudgeAssignment.objects.get_or_create(tournament=t, user=user, table=tables[name_key(name)])
    return accounts


def _account(person: PersonDoc, group: Group, kept: set[int]) -> Any:
    users = get_user_model().objects
    username, n = person.key[:140], 1
    while True:
        user = users.filter(username=username).first()
        if user is None:
            user = users.create_user(username, first_name=person.name[:150], is_active=False)
            user.set_unusable_password()
            user.save(update_fields=["password"])
            user.groups.add(group)
            return user
        if user.pk in kept or user.groups.filter(pk=group.pk).exists():
            return user
        n += 1
        username = f"{person.key[:140]}-{n}"
