"""Checking the súmula histories of a tenteio/1 file (``matches[].history``) before a load.

:func:`check_histories` runs with the other checks, before anything is written: every
person named is one of the file's ``people``; versions are unique and at most one is
confirmed, a live one (as the database requires); the confirmed homologated version,
and only it, is the jogo's ``result``; every version's result is one the rules engine
reads; signatures are the jogo's two teams, one each; player indexes are in their
team's ``players``; an event names a version that exists; and the hand log replays
through the rules engine (``rules.hands``), hand by hand, undos included, because each
hand's award is scored again here rather than taken from the file.
``interchange.history_write`` then writes the rows.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from core.text import digits
from interchange.checker import Checker, Issue
from interchange.document import Document, MatchDoc
from rules.hands import score_partida
from rules.modalities import Modality
from rules.problems import has_errors
from rules.results import from_interchange, to_interchange
from tally.codec import CodecError, decode, encode_award
from tally.selectors import options_for

LIVE = {"submitted", "signed", "homologated"}
MAX_PARTIDA_HANDS = 200  # a partida of 30 tentos takes about 40 mãos; more is not a log
# Hands the rules engine scores for one file: 120 jogos of three partidas of 40 mãos
# are 14,400; a bound keeps a hostile log from costing minutes (bench/hostile_imports.py).
MAX_SCORED_HANDS = 150_000
MAX_FILE_HANDS = 30_000  # twice that event: the hands a file's logs may hold in all


@dataclass
class Award:
    a: int
    b: int
    components: list[Any]
    ends: bool


@dataclass
class Checked:
    """What the checks read from one jogo's history, for the writer."""

    history: Mapping[str, Any]
    times: dict[tuple[str, int], dt.datetime | None] = field(default_factory=dict)
    awards: dict[int, Award] = field(default_factory=dict)  # by hand index


