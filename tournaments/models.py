"""Tournament structure: who plays (teams, players, entities), where and when.

Names follow the glossary of DESIGN.md: Group is a chave, Table a mesa, Match a jogo.
Team ``key`` is the stable id used by the rules engine and the tenteio/1 file.
Names typed by people are kept as ``core.text.clean_name`` gives them: the services and
the tenteio/1 loader clean them before writing, and ``clean()`` here does the same for
any form that validates a model (the admin's).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from core.text import clean_name
from core.words import modality_name
from rules.modalities import PRESETS, Modality, apply_overrides, get_modality

# Labels in the active language (core.words.PRESET_NAMES), read when shown.
MODALITY_CHOICES = [(key, lazy(modality_name, str)(preset)) for key, preset in PRESETS.items()]


class Named(models.Model):
    """A model shown by its name; ``clean()`` puts the names people type in it
    (``typed_names``, the name first) in their stored form (``core.text.clean_name``)."""

    typed_names: tuple[str, ...] = ("name",)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return str(getattr(self, self.typed_names[0]))

    def clean(self) -> None:
        for name in self.typed_names:
            setattr(self, name, clean_name(getattr(self, name)))


class Tournament(Named):
    class StagePlan(models.TextChoices):
        GROUPS = "groups", _("Somente chaves")
        GROUPS_KNOCKOUT = "groups_knockout", _("Chaves e mata-mata")
        KNOCKOUT = "knockout", _("Somente mata-mata")
        MULTI_PHASE = "multi_phase", _("Várias fases de chaves")

    name = models.CharField(_("nome"), max_length=200)
    slug = models.SlugField(_("identificador"), max_length=100, unique=True)
    modality = models.CharField(_("modalidade"), max_length=40, choices=MODALITY_CHOICES)
    settings = models.JSONField(_("regras alteradas"), default=dict, blank=True)
    date = models.DateField(_("data"), null=True, blank=True)
    venue = models.CharField(_("local"), max_length=200, blank=True)
    is_public = models.BooleanField(_("público"), default=True)
    stage_plan = models.CharField(
        _("formato"), max_length=20, choices=StagePlan.choices, default=StagePlan.GROUPS_KNOCKOUT
    )
    # Tournaments sharing an event are one rodeio: V-M15 (Truco Cego exclusivity) spans it.
    event = models.CharField(_("evento"), max_length=200, blank=True, db_index=True)
    end_date = models.DateField(_("data de término"), null=True, blank=True)
    checkin_deadline = models.DateTimeField(_("encerramento do check-in"), null=True, blank=True)
    table_count = models.PositiveIntegerField(_("número de mesas"), null=True, blank=True)
    # Multi-phase chaves: the first ``advance_per_group`` of each chave go on, plus the best
    # ``advance_best_next`` of the next position (ranked with rules.crossgroup).
    advance_per_group = models.PositiveIntegerField(_("classificados por chave"), null=True, blank=True)
    advance_best_next = models.PositiveIntegerField(_("melhores da posição seguinte"), null=True, blank=True)
    # The publication rule (docs/rules.md §3.14): off, the public sees homologated results
    # only; on, also the scores sent and not yet homologated, marked as such, never counted.
    show_pending_results = models.BooleanField(
        _("Mostrar placares aguardando homologação"),
        default=False,
        help_text=_(
            "O público vê também os placares enviados pelos juízes e ainda não homologados, "
            "marcados «aguardando homologação»; eles não contam na classificação nem no mata-mata."
        ),
    )
    # The mata-mata's format (docs/rules.md §3.18): with double elimination a team is out
    # at its second loss; the reset is the second grand final after the losers' champion
    # wins the first.
    double_elimination = models.BooleanField(_("dupla eliminação (repescagem)"), default=False)
    grand_final_reset = models.BooleanField(
        _("segunda final se o campeão da repescagem vencer"), default=True
    )
    # When the inscrições closed (by hand, or by the sorteio das chaves); None while open.
    registration_closed_at = models.DateTimeField(_("inscrições encerradas em"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    typed_names = ("name", "venue", "event")

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("torneio")
        verbose_name_plural = _("torneios")

    def rules(self) -> Modality:
        """The modality preset with this tournament's overrides applied."""
        return apply_overrides(get_modality(self.modality), self.settings or {})

    # The tournament's shape: the pages and menus show only the steps it has.
    @property
    def has_groups(self) -> bool:
        """Chaves (and their rodadas): every format but «Somente mata-mata»."""
        return self.stage_plan != self.StagePlan.KNOCKOUT

    @property
    def has_knockout(self) -> bool:
        """A mata-mata: «Chaves e mata-mata» and «Somente mata-mata»."""
        return self.stage_plan in (self.StagePlan.GROUPS_KNOCKOUT, self.StagePlan.KNOCKOUT)


