"""Reads of the capataz's page: the team, its next jogo, its results, its chave's
classificação, the súmula waiting for its signature, its contestações, and the number
the page's live refresh polls.

Results and classificação are read as the public pages read them
(``standings.results.match_rows`` under the publication rule, docs/rules.md §3.14;
``standings.selectors.tournament_standings``, homologated súmulas only), so the capataz
sees no more of other jogos than the public. His own jogo's súmula, once sent, is shown
to him whole: he is asked to sign it.

«Durante o jogo» (docs/rules.md «Contestação do capataz»): the team's current jogo is
its first jogo, in play order, not yet homologated; a contestação is open while that
jogo's latest súmula is not signed by both capatazes (:func:`contest_open`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Max, Q

from captains.models import CaptainLink, Contest
from scoring.models import ScoreSheet, SheetEvent
from scoring.selectors import sheet_view
from scoring.services.workflow import required_teams
from standings.results import match_rows, summarize
from standings.selectors import standings_row, tournament_standings
from tournaments.models import Match, Stage, Team
from tournaments.phases import match_round_names
from tournaments.revision import chave, equipe, published

Status = ScoreSheet.Status
CLOSED = (Status.SIGNED, Status.HOMOLOGATED)


def team_matches(team: Team) -> list[Match]:
    """The team's jogos in play order."""
    qs = Match.objects.filter(Q(team_a=team) | Q(team_b=team)).select_related(
        "stage", "group", "table", "team_a", "team_b"
    )
    return list(qs.order_by("stage__order", "round", "order", "id"))


def _homologated(match_ids: list[int]) -> set[int]:
    rows = ScoreSheet.objects.filter(match_id__in=match_ids, status=Status.HOMOLOGATED)
    return set(rows.values_list("match_id", flat=True))


def current_match(team: Team, matches: list[Match] | None = None) -> Match | None:
    """The team's first jogo, in play order, whose súmula is not homologated (its jogo in
    progress, or the next one), or None."""
    matches = team_matches(team) if matches is None else matches
    done = _homologated([m.pk for m in matches])
    return next((m for m in matches if m.pk not in done), None)


def contest_open(match: Match) -> bool:
    """Whether a contestação about ``match`` may be filed now: the jogo is not
    homologated and its latest súmula is not signed by both capatazes (none sent yet, a
    draft, or sent and waiting for a signature)."""
    latest = ScoreSheet.objects.filter(match=match).order_by("-version").values_list("status", flat=True)
    statuses = list(latest)
    if Status.HOMOLOGATED in statuses:
        return False
    return not statuses or statuses[0] not in CLOSED


@dataclass
class SignRequest:
    """The súmula the capataz is asked to sign: its version and result in words."""

    match: Match
    version: int
    score: str
    games: str
    signed: bool  # the team has signed it already


def sign_request(team: Team, match: Match | None) -> SignRequest | None:
    """The sent súmula of ``match`` that waits for (or has) this team's signature."""
    if match is None:
        return None
    view = sheet_view(match)
    sheet = view.latest
    if sheet is None or sheet.status not in (Status.SUBMITTED, Status.SIGNED):
        return None
    if team not in required_teams(match, sheet.result):
        return None
    modality = match.stage.tournament.rules()
    names = {match.team_a.key: match.team_a.name, match.team_b.key: match.team_b.name}
    summary = summarize(modality, sheet.result, match.team_a.key, match.team_b.key, names)
    signed = sheet.signatures.filter(team=team).exists()
    return SignRequest(
        match, sheet.version, summary.score if summary else "", summary.games if summary else "", signed
    )


@dataclass
class CaptainPage:
    team: Team
    next_row: dict[str, Any] | None
    opponent: str
    rows: list[dict[str, Any]]
    standings: list[dict[str, Any]] = field(default_factory=list)  # one per chave
    knockout: str = ""  # the mata-mata rodada of the team's last or next jogo
    sign: SignRequest | None = None
    contest_match: Match | None = None
    contests: list[Contest] = field(default_factory=list)


def _standings(team: Team) -> list[dict[str, Any]]:
    chaves = list(team.groups.values_list("pk", flat=True))
    out = []
    for st in tournament_standings(team.tournament, group_ids=chaves) if chaves else []:
        for gt in st.groups:
            if team.key not in gt.teams:
                continue
            rows = [standings_row(r, gt.teams) for r in gt.standings.rows]
            swiss = st.stage.system == Stage.System.SWISS
            out.append({"group": gt.group.name, "swiss": swiss, "rows": rows, "key": team.key})
    return out


def captain_page(team: Team) -> CaptainPage:
    """Everything the capataz's page shows (a handful of queries plus the standings)."""
    t = team.tournament
    matches = team_matches(team)
    names = match_round_names(matches)
    rows = [{**row, "round_name": names.get(row["pk"], "")} for row in match_rows(t, team_id=team.pk)]
    current = current_match(team, matches)
    next_row = next((r for r in rows if current is not None and r["pk"] == current.pk), None)
    opponent = ""
    if current is not None:
        opponent = current.team_b.name if current.team_a_id == team.pk else current.team_a.name
    knockout = ""
    kinds = {m.pk: m.stage.kind for m in matches}
    for row in reversed(rows):
        if kinds.get(row["pk"]) == Stage.Kind.KNOCKOUT:
            knockout = row["round_name"]
            break
    if current is not None and kinds.get(current.pk) == Stage.Kind.KNOCKOUT:
        knockout = names.get(current.pk, knockout)
    return CaptainPage(
        team=team,
        next_row=next_row,
        opponent=opponent,
        rows=rows,
        standings=_standings(team),
        knockout=knockout,
        sign=sign_request(team, current),
        contest_match=current if current is not None and contest_open(current) else None,
        contests=list(Contest.objects.filter(team=team).select_related("match__team_a", "match__team_b")),
    )


def _micros(value: Any) -> int:
    return int(value.timestamp() * 1_000_000) if value is not None else 0


def page_revision(team: Team) -> int:
    """The number the capataz's page polls: it moves with the team's public revision
    (``tournaments.revision``: its jogos, chave, the whole tournament) and with what only
    this page shows — a súmula of its jogos sent or signed, a contestação filed or
    answered — each a time in microseconds, as the public numbers are."""
    found = published(team.tournament.slug, [equipe(team.pk), *_scopes(team)])
    public = found.revision if found is not None else 0
    events = SheetEvent.objects.filter(Q(match__team_a=team) | Q(match__team_b=team)).aggregate(at=Max("at"))
    contests = Contest.objects.filter(team=team).aggregate(a=Max("created_at"), b=Max("answered_at"))
    return max(public, _micros(events["at"]), _micros(contests["a"]), _micros(contests["b"]))


def _scopes(team: Team) -> list[str]:
    return [chave(pk) for pk in team.groups.values_list("pk", flat=True)]


def match_contests(match: Match) -> list[Contest]:
    """The contestações of a jogo, for the comissão's súmula page."""
    return list(Contest.objects.filter(match=match).select_related("team", "answered_by"))


def live_link(team: Team) -> CaptainLink | None:
    return CaptainLink.objects.filter(team=team, revoked_at__isnull=True).select_related("created_by").first()
