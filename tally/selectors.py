"""Reads of the hand log: a jogo's running score, the live board, team statistics.

:func:`match_state` is what the judge's screen, the live pages and the services all
read, so the three agree on the partida in play and its score. Scores are the sums of
the stored awards (each checked by ``rules.hands`` when it was entered); undone hands
count for nothing.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Max, Q

from rules.hands import (
    Hand,
    HandOptions,
    Part,
    TrucoCall,
    TrucoEnd,
    Variant,
    VoltaKind,
    expected_volta,
    variant_of,
)
from rules.hands.offers import Offers, hand_offers, jogo_decided
from rules.hands.types import DEFAULT_OPTIONS
from rules.modality_params import Modality
from rules.results import Side
from scoring.models import ScoreSheet
from tally.codec import decode
from tally.models import HandEntry, PartidaClose, summary
from tournaments.models import Match, Table, Team, Tournament


def options_for(tournament: Tournament | None) -> HandOptions:
    # The match options of V-M20 (pata lisa, one flor per player) are not stored per
    # tournament yet: the rulebook defaults apply to every jogo (hence ``None`` too).
    return DEFAULT_OPTIONS


def score_text(points: int, modality: Modality) -> str:
    """ "14 (12 malos + 2 buenos)" where the modality splits the target; else "14"."""
    malos = modality.malos
    if not malos or points <= 0:
        return str(points)
    if points <= malos:
        return f"{points} ({points} malos)"
    return f"{points} ({malos} malos + {points - malos} buenos)"


@dataclass
class HandRow:
    entry: HandEntry
    number: int  # 1-based in its partida
    a: int  # running score after the hand
    b: int

    @property
    def summary(self) -> str:
        before = (self.a - self.entry.award_a, self.b - self.entry.award_b)
        return summary(self.entry, before=before)


@dataclass
class MatchState:
    match: Match
    modality: Modality
    variant: Variant
    closed: list[PartidaClose]
    game: int  # the partida in play (or waiting for confirmation)
    rows: list[HandRow] = field(default_factory=list)  # live hands of ``game``
    score: tuple[int, int] = (0, 0)

    @property
    def hands(self) -> list[Hand]:
        return [decode(r.entry.hand) for r in self.rows]

    @property
    def finished(self) -> bool:
        """The partida in play reached the target: it waits for the judge's confirmation."""
        return max(self.score) >= self.modality.points_to_win

    @property
    def wins(self) -> tuple[int, int]:
        a = sum(1 for c in self.closed if c.score_a > c.score_b)
        return a, sum(1 for c in self.closed if c.score_b > c.score_a)

    @property
    def decided(self) -> bool:
        return jogo_decided(self.modality, self.wins, len(self.closed))

    @property
    def offers(self) -> Offers:
        """What the counter may offer now (``rules.hands.offers``: the one decision)."""
        return hand_offers(self.modality, self.score, decided=self.decided, options=options_for(None))

    @property
    def last(self) -> HandRow | None:
        return self.rows[-1] if self.rows else None

    @property
    def next_mao(self) -> Side:
        """The mão passes to the other side every hand (the deal rotates around the mesa)."""
        if not self.rows:
            return Side.A if self.game % 2 else Side.B
        return Side(self.rows[-1].entry.hand["deals"][0]["mao"]).other

    @property
    def expected_volta(self) -> VoltaKind | None:
        """000 Cego only: roda or testa (V-H7)."""
        if self.variant is not Variant.CEGO:
            return None
        previous = VoltaKind(self.rows[-1].entry.hand["kind"]) if self.rows else None
        return expected_volta(self.modality, self.score, previous)

    @property
    def text_a(self) -> str:
        return self.text(Side.A)

    @property
    def text_b(self) -> str:
        return self.text(Side.B)

    def text(self, side: Side) -> str:
        return score_text(self.score[0] if side is Side.A else self.score[1], self.modality)


def match_state(match: Match, modality: Modality | None = None) -> MatchState:
    modality = modality or match.stage.tournament.rules()
    closed = list(PartidaClose.objects.filter(match=match).order_by("game"))
    game = len(closed) + 1
    state = MatchState(match, modality, variant_of(modality), closed, game)
    entries = HandEntry.objects.filter(match=match, game=game, undone_at__isnull=True).order_by("sequence")
    a = b = 0
    for number, entry in enumerate(entries, start=1):
        entry.match = match  # the summaries read the team names without a query each
        a, b = a + entry.award_a, b + entry.award_b
        state.rows.append(HandRow(entry, number, a, b))
    state.score = (a, b)
    return state


