"""Súmulas: append-only versions of a match's result, their signatures and their history.

``ScoreSheet.result`` holds the result in the tenteio/1 shape (docs/interchange.md) so that the
rules engine reads one format whether it came from a judge's phone or from a file.

A version's content (result, lineups, observations, who/when/where) is never edited after
it is written; only its workflow fields move (``status``, ``confirmed``), and every such
move is recorded as a :class:`SheetEvent`. The database guarantees at most one confirmed
version per match, and that only a live (submitted, signed, homologated) version can be
the confirmed one. Writes go through ``scoring.services``; reads through
``scoring.selectors``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models import Group, Match, Table, Team, Tournament

# Where a version was entered (``ScoreSheet.source``, stored as these words), for people.
SOURCES = {"juiz": _("página do juiz"), "tenteio": _("tenteio"), "loadtournament": _("arquivo do torneio")}


class ScoreSheet(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("rascunho")
        SUBMITTED = "submitted", _("enviada pelo juiz")
        SIGNED = "signed", _("assinada pelos capatazes")
        HOMOLOGATED = "homologated", _("homologada")
        SUPERSEDED = "superseded", _("substituída")

    LIVE = (Status.SUBMITTED, Status.SIGNED, Status.HOMOLOGATED)

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="sheets")
    version = models.PositiveIntegerField()
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAFT)
    # The version that counts for the match (the standings read it); see the constraints.
    confirmed = models.BooleanField(default=False)
    result = models.JSONField()
    # {"a": [[player ids of partida 1], [partida 2], ...], "b": [...]}; empty for a W.O.
    lineups = models.JSONField(default=dict, blank=True)
    # [{"kind": "advertencia" | "ocorrencia", "text": "..."}]
    observations = models.JSONField(default=list, blank=True)
    note = models.TextField(blank=True)
    normalizations = models.JSONField(default=list, blank=True)
    based_on = models.PositiveIntegerField(null=True, blank=True)  # version the editor started from
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(default=timezone.now, editable=False)  # a file load gives the hall's
    entered_ip = models.GenericIPAddressField(null=True, blank=True)
    user_agent = models.CharField(max_length=300, blank=True)
    source = models.CharField(max_length=100, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # The phone's idempotency key of the POST that wrote this version (None: no key sent,
    # or not written from the judge's page); a resend with it answers this version.
    client_key = models.UUIDField(null=True, blank=True)

    class Meta:
        ordering = ["match", "version"]
        verbose_name = _("súmula")
        verbose_name_plural = _("súmulas")
        constraints = [
            models.UniqueConstraint(fields=["match", "version"], name="unique_sheet_version"),
            models.UniqueConstraint(fields=["match", "client_key"], name="unique_sheet_client_key"),
            models.UniqueConstraint(
                fields=["match"], condition=models.Q(confirmed=True), name="one_confirmed_sheet_per_match"
            ),
            models.CheckConstraint(
                condition=models.Q(confirmed=False)
                | models.Q(status__in=["submitted", "signed", "homologated"]),
                name="confirmed_sheet_is_live",
            ),
        ]

    def __str__(self) -> str:
        return f"súmula v{self.version} — {self.match}"

    @property
    def source_label(self) -> str:
        return str(SOURCES.get(self.source, self.source))

    @property
    def is_live(self) -> bool:
        return self.status in self.LIVE


class MatchContribution(models.Model):
    """What a chave jogo's counted súmula adds to one of its two teams' standings.

    Decided once, by the rules engine (``rules.totals.tally``), when the súmula that
    counts changes (confirmed, homologated, reverted, corrected) and when the
    tournament's rules change, in the same transaction (``scoring.services.contributions``):
    a standings read sums these rows instead of judging every súmula again. Two rows per
    jogo with a readable confirmed súmula (sides A and B), none otherwise; knockout
    jogos have none (they are not in any chave's table).
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="contributions")
    # The jogo's chave, copied so that summing a chave reads this table alone.
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="+")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    side = models.CharField(max_length=1)  # "a" or "b": the team's side in the match
    # Whether the súmula is homologated (else submitted or signed: provisional only).
    homologated = models.BooleanField()
    counts = models.BooleanField()  # False: the result has an error and adds nothing
    played = models.PositiveSmallIntegerField(default=0)
    wins = models.PositiveSmallIntegerField(default=0)
    losses = models.PositiveSmallIntegerField(default=0)
    games_won = models.PositiveSmallIntegerField(default=0)
    games_lost = models.PositiveSmallIntegerField(default=0)
    points_for = models.PositiveIntegerField(default=0)
    points_against = models.PositiveIntegerField(default=0)
    expels = models.BooleanField(default=False)  # the team leaves the tournament with this jogo
    absent = models.BooleanField(default=False)  # absent in a W.O.
    reason = models.TextField(blank=True)  # why this jogo would expel the team
    # Partida scores as played, side A first: "24-13 20-24 24-22" (read back only to
    # explain a head-to-head decision; text, so that reading it costs no JSON decoding).
    games = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "side"], name="one_contribution_per_side")]

    def __str__(self) -> str:
        return f"{self.team} — {self.match}"


