"""Writing a jogo's súmula history into a tenteio/1 file (``matches[].history``).

The history is what a later dispute reads: every súmula version with who wrote it,
when, from where and how it moved (``status``, ``confirmed``), the capatazes'
signatures (their kind and who recorded them; never a PIN), the workflow events (a
sending, a second entry and its difference, the comissão's decision, a homologation, a
reversal with its reason), the judge's hand log with its undos, and the partidas
confirmed from it. ``interchange.history_load`` checks and writes it back.

Ids of the hall's database do not leave it: a player is its index in its team's
``players``, an event named by another event (a decided difference names the second
entry) is its index in the jogo's ``events``, and a person is their key in ``people``.
A jogo whose only súmula is the one a file load wrote (version 1, homologated, source
«loadtournament», nothing else) has no history: its ``result`` says everything, so a
file of the older shape exports as it was loaded.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from interchange.times import moment_text
from scoring.models import ScoreSheet, SheetEvent, Signature
from tally.models import HandEntry, PartidaClose
from tournaments.models import Match, Player, Tournament

LOADER_SOURCE = "loadtournament"


class Histories:
    """The histories of a tournament's jogos, read once; :meth:`named` are the accounts
    they name, :meth:`of` one jogo's history in the file's words."""

    def __init__(self, t: Tournament) -> None:
        where = {"match__stage__tournament": t}
        self.sheets: dict[int, list[ScoreSheet]] = defaultdict(list)
        for s in ScoreSheet.objects.filter(**where).order_by("match", "version"):
            self.sheets[s.match_id].append(s)
        self.signatures: dict[int, list[Signature]] = defaultdict(list)
        for g in Signature.objects.filter(sheet__match__stage__tournament=t).select_related("team"):
            self.signatures[g.sheet_id].append(g)
        self.events: dict[int, list[SheetEvent]] = defaultdict(list)
        for e in SheetEvent.objects.filter(**where).select_related("sheet").order_by("at", "id"):
            self.events[e.match_id].append(e)
        self.hands: dict[int, list[HandEntry]] = defaultdict(list)
        for h in HandEntry.objects.filter(**where).order_by("match", "sequence"):
            self.hands[h.match_id].append(h)
        self.closes: dict[int, list[PartidaClose]] = defaultdict(list)
        for c in PartidaClose.objects.filter(**where).order_by("match", "game"):
            self.closes[c.match_id].append(c)
        # A player's index in its team's «players», which the export lists in this order.
        self.player_index: dict[int, int] = {}
        counts: dict[int, int] = defaultdict(int)
        players = Player.objects.filter(team__tournament=t).order_by("order", "id")
        for team_id, pid in players.values_list("team_id", "id"):
            self.player_index[pid] = counts[team_id]
            counts[team_id] += 1
        self.keys: Mapping[int, str] = {}  # user id -> person key, set once ``named`` are known

    def named(self) -> set[int]:
        """The user ids the histories name (authors, signers, deciders)."""
        ids: set[int | None] = set()
        for sheets in self.sheets.values():
            ids.update(x for s in sheets for x in (s.entered_by_id, s.confirmed_by_id))
        ids.update(g.recorded_by_id for gs in self.signatures.values() for g in gs)
        ids.update(e.actor_id for es in self.events.values() for e in es)
        ids.update(x for hs in self.hands.values() for h in hs for x in (h.entered_by_id, h.undone_by_id))
        ids.update(c.confirmed_by_id for cs in self.closes.values() for c in cs)
        return {i for i in ids if i is not None}

    def of(self, m: Match) -> dict[str, Any] | None:
        """``m``'s history, or None when the file's ``result`` alone says it all."""
        sheets, events = self.sheets.get(m.pk, []), self.events.get(m.pk, [])
        hands, closes = self.hands.get(m.pk, []), self.closes.get(m.pk, [])
        if not (events or hands or closes) and _loaded_only(sheets, self.signatures):
            return None
        history: dict[str, Any] = {}
        if sheets:
            history["sheets"] = [self._sheet(s) for s in sheets]
        if events:
            index = {e.pk: i for i, e in enumerate(events)}
            history["events"] = [self._event(e, index) for e in events]
        if hands:
            history["hands"] = [self._hand(h) for h in hands]
        if closes:
            history["closes"] = [self._close(c) for c in closes]
        return history

    def _who(self, user_id: int | None) -> str | None:
        return None if user_id is None else self.keys.get(user_id)

    def _lineups(self, lineups: Any) -> dict[str, Any]:
        """Player ids to indexes in their team's ``players`` (an id no longer there,
        a player removed since, is left out)."""
        out: dict[str, Any] = {}
        for side in ("a", "b"):
            games = (lineups or {}).get(side) if isinstance(lineups, dict) else None
            if isinstance(games, list) and games:
                out[side] = [
                    [self.player_index[p] for p in g if p in self.player_index]
                    for g in games
                    if isinstance(g, list)
                ]
        return out

    def _sheet(self, s: ScoreSheet) -> dict[str, Any]:
        entry: dict[str, Any] = {"version": s.version, "status": s.status}
        if s.confirmed:
            entry["confirmed"] = True
        entry["result"] = s.result
        if lineups := self._lineups(s.lineups):
            entry["lineups"] = lineups
        for name in ("observations", "note", "normalizations"):
            if getattr(s, name):
                entry[name] = getattr(s, name)
        if s.based_on is not None:
            entry["based_on"] = s.based_on
        entry.update(by=self._who(s.entered_by_id), at=moment_text(s.entered_at))
        _optional(entry, ip=s.entered_ip, device=s.user_agent, source=s.source)
        if s.confirmed_at is not None:
            entry.update(confirmed_by=self._who(s.confirmed_by_id), confirmed_at=moment_text(s.confirmed_at))
        signatures = self.signatures.get(s.pk, [])
        if signatures:
            entry["signatures"] = [
                {"team": g.team.key, "method": g.method, "by": self._who(g.recorded_by_id)}
                | {"at": moment_text(g.recorded_at)}
                for g in signatures
            ]
        return entry

    def _event(self, e: SheetEvent, index: Mapping[int, int]) -> dict[str, Any]:
        entry: dict[str, Any] = {"kind": e.kind}
        if e.sheet is not None:
            entry["version"] = e.sheet.version
        entry.update(by=self._who(e.actor_id), at=moment_text(e.at))
        _optional(entry, ip=e.ip, device=e.user_agent, reason=e.reason)
        details = dict(e.details or {})
        if isinstance(details.get("entry"), dict):
            typed = dict(details["entry"])
            if "lineups" in typed:
                typed["lineups"] = self._lineups(typed["lineups"])
            details["entry"] = typed
        if isinstance(details.get("check"), int) and not isinstance(details["check"], bool):
            details["check"] = index.get(details["check"])
        if details:
            entry["details"] = details
        return entry

    def _hand(self, h: HandEntry) -> dict[str, Any]:
        entry: dict[str, Any] = {"game": h.game, "sequence": h.sequence, "hand": h.hand}
        entry.update(by=self._who(h.entered_by_id), at=moment_text(h.entered_at))
        if h.undone_at is not None:
            entry.update(undone_by=self._who(h.undone_by_id), undone_at=moment_text(h.undone_at))
        return entry

    def _close(self, c: PartidaClose) -> dict[str, Any]:
        return {
            "game": c.game,
            "score": [c.score_a, c.score_b],
            "hands": c.hands,
            "version": c.sheet_version,
            "by": self._who(c.confirmed_by_id),
            "at": moment_text(c.confirmed_at),
        }


def _optional(entry: dict[str, Any], **values: Any) -> None:
    entry.update((k, v) for k, v in values.items() if v)


def _loaded_only(sheets: Iterable[ScoreSheet], signatures: Mapping[int, list[Signature]]) -> bool:
    """Whether the jogo's súmulas are at most the one a file load writes."""
    sheets = list(sheets)
    if not sheets:
        return True
    if len(sheets) > 1:
        return False
    s = sheets[0]
    return (
        s.version == 1
        and s.source == LOADER_SOURCE
        and s.confirmed
        and s.status == ScoreSheet.Status.HOMOLOGATED
        and not (s.lineups or s.observations or s.note or s.pk in signatures)
    )
