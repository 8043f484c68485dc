"""The hand log of a jogo (HandEntry) and the partidas confirmed from it (PartidaClose).

Append-only: a hand is never deleted or edited; undo marks it (``undone_at``), so the
log keeps what the judge did and when. ``key`` is the phone's idempotency key: a POST
retried after a lost connection finds its hand already written instead of adding it
twice. The award is stored for the live pages and statistics; the truth is the hand,
re-scored by ``rules.hands`` whenever a new hand is added. Writes go through
``hands.services``; reads through ``hands.selectors``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules.hands import Variant, variant_of
from tournaments.models import Match

PART_LABELS = {"envido": "envido", "flor": "flor", "truco": "truco", "penalty": _("penalidade")}
LEVEL_LABELS = {
    "truco": "truco",
    "retruco": "retruco",
    "vale_quatro": "vale quatro",
    "seis": "seis",
    "nove": "nove",
    "doze": "doze",
}


def _truco_label(entry: HandEntry, points: int) -> str:
    """The truco part's name: its last call, or for a hand with no call a «mão simples»
    (1) or, in 002/003, a mão de onze (3 played, 1 when the side on 11 ran)."""
    deal = (entry.hand.get("deals") or [{}])[0]
    truco = deal.get("truco") or {}
    level = LEVEL_LABELS.get(str(truco.get("level")), "")
    if level:
        return level
    if entry.hand.get("kind") == "testa":
        return gettext("mão")
    if truco.get("end") == "refused":
        return gettext("mão de onze (correu)")
    return gettext("mão de onze") if points == 3 else gettext("mão simples")


def _score_before(entry: HandEntry) -> tuple[int, int]:
    """The partida's score before ``entry`` (its live hands before it)."""
    totals = HandEntry.objects.filter(
        match_id=entry.match_id, game=entry.game, undone_at__isnull=True, sequence__lt=entry.sequence
    ).aggregate(a=models.Sum("award_a"), b=models.Sum("award_b"))
    return totals["a"] or 0, totals["b"] or 0


def nothing_label(entry: HandEntry, before: tuple[int, int] | None = None) -> str:
    """The name of a hand that scored nothing, in the words of the modality's rulebook:
    three tied vazas «pardas» (002 L71 «ninguém ganha tento»), the 002 tie at 11 a 11
    (L64), the 003 «rodadas cangadas» (L255 «o baralho segue») and its «mão de ferro»
    (L53) tied. ``before``: the score the hand was played at (read when not given)."""
    deal = (entry.hand.get("deals") or [{}])[0]
    if (deal.get("truco") or {}).get("end") != "tied":
        return gettext("sem pontos")
    modality = entry.match.stage.tournament.rules()
    variant = variant_of(modality)
    if variant not in (Variant.PAULISTA, Variant.GOIANO):
        return gettext("pardas")
    eleven = modality.points_to_win - 1
    onze_a_onze = (before if before is not None else _score_before(entry)) == (eleven, eleven)
    if variant is Variant.GOIANO:
        return gettext("mão de ferro empatada") if onze_a_onze else gettext("rodadas cangadas")
    return gettext("mão de 11 a 11 empatada") if onze_a_onze else gettext("pardas")


def summary(
    entry: HandEntry, names: tuple[str, str] | None = None, before: tuple[int, int] | None = None
) -> str:
    """ "truco Pé na Mesa +3 · envido Os Guris +2": what a hand gave, for the lists.

    ``names`` are the teams' names (a, b); without them the jogo's are read. A neutral
    judge sees who took the points, never «Nós»/«Eles». A hand worth nothing is named
    (:func:`nothing_label`); ``before`` is the score it was played at, when known.
    """
    if names is None:
        names = (entry.match.team_a.name, entry.match.team_b.name)
    parts = []
    for c in entry.components:
        if c["part"] == "truco":
            label = _truco_label(entry, c["points"])
        else:
            label = str(PART_LABELS.get(c["part"], c["part"]))
        parts.append(f"{label} {names[0] if c['side'] == 'a' else names[1]} +{c['points']}")
    prefix = gettext("testa: ") if entry.hand.get("kind") == "testa" else ""
    return prefix + (" · ".join(parts) or nothing_label(entry, before))


class HandEntry(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hand_entries")
    game = models.PositiveSmallIntegerField(_("partida"))  # 1-based partida of the jogo
    sequence = models.PositiveIntegerField(_("ordem"))  # 1-based within the jogo, undone ones included
    key = models.UUIDField(_("chave de idempotência"))
    hand = models.JSONField()  # hands.codec.encode(rules.hands.Hand)
    award_a = models.PositiveSmallIntegerField(default=0)
    award_b = models.PositiveSmallIntegerField(default=0)
    # hands.codec.encode_award(...)["components"]; empty for a hand worth nothing (pardas
    # with no truco, 002 L71; rodadas cangadas, 003 L255), which is still a hand.
    components = models.JSONField(default=list, blank=True)
    ends_partida = models.BooleanField(default=False)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(default=timezone.now, editable=False)  # a file load gives the hall's
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["match", "sequence"]
        verbose_name = _("mão lançada")
        verbose_name_plural = _("mãos lançadas")
        constraints = [
            models.UniqueConstraint(fields=["match", "key"], name="unique_hand_key"),
            models.UniqueConstraint(fields=["match", "sequence"], name="unique_hand_sequence"),
        ]
        indexes = [models.Index(fields=["match", "game"])]

    def __str__(self) -> str:
        return f"{self.match} — partida {self.game}, mão {self.sequence}"

    @property
    def undone(self) -> bool:
        return self.undone_at is not None

    @property
    def summary(self) -> str:
        return summary(self)


class PartidaClose(models.Model):
    """A partida the judge confirmed into the súmula (the draft version it wrote)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="partida_closes")
    game = models.PositiveSmallIntegerField(_("partida"))
    score_a = models.PositiveSmallIntegerField()
    score_b = models.PositiveSmallIntegerField()
    hands = models.PositiveSmallIntegerField(_("mãos"))
    sheet_version = models.PositiveIntegerField(_("versão da súmula"))
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(default=timezone.now, editable=False)  # a file load gives the hall's

    class Meta:
        ordering = ["match", "game"]
        verbose_name = _("partida confirmada")
        verbose_name_plural = _("partidas confirmadas")
        constraints = [models.UniqueConstraint(fields=["match", "game"], name="unique_partida_close")]

    def __str__(self) -> str:
        return f"{self.match} — partida {self.game}: {self.score_a}–{self.score_b}"