class Signature(models.Model):
    """A capataz's signature on one version (on paper, recorded by the judge, or by PIN)."""

    class Method(models.TextChoices):
        PAPER = "paper", _("assinada em papel")
        PIN = "pin", _("PIN da equipe")

    sheet = models.ForeignKey(ScoreSheet, on_delete=models.CASCADE, related_name="signatures")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    method = models.CharField(max_length=10, choices=Method.choices)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    recorded_at = models.DateTimeField(default=timezone.now, editable=False)  # a file load gives the hall's
    client_key = models.UUIDField(null=True, blank=True)  # the phone's idempotency key, as on ScoreSheet

    class Meta:
        ordering = ["recorded_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "team"], name="one_signature_per_team"),
            models.UniqueConstraint(fields=["sheet", "client_key"], name="unique_signature_client_key"),
        ]

    def __str__(self) -> str:
        return f"{self.team} — {self.get_method_display()}"


class SheetEvent(models.Model):
    """One entry of a súmula's history: a version written or a state change."""

    class Kind(models.TextChoices):
        DRAFT_SAVED = "draft_saved", _("rascunho salvo")
        SUBMITTED = "submitted", _("enviada")
        CONFIRMED = "confirmed", _("conferida e confirmada")
        CHECK_MISMATCH = "check_mismatch", _("conferência com divergência")
        # The organizer chose one of two different entries (scoring.services.double_entry).
        CHECK_RESOLVED = "check_resolved", _("divergência decidida pela comissão")
        SIGNED = "signed", _("assinada")
        HOMOLOGATED = "homologated", _("homologada")
        REVERTED = "reverted", _("homologação revertida")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="sheet_events")
    sheet = models.ForeignKey(
        ScoreSheet, on_delete=models.CASCADE, null=True, blank=True, related_name="events"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now, editable=False)  # a file load gives the hall's
    ip = models.GenericIPAddressField(null=True, blank=True)
    user_agent = models.CharField(max_length=300, blank=True)
    reason = models.TextField(blank=True)
    details = models.JSONField(default=dict, blank=True)
    # The phone's idempotency key of a blind second entry (CONFIRMED with details "check",
    # or CHECK_MISMATCH): what that POST wrote is this event. None on every other event.
    client_key = models.UUIDField(null=True, blank=True)

    class Meta:
        ordering = ["at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["match", "client_key"], name="unique_event_client_key")
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} — {self.match}"


class TeamPin(models.Model):
    """A team's PIN for signing on the judge's phone; only its hash is kept."""

    MAX_ATTEMPTS = 5
    LOCK_MINUTES = 15

    team = models.OneToOneField(Team, on_delete=models.CASCADE, related_name="pin")
    pin_hash = models.CharField(max_length=128)
    failed_attempts = models.PositiveIntegerField(default=0)
    locked_until = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"PIN — {self.team}"


class ScoringSettings(models.Model):
    """Per-tournament súmula options, set on «Editar torneio».

    Double entry covers every jogo, or with ``knockout_only`` only the mata-mata's
    (``scoring.services.workflow.double_entry``). It is read when a version is sent: a
    version keeps the flow it was sent under when the setting changes later.
    """

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="scoring_settings")
    double_entry = models.BooleanField(
        _("dupla digitação"),
        default=False,
        help_text=_("Uma segunda pessoa redigita a súmula às cegas antes da confirmação."),
    )
    knockout_only = models.BooleanField(
        _("dupla digitação só no mata-mata"),
        default=False,
        help_text=_("Com a dupla digitação ligada, os jogos das chaves são confirmados ao serem enviados."),
    )

    class Meta:
        verbose_name = _("configuração de súmulas")

    def __str__(self) -> str:
        return f"{self._meta.verbose_name} — {self.tournament}"


class JudgeAssignment(models.Model):
    """A mesa given to a judge; a judge with any assignment may enter only those mesas."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="judge_assignments")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="judge_assignments")

    class Meta:
        verbose_name = _("mesa do juiz")
        verbose_name_plural = _("mesas dos juízes")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user", "table"], name="unique_judge_table")
        ]

    def __str__(self) -> str:
        return f"{self.user} — mesa {self.table}"


class JudgeLink(models.Model):
    """A judge's private access link: opened on a phone, it logs the judge in for this
    tournament alone, with no password (``scoring.services.links``).

    The link's address carries ``key`` (which finds the row) and a secret of which only
    the hash is kept, as with the team PINs; the whole address is shown once, when the
    organizer creates it. A revoked link stops working at once, also on a phone that
    opened it before (``scoring.middleware.JudgeLinkMiddleware`` checks every request).
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="judge_links")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=16, unique=True)
    secret_hash = models.CharField(max_length=128)
    # None: every mesa (or rodada) the judge may enter; a list: only these. Ids, not
    # foreign keys, so that a mesa removed from the list leaves nothing wider than before.
    tables = models.JSONField(null=True, blank=True)  # [table id, ...]
    rounds = models.JSONField(null=True, blank=True)  # [[stage id, rodada number], ...]
    scope = models.CharField(max_length=300, blank=True)  # the restriction in words
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    opened_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("link de acesso do juiz")
        verbose_name_plural = _("links de acesso dos juízes")

    def __str__(self) -> str:
        return f"{self._meta.verbose_name} — {self.user}"

    @property
    def active(self) -> bool:
        return self.revoked_at is None
