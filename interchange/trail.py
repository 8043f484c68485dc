"""The audit trail of a tenteio/1 file (``audit``): written, checked and loaded back.

Every entry the hall recorded for the event is written oldest first, with its sentence
and readable changes in each language, as stored: who (their key in ``people`` and the
name the trail showed), when, from where, the page or command, and the main record
before and after. What the filters look for is written in the file's words: the jogo as
its index in ``matches``, the teams by key, the people by key; a team or account the
hall has since removed is left out of those lists (the sentence still names it). The
records' ``before``/``after`` and ``object_id`` keep the hall's database ids: they
describe the hall's rows, as the trail did.

Not written: the entries of a file load itself (``where`` an import, see
``audit.signals.IMPORTS``): the site that loads the file records its own load.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from audit.models import AuditEntry
from audit.signals import IMPORTS, id_list
from interchange.checker import Checker, Issue
from interchange.document import Document
from interchange.times import moment_text
from tournaments.models import Match, Team, Tournament


def trail_entries(t: Tournament) -> list[AuditEntry]:
    entries = AuditEntry.objects.filter(tournament_id=t.pk).exclude(where__in=IMPORTS)
    return list(entries.order_by("at", "id"))


def named_in(entries: Iterable[AuditEntry]) -> set[int]:
    """The user ids the entries name (who acted and whom the filters find)."""
    ids: set[int] = set()
    for e in entries:
        if e.actor_id is not None:
            ids.add(e.actor_id)
        ids.update(_ids(e.people))
    return ids


def _ids(text: str) -> list[int]:
    return [int(p) for p in text.strip("|").split("|") if p.isdigit()]


def export_trail(
    entries: Sequence[AuditEntry], t: Tournament, keys: Mapping[int, str], match_index: Mapping[int, int]
) -> list[dict[str, Any]]:
    """The entries in the file's words; ``keys``: person key by user id,
    ``match_index``: the jogo's index in ``matches`` by id."""
    team_keys = dict(Team.objects.filter(tournament=t).values_list("pk", "key"))
    out = []
    for e in entries:
        entry: dict[str, Any] = {"at": moment_text(e.at), "by": keys.get(e.actor_id) if e.actor_id else None}
        entry.update(label=e.actor_label, ip=e.ip, where=e.where, action=e.action, kind=e.kind)
        entry.update(model=e.model, object_id=e.object_id, summary=e.summary, summaries=e.summaries)
        entry.update(
            before=e.before, after=e.after, changes=e.changes, changes_by_language=e.changes_by_language
        )
        entry["match"] = match_index.get(e.match_id) if e.match_id is not None else None
        entry["teams"] = [team_keys[i] for i in _ids(e.teams) if i in team_keys]
        entry["people"] = [keys[i] for i in _ids(e.people) if i in keys]
        out.append(entry)
    return out


def check_trail(doc: Document) -> list[Issue]:
    """Who, jogo, teams and origin of each entry are the file's own."""
    c = Checker()
    people = {p.key for p in doc.people}
    teams = {d.key for d in doc.teams}
    for i, raw in enumerate(doc.audit):
        e, where = raw if isinstance(raw, Mapping) else {}, f"audit[{i}]"
        for key in [e.get("by"), *(e.get("people") or [])]:
            if isinstance(key, str) and key not in people:
                c.add(where, _("«%(key)s» não está em people") % {"key": key}, "file.audit_person")
        for key in e.get("teams") or []:
            if key not in teams:
                c.add(
                    f"{where}.teams",
                    _("a equipe «%(key)s» não está em teams") % {"key": key},
                    "file.audit_team",
                )
        match = e.get("match")
        if isinstance(match, int) and match >= len(doc.matches):
            c.add(f"{where}.match", _("não é o índice de um jogo do arquivo"), "file.audit_match")
        if not isinstance(e.get("at"), str) or _aware(e["at"]) is None:
            c.add(
                f"{where}.at",
                _("use data e hora com o fuso, como 2026-12-12T09:00-03:00"),
                "file.time_invalid",
            )
        if isinstance(e.get("ip"), str):
            try:
                ipaddress.ip_address(e["ip"])
            except ValueError:
                c.add(f"{where}.ip", _("não é um endereço IP"), "file.audit_ip")
    return c.issues


def _aware(text: str) -> dt.datetime | None:
    try:
        moment = dt.datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def load_trail(
    doc: Document,
    t: Tournament,
    accounts: Mapping[str, Any],
    matches: Sequence[Match],
    teams: Mapping[str, Team],
) -> None:
    rows = []
    for e in doc.audit:
        actor = accounts.get(e["by"]) if isinstance(e.get("by"), str) else None
        match = e.get("match")
        people = {accounts[k].pk for k in e.get("people") or []}
        rows.append(
            AuditEntry(
                tournament_id=t.pk,
                at=dt.datetime.fromisoformat(e["at"]),
                actor=actor,
                actor_label=e["label"],
                ip=e.get("ip") or None,
                where=e.get("where") or "",
                action=e["action"],
                kind=e["kind"],
                model=e["model"],
                object_id=e.get("object_id") or "",
                summary=e["summary"],
                summaries=e.get("summaries") or {},
                before=e.get("before"),
                after=e.get("after"),
                changes=e.get("changes") or [],
                changes_by_language=e.get("changes_by_language") or {},
                match_id=matches[match].pk if isinstance(match, int) else None,
                teams=id_list({teams[k].pk for k in e.get("teams") or []}),
                people=id_list(people),
            )
        )
    AuditEntry.objects.bulk_create(rows, batch_size=500)
