"""The checks of meaning of a tenteio/1 file whose shape is right, reading it into a ``Document``.

The file's shape (keys, types, enums, lengths, list sizes) is judged by the JSON Schema
``tenteio-1.schema.json`` (``shape.py``). ``parse_document`` reads the decoded JSON into
a :class:`Document` of plain dataclasses (``document.py``), tolerantly (a value of the
wrong type is skipped: the schema has reported it), and collects the problems only the meaning of
the file shows, as :class:`Issue` lines that name where they are: a repeated team key,
stage or chave, a team in two chaves, a reference to a team, stage or chave that does
not exist, a roster that does not fit the modality, a jogo listed twice, an impossible
date, a name ``core.text.name_problem`` refuses, a label of a team outside its mata-mata,
a chave draw whose ``sizes`` do not add up to its ``order``. Settings are applied by the rules
engine (``rules.settings``); results are parsed and validated by it in ``validate.py``.

Names (tournament, venue, team, entity, player, mesa) are read as ``core.text.clean_name``
gives them. Two teams whose names have the same ``core.text.name_key`` are a warning:
the file's teams are told apart by their keys, but a person reading the classificação
is not.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.problem_text import render
from core.text import clip, name_key
from interchange.checker import Checker, Issue
from interchange.document import (
    Document,
    GroupDoc,
    MatchDoc,
    PlayerDoc,
    RoundDoc,
    StageDoc,
    SwapDoc,
    TeamDoc,
)
from interchange.people import parse_people
from interchange.schema_lots import read_lots
from interchange.times import read_date, read_moment
from interchange.values import items as _list
from interchange.values import obj as _obj
from interchange.values import positive as _int
from interchange.values import team_refs as _team_refs
from interchange.values import text as _str
from rules.modalities import PRESETS, apply_overrides
from rules.problems import RulesError

STAGE_PLANS = ("groups", "groups_knockout", "knockout", "multi_phase")  # Tournament.StagePlan
TEAM_STATUSES = ("registered", "checked_in", "absent", "withdrawn")  # Team.Status
SLUG_RE = re.compile(r"[-a-zA-Z0-9_]{1,100}")  # fullmatch: a trailing line break is not a slug


def parse_document(data: Any) -> tuple[Document, list[Issue]]:
    """The document and the issues of meaning; shape issues come from ``shape.shape_issues``."""
    c = Checker()
    doc = Document()
    top = _obj(data)
    _tournament(c, doc, _obj(top.get("tournament")))
    _teams(c, doc, _list(top.get("teams")))
    _stages(c, doc, _list(top.get("stages")))
    _matches(c, doc, _list(top.get("matches")))
    read_lots(c, doc, _list(top.get("lots")))
    doc.people = parse_people(c, _list(top.get("people")))
    doc.audit = _list(top.get("audit"))
    return doc, c.issues


def _tournament(c: Checker, doc: Document, t: Mapping[str, Any]) -> None:
    doc.name = c.name(t.get("name"), "tournament.name") or ""
    slug = t.get("slug")
    if isinstance(slug, str) and SLUG_RE.fullmatch(slug):
        doc.slug = slug
    elif isinstance(slug, str):
        c.add("tournament.slug", _("use só letras, números, - e _ (até 100)"), "file.slug_invalid")
    key = t.get("modality")
    if isinstance(key, str) and key in PRESETS:
        doc.modality_key = key
    settings = t.get("settings")
    doc.settings = dict(settings) if isinstance(settings, Mapping) else {}
    if doc.modality_key:
        try:
            doc.modality = apply_overrides(PRESETS[doc.modality_key], doc.settings)
        except RulesError as exc:
            for p in exc.problems:
                c.add("tournament.settings", render(p), p.code)
    doc.date = read_date(c, t.get("date"), "tournament.date")
    doc.end_date = read_date(c, t.get("end_date"), "tournament.end_date")
    if doc.date and doc.end_date and doc.end_date < doc.date:
        message = _("a data de término não pode ser antes da data")
        c.add("tournament.end_date", message, "file.end_before_date")
    doc.checkin_deadline = read_moment(c, t.get("checkin_deadline"), "tournament.checkin_deadline")
    doc.event = c.name(t.get("event"), "tournament.event", required=False) or ""
    doc.table_count = _int(t.get("table_count"))
    doc.show_pending_results = t.get("show_pending_results") is True
    double = t.get("double_entry")
    doc.double_entry = double if double in ("all", "knockout") else None
    doc.venue = c.name(t.get("venue"), "tournament.venue", required=False) or ""
    doc.double_elimination = t.get("double_elimination") is True
    doc.grand_final_reset = t.get("grand_final_reset") is not False
    plan = t.get("stage_plan")
    doc.stage_plan = plan if plan in STAGE_PLANS else None
    doc.advance_per_group = _int(t.get("advance_per_group"))
    best = t.get("advance_best_next")
    doc.advance_best_next = (
        best if isinstance(best, int) and not isinstance(best, bool) and best >= 0 else None
    )


def _teams(c: Checker, doc: Document, value: list[Any]) -> None:
    seen: set[str] = set()
    names: dict[str, str] = {}  # name key -> team key
    seeds: dict[int, str] = {}  # cabeça de chave -> team key
    for i, raw in enumerate(value):
        t = _obj(raw)
        key = _str(t.get("key"))
        if key is None:
            continue
        where = _("equipe %(key)s") % {"key": key}
        if key in seen:
            c.add(where, _("código de equipe repetido"), "file.team_duplicate")
        seen.add(key)
        name = c.name(t.get("name"), f"teams[{i}].name")
        entity = c.name(t.get("entity"), f"teams[{i}].entity", required=False)
        roster = _players(c, doc, where, i, _list(t.get("players")))
        if name is not None:
            other = names.setdefault(name_key(name), key)
            if other != key:
                message = _("nome «%(name)s» igual ao da equipe %(other)s") % {
                    "name": clip(name),
                    "other": clip(other),
                }
                c.issues.append(Issue(where, message, "file.team_name_duplicate", "warning"))
        seed = _int(t.get("seed"))
        if seed is not None and seeds.setdefault(seed, key) != key:
            owner = clip(seeds[seed])
            message = _(
                "cabeça de chave %(seed)s já é de %(owner)s: cada cabeça de chave é de uma só equipe"
            ) % {
                "seed": seed,
                "owner": owner,
            }
            c.add(where, message, "file.seed_duplicate")
        # Kept even with a bad name (already an issue), so its jogos are still checked.
        status = t.get("status")
        status = status if status in TEAM_STATUSES else "registered"  # else: the schema said
        doc.teams.append(TeamDoc(key, name or "", entity, seed, roster, status))


def _players(c: Checker, doc: Document, where: str, i: int, value: list[Any]) -> list[PlayerDoc]:
    players = []
    for j, raw in enumerate(value):
        p = _obj(raw)
        name = c.name(p.get("name"), f"teams[{i}].players[{j}].name")
        if name is not None:
            players.append(PlayerDoc(name, p.get("captain") is True, p.get("reserve") is True))
    m = doc.modality
    if m is not None:
        starters = sum(1 for p in players if not p.reserve)
        reserves = len(players) - starters
        if starters != m.players:
            needs = ngettext(
                "a modalidade exige %(n)d titular (informados: %(given)d)",
                "a modalidade exige %(n)d titulares (informados: %(given)d)",
                m.players,
            )
            c.add(where, needs % {"n": m.players, "given": starters}, "team.size")
        if reserves > m.max_reserves:
            most = ngettext(
                "no máximo %(n)d reserva (informados: %(given)d)",
                "no máximo %(n)d reservas (informados: %(given)d)",
                m.max_reserves,
            )
            c.add(where, most % {"n": m.max_reserves, "given": reserves}, "team.reserves")
    captains = sum(1 for p in players if p.captain)
    flags_ok = all(isinstance(_obj(raw).get("captain"), (bool, type(None))) for raw in value)
    if captains != 1 and flags_ok:  # a «captain» that is not true/false: the schema said so
        c.add(
            where,
            _("a equipe deve ter exatamente um capataz (informados: %(n)d)") % {"n": captains},
            "team.captain",
        )
    return players


def _stages(c: Checker, doc: Document, value: list[Any]) -> None:
    teams = {t.key for t in doc.teams}
    keys: set[str] = set()
    for raw in value:
        s = _obj(raw)
        key, kind = _str(s.get("key")), s.get("kind")
        if key is None or kind not in ("groups", "knockout"):
            continue
        where = _("fase %(key)s") % {"key": key}
        if key in keys:
            c.add(where, _("fase repetida"), "file.stage_duplicate")
        keys.add(key)
        stage = StageDoc(key=key, kind=kind)
        if kind == "groups":
            placed: set[str] = set()
            names: set[str] = set()
            for graw in _list(s.get("groups")):
                g = _obj(graw)
                name = _str(g.get("name"))
                if name is None:
                    continue
                if name in names:
                    c.add(
                        _("%(where)s / chave %(name)s") % {"where": where, "name": name},
                        _("chave repetida"),
                        "file.group_duplicate",
                    )
                names.add(name)
                members = _team_refs(
                    c, teams, g.get("teams"), _("%(where)s / chave %(name)s") % {"where": where, "name": name}
                )
                for team in members:
                    if team in placed:
                        c.add(
                            _("%(where)s / chave %(name)s") % {"where": where, "name": name},
                            _("equipe %(team)s em duas chaves") % {"team": team},
                            "file.team_twice",
                        )
                    placed.add(team)
                stage.groups.append(GroupDoc(name, members))
            # A system the format does not have: the schema reported it; read as Swiss so
            # that its swiss_rounds, swaps and pairings are not reported too.
            if s.get("system") not in (None, "round_robin"):
                stage.system = "swiss"
                stage.swiss_rounds = _int(s.get("swiss_rounds"))
                # None before it starts (the system chosen on «Novo torneio»).
                if len(stage.groups) > 1:
                    c.add(where, _("uma fase suíça tem uma só chave"), "file.swiss_groups")
                stage.swaps = _swaps(c, where, stage, _list(s.get("swaps")))
        else:
            stage.teams = list(dict.fromkeys(_team_refs(c, teams, s.get("teams"), where)))
            for team, label in _obj(s.get("labels")).items():
                if team not in stage.teams:
                    c.add(
                        f"{where} / labels",
                        _("equipe %(team)s não está neste mata-mata") % {"team": str(team)[:40]},
                        "file.team_unknown",
                    )
                elif isinstance(label, str):
                    stage.labels[team] = label.strip()
        stage.rounds = _rounds(c, where, _list(s.get("rounds")))
        doc.stages.append(stage)


def _swaps(c: Checker, where: str, stage: StageDoc, value: list[Any]) -> list[SwapDoc]:
    """A Swiss phase's exchanges: two teams of its chave, with the reason."""
    members = {k for g in stage.groups for k in g.teams}
    swaps = []
    for i, raw in enumerate(value):
        w = _obj(raw)
        number, pair, reason = _int(w.get("round")), _list(w.get("teams")), _str(w.get("reason"))
        if number is None or reason is None or len(pair) != 2 or not all(isinstance(k, str) for k in pair):
            continue  # the schema reported it
        missing = [k for k in pair if k not in members]
        if missing:
            c.add(
                f"{where} / swaps[{i}]",
                _("equipe %(team)s não está nesta chave/fase") % {"team": missing[0][:40]},
                "file.team_not_in_group",
            )
            continue
        swaps.append(SwapDoc(number, (pair[0], pair[1]), reason))
    return swaps


