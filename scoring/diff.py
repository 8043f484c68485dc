"""What changed between two súmula versions, field by field, in the rulebook's words.

Used by the history page and by the stale-edit refusal ("someone saved first; this is
what changed"). Works on the stored shapes (interchange ``result``, lineups,
observations), so it also compares a typed entry with a stored version (double entry).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tournaments.models import Match

ENDINGS = {"target": "nos tentos", "time": "por tempo", "disqualification": "por desclassificação"}
SCOPES = {
    "tournament": "do torneio (Art. 20 §1º)",
    "match": "só deste jogo (Art. 20 §2º)",
    "game": "da partida",
}
NONE = "—"


@dataclass(frozen=True)
class Change:
    field: str
    before: str
    after: str


@dataclass(frozen=True)
class Names:
    """Team and player names of a match, so a diff reads like the paper súmula."""

    teams: Mapping[str, str]  # team key -> name, and "a"/"b" -> name
    players: Mapping[int, str]
    # The modality's words (rules.modality_params): its points and its disqualification article.
    points_word: str = "tentos"
    article: str | None = "Art. 20"

    @classmethod
    def of(cls, match: Match) -> Names:
        teams = {
            match.team_a.key: match.team_a.name,
            match.team_b.key: match.team_b.name,
            "a": match.team_a.name,
            "b": match.team_b.name,
        }
        players = {p.pk: p.name for t in (match.team_a, match.team_b) for p in t.players.all()}
        modality = match.stage.tournament.rules()
        return cls(teams, players, modality.points_word, modality.disqualification_article)

    def team(self, key: object) -> str:
        if isinstance(key, list):
            return " e ".join(self.team(k) for k in key)
        return self.teams.get(str(key), str(key))


def fields(content: Mapping[str, Any] | None, names: Names) -> dict[str, str]:
    """The flat, readable fields of a version's content (result, lineups, observations)."""
    if content is None:
        return {}
    result = content.get("result") or {}
    out: dict[str, str] = {}
    games = result.get("games") or []
    endings = result.get("endings") or []
    for index, row in enumerate(games, start=1):
        if isinstance(row, list) and len(row) == 2:
            out[f"Partida {index} — {names.points_word}"] = f"{row[0]}–{row[1]}"
        ending = str(endings[index - 1] if index - 1 < len(endings) else "target")
        ending_label = f"nos {names.points_word}" if ending == "target" else ENDINGS.get(ending, ending)
        out[f"Partida {index} — término"] = ending_label
    if result.get("walkover") is not None:
        out["W.O."] = f"{names.team(result['walkover'])} ausente"
    dq = result.get("disqualified")
    if isinstance(dq, Mapping):
        article = ""
        if dq.get("article"):  # gaúcho: "20-II" is an item of Art. 20; elsewhere a free reason
            article = f", Art. {dq['article']}" if names.article else f", {dq['article']}"
        scope = str(dq.get("scope"))
        scope_label = SCOPES.get(scope, scope)
        if not names.article:  # §1º/§2º are the gaúcho rulebook's
            scope_label = scope_label.split(" (")[0]
        out["Desclassificação"] = f"{names.team(dq.get('team'))}{article}, {scope_label}"
    if result.get("decided_by") == "commission":
        stalling = " (com penalidade por demora)" if result.get("stalling") else ""
        out["Decisão da comissão"] = f"vencedor {names.team(result.get('winner'))}{stalling}"
    lineups = content.get("lineups") or {}
    for side in ("a", "b"):
        for index, row in enumerate(lineups.get(side) or [], start=1):
            label = f"Escalação de {names.team(side)} — partida {index}"
            out[label] = ", ".join(names.players.get(i, f"#{i}") for i in row)
    for kind, label in (("advertencia", "Advertências"), ("ocorrencia", "Ocorrências")):
        texts = [o["text"] for o in content.get("observations") or [] if o.get("kind") == kind]
        if texts:
            out[label] = " / ".join(texts)
    return out


def diff(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None, names: Names) -> list[Change]:
    old, new = fields(before, names), fields(after, names)
    labels = list(old) + [k for k in new if k not in old]
    return [
        Change(label, old.get(label, NONE), new.get(label, NONE))
        for label in labels
        if old.get(label) != new.get(label)
    ]


def content_of(sheet: Any) -> dict[str, Any]:
    """The comparable content of a ScoreSheet (or of a Prepared entry)."""
    return {"result": sheet.result, "lineups": sheet.lineups, "observations": sheet.observations}