def next_sequence(match: Match) -> int:
    top = HandEntry.objects.filter(match=match).aggregate(top=Max("sequence"))["top"]
    return (top or 0) + 1


def latest_sheet_version(match: Match) -> int:
    top = ScoreSheet.objects.filter(match=match).aggregate(top=Max("version"))["top"]
    return top or 0


# ---- public: live board ---------------------------------------------------------------


def matches_in_play(tournament: Tournament) -> list[Match]:
    """Jogos with hands entered and no súmula sent yet (a sent súmula ends the live view)."""
    sent = ScoreSheet.objects.filter(match__stage__tournament=tournament, status__in=ScoreSheet.LIVE).values(
        "match_id"
    )
    return list(
        Match.objects.filter(stage__tournament=tournament, hand_entries__isnull=False)
        .exclude(pk__in=sent)
        .distinct()
        .select_related("team_a", "team_b", "table", "group", "stage__tournament")
        .order_by("table__order", "table__name", "round", "id")
    )


def live_board(tournament: Tournament) -> list[MatchState]:
    modality = tournament.rules()
    return [match_state(m, modality) for m in matches_in_play(tournament)]


def mesa_match(tournament: Tournament, table: Table) -> Match | None:
    """The jogo shown on a mesa's live page: the one in play there, else the latest one
    with hands, else the next one scheduled."""
    base = Match.objects.filter(stage__tournament=tournament, table=table).select_related(
        "team_a", "team_b", "table", "group", "stage__tournament"
    )
    in_play = [m for m in matches_in_play(tournament) if m.table_id == table.pk]
    if in_play:
        return in_play[0]
    with_hands = base.filter(hand_entries__isnull=False).order_by("-hand_entries__entered_at").first()
    if with_hands is not None:
        return with_hands
    return base.exclude(sheets__status__in=ScoreSheet.LIVE).order_by("round", "order", "id").first()


def recent_rows(match: Match, limit: int = 12) -> list[HandEntry]:
    rows = list(HandEntry.objects.filter(match=match, undone_at__isnull=True).order_by("-sequence")[:limit])
    for entry in rows:
        entry.match = match  # the summaries read the team names without a query each
    return rows


# ---- statistics from the hand logs ----------------------------------------------------


@dataclass
class TeamStats:
    hands: int = 0
    flores: int = 0
    envidos_won: int = 0
    trucos_accepted_won: int = 0
    longest: tuple[int, str, int] | None = None  # (hands, opponent, partida)

    @property
    def empty(self) -> bool:
        return self.hands == 0


def team_stats(team: Team) -> TeamStats:
    """What players talk about after the event, counted from the live (not undone) hands."""
    stats = TeamStats()
    matches = Match.objects.filter(Q(team_a=team) | Q(team_b=team)).select_related("team_a", "team_b")
    entries = HandEntry.objects.filter(match__in=matches, undone_at__isnull=True).order_by(
        "match_id", "sequence"
    )
    by_match = {m.pk: m for m in matches}
    per_partida: dict[tuple[int, int], int] = defaultdict(int)
    for entry in entries:
        match = by_match[entry.match_id]
        side = Side.A if match.team_a_id == team.pk else Side.B
        stats.hands += 1
        per_partida[(entry.match_id, entry.game)] += 1
        for deal in entry.hand.get("deals", []):
            flor = deal.get("flor") or {}
            stats.flores += sum(1 for s in flor.get("flores", []) if s == side.value)
            truco = deal.get("truco") or {}
            if (
                truco.get("end") == TrucoEnd.WON.value
                and truco.get("to") == side.value
                and truco.get("level") != TrucoCall.NONE.value
            ):
                stats.trucos_accepted_won += 1
        if any(c["part"] == Part.ENVIDO.value and c["side"] == side.value for c in entry.components):
            stats.envidos_won += 1
    if per_partida:
        (match_id, game), count = max(per_partida.items(), key=lambda item: (item[1], -item[0][0]))
        match = by_match[match_id]
        opponent = match.team_b if match.team_a_id == team.pk else match.team_a
        stats.longest = (count, opponent.name, game)
    return stats
