"""Circuits (a season of etapas) and rodeios (one event's modalities): their settings, their
etapas, who is ranked across them (circuit teams and people, linked to each etapa's
teams and players), the recorded sorteios of their ties, and each etapa's final placings
kept as read (docs/rules.md §3.16).

A circuit's settings are checked on every save by the pure rules
(``rules.circuit.table_from_json``, ``rules.circuit_terms.check_precedence``): a row
with a table that grows with the place, or a sorteio before another criterion, is never
written.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from circuits.messages import setting_message
from core.text import clean_name
from rules.circuit import DEFAULT_PRESET, PRESETS, CircuitSettingError, PointsTable, table_from_json
from rules.circuit_terms import DEFAULT_PRECEDENCE, CircuitCriterion, check_precedence
from tournaments.models import Player, Team, Tournament


def default_table() -> dict[str, object]:
    return PRESETS[DEFAULT_PRESET].as_json()


def default_tiebreakers() -> list[str]:
    return [c.value for c in DEFAULT_PRECEDENCE]


class Circuit(models.Model):
    class Kind(models.TextChoices):
        SEASON = "season", _("circuito")
        RODEIO = "rodeio", _("rodeio")

    class Shared(models.TextChoices):
        AVERAGE = "average", _("a média das colocações ocupadas")
        SAME = "same", _("os pontos da colocação dividida")

    class EntityMode(models.TextChoices):
        ALL = "all", _("todas as equipes")
        BEST_K = "best_k", _("as melhores equipes de cada etapa")

    name = models.CharField(_("nome"), max_length=200)
    slug = models.SlugField(_("identificador"), max_length=100, unique=True)
    kind = models.CharField(_("tipo"), max_length=20, choices=Kind.choices, default=Kind.SEASON)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    organizers = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="circuits")
    # The preset the table came from ("" once edited by hand).
    preset = models.CharField(_("tabela"), max_length=20, blank=True, default=DEFAULT_PRESET)
    points_table = models.JSONField(_("tabela de pontos"), default=default_table)
    shared_points = models.CharField(
        _("colocações divididas"), max_length=20, choices=Shared.choices, default=Shared.AVERAGE
    )
    best_n = models.PositiveIntegerField(_("melhores resultados contados"), null=True, blank=True)
    entity_mode = models.CharField(
        _("pontos da entidade"), max_length=20, choices=EntityMode.choices, default=EntityMode.ALL
    )
    entity_best_k = models.PositiveIntegerField(_("melhores equipes por etapa"), default=1)
    tiebreakers = models.JSONField(_("critérios de desempate"), default=default_tiebreakers)
    is_public = models.BooleanField(_("público"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # The public page's number (``circuits.revision``): it only grows, moved in the same
    # transaction as any change the page shows (its settings, etapas, links, sorteios, an
    # etapa's placings read again after its tournament changed).
    revision = models.PositiveBigIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["-created_at", "name"]
        verbose_name = _("circuito")
        verbose_name_plural = _("circuitos")

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        errors = self.setting_errors()
        if errors:  # the admin, a shell or a file: no way around the rules
            raise ValidationError(errors)
        if not self._state.adding and kwargs.get("update_fields") is None:
            # The revision moves by ``circuits.revision.bump`` alone: an instance read
            # before a bump must not write its older number back.
            kwargs["update_fields"] = [
                f.attname for f in self._meta.concrete_fields if not f.primary_key and f.name != "revision"
            ]
        super().save(*args, **kwargs)

    def table(self) -> PointsTable:
        return table_from_json(self.points_table)

    def precedence(self) -> tuple[CircuitCriterion, ...]:
        return check_precedence(self.tiebreakers)

    def setting_errors(self) -> dict[str, list[str]]:
        """Field → messages for every setting the rules refuse."""
        errors: dict[str, list[str]] = {}
        checks: list[tuple[str, Any]] = [("points_table", self.table)]
        if isinstance(self.tiebreakers, list):
            checks.append(("tiebreakers", self.precedence))
        else:
            errors["tiebreakers"] = [setting_message(CircuitSettingError("circuit.tiebreaker_unknown"))]
        for field, check in checks:
            try:
                check()
            except CircuitSettingError as exc:
                errors[field] = [setting_message(exc)]
        if self.best_n is not None and self.best_n < 1:
            errors["best_n"] = [setting_message(CircuitSettingError("circuit.best_n_invalid"))]
        if self.entity_best_k < 1:
            errors["entity_best_k"] = [setting_message(CircuitSettingError("circuit.best_k_invalid"))]
        if self.preset and self.preset not in PRESETS:
            self.preset = ""
        return errors

    def clean(self) -> None:
        self.name = clean_name(self.name)
        errors = self.setting_errors()
        if errors:
            raise ValidationError(errors)


class CircuitEtapa(models.Model):
    """A tournament counted in a circuit. Its final placings are kept as last read
    (``EtapaPlacing``), under the tournament's public revision then: any change of what
    the tournament shows moves that number, and the next reading reads them again."""

    circuit = models.ForeignKey(Circuit, on_delete=models.CASCADE, related_name="etapas")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="circuit_etapas")
    order = models.PositiveIntegerField(_("ordem"), default=0)
    placings_revision = models.PositiveBigIntegerField(null=True, blank=True)
    placings_complete = models.BooleanField(default=False)

    class Meta:
        ordering = ["order", "id"]
        constraints = [models.UniqueConstraint(fields=["circuit", "tournament"], name="unique_circuit_etapa")]

    def __str__(self) -> str:
        return f"{self.circuit}: {self.tournament}"

    @property
    def key(self) -> str:
        """The etapa's id in the rules and in files."""
        return f"e{self.pk}"