def obj(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def items(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def moment(value: Any) -> dt.datetime | None:
    try:
        moment = dt.datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None
    return moment if moment is not None and moment.tzinfo is not None else None


def check_histories(doc: Document, players: Mapping[str, int]) -> tuple[dict[int, Checked], list[Issue]]:
    """The checked history of each jogo that has one, by its index; ``players``: each
    team key's count of players."""
    c = Checker()
    people = {p.key for p in doc.people}
    checked: dict[int, Checked] = {}
    budget = [MAX_SCORED_HANDS]  # shared by the jogos: hands the rules engine may still score
    if doc.modality is None:
        return checked, c.issues
    for m in doc.matches:
        if m.history is None:
            continue
        checked[m.index] = _Check(c, doc.modality, m, people, players, budget).run()
    return checked, c.issues


def too_many_hands(data: Any) -> list[Issue]:
    """The file's hand logs past :data:`MAX_FILE_HANDS` in all, counted before the schema
    reads each hand (which takes seconds for a log this long)."""
    matches = items(obj(data).get("matches"))
    count = sum(len(items(obj(obj(m).get("history")).get("hands"))) for m in matches)
    if count <= MAX_FILE_HANDS:
        return []
    message = _("%(n)s mãos nos registros do tenteio (máximo %(max)s)")
    return [
        Issue(_("arquivo"), message % {"n": digits(count), "max": digits(MAX_FILE_HANDS)}, "file.too_complex")
    ]


class _Check:
    def __init__(
        self,
        c: Checker,
        modality: Modality,
        m: MatchDoc,
        people: set[str],
        players: Mapping[str, int],
        budget: list[int],
    ) -> None:
        self.c, self.modality, self.m, self.people, self.players = c, modality, m, people, players
        self.budget = budget
        self.out = Checked(obj(m.history))
        self.where = m.where() + " / " + _("histórico")

    def add(self, where: str, message: str, code: str) -> None:
        self.c.add(f"{self.where} / {where}", message, code)

    def run(self) -> Checked:
        h = self.out.history
        versions = self._sheets(items(h.get("sheets")))
        for i, e in enumerate(items(h.get("events"))):
            e = obj(e)
            self._person(e.get("by"), f"events[{i}].by")
            self._ip(e.get("ip"), f"events[{i}].ip")
            if e.get("version") is not None and e.get("version") not in versions:
                self.add(
                    f"events[{i}]",
                    _("nomeia a versão %(v)s, que não está em sheets") % {"v": e.get("version")},
                    "file.history_event",
                )
            details = obj(e.get("details"))
            self._lineups(obj(obj(details.get("entry")).get("lineups")), f"events[{i}].details.entry")
            check = details.get("check")
            if (
                isinstance(check, int)
                and not isinstance(check, bool)
                and not 0 <= check < len(items(h.get("events")))
            ):
                self.add(
                    f"events[{i}].details.check",
                    _("não é o índice de um evento deste jogo"),
                    "file.history_event",
                )
        self._hands(items(h.get("hands")))
        seen: set[Any] = set()
        for i, close in enumerate(items(h.get("closes"))):
            close = obj(close)
            self._person(close.get("by"), f"closes[{i}].by")
            if close.get("game") in seen:
                self.add(f"closes[{i}].game", _("partida confirmada duas vezes"), "file.history_hand")
            seen.add(close.get("game"))
        return self.out

    def _person(self, key: Any, where: str) -> None:
        if isinstance(key, str) and key not in self.people:
            self.add(where, _("«%(key)s» não está em people") % {"key": key}, "file.history_person")

    def _ip(self, value: Any, where: str) -> None:
        if isinstance(value, str):
            try:
                ipaddress.ip_address(value)
            except ValueError:
                self.add(where, _("não é um endereço IP"), "file.history_ip")

    def _lineups(self, lineups: Mapping[str, Any], where: str) -> None:
        for side, key in zip(("a", "b"), self.m.teams, strict=True):
            count = self.players.get(key, 0)
            value = lineups.get(side)
            for game in value if isinstance(value, list) else [] if value is None else [value]:
                if not isinstance(game, list) or any(
                    not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < count for p in game
                ):
                    message = _("jogador fora da lista de %(team)s (%(n)d jogadores)") % {
                        "team": key,
                        "n": count,
                    }
                    self.add(f"{where}.lineups.{side}", message, "file.history_player")

    def _sheets(self, sheets: list[Any]) -> set[int]:
        versions: set[int] = set()
        confirmed = []
        a, b = self.m.teams
        for i, s in enumerate(sheets):
            s, where = obj(s), f"sheets[{i}]"
            version = s.get("version")
            if version in versions:
                self.add(
                    f"{where}.version", _("versão %(v)s repetida") % {"v": version}, "file.history_version"
                )
            if isinstance(version, int):
                versions.add(version)
            if s.get("confirmed"):
                confirmed.append(s)
                if s.get("status") not in LIVE:
                    self.add(
                        where,
                        _("só uma versão enviada, assinada ou homologada pode valer"),
                        "file.history_confirmed",
                    )
            for name in ("by", "confirmed_by"):
                self._person(s.get(name), f"{where}.{name}")
            self._ip(s.get("ip"), f"{where}.ip")
            report, _problems = from_interchange(s.get("result"), a, b)
            if report is None:
                self.add(f"{where}.result", _("resultado que as regras não leem"), "file.history_result")
            self._lineups(obj(s.get("lineups")), where)
            teams: set[Any] = set()
            for j, g in enumerate(items(s.get("signatures"))):
                g = obj(g)
                self._person(g.get("by"), f"{where}.signatures[{j}].by")
                if g.get("team") not in (a, b) or g.get("team") in teams:
                    self.add(
                        f"{where}.signatures[{j}].team",
                        _("assina uma vez cada equipe do jogo (%(a)s, %(b)s)") % {"a": a, "b": b},
                        "file.history_team",
                    )
                teams.add(g.get("team"))
        if len(confirmed) > 1:
            self.add("sheets", _("mais de uma versão vale para o jogo"), "file.history_confirmed")
        counted = [s for s in confirmed if s.get("status") == "homologated"]
        if _same(counted[0].get("result") if counted else None, self.m.result, a, b) is False:
            self.add(
                "sheets",
                _("a versão homologada que vale deve ter o resultado do jogo (result)"),
                "file.history_result",
            )
        return versions

    def _hands(self, hands: list[Any]) -> None:
        """Replay the log per partida: a hand undone before another is entered is popped
        from the top of the live hands (only the last one can be undone)."""
        by_game: dict[int, list[tuple[int, Mapping[str, Any]]]] = {}
        sequences: set[Any] = set()
        for i, h in enumerate(hands):
            h = obj(h)
            for name in ("by", "undone_by"):
                self._person(h.get(name), f"hands[{i}].{name}")
            if h.get("sequence") in sequences:
                self.add(f"hands[{i}].sequence", _("ordem repetida"), "file.history_hand")
            sequences.add(h.get("sequence"))
            if isinstance(h.get("game"), int):
                by_game.setdefault(h["game"], []).append((i, h))
        for game, rows in sorted(by_game.items()):
            if len(rows) > MAX_PARTIDA_HANDS:
                self.add(
                    "hands",
                    _("mais de %(n)d mãos na partida %(g)d") % {"n": MAX_PARTIDA_HANDS, "g": game},
                    "file.history_hand",
                )
                continue
            self._replay(game, sorted(rows, key=lambda r: r[1].get("sequence") or 0))

    def _replay(self, game: int, rows: list[tuple[int, Mapping[str, Any]]]) -> None:
        """A hand never undone was scored at the never-undone hands before it (any hand
        below it undone later would have had to go first): one scoring of them all gives
        their awards. An undone hand is scored at the live hands when it was entered."""
        live: list[tuple[int, Any, dt.datetime | None]] = []  # (index, hand, undone at)
        for i, h in rows:
            at = moment(h.get("at"))
            while live and live[-1][2] is not None and at is not None and live[-1][2] <= at:
                live.pop()
            if any(u is not None and at is not None and u <= at for _i, _h, u in live):
                self.add(f"hands[{i}]", _("desfeita uma mão que não era a última"), "file.history_hand")
                return
            try:
                hand = decode(h.get("hand"))
            except CodecError as exc:
                self.add(f"hands[{i}].hand", str(exc), "file.history_hand")
                return
            undone_at = moment(h.get("undone_at"))
            if undone_at is not None and not self._score(
                game, [(x[0], x[1]) for x in live] + [(i, hand)], last=True
            ):
                return
            live.append((i, hand, undone_at))
        # Undone after the last hand: from the top down, latest first.
        undone = [u for _i, _h, u in live if u is not None]
        if undone != sorted(undone, reverse=True) or any(
            u is None for _i, _h, u in live[len(live) - len(undone) :]
        ):
            self.add(
                "hands",
                _("desfeita uma mão que não era a última (partida %(g)d)") % {"g": game},
                "file.history_hand",
            )
            return
        kept = [(x[0], x[1]) for x in live if x[2] is None]
        if kept:
            self._score(game, kept, last=False)

    def _score(self, game: int, played: list[tuple[int, Any]], *, last: bool) -> bool:
        """Award ``played``'s last hand (``last``) or every one; False when refused."""
        self.budget[0] -= len(played)
        if self.budget[0] < 0:
            if self.budget[0] + len(played) >= 0:  # said once, where the bound was passed
                self.add("hands", _("registro de mãos grande demais para um arquivo"), "file.history_hand")
            return False
        hands = [hand for _i, hand in played]
        tally = score_partida(self.modality, hands, options=options_for(None), game=game)
        if has_errors(tally.problems) or len(tally.awards) != len(hands):
            where = f"hands[{played[-1][0]}]" if last else "hands"
            self.add(where, _("mão recusada pelas regras da modalidade"), "file.history_hand")
            return False
        for (i, _hand), award in zip(
            played[-1:] if last else played, tally.awards[-1:] if last else tally.awards, strict=True
        ):
            components = encode_award(award)["components"]
            self.out.awards[i] = Award(award.a, award.b, components, award.ends_partida)
        return True


def _same(sheet: Any, result: Any, a: str, b: str) -> bool | None:
    """Whether the two results say the same (None when neither is there)."""
    if sheet is None and result is None:
        return None
    if sheet is None or result is None:
        return False
    first, _p = from_interchange(sheet, a, b)
    second, _q = from_interchange(result, a, b)
    if first is None or second is None:
        return None  # reported where it is unreadable
    return to_interchange(first, a, b) == to_interchange(second, a, b)
