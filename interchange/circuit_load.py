"""Load a circuit from its ``tenteio-circuit/1`` file (docs/interchange.md): its settings,
its etapas (tournaments already on this site, by slug), its circuit teams and people with
their links to the etapas' teams (by ``tenteio/1`` key) and players (by name within that
team), and its recorded sorteios. The rankings in the file are not read: they are
computed again from the etapas, whose placings are read as the circuit is written.

Every problem is a line naming where it is (``etapas[1]``, ``links.teams[0].teams[2]``);
with any problem nothing is written. Every sorteio loads: its competitors are the source
site's keys, renamed to this site's — circuit teams (``c``) and people (``p``) to the ones
created here, teams and players not linked (``t``, ``j``) to the rows the sorteio's
``competitors`` name (tournament slug, team key, player name), entities (``e:``) as they
are. ``inputs`` keep the file's order, so ``random.Random(seed)`` shuffling them gives
``result`` here as it did there (a sorteio that does not replay is refused).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.dateparse import parse_datetime
from jsonschema import Draft202012Validator

from circuits.models import (
    Circuit,
    CircuitEtapa,
    CircuitLots,
    CircuitPlayer,
    CircuitTeam,
    PlayerLink,
    TeamLink,
)
from circuits.revision import bump
from circuits.services.placings import etapa_placings_refresh
from core.text import name_key
from tournaments.models import Player, Team, Tournament

SCHEMA_PATH = Path(__file__).with_name("tenteio-circuit-1.schema.json")


class CircuitLoadError(Exception):
    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


def _shape(doc: Any) -> list[str]:
    validator = Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))
    return [
        f"{'.'.join(str(p) for p in e.absolute_path) or '(arquivo)'}: {e.message}"
        for e in sorted(validator.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))
    ][:50]


def _etapas(doc: dict[str, Any], circuit: Circuit, problems: list[str]) -> dict[str, CircuitEtapa]:
    out: dict[str, CircuitEtapa] = {}
    for k, entry in enumerate(doc["etapas"]):
        slug = entry["tournament"]["slug"]
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            problems.append(f"etapas[{k}]: o torneio «{slug}» não existe neste site (carregue-o antes)")
            continue
        out[entry["key"]] = CircuitEtapa.objects.create(
            circuit=circuit, tournament=tournament, order=entry["order"]
        )
    return out


def _team(
    etapas: dict[str, CircuitEtapa], ref: dict[str, Any], where: str, problems: list[str]
) -> Team | None:
    etapa = etapas.get(ref["etapa"])
    if etapa is None:
        problems.append(f"{where}: etapa «{ref['etapa']}» não está em «etapas»")
        return None
    team = Team.objects.filter(tournament=etapa.tournament, key=ref["team"]).first()
    if team is None:
        problems.append(f"{where}: o torneio «{etapa.tournament.slug}» não tem a equipe «{ref['team']}»")
    return team


def _links(
    doc: dict[str, Any], circuit: Circuit, etapas: dict[str, CircuitEtapa], problems: list[str]
) -> dict[str, str]:
    """Write the links; returns the source's competitor key → the one created here."""
    renamed: dict[str, str] = {}
    for i, entry in enumerate(doc["links"]["teams"]):
        ct = CircuitTeam.objects.create(circuit=circuit, name=entry["name"], entity=entry.get("entity") or "")
        renamed[entry["key"]] = f"c{ct.pk}"
        for j, ref in enumerate(entry["teams"]):
            where = f"links.teams[{i}].teams[{j}]"
            team = _team(etapas, ref, where, problems)
            if team is not None:
                etapa = etapas[ref["etapa"]]
                if TeamLink.objects.filter(etapa=etapa, team=team).exists():
                    problems.append(f"{where}: a equipe «{team.key}» já está vinculada nesta etapa")
                    continue
                TeamLink.objects.create(circuit_team=ct, etapa=etapa, team=team)
    for i, entry in enumerate(doc["links"]["players"]):
        person = CircuitPlayer.objects.create(circuit=circuit, name=entry["name"])
        renamed[entry["key"]] = f"p{person.pk}"
        for j, ref in enumerate(entry["players"]):
            where = f"links.players[{i}].players[{j}]"
            team = _team(etapas, ref, where, problems)
            if team is None:
                continue
            found = [p for p in Player.objects.filter(team=team) if name_key(p.name) == name_key(ref["name"])]
            if len(found) != 1:
                problems.append(f"{where}: a equipe «{team.key}» não tem um jogador «{ref['name']}»")
                continue
            if PlayerLink.objects.filter(circuit=circuit, player=found[0]).exists():
                problems.append(f"{where}: «{ref['name']}» já está vinculado a outra pessoa")
                continue
            PlayerLink.objects.create(circuit=circuit, person=person, player=found[0])
    return renamed


