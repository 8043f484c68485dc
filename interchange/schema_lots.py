"""The ``lots`` of a tenteio/1 file read into the ``Document`` (``schema.parse_document``):
recorded sorteios of a known stage and chave naming known teams, a chave draw whose
``sizes`` add up to its ``order``, and the Swiss pairings (whether each replays is
``lots.check_swiss``'s)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from interchange.checker import Checker
from interchange.document import Document, LotDoc
from interchange.values import items as _list
from interchange.values import obj as _obj
from interchange.values import positive as _int
from interchange.values import team_refs as _team_refs


def read_lots(c: Checker, doc: Document, value: list[Any]) -> None:
    stages = {s.key: s for s in doc.stages}
    teams = {t.key for t in doc.teams}
    for i, raw in enumerate(value):
        where = f"lots[{i}]"
        lot = _obj(raw)
        purpose, stage_key, group = lot.get("purpose"), lot.get("stage"), lot.get("group")
        if purpose == "swiss":
            _swiss_lot(c, doc, i, lot)
            continue
        if not isinstance(purpose, str) or not isinstance(lot.get("order"), list):
            continue
        if stage_key is not None and stage_key not in stages:
            c.add(
                where, _("fase desconhecida «%(key)s»") % {"key": str(stage_key)[:40]}, "file.stage_unknown"
            )
            continue
        if group is not None and (
            stage_key is None or group not in {g.name for g in stages[stage_key].groups}
        ):
            c.add(
                where, _("chave desconhecida «%(group)s»") % {"group": str(group)[:40]}, "file.group_unknown"
            )
            continue
        listed: list[Any] = lot["order"]
        order = list(dict.fromkeys(_team_refs(c, teams, listed, where)))
        seed, sizes = lot.get("seed"), lot.get("sizes")
        if not (isinstance(sizes, list) and all(_int(n) for n in sizes)):
            sizes = None  # the schema reported it (or there is none)
        elif sum(sizes) != len(listed):
            c.add(
                where,
                ngettext(
                    "«sizes» soma %(sum)d, mas «order» lista %(n)d equipe",
                    "«sizes» soma %(sum)d, mas «order» lista %(n)d equipes",
                    len(listed),
                )
                % {"sum": sum(sizes), "n": len(listed)},
                "file.lot_sizes",
            )
        doc.lots.append(
            LotDoc(
                purpose,
                stage_key,
                group,
                order,
                index=i,
                seed=seed.strip() if isinstance(seed, str) else "",
                sizes=sizes,
                stale=lot.get("stale") is True,
            )
        )


def _swiss_lot(c: Checker, doc: Document, i: int, lot: Mapping[str, Any]) -> None:
    """A Swiss pairing: of a Swiss phase's chave, its seed a number, the teams it paired
    of that chave. Whether its inputs and seed give its result is ``lots.check_swiss``'s."""
    where = f"lots[{i}]"
    stage_key, group, seed = lot.get("stage"), lot.get("group"), lot.get("seed")
    inputs, result = lot.get("inputs"), lot.get("result")
    if not (isinstance(stage_key, str) and isinstance(group, str) and isinstance(seed, str)):
        return  # the schema reported it
    if not (isinstance(inputs, Mapping) and isinstance(result, Mapping)):
        return
    stage = next((s for s in doc.stages if s.key == stage_key), None)
    if stage is None or stage.system != "swiss":
        message = _("o pareamento do suíço não é de uma fase suíça («%(key)s»)") % {"key": stage_key[:40]}
        c.add(where, message, "file.swiss_stage")
        return
    chave = next((g for g in stage.groups if g.name == group), None)
    if chave is None:
        c.add(where, _("chave desconhecida «%(group)s»") % {"group": group[:40]}, "file.group_unknown")
        return
    if not seed.isascii() or not seed.isdigit() or len(seed) > 18:
        c.add(where, _("a semente de um pareamento do suíço é um número"), "file.swiss_seed")
        return
    teams = _list(inputs.get("teams"))
    outside = [k for k in teams if k not in chave.teams]
    if outside:
        c.add(
            where,
            _("equipe %(team)s não está nesta chave/fase") % {"team": str(outside[0])[:40]},
            "file.team_not_in_group",
        )
        return
    doc.lots.append(
        LotDoc(
            "swiss",
            stage_key,
            group,
            list(teams),
            index=i,
            seed=seed,
            inputs=dict(inputs),
            result=dict(result),
        )
    )