def _rounds(c: Checker, where: str, value: list[Any]) -> list[RoundDoc]:
    """A phase's rodadas: their start and limite, one entry per number."""
    rounds: dict[int, RoundDoc] = {}
    for raw in value:
        r = _obj(raw)
        number = _int(r.get("number"))
        if number is None:
            continue
        here = _("%(where)s / rodada %(n)d") % {"where": where, "n": number}
        if number in rounds:
            c.add(here, _("rodada repetida"), "file.round_duplicate")
        rounds[number] = RoundDoc(
            number, read_moment(c, r.get("starts_at"), here), read_moment(c, r.get("deadline"), here)
        )
    return list(rounds.values())


def _matches(c: Checker, doc: Document, value: list[Any]) -> None:
    stages = {s.key: s for s in doc.stages}
    fixtures: set[tuple[str, str | None, int | None, frozenset[str]]] = set()
    for i, raw in enumerate(value):
        where = _("jogo #%(n)d") % {"n": i + 1}
        m = _obj(raw)
        stage_key, group, pair = m.get("stage"), m.get("group"), m.get("teams")
        if not (isinstance(stage_key, str) and isinstance(pair, list) and len(pair) == 2):
            continue  # the schema reported it
        if not all(isinstance(t, str) for t in pair) or (group is not None and not isinstance(group, str)):
            continue
        stage = stages.get(stage_key)
        if stage is None:
            c.add(where, _("fase desconhecida «%(key)s»") % {"key": stage_key[:40]}, "file.stage_unknown")
            continue
        if stage.kind == "groups":
            found = [g for g in stage.groups if g.name == group]
            if not found:
                c.add(
                    where,
                    _("chave desconhecida «%(group)s» na fase %(stage)s")
                    % {"group": str(group)[:40], "stage": stage.key},
                    "file.group_unknown",
                )
                continue
            members = set(found[0].teams)
        elif group is not None:
            c.add(where, _("jogo de mata-mata não tem chave"), "file.group_unknown")
            continue
        else:
            members = set(stage.teams)
        table = m.get("table")
        if isinstance(table, int) and not isinstance(table, bool):
            table = str(table)
        table = c.name(table, f"{where}.table") if isinstance(table, str) and len(table) <= 30 else None
        if pair[0] == pair[1]:
            c.add(where, _("uma equipe não joga contra si mesma"), "match.same_team")
            continue
        if any(t not in members for t in pair):
            missing = [t for t in pair if t not in members]
            c.add(
                where,
                _("equipe %(team)s não está nesta chave/fase") % {"team": missing[0][:40]},
                "file.team_not_in_group",
            )
            continue
        rnd = _int(m.get("round"))
        time = read_moment(c, m.get("time"), f"{where}.time")
        doc_match = MatchDoc(i, stage.key, group, rnd, table, (pair[0], pair[1]), m.get("result"), time)
        doc_match.history = m.get("history")
        side = m.get("bracket")
        if side in ("W", "L", "GF"):
            if stage.kind != "knockout" or not doc.double_elimination:
                message = _("só um jogo de mata-mata de dupla eliminação tem «bracket»")
                c.add(where, message, "file.match_bracket")
                continue
            doc_match.bracket = side
        elif stage.kind == "knockout" and doc.double_elimination and side is None:
            message = _("na dupla eliminação cada jogo de mata-mata diz seu «bracket» («W», «L» ou «GF»)")
            c.add(where, message, "file.match_bracket")
            continue
        fixture = (stage.key, group, rnd, frozenset(pair))
        if fixture in fixtures:
            c.add(doc_match.where(), _("jogo repetido (uma só súmula por confronto)"), "V-M21")
        fixtures.add(fixture)
        doc.matches.append(doc_match)
