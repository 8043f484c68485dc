"""The recorded decisions about a tournament's draw: sorteios (seed, inputs, result,
who and when) and the swaps an organizer made after them, each with its reason.
Imported by ``tournaments.models``: callers import them from there."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Group, Stage, Team, Tournament


class DrawOfLots(models.Model):
    """A recorded sorteio: seed, inputs, result, who and when. Replays identically."""

    class Purpose(models.TextChoices):
        GROUPS = "groups", _("sorteio das chaves")
        TIEBREAK = "tiebreak", _("sorteio de desempate")
        BYES = "byes", _("sorteio de chapéus")
        BRACKET = "bracket", _("sorteio do mata-mata")
        SWISS = "swiss", _("pareamento do suíço")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="draws")
    purpose = models.CharField(max_length=20, choices=Purpose.choices)
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, null=True, blank=True, related_name="draws")
    group = models.ForeignKey(Group, on_delete=models.CASCADE, null=True, blank=True, related_name="draws")
    seed = models.CharField(max_length=100, blank=True)
    manual = models.BooleanField(_("sorteio feito à mão"), default=False)
    inputs = models.JSONField(default=list)
    result = models.JSONField(default=list)
    performed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    performed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["performed_at", "id"]

    def __str__(self) -> str:
        return f"{self.get_purpose_display()} — {self.performed_at:%d/%m/%Y %H:%M}"


class GroupSwap(models.Model):
    """Two teams exchanged between chaves after the sorteio, with the reason kept."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="swaps")
    team_a = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    team_b = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    group_a = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="+")
    group_b = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(_("motivo"), max_length=300)
    performed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    performed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["performed_at", "id"]

    def __str__(self) -> str:
        return f"{self.team_a} ⇄ {self.team_b}"


class BracketSwap(models.Model):
    """Two teams exchanged between jogos of rodada 1 of a mata-mata, with the reason kept."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="bracket_swaps")
    team_a = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    team_b = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(_("motivo"), max_length=300)
    performed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    performed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["performed_at", "id"]

    def __str__(self) -> str:
        return f"{self.team_a} ⇄ {self.team_b}"


class PairingSwap(models.Model):
    """Two teams exchanged between jogos of a Swiss rodada before it started, with the
    reason kept (docs/rules.md §3.17)."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="pairing_swaps")
    round = models.PositiveIntegerField(_("rodada"))
    team_a = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    team_b = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(_("motivo"), max_length=300)
    performed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    performed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["performed_at", "id"]

    def __str__(self) -> str:
        return f"{self.team_a} ⇄ {self.team_b}"
