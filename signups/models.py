"""Inscrições online: a tournament's settings and each team's inscrição, kept apart from
the tournaments app so its tables and migrations stay as they are.

A :class:`Signup` holds what the capataz typed (the team as
``tournaments.services.registration.TeamInput.as_json`` gives it) until the organizer
approves it; approval creates the :class:`tournaments.models.Team` through
``team_register`` and links it here. Its contact (``phone``, ``email``) is personal data:
only the tournament's organizers read it (``signups.views_organizer``), no export, public
page or audit entry holds it, and ``signups.review.contact_erase`` blanks it (LGPD).
The capataz's private link is ``/inscricao/<key><secret>/``: ``key`` finds the row, of
``secret`` only the hash is kept, as with the judges' links (``scoring.services.links``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Team, Tournament


class SignupSettings(models.Model):
    """Whether a tournament takes inscrições online, how many places, until when."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="signup_settings")
    enabled = models.BooleanField(_("inscrições online abertas"), default=False)
    capacity = models.PositiveIntegerField(_("vagas"), default=32)
    closes_at = models.DateTimeField(_("encerramento das inscrições online"), null=True, blank=True)
    contact_required = models.BooleanField(_("contato obrigatório (telefone ou e-mail)"), default=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("configuração das inscrições online")

    def __str__(self) -> str:
        return f"{self.tournament}"


class Signup(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("inscrita (pendente)")
        WAITLIST = "waitlist", _("na espera")
        APPROVED = "approved", _("aprovada")
        REFUSED = "refused", _("recusada")
        WITHDRAWN = "withdrawn", _("desistente")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="signups")
    # Arrival order in the tournament (1, 2, 3…): first come, first served.
    number = models.PositiveIntegerField(_("ordem de chegada"))
    name = models.CharField(_("nome da equipe"), max_length=200)
    entity = models.CharField(_("entidade"), max_length=200, blank=True)
    roster = models.JSONField(_("equipe"), default=dict)  # TeamInput.as_json()
    phone = models.CharField(_("telefone"), max_length=30, blank=True)
    email = models.EmailField(_("e-mail"), max_length=254, blank=True)
    status = models.CharField(_("situação"), max_length=20, choices=Status.choices)
    reason = models.CharField(_("motivo"), max_length=300, blank=True)
    key = models.CharField(max_length=16, unique=True)
    secret_hash = models.CharField(max_length=128)
    team = models.OneToOneField(Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="signup")
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    promoted_at = models.DateTimeField(null=True, blank=True)
    contact_erased_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        verbose_name = _("inscrição online")
        verbose_name_plural = _("inscrições online")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_signup_number"),
        ]

    def __str__(self) -> str:
        return self.name