def _competitor(ref: dict[str, str], key: str) -> tuple[str | None, str]:
    """This site's key of the team or player ``ref`` names (``key`` says which), or None
    and why not."""
    tournament = Tournament.objects.filter(slug=ref["tournament"]).first()
    if tournament is None:
        return None, f"o torneio «{ref['tournament']}» não existe neste site"
    team = Team.objects.filter(tournament=tournament, key=ref["team"]).first()
    if team is None:
        return None, f"o torneio «{tournament.slug}» não tem a equipe «{ref['team']}»"
    if key.startswith("t"):
        return f"t{team.pk}", ""
    found = [p for p in Player.objects.filter(team=team) if name_key(p.name) == name_key(ref["name"])]
    if len(found) != 1:
        return None, f"a equipe «{team.key}» não tem um jogador «{ref['name']}»"
    return f"j{found[0].pk}", ""


def _lot_problems(lot: dict[str, Any], where: str) -> list[str]:
    """What makes a sorteio of the file not what was recorded: another set of competitors
    in ``result``, a seed that does not give ``result`` again, a date that is no date."""
    problems = []
    if sorted(lot["inputs"]) != sorted(lot["result"]):
        problems.append(f"{where}.result: deve ordenar exatamente os competidores de «inputs»")
    elif not lot["manual"]:
        replay = list(lot["inputs"])
        random.Random(lot["seed"]).shuffle(replay)
        if not lot["seed"] or replay != lot["result"]:
            problems.append(f"{where}.seed: o sorteio com esta semente não dá a ordem de «result»")
    if parse_datetime(lot["performed_at"]) is None:
        problems.append(f"{where}.performed_at: «{lot['performed_at']}» não é uma data e hora ISO 8601")
    return problems


def _lots(doc: dict[str, Any], circuit: Circuit, renamed: dict[str, str], problems: list[str]) -> None:
    for k, lot in enumerate(doc.get("lots", [])):
        where = f"lots[{k}]"
        found = _lot_problems(lot, where)
        names: dict[str, str] = {}
        refs = lot.get("competitors") or {}
        for key in dict.fromkeys([*lot["inputs"], *lot["result"]]):
            if key.startswith("e:"):
                names[key] = key
            elif key[:1] in "cp":
                if key in renamed:
                    names[key] = renamed[key]
                else:
                    found.append(f"{where}: «{key}» não está em «links»")
            elif key not in refs:
                found.append(f"{where}.competitors: falta «{key}» (equipe ou jogador não vinculado)")
            else:
                here, why = _competitor(refs[key], key)
                if here is None:
                    found.append(f"{where}.competitors.{key}: {why}")
                else:
                    names[key] = here
        problems += found
        if found:
            continue
        created = CircuitLots.objects.create(
            circuit=circuit,
            ranking=lot["ranking"],
            seed=lot["seed"],
            manual=lot["manual"],
            inputs=[names[key] for key in lot["inputs"]],  # the file's order: the replay's
            result=[names[key] for key in lot["result"]],
        )
        # ``performed_at`` is set on insert: then the recorded moment, kept.
        CircuitLots.objects.filter(pk=created.pk).update(performed_at=parse_datetime(lot["performed_at"]))


def load_circuit(doc: Any, *, slug: str | None = None) -> Circuit:
    """The circuit of ``doc`` (under ``slug``, if given) with every sorteio; raises
    :class:`CircuitLoadError` with every problem, having written nothing."""
    problems = _shape(doc)
    if problems:
        raise CircuitLoadError(problems)
    c = doc["circuit"]
    slug = slug or c["slug"]
    if Circuit.objects.filter(slug=slug).exists():
        raise CircuitLoadError([f"circuit.slug: já existe um circuito «{slug}»"])
    with transaction.atomic():
        try:
            circuit = Circuit(
                name=c["name"],
                slug=slug,
                kind=c["kind"],
                preset=c.get("preset") or "",
                points_table=c["points_table"],
                shared_points=c["shared_points"],
                best_n=c.get("best_n"),
                entity_mode=c["entity_mode"],
                entity_best_k=c["entity_best_k"],
                tiebreakers=c["tiebreakers"],
            )
            circuit.save()
        except ValidationError as exc:
            raise CircuitLoadError([f"circuit: {m}" for m in exc.messages]) from None
        etapas = _etapas(doc, circuit, problems)
        renamed = _links(doc, circuit, etapas, problems) if not problems else {}
        if not problems:
            _lots(doc, circuit, renamed, problems)
        if problems:
            transaction.set_rollback(True)
            raise CircuitLoadError(problems)
        # Its etapas' placings read now and its number set, as a circuit service would:
        # a reader never reads them (circuits.services.placings).
        etapa_placings_refresh(etapas=etapas.values())
        bump(circuit.pk)
    return circuit
