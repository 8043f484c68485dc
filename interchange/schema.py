"""Shape checks of a tenteio/1 file, before anything touches the database.

``parse_document`` turns the decoded JSON into a :class:`Document` of plain
dataclasses, collecting every problem it finds (unknown keys, wrong types, references to
teams or stages that do not exist, roster sizes) as :class:`Issue` lines that name where
they are. Results are parsed and validated by the rules engine in ``validate.py``.

Names (tournament, venue, team, entity, player, mesa) are read as ``core.text.clean_name``
gives them. Two teams whose names have the same ``core.text.name_key`` are a warning:
the file's teams are told apart by their keys, but a person reading the classificação
is not.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from core.text import clip, name_key
from interchange.checker import Checker, Issue
from rules.messages import render
from rules.modalities import PRESETS, Modality, apply_overrides
from rules.problems import RulesError

FORMAT = "tenteio/1"
SLUG_RE = re.compile(r"^[-a-zA-Z0-9_]{1,100}$")
LOT_PURPOSES = ("tiebreak", "groups", "byes", "bracket")

TOP_KEYS = {"format", "tournament", "teams", "stages", "matches", "lots"}
TOURNAMENT_KEYS = {"name", "slug", "modality", "settings", "date", "venue"}
TEAM_KEYS = {"key", "name", "entity", "seed", "players"}
PLAYER_KEYS = {"name", "captain", "reserve"}
STAGE_KEYS = {"key", "kind", "groups", "teams"}
GROUP_KEYS = {"name", "teams"}
MATCH_KEYS = {"stage", "group", "round", "table", "teams", "result"}
LOT_KEYS = {"purpose", "stage", "group", "order"}


@dataclass
class PlayerDoc:
    name: str
    captain: bool
    reserve: bool


@dataclass
class TeamDoc:
    key: str
    name: str
    entity: str | None
    seed: int | None
    players: list[PlayerDoc]


@dataclass
class GroupDoc:
    name: str
    teams: list[str]


@dataclass
class StageDoc:
    key: str
    kind: str
    groups: list[GroupDoc] = field(default_factory=list)
    teams: list[str] = field(default_factory=list)


@dataclass
class MatchDoc:
    index: int
    stage: str
    group: str | None
    round: int | None
    table: str | None
    teams: tuple[str, str]
    result: Any  # raw; the rules engine parses it

    def where(self) -> str:
        parts = [f"jogo #{self.index + 1}", f"fase {self.stage}"]
        if self.group is not None:
            parts.append(f"chave {self.group}")
        if self.round is not None:
            parts.append(f"rodada {self.round}")
        parts.append(f"{self.teams[0]} × {self.teams[1]}")
        return " / ".join(parts)


@dataclass
class LotDoc:
    purpose: str
    stage: str | None
    group: str | None
    order: list[str]


@dataclass
class Document:
    name: str = ""
    slug: str = ""
    modality_key: str = ""
    settings: dict[str, Any] = field(default_factory=dict)
    modality: Modality | None = None
    date: dt.date | None = None
    venue: str = ""
    teams: list[TeamDoc] = field(default_factory=list)
    stages: list[StageDoc] = field(default_factory=list)
    matches: list[MatchDoc] = field(default_factory=list)
    lots: list[LotDoc] = field(default_factory=list)


def parse_document(data: Any) -> tuple[Document, list[Issue]]:
    c = Checker()
    doc = Document()
    top = c.obj(data, "arquivo", TOP_KEYS, ("format", "tournament", "teams"))
    if top and top.get("format") != FORMAT:
        c.add("format", f"deve ser «{FORMAT}»", "file.format")
    _tournament(c, doc, top.get("tournament"))
    _teams(c, doc, top.get("teams"))
    _stages(c, doc, top.get("stages"))
    _matches(c, doc, top.get("matches"))
    _lots(c, doc, top.get("lots"))
    return doc, c.issues


def _tournament(c: Checker, doc: Document, value: Any) -> None:
    t = c.obj(value, "tournament", TOURNAMENT_KEYS, ("name", "slug", "modality"))
    if not t:
        return
    doc.name = c.name(t.get("name"), "tournament.name") or ""
    slug = t.get("slug")
    if isinstance(slug, str) and SLUG_RE.match(slug):
        doc.slug = slug
    else:
        c.add("tournament.slug", "use só letras, números, - e _ (até 100)", "file.slug_invalid")
    key = t.get("modality")
    if isinstance(key, str) and key in PRESETS:
        doc.modality_key = key
    else:
        known = ", ".join(PRESETS)
        c.add("tournament.modality", f"modalidade desconhecida; use uma de: {known}", "file.modality_unknown")
    settings = t.get("settings", {})
    if settings is None:
        settings = {}
    if not isinstance(settings, Mapping):
        c.add("tournament.settings", "deve ser um objeto JSON", "file.not_object")
        settings = {}
    doc.settings = dict(settings)
    if doc.modality_key:
        try:
            doc.modality = apply_overrides(PRESETS[doc.modality_key], doc.settings)
        except RulesError as exc:
            for p in exc.problems:
                c.add("tournament.settings", render(p), p.code)
    date = t.get("date")
    if date is not None:
        try:
            doc.date = dt.date.fromisoformat(date) if isinstance(date, str) and len(date) == 10 else None
        except ValueError:
            doc.date = None
        if doc.date is None:
            c.add("tournament.date", "use o formato AAAA-MM-DD", "file.date_invalid")
    doc.venue = c.name(t.get("venue"), "tournament.venue", required=False) or ""


def _teams(c: Checker, doc: Document, value: Any) -> None:
    seen: set[str] = set()
    names: dict[str, str] = {}  # name key -> team key
    for i, raw in enumerate(c.array(value, "teams", limit=5000)):
        where = f"teams[{i}]"
        t = c.obj(raw, where, TEAM_KEYS, ("key", "name", "players"))
        if not t:
            continue
        key = c.text(t.get("key"), f"{where}.key", limit=60)
        if key is not None:
            where = f"equipe {key}"
            if key in seen:
                c.add(where, "código de equipe repetido", "file.team_duplicate")
            seen.add(key)
        name = c.name(t.get("name"), f"{where}.name")
        entity = c.name(t.get("entity"), f"{where}.entity", required=False) or None
        seed = c.integer(t.get("seed"), f"{where}.seed")
        roster = _players(c, doc, where, t.get("players"))
        if key is None or name is None:
            continue
        other = names.setdefault(name_key(name), key)
        if other != key:
            message = f"nome «{clip(name)}» igual ao da equipe {clip(other)}"
            c.issues.append(Issue(where, message, "file.team_name_duplicate", "warning"))
        doc.teams.append(TeamDoc(key, name, entity, seed, roster))


def _players(c: Checker, doc: Document, where: str, value: Any) -> list[PlayerDoc]:
    players = []
    for j, raw in enumerate(c.array(value, f"{where}.players", limit=50)):
        p = c.obj(raw, f"{where}.players[{j}]", PLAYER_KEYS, ("name",))
        if not p:
            continue
        name = c.name(p.get("name"), f"{where}.players[{j}].name")
        captain = c.boolean(p.get("captain"), f"{where}.players[{j}].captain")
        reserve = c.boolean(p.get("reserve"), f"{where}.players[{j}].reserve")
        if name is None:
            continue
        players.append(PlayerDoc(name, captain, reserve))
    m = doc.modality
    if m is not None:
        starters = sum(1 for p in players if not p.reserve)
        reserves = len(players) - starters
        if starters != m.players:
            c.add(where, f"a modalidade exige {m.players} titulares (informados: {starters})", "team.size")
        if reserves > m.max_reserves:
            c.add(where, f"no máximo {m.max_reserves} reserva(s) (informados: {reserves})", "team.reserves")
    captains = sum(1 for p in players if p.captain)
    if captains != 1:
        c.add(where, f"a equipe deve ter exatamente um capataz (informados: {captains})", "team.captain")
    return players


def _stages(c: Checker, doc: Document, value: Any) -> None:
    teams = {t.key for t in doc.teams}
    keys: set[str] = set()
    for i, raw in enumerate(c.array(value, "stages", limit=50)):
        s = c.obj(raw, f"stages[{i}]", STAGE_KEYS, ("key", "kind"))
        if not s:
            continue
        key = c.text(s.get("key"), f"stages[{i}].key", limit=60)
        kind = s.get("kind")
        if key is None:
            continue
        where = f"fase {key}"
        if key in keys:
            c.add(where, "fase repetida", "file.stage_duplicate")
        keys.add(key)
        stage = StageDoc(key=key, kind=str(kind))
        if kind == "groups":
            if "teams" in s:
                c.add(where, "fase de chaves lista as equipes em «groups»", "file.unknown_key")
            placed: set[str] = set()
            names: set[str] = set()
            for j, graw in enumerate(c.array(s.get("groups"), f"{where}.groups", limit=1000)):
                g = c.obj(graw, f"{where}.groups[{j}]", GROUP_KEYS, ("name", "teams"))
                name = c.text(g.get("name"), f"{where}.groups[{j}].name", limit=60) if g else None
                if name is None:
                    continue
                if name in names:
                    c.add(f"{where} / chave {name}", "chave repetida", "file.group_duplicate")
                names.add(name)
                members = _team_refs(c, teams, g.get("teams"), f"{where} / chave {name}")
                for team in members:
                    if team in placed:
                        c.add(f"{where} / chave {name}", f"equipe {team} em duas chaves", "file.team_twice")
                    placed.add(team)
                stage.groups.append(GroupDoc(name, members))
        elif kind == "knockout":
            if "groups" in s:
                c.add(where, "mata-mata lista as equipes em «teams»", "file.unknown_key")
            stage.teams = _team_refs(c, teams, s.get("teams"), where)
            if len(set(stage.teams)) != len(stage.teams):
                c.add(where, "equipe repetida no mata-mata", "file.team_twice")
        else:
            c.add(where, "«kind» deve ser «groups» ou «knockout»", "file.stage_kind")
            continue
        doc.stages.append(stage)


def _team_refs(c: Checker, teams: set[str], value: Any, where: str) -> list[str]:
    refs = []
    for ref in c.array(value, f"{where}.teams", limit=1024):
        if isinstance(ref, str) and ref in teams:
            refs.append(ref)
        else:
            c.add(where, f"equipe desconhecida «{str(ref)[:40]}»", "file.team_unknown")
    return refs


def _matches(c: Checker, doc: Document, value: Any) -> None:
    stages = {s.key: s for s in doc.stages}
    fixtures: set[tuple[str, str | None, int | None, frozenset[str]]] = set()
    for i, raw in enumerate(c.array(value, "matches", limit=200_000)):
        where = f"jogo #{i + 1}"
        m = c.obj(raw, where, MATCH_KEYS, ("stage", "teams", "result"))
        if not m:
            continue
        stage_key = m.get("stage")
        stage = stages.get(stage_key) if isinstance(stage_key, str) else None
        if stage is None:
            c.add(where, f"fase desconhecida «{str(m.get('stage'))[:40]}»", "file.stage_unknown")
            continue
        group = m.get("group")
        members: set[str] | None = None
        if stage.kind == "groups":
            found = [g for g in stage.groups if g.name == group]
            if not found:
                c.add(
                    where, f"chave desconhecida «{str(group)[:40]}» na fase {stage.key}", "file.group_unknown"
                )
                continue
            members = set(found[0].teams)
        elif group is not None:
            c.add(where, "jogo de mata-mata não tem chave", "file.group_unknown")
            continue
        else:
            members = set(stage.teams)
        rnd = c.integer(m.get("round"), f"{where}.round")
        table = m.get("table")
        if isinstance(table, int) and not isinstance(table, bool):
            table = str(table)
        if table is not None and (not isinstance(table, str) or not table.strip() or len(table) > 30):
            c.add(where, "«table» deve ser o nome da mesa (até 30 caracteres)", "file.table_invalid")
            table = None
        elif table is not None:
            table = c.name(table, f"{where}.table", limit=30)
        pair = m.get("teams")
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(t, str) for t in pair)):
            c.add(where, "«teams» deve listar as duas equipes do jogo", "file.match_teams")
            continue
        if pair[0] == pair[1]:
            c.add(where, "uma equipe não joga contra si mesma", "match.same_team")
            continue
        if any(t not in members for t in pair):
            missing = [t for t in pair if t not in members]
            c.add(where, f"equipe {missing[0][:40]} não está nesta chave/fase", "file.team_not_in_group")
            continue
        doc_match = MatchDoc(i, stage.key, group, rnd, table, (pair[0], pair[1]), m.get("result"))
        fixture = (stage.key, group, rnd, frozenset(pair))
        if fixture in fixtures:
            c.add(doc_match.where(), "jogo repetido (uma só súmula por confronto)", "V-M21")
        fixtures.add(fixture)
        doc.matches.append(doc_match)


def _lots(c: Checker, doc: Document, value: Any) -> None:
    stages = {s.key: s for s in doc.stages}
    teams = {t.key for t in doc.teams}
    for i, raw in enumerate(c.array(value, "lots", limit=10_000)):
        where = f"lots[{i}]"
        lot = c.obj(raw, where, LOT_KEYS, ("purpose", "order"))
        if not lot:
            continue
        purpose = lot.get("purpose")
        if purpose not in LOT_PURPOSES:
            c.add(where, f"«purpose» deve ser um de: {', '.join(LOT_PURPOSES)}", "file.lot_purpose")
            continue
        stage_key, group = lot.get("stage"), lot.get("group")
        if stage_key is not None and stage_key not in stages:
            c.add(where, f"fase desconhecida «{str(stage_key)[:40]}»", "file.stage_unknown")
            continue
        if group is not None and (
            stage_key is None or group not in {g.name for g in stages[stage_key].groups}
        ):
            c.add(where, f"chave desconhecida «{str(group)[:40]}»", "file.group_unknown")
            continue
        order = _team_refs(c, teams, lot.get("order"), where)
        if len(set(order)) != len(order):
            c.add(where, "equipe repetida no sorteio", "file.team_twice")
            continue
        doc.lots.append(LotDoc(str(purpose), stage_key, group, order))