class Membership(models.Model):
    """A person's role in one tournament; superusers need none."""

    class Role(models.TextChoices):
        ORGANIZER = "organizer", _("organizador")
        JUDGE = "judge", _("juiz")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=20, choices=Role.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user", "role"], name="unique_membership")
        ]

    def __str__(self) -> str:
        return f"{self.user} — {self.get_role_display()} ({self.tournament})"


class Entity(Named):
    """Who a team represents: a CTG, a club, a university."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entities")
    name = models.CharField(_("entidade"), max_length=200)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="unique_entity_name")]


class Team(Named):
    class Status(models.TextChoices):
        REGISTERED = "registered", _("inscrita")
        CHECKED_IN = "checked_in", _("presente")
        ABSENT = "absent", _("ausente")
        WITHDRAWN = "withdrawn", _("desistente")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    key = models.CharField(_("código"), max_length=60)
    name = models.CharField(_("nome"), max_length=200)
    entity = models.ForeignKey(Entity, on_delete=models.SET_NULL, null=True, blank=True, related_name="teams")
    seed = models.PositiveIntegerField(_("cabeça de chave"), null=True, blank=True)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.REGISTERED)
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["order", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "key"], name="unique_team_key")]


class TeamStatusChange(models.Model):
    """Who marked a team presente, ausente or desistente, when, and why (audit trail)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="status_changes")
    status = models.CharField(max_length=20, choices=Team.Status.choices)
    reason = models.CharField(_("motivo"), max_length=300, blank=True)
    after_deadline = models.BooleanField(default=False)
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["changed_at", "id"]

    def __str__(self) -> str:
        return f"{self.team}: {self.get_status_display()}"


class Player(Named):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("jogador"), max_length=200)
    is_captain = models.BooleanField(_("capataz"), default=False)
    is_reserve = models.BooleanField(_("reserva"), default=False)
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["order", "id"]


class Stage(models.Model):
    class Kind(models.TextChoices):
        GROUPS = "groups", _("chaves")
        KNOCKOUT = "knockout", _("mata-mata")

    class System(models.TextChoices):
        """How a phase of chaves pairs its rodadas: every pair of a chave in advance, or
        one Swiss rodada at a time from the standings (docs/rules.md §3.17)."""

        ROUND_ROBIN = "round_robin", _("todos contra todos")
        SWISS = "swiss", _("suíço")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="stages")
    key = models.CharField(max_length=60)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    order = models.PositiveIntegerField(default=0)
    system = models.CharField(_("sistema"), max_length=20, choices=System.choices, default=System.ROUND_ROBIN)
    # Swiss only: the rodadas planned (None: ceil(log2 n) when the first one is paired).
    swiss_rounds = models.PositiveIntegerField(_("rodadas do suíço"), null=True, blank=True)

    class Meta:
        ordering = ["order", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "key"], name="unique_stage_key")]

    def __str__(self) -> str:
        return self.key


