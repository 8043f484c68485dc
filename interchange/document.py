"""What a tenteio/1 file says, as plain dataclasses: the :class:`Document` that
``interchange.schema.parse_document`` reads from a file whose shape is right, and that
the loader (``load.py``), the result checks (``validate.py``), the mata-mata's
(``brackets.py``) and the sorteios' (``lots.py``) read.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from rules.modalities import Modality

FORMAT = "tenteio/1"


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
    status: str = "registered"  # the check-in: Team.Status


@dataclass
class GroupDoc:
    name: str
    teams: list[str]


@dataclass
class RoundDoc:
    number: int
    starts_at: dt.datetime | None = None
    deadline: dt.datetime | None = None  # the rodada's soft limite (docs/rules.md §3.12)


@dataclass
class SwapDoc:
    """An exchange of two teams between jogos of a Swiss rodada (PairingSwap)."""

    round: int
    teams: tuple[str, str]
    reason: str


@dataclass
class StageDoc:
    key: str
    kind: str
    groups: list[GroupDoc] = field(default_factory=list)
    teams: list[str] = field(default_factory=list)
    labels: dict[str, str] = field(default_factory=dict)  # mata-mata: team key -> «1º A»
    rounds: list[RoundDoc] = field(default_factory=list)
    system: str = "round_robin"  # a phase of chaves: Stage.System («swiss»: one rodada at a time)
    swiss_rounds: int | None = None  # a Swiss phase: the rodadas planned
    swaps: list[SwapDoc] = field(default_factory=list)  # a Swiss phase's exchanges, oldest first


@dataclass
class MatchDoc:
    index: int
    stage: str
    group: str | None
    round: int | None
    table: str | None
    teams: tuple[str, str]
    result: Any  # raw; the rules engine parses it
    time: dt.datetime | None = None  # its horário
    history: Any = None  # raw «history» (interchange.history checks and writes it)
    bracket: str = ""  # a jogo of a double elimination: «W», «L» or «GF» (Match.bracket)

    def where(self) -> str:
        parts = [_("jogo #%(n)d") % {"n": self.index + 1}, _("fase %(key)s") % {"key": self.stage}]
        if self.group is not None:
            parts.append(_("chave %(name)s") % {"name": self.group})
        if self.round is not None:
            parts.append(_("rodada %(n)s") % {"n": self.round})
        parts.append(f"{self.teams[0]} × {self.teams[1]}")
        return " / ".join(parts)


@dataclass
class LotDoc:
    purpose: str
    stage: str | None
    group: str | None
    order: list[str]
    index: int = 0  # its place in the file's ``lots``
    seed: str = ""  # "": drawn by hand
    sizes: list[int] | None = None  # a chave draw: the chaves' sizes, ``order`` chave after chave
    stale: bool = False  # a tiebreak sorteio a later correction left without its tie
    inputs: Any = None  # a Swiss pairing: what it was paired from (standings.swiss.swiss_inputs)
    result: Any = None  # a Swiss pairing: its pairs, folga and notes, as recorded


@dataclass
class PersonDoc:
    key: str
    name: str
    tables: list[str] = field(default_factory=list)  # a judge's mesas
    judge: bool = True  # False: «role: other», named by the history only


@dataclass
class Document:
    name: str = ""
    slug: str = ""
    modality_key: str = ""
    settings: dict[str, Any] = field(default_factory=dict)
    modality: Modality | None = None
    date: dt.date | None = None
    end_date: dt.date | None = None
    event: str = ""
    checkin_deadline: dt.datetime | None = None
    table_count: int | None = None
    show_pending_results: bool = False
    double_entry: str | None = None  # "all" or "knockout" (ScoringSettings); None: off
    venue: str = ""
    stage_plan: str | None = None  # None: the one the stages imply (``implied_plan``)
    advance_per_group: int | None = None
    advance_best_next: int | None = None
    double_elimination: bool = False  # the mata-mata with a repescagem (knockout.double_bracket)
    grand_final_reset: bool = True
    teams: list[TeamDoc] = field(default_factory=list)
    stages: list[StageDoc] = field(default_factory=list)
    matches: list[MatchDoc] = field(default_factory=list)
    lots: list[LotDoc] = field(default_factory=list)
    people: list[PersonDoc] = field(default_factory=list)
    audit: list[Any] = field(default_factory=list)  # raw «audit» (interchange.trail)
    # What interchange.history_load.check_histories read, by jogo index, for the writer.
    histories: dict[int, Any] = field(default_factory=dict)


def implied_plan(kinds: list[str]) -> str:
    """The format (``Tournament.StagePlan``) that stages of these kinds imply."""
    groups = kinds.count("groups")
    if groups > 1:
        return "multi_phase"
    if groups and "knockout" in kinds:
        return "groups_knockout"
    if "knockout" in kinds:
        return "knockout"
    return "groups"
