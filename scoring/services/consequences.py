"""What a homologated result does to the teams beyond the jogo (docs/rules.md §3.5, §3.6).

The consequences themselves are not stored: each jogo's stored contribution only says
whether it expels a side (``scoring.MatchContribution.expels``), and the rules engine's
walk (``rules.totals.evaluate_tallies``, like ``rules.group.evaluate_group``) expels the
team and turns its later jogos into W.O. wins every time standings are computed. So
reverting a homologation (which rewrites that jogo's contribution) undoes the
consequences by itself. This module
only describes them in pt-BR for the history and the confirmation screens;
``scoring.selectors.expelled_teams`` reads the current state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from rules.modality_params import Modality
from tournaments.models import Match, Team


@dataclass(frozen=True)
class Consequence:
    team: Team
    expels: bool  # out of the tournament, not only this jogo
    text: str


def consequences_of(match: Match, result: Any, modality: Modality | None = None) -> list[Consequence]:
    if not isinstance(result, dict):
        return []
    modality = modality or match.stage.tournament.rules()
    by_key = {match.team_a.key: match.team_a, match.team_b.key: match.team_b}
    out: list[Consequence] = []
    absent = result.get("walkover")
    for key in absent if isinstance(absent, list) else [absent] if absent else []:
        team = by_key.get(key)
        if team is None:
            continue
        if modality.walkover_expels:
            text = _(
                "%(team)s: W.O. — perde o jogo e está desclassificada do torneio (Art. 20 III, §1º)."
            ) % {"team": team.name}
        else:
            text = _("%(team)s: W.O. — perde o jogo.") % {"team": team.name}
        out.append(Consequence(team, modality.walkover_expels, text))
    dq = result.get("disqualified")
    if isinstance(dq, dict) and dq.get("team") in by_key:
        team = by_key[dq["team"]]
        article = _(" (Art. %(article)s)") % {"article": dq["article"]} if dq.get("article") else ""
        scope = dq.get("scope", "tournament")
        if scope == "tournament":
            text = _("%(team)s: desclassificação%(article)s — perde o jogo e não retorna ao torneio.") % {
                "team": team.name,
                "article": article,
            }
        elif scope == "match":
            text = _("%(team)s: desclassificação%(article)s — perde só este jogo; joga a próxima rodada.") % {
                "team": team.name,
                "article": article,
            }
        else:
            text = _("%(team)s: desclassificada da partida%(article)s.") % {
                "team": team.name,
                "article": article,
            }
        out.append(Consequence(team, scope == "tournament", text))
    return out
