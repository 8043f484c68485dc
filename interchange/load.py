"""Loading a tenteio/1 file: everything is checked first, then written in one transaction.

On any error nothing is written and :class:`InterchangeError` carries one line per
problem (stage, chave, rodada, both team keys, partida and the rule broken).

A file is bounded before it is decoded: 20 MB, and as many objects, lists and values as
a tournament far larger than any rodeio needs (``decode``), because ``json.loads`` of
20 MB of ``{},`` alone takes about 480 MB. A NUL or a lone surrogate in any text, or a
nesting deeper than the format's, refuses the file before its shape is read
(``checker.unstorable_texts``). Then the file is held to the JSON Schema of tenteio/1
(``shape.py``, ``tenteio-1.schema.json``), its meaning is checked (``schema.py``) and its
results go through the rules engine (``validate.py``). Names are stored as
``core.text.clean_name`` gives them; entities and mesas whose names have the same
``core.text.name_key`` are one.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from audit.context import Origin, activate, current, deactivate
from core.text import digits, name_key
from interchange import replace as replacing
from interchange.brackets import check_brackets
from interchange.checker import Issue, unstorable_texts
from interchange.document import Document, LotDoc, implied_plan
from interchange.history_load import check_histories, too_many_hands
from interchange.history_write import write_histories
from interchange.lots import check_lots, check_swiss
from interchange.people import load_people, table_names
from interchange.placing import place_brackets
from interchange.schema import parse_document
from interchange.shape import shape_issues
from interchange.trail import check_trail, load_trail
from interchange.validate import Prepared, check_results
from scoring.models import ScoreSheet, ScoringSettings
from scoring.services.contributions import contributions_recompute
from tournaments.models import (
    DrawOfLots,
    Entity,
    Group,
    GroupTeam,
    Match,
    PairingSwap,
    Player,
    Round,
    Stage,
    StageTeam,
    Table,
    Team,
    Tournament,
)
from tournaments.pairing import group_names
from tournaments.revision import bump

MAX_FILE_BYTES = 20 * 1024 * 1024
# 5,000 teams (the most a file may hold) in chaves of eight with every jogo played
# (17,500 jogos, bench.generate) is 3 MB with 129,000 objects and lists and 204,000
# commas. Each object costs Python ~70–190 bytes and each value ~8–30 once decoded
# (20 MB of «{},» alone took ~480 MB): these bounds keep a decoded file near 100 MB.
MAX_CONTAINERS = 300_000  # «{» and «[» bytes, counted before decoding (strings included)
MAX_COMMAS = 600_000  # values are at most commas + containers + 1


class InterchangeError(Exception):
    def __init__(self, issues: list[Issue]) -> None:
        self.issues = issues
        n = len(issues)
        super().__init__(ngettext("%(n)d problema no arquivo", "%(n)d problemas no arquivo", n) % {"n": n})


@dataclass
class LoadOutcome:
    tournament: Tournament
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def decode(raw: bytes | str) -> Any:
    """JSON text to Python values, refusing oversized, non-UTF-8 or absurd input."""
    if len(raw) > MAX_FILE_BYTES:
        raise InterchangeError(
            [
                Issue(
                    _("arquivo"),
                    _("maior que %(mb)d MB") % {"mb": MAX_FILE_BYTES // 1024 // 1024},
                    "file.too_big",
                )
            ]
        )
    # Counting bytes is an upper bound (a «{» inside a name counts too) read in a few ms.
    if isinstance(raw, bytes):
        containers, commas = raw.count(b"{") + raw.count(b"["), raw.count(b",")
    else:
        containers, commas = raw.count("{") + raw.count("["), raw.count(",")
    for count, limit, too_many in (
        (containers, MAX_CONTAINERS, _("estrutura grande demais: %(n)s objetos e listas (máximo %(max)s)")),
        (commas, MAX_COMMAS, _("estrutura grande demais: %(n)s valores (máximo %(max)s)")),
    ):
        if count > limit:
            message = too_many % {"n": digits(count), "max": digits(limit)}
            raise InterchangeError([Issue(_("arquivo"), message, "file.too_complex")])
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
        return json.loads(text)
    except UnicodeDecodeError:
        raise InterchangeError([Issue(_("arquivo"), _("não está em UTF-8"), "file.encoding")]) from None
    except (ValueError, RecursionError) as exc:  # bad JSON, huge integers, deep nesting
        raise InterchangeError(
            [Issue(_("arquivo"), _("JSON inválido: %(error)s") % {"error": str(exc)[:120]}, "file.json")]
        ) from None


def check_document(
    data: Any, *, clamp: bool = False, replace: bool = False
) -> tuple[Document, list[Prepared], list[Issue], list[str]]:
    unstorable = unstorable_texts(data)
    if unstorable:  # nothing else is read: a message could echo the bad text
        return Document(), [], unstorable, []
    if too_many := too_many_hands(data):
        return Document(), [], too_many, []
    shape = shape_issues(data)
    doc, issues = parse_document(data)
    if doc.slug and not replace and (found := replacing.existing(doc.slug)) is not None:
        issues.append(replacing.taken(doc.slug, found.name))
    prepared, result_issues, notes = check_results(doc, clamp=clamp)
    # Settings and results are the rules engine's to report (with the codes of the
    # súmula pages); the schema speaks there only where the rules engine found nothing.
    judged = {f"result:{i.match}" for i in result_issues if i.severity == "error"}
    if any(i.where == "tournament.settings" for i in issues):
        judged.add("settings")
    own = [s.issue for s in shape if s.subtree is None]
    extra = [s.issue for s in shape if s.subtree is not None and s.subtree not in judged]
    if not any(i.severity == "error" for i in issues + result_issues) and not own + extra:
        result_issues += check_brackets(doc, prepared)  # these need every result readable
        result_issues += check_lots(doc, prepared)
        result_issues += check_swiss(doc)
        doc.histories, history_issues = check_histories(doc, {d.key: len(d.players) for d in doc.teams})
        result_issues += history_issues + check_trail(doc)
    return doc, prepared, _unique(own + issues + result_issues + extra), notes


def _unique(issues: list[Issue]) -> list[Issue]:
    """One line per place, rule and message: the schema and a check of meaning may both
    see one mistake (a slug with a space), though only the latter sees some (a date
    «2026-02-30», a slug ending in a line break, which Python's ``re`` lets ``$`` pass)."""
    return list(dict.fromkeys(issues))


def load_tournament(
    data: Any, *, clamp: bool = False, user: Any = None, replace: bool = False
) -> LoadOutcome:
    """Write the file's tournament; ``replace``: in place of the site's tournament of the
    same slug, if any (``interchange.replace``; ``user`` must organize it)."""
    doc, prepared, issues, notes = check_document(data, clamp=clamp, replace=replace)
    errors = [i for i in issues if i.severity == "error"]
    if errors:
        raise InterchangeError(errors)
    # A load from a shell or a worker names itself in the trail too: an export leaves
    # the load's own entries out (interchange.trail).
    token = activate(Origin(command="loadtournament")) if current()[3] == "" else None
    try:
        with transaction.atomic():
            members = replacing.clear(doc.slug, user) if replace else []
            tournament = _write(doc, prepared, user, kept=[u for u, _ in members])
            replacing.keep_members(tournament, members)
            bump(tournament.pk)
    except replacing.ReplaceRefused as exc:
        raise InterchangeError([exc.issue]) from None
    except IntegrityError:
        if replacing.existing(doc.slug) is None:
            raise
        # Another load of the same slug committed first (checked above, then raced).
        raise InterchangeError([replacing.taken(doc.slug, doc.name)]) from None
    finally:
        if token is not None:
            deactivate(token)
    warnings = [i.line() for i in issues if i.severity == "warning"]
    return LoadOutcome(tournament, notes, warnings)


def _write(doc: Document, prepared: list[Prepared], user: Any, kept: Sequence[int] = ()) -> Tournament:
    t = Tournament.objects.create(
        name=doc.name,
        slug=doc.slug,
        modality=doc.modality_key,
        settings=doc.settings,
        date=doc.date,
        end_date=doc.end_date,
        event=doc.event,
        checkin_deadline=doc.checkin_deadline,
        table_count=doc.table_count,
        show_pending_results=doc.show_pending_results,
        venue=doc.venue,
        stage_plan=doc.stage_plan or implied_plan([s.kind for s in doc.stages]),
        advance_per_group=doc.advance_per_group,
        advance_best_next=doc.advance_best_next,
        double_elimination=doc.double_elimination,
        grand_final_reset=doc.grand_final_reset,
    )
    # One entity per name key, spelled as it first appears («CTG X» and «ctg  x» are one).
    spelling: dict[str, str] = {}
    for d in doc.teams:
        if d.entity:
            spelling.setdefault(name_key(d.entity), d.entity)
    created = Entity.objects.bulk_create([Entity(tournament=t, name=n) for n in sorted(spelling.values())])
    by_key = {name_key(e.name): e for e in created}
    entities = {d.entity: by_key[name_key(d.entity)] for d in doc.teams if d.entity}
    teams = Team.objects.bulk_create(
        [
            Team(
                tournament=t,
                key=d.key,
                name=d.name,
                entity=entities.get(d.entity or ""),
                seed=d.seed,
                status=d.status,
                order=i,
            )
            for i, d in enumerate(doc.teams)
        ]
    )
    team_by_key = {team.key: team for team in teams}
    players = Player.objects.bulk_create(
        [
            Player(team=team, name=p.name, is_captain=p.captain, is_reserve=p.reserve, order=j)
            for d, team in zip(doc.teams, teams, strict=True)
            for j, p in enumerate(d.players)
        ]
    )
    player_ids: dict[str, list[int]] = {}
    for player in players:  # in the file's order, team by team
        player_ids.setdefault(player.team.key, []).append(player.pk)
    stages = Stage.objects.bulk_create(
        [
            Stage(tournament=t, key=s.key, kind=s.kind, order=i, system=s.system, swiss_rounds=s.swiss_rounds)
            for i, s in enumerate(doc.stages)
        ]
    )
    stage_by_key = {s.key: s for s in stages}
    Round.objects.bulk_create(
        [
            Round(stage=stage_by_key[s.key], number=r.number, starts_at=r.starts_at, deadline=r.deadline)
            for s in doc.stages
            for r in s.rounds
        ]
    )
    group_rows = [(stage_by_key[s.key], j, g) for s in doc.stages for j, g in enumerate(s.groups)]
    groups = Group.objects.bulk_create([Group(stage=st, name=g.name, order=j) for st, j, g in group_rows])
    group_by_key = {(g.stage.key, g.name): g for g in groups}
    GroupTeam.objects.bulk_create(
        [
            GroupTeam(group=group, team=team_by_key[key], order=k)
            for group, (_, _, g) in zip(groups, group_rows, strict=True)
            for k, key in enumerate(g.teams)
        ]
    )
    StageTeam.objects.bulk_create(
        [
            StageTeam(stage=stage_by_key[s.key], team=team_by_key[key], order=k, label=s.labels.get(key, ""))
            for s in doc.stages
            for k, key in enumerate(s.teams)
        ]
    )
    table_spelling: dict[str, str] = {}
    for p in prepared:
        if p.match.table:
            table_spelling.setdefault(name_key(p.match.table), p.match.table)
    for name in table_names(doc.people):  # a judge's mesa no jogo names yet
        table_spelling.setdefault(name_key(name), name)
    made = Table.objects.bulk_create(
        [Table(tournament=t, name=n, order=i) for i, n in enumerate(table_spelling.values())]
    )
    table_by_key = {name_key(tb.name): tb for tb in made}
    tables = {p.match.table: table_by_key[name_key(p.match.table)] for p in prepared if p.match.table}
    matches = Match.objects.bulk_create(
        [
            Match(
                stage=stage_by_key[p.match.stage],
                group=group_by_key.get((p.match.stage, p.match.group or "")),
                round=p.match.round,
                table=tables.get(p.match.table or ""),
                scheduled_at=p.match.time,
                team_a=team_by_key[p.match.teams[0]],
                team_b=team_by_key[p.match.teams[1]],
                order=p.match.index,
                bracket=p.match.bracket,
            )
            for p in prepared
        ]
    )
    ScoreSheet.objects.bulk_create(
        [
            ScoreSheet(
                match=m,
                version=1,
                status=ScoreSheet.Status.HOMOLOGATED,
                confirmed=True,
                result=p.result,
                normalizations=p.normalizations,
                entered_by=user,
                source="loadtournament",
            )
            for m, p in zip(matches, prepared, strict=True)
            if p.result is not None and p.match.index not in doc.histories  # those write their own
        ]
    )
    if doc.double_entry:
        ScoringSettings.objects.create(
            tournament=t, double_entry=True, knockout_only=doc.double_entry == "knockout"
        )
    accounts = load_people(t, doc.people, table_by_key, kept)
    write_histories(doc.histories, matches, accounts, team_by_key, player_ids)
    contributions_recompute(tournament=t)  # what each jogo adds to the standings, stored once
    place_brackets(t, doc, prepared, matches)
    DrawOfLots.objects.bulk_create(
        [
            DrawOfLots(
                tournament=t,
                purpose=lot.purpose,
                stage=stage_by_key.get(lot.stage or ""),
                group=group_by_key.get((lot.stage or "", lot.group or "")),
                seed=lot.seed,
                manual=not lot.seed,
                inputs=lot.inputs if lot.purpose == "swiss" else sorted(lot.order),
                result=lot.result if lot.purpose == "swiss" else _draw_result(lot, doc),
                performed_by=user,
            )
            for lot in doc.lots
        ]
    )
    PairingSwap.objects.bulk_create(
        [
            PairingSwap(
                stage=stage_by_key[s.key],
                round=w.round,
                team_a=team_by_key[w.teams[0]],
                team_b=team_by_key[w.teams[1]],
                reason=w.reason,
                performed_by=user,
            )
            for s in doc.stages
            for w in s.swaps
        ]
    )
    load_trail(doc, t, accounts, matches, team_by_key)
    return t


def _draw_result(lot: LotDoc, doc: Document) -> Any:
    """What the sorteio recorded: a chave draw with ``sizes`` is a list of chaves
    ``{"name", "teams"}`` (as ``tournaments.services.draws`` records one), named as the
    phase's chaves in order, or A, B, … when the phase now has another number of chaves
    (the sorteio was redone); any other sorteio is its ``order``."""
    if lot.sizes is None:
        return lot.order
    stage = next((s for s in doc.stages if s.key == lot.stage), None)
    names = [g.name for g in stage.groups] if stage is not None else []
    if len(names) != len(lot.sizes):
        names = group_names(len(lot.sizes))
    chaves, start = [], 0
    for name, size in zip(names, lot.sizes, strict=True):
        chaves.append({"name": name, "teams": lot.order[start : start + size]})
        start += size
    return chaves