class StageTeam(models.Model):
    """A team entered in a knockout stage, in seed order (``order`` 0 is seed 1).

    ``position`` is its line in the bracket (knockout.bracket); None when the jogos of
    a loaded file draw no bracket. ``label`` says where it came from ("1º A").
    """

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="entries")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    order = models.PositiveIntegerField(default=0)
    position = models.PositiveIntegerField(_("posição no chaveamento"), null=True, blank=True)
    label = models.CharField(_("origem"), max_length=40, blank=True)

    class Meta:
        ordering = ["order"]
        constraints = [models.UniqueConstraint(fields=["stage", "team"], name="unique_stage_team")]

    def __str__(self) -> str:
        return f"{self.stage}: {self.team}"


class Group(models.Model):
    """A chave: a round-robin group of a stage."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="groups")
    name = models.CharField(_("chave"), max_length=60)
    order = models.PositiveIntegerField(default=0)
    teams: models.ManyToManyField[Team, GroupTeam] = models.ManyToManyField(
        Team, through="GroupTeam", related_name="groups"
    )

    class Meta:
        ordering = ["order", "id"]
        constraints = [models.UniqueConstraint(fields=["stage", "name"], name="unique_group_name")]

    def __str__(self) -> str:
        return self.name


class GroupTeam(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="entries")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["order"]
        constraints = [models.UniqueConstraint(fields=["group", "team"], name="unique_group_team")]

    def __str__(self) -> str:
        return f"{self.group}: {self.team}"


class Table(Named):
    """A mesa."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    name = models.CharField(_("mesa"), max_length=30)
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["order", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="unique_table_name")]


class Round(models.Model):
    """A rodada of a stage: when it starts and its soft deadline (docs/rules.md §3.12, AMB-11)."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField(_("rodada"))
    starts_at = models.DateTimeField(_("início"), null=True, blank=True)
    deadline = models.DateTimeField(_("limite"), null=True, blank=True)

    class Meta:
        ordering = ["stage", "number"]
        constraints = [models.UniqueConstraint(fields=["stage", "number"], name="unique_round_number")]

    def __str__(self) -> str:
        return f"{self.stage} — rodada {self.number}"


class Match(models.Model):
    """A jogo between two teams; its result lives in scoring.ScoreSheet versions."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="matches")
    group = models.ForeignKey(Group, on_delete=models.CASCADE, null=True, blank=True, related_name="matches")
    round = models.PositiveIntegerField(_("rodada"), null=True, blank=True)
    table = models.ForeignKey(Table, on_delete=models.SET_NULL, null=True, blank=True, related_name="matches")
    team_a = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    team_b = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    order = models.PositiveIntegerField(default=0)
    scheduled_at = models.DateTimeField(_("horário"), null=True, blank=True)
    # Mata-mata only: the jogo's place in its rodada (knockout.bracket), and whether it
    # is the disputa de 3º lugar (played in the rodada of the final, slot 1).
    slot = models.PositiveIntegerField(_("posição no chaveamento"), null=True, blank=True)
    third_place = models.BooleanField(_("disputa de 3º lugar"), default=False)
    # Double elimination only (knockout.double_bracket): the winners' bracket "W", the
    # losers' "L" or the grand final "GF"; blank in a single-elimination mata-mata.
    bracket = models.CharField(_("lado do chaveamento"), max_length=2, blank=True, default="")

    class Meta:
        ordering = ["stage__order", "round", "order", "id"]
        verbose_name = _("jogo")
        verbose_name_plural = _("jogos")
        constraints = [
            models.CheckConstraint(condition=~models.Q(team_a=models.F("team_b")), name="match_two_teams"),
            # Two organizers advancing the same winner at once cannot create the jogo twice.
            models.UniqueConstraint(
                fields=["stage", "bracket", "round", "slot"],
                condition=models.Q(slot__isnull=False),
                name="unique_bracket_slot",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team_a} × {self.team_b}"


# The recorded sorteios and swaps, and the public revisions, live beside the models they
# refer to (imported here so Django finds them, and callers import them from here).
from tournaments.models_draws import BracketSwap, DrawOfLots, GroupSwap, PairingSwap  # noqa: E402, F401
from tournaments.models_revision import PublicRevision, ScopeRevision  # noqa: E402, F401
