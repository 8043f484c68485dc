"""The capataz's private link to his team's page, and the contestações filed from it.

A :class:`CaptainLink` follows the judges' links (``scoring.models.JudgeLink``): its
address carries ``key`` (which finds the row) and a secret of which only the hash is
kept; the whole address exists only in the answer that issued it. A team has at most
one live link: issuing a new one revokes the old (``captains.services``).

A :class:`Contest` is a claim the capataz files during the jogo (Art. 20 §3º of the
gaúcho regulation, docs/rules.md «Contestação do capataz»), answered by the comissão on
the jogo's súmula page. Neither row holds a phone or an e-mail.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Match, Team

CONTEST_MAX = 1000  # characters of a contestação and of its answer


class CaptainLink(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="captain_links")
    key = models.CharField(max_length=16, unique=True)
    secret_hash = models.CharField(max_length=128)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("link do capataz")
        verbose_name_plural = _("links dos capatazes")
        constraints = [
            models.UniqueConstraint(
                fields=["team"], condition=models.Q(revoked_at__isnull=True), name="one_live_captain_link"
            )
        ]

    def __str__(self) -> str:
        return f"{self._meta.verbose_name} — {self.team}"

    @property
    def active(self) -> bool:
        return self.revoked_at is None


class Contest(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="contests")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    text = models.TextField(_("contestação"), max_length=CONTEST_MAX)
    created_at = models.DateTimeField(auto_now_add=True)
    answer = models.TextField(_("resposta"), max_length=CONTEST_MAX, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("contestação")
        verbose_name_plural = _("contestações")

    def __str__(self) -> str:
        return f"{self._meta.verbose_name} — {self.team} — {self.match}"