class EtapaPlacing(models.Model):
    """One team's final placing in an etapa, as ``knockout.placings`` gave it."""

    etapa = models.ForeignKey(CircuitEtapa, on_delete=models.CASCADE, related_name="placings")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    position = models.PositiveIntegerField()
    shared = models.BooleanField(default=False)

    class Meta:
        ordering = ["position", "id"]
        constraints = [models.UniqueConstraint(fields=["etapa", "team"], name="unique_etapa_placing")]

    def __str__(self) -> str:
        return f"{self.position}º {self.team}"


class CircuitTeam(models.Model):
    """A team across the etapas of a circuit: the etapas' teams linked to it are one."""

    circuit = models.ForeignKey(Circuit, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("equipe"), max_length=200)
    entity = models.CharField(_("entidade"), max_length=200, blank=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        self.name, self.entity = clean_name(self.name), clean_name(self.entity)


class TeamLink(models.Model):
    """An etapa's team is the circuit team ``circuit_team`` (one per etapa each way)."""

    circuit_team = models.ForeignKey(CircuitTeam, on_delete=models.CASCADE, related_name="links")
    etapa = models.ForeignKey(CircuitEtapa, on_delete=models.CASCADE, related_name="team_links")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="circuit_links")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["etapa", "team"], name="unique_team_link"),
            models.UniqueConstraint(fields=["etapa", "circuit_team"], name="unique_circuit_team_per_etapa"),
        ]

    def __str__(self) -> str:
        return f"{self.circuit_team} ↔ {self.team}"


class CircuitPlayer(models.Model):
    """A person of the circuit's registry: the players linked to them are one person."""

    circuit = models.ForeignKey(Circuit, on_delete=models.CASCADE, related_name="people")
    name = models.CharField(_("jogador"), max_length=200)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        self.name = clean_name(self.name)


class PlayerLink(models.Model):
    """A tournament's player is the circuit's person ``person`` (one person per player)."""

    circuit = models.ForeignKey(Circuit, on_delete=models.CASCADE, related_name="player_links")
    person = models.ForeignKey(CircuitPlayer, on_delete=models.CASCADE, related_name="links")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="circuit_links")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["circuit", "player"], name="unique_player_link")]

    def __str__(self) -> str:
        return f"{self.person} ↔ {self.player}"


class CircuitLots(models.Model):
    """A recorded sorteio among competitors tied in one of the circuit's rankings: seed,
    the tied competitors, the order drawn (best first), who and when. Replays
    identically (``standings.services.replay_lots``)."""

    class Ranking(models.TextChoices):
        TEAMS = "teams", _("equipes")
        PLAYERS = "players", _("jogadores")
        ENTITIES = "entities", _("entidades")

    circuit = models.ForeignKey(Circuit, on_delete=models.CASCADE, related_name="lots")
    ranking = models.CharField(max_length=20, choices=Ranking.choices)
    seed = models.CharField(max_length=100, blank=True)
    manual = models.BooleanField(_("sorteio feito à mão"), default=False)
    inputs = models.JSONField(default=list)
    result = models.JSONField(default=list)
    performed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    performed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["performed_at", "id"]

    def __str__(self) -> str:
        return f"{self.circuit}: {self.get_ranking_display()} — {self.performed_at:%d/%m/%Y %H:%M}"
