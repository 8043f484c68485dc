"""What changed between two súmula versions, field by field, in the rulebook's words.

Used by the history page and by the stale-edit refusal ("someone saved first; this is
what changed"). Works on the stored shapes (interchange ``result``, lineups,
observations), so it also compares a typed entry with a stored version (double entry).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core import words
from tournaments.models import Match

ENDINGS = {
    "target": gettext_lazy("nos tentos"),
    "time": gettext_lazy("por tempo"),
    "disqualification": gettext_lazy("por desclassificação"),
}
# scope -> (with the gaúcho rulebook's paragraph, without it)
SCOPES = {
    "tournament": (gettext_lazy("do torneio (Art. 20 §1º)"), gettext_lazy("do torneio")),
    "match": (gettext_lazy("só deste jogo (Art. 20 §2º)"), gettext_lazy("só deste jogo")),
    "game": (gettext_lazy("da partida"), gettext_lazy("da partida")),
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
            return _(" e ").join(self.team(k) for k in key)
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
            out[_("Partida %(n)d — %(words)s") % {"n": index, "words": words.points(names.points_word)}] = (
                f"{row[0]}–{row[1]}"
            )
        ending = str(endings[index - 1] if index - 1 < len(endings) else "target")
        if ending == "target":
            ending_label = _("nos %(words)s") % {"words": words.points(names.points_word)}
        else:
            ending_label = str(ENDINGS.get(ending, ending))
        out[_("Partida %(n)d — término") % {"n": index}] = ending_label
    if result.get("walkover") is not None:
        out["W.O."] = _("%(team)s ausente") % {"team": names.team(result["walkover"])}
    dq = result.get("disqualified")
    if isinstance(dq, Mapping):
        article = ""
        if dq.get("article"):  # gaúcho: "20-II" is an item of Art. 20; elsewhere a free reason
            article = f", Art. {dq['article']}" if names.article else f", {dq['article']}"
        scope = str(dq.get("scope"))
        labels = SCOPES.get(scope)
        # §1º/§2º are the gaúcho rulebook's
        scope_label = str(labels[0 if names.article else 1]) if labels else scope
        out[_("Desclassificação")] = f"{names.team(dq.get('team'))}{article}, {scope_label}"
    if result.get("decided_by") == "commission":
        stalling = _(" (com penalidade por demora)") if result.get("stalling") else ""
        out[_("Decisão da comissão")] = _("vencedor %(team)s%(stalling)s") % {
            "team": names.team(result.get("winner")),
            "stalling": stalling,
        }
    lineups = content.get("lineups") or {}
    for side in ("a", "b"):
        for index, row in enumerate(lineups.get(side) or [], start=1):
            label = _("Escalação de %(team)s — partida %(n)d") % {"team": names.team(side), "n": index}
            out[label] = ", ".join(names.players.get(i, f"#{i}") for i in row)
    for kind, label in (("advertencia", _("Advertências")), ("ocorrencia", _("Ocorrências"))):
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
