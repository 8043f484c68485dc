"""Inscrições: teams with their titulares, reservas and capataz; check-in and desistência.

The roster checks (team size, reservas, one capataz, a player in one team only, Truco
Cego exclusivity in the event — docs/rules.md §2.1.1, V-M13, V-M15) and the cabeças de
chave (each number belongs to one team of the tournament, §3.11) live in ``check_team``,
shared by the registration form and the CSV/XLSX import, so both refuse the same things
with the same words. Names are stored as ``core.text.clean_name`` gives them and
compared by ``core.text.name_key`` (case, accents, spacing and invisible format
characters do not make two names different); a name ``core.text.name_problem`` refuses
(a NUL, a lone surrogate, a control character) is a problem of its field.

No database constraint holds team or player names unique: ``team_register``,
``team_update`` and ``teams_register_many`` first lock the tournament's row
(``select_for_update``), so two registrations cannot both pass the check. Entities
keep their database constraint on (tournament, exact name); ``_entity`` reuses the
entity whose name has the same key, so the constraint never sees a near duplicate.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.text import clean_name, clip, name_key, name_problem
from rules.modalities import Modality
from tournaments.models import Entity, Player, Team, TeamStatusChange, Tournament
from tournaments.revision import bump
from tournaments.services import ServiceError
from tournaments.services.closing import ensure_open

NAME_MAX = 200  # Team.name, Player.name and Entity.name hold this many characters


@dataclass
class PlayerInput:
    name: str
    is_captain: bool = False
    is_reserve: bool = False


@dataclass
class TeamInput:
    name: str
    entity: str = ""
    seed: int | None = None
    players: list[PlayerInput] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "entity": self.entity,
            "seed": self.seed,
            "players": [[p.name, p.is_captain, p.is_reserve] for p in self.players],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TeamInput:
        return cls(
            name=str(data["name"]),
            entity=str(data.get("entity") or ""),
            seed=data.get("seed"),
            players=[PlayerInput(str(n), bool(c), bool(r)) for n, c, r in data["players"]],
        )


@dataclass
class RosterIndex:
    """Who is already registered: in this tournament, and in the other ones of the event."""

    teams: dict[str, str]  # normalized team name -> team name
    players: dict[str, str]  # normalized player name -> team name
    event_players: dict[str, tuple[str, bool]]  # normalized name -> (tournament, exclusive)
    exclusive: bool  # this tournament's modality forbids playing another modality
    seeds: dict[int, str] = field(default_factory=dict)  # cabeça de chave -> team name

    @classmethod
    def load(cls, tournament: Tournament, *, exclude_team: Team | None = None) -> RosterIndex:
        qs = Player.objects.filter(team__tournament=tournament)
        teams = Team.objects.filter(tournament=tournament)
        if exclude_team is not None:
            qs = qs.exclude(team=exclude_team)
            teams = teams.exclude(pk=exclude_team.pk)
        event_players: dict[str, tuple[str, bool]] = {}
        if name_key(tournament.event):
            # The same evento however it was typed («Rodeio 2026» and «rodeio  2026»).
            event = name_key(tournament.event)
            others = [
                o
                for o in Tournament.objects.exclude(pk=tournament.pk).exclude(event="")
                if name_key(o.event) == event
            ]
            for other in others:
                exclusive = other.rules().exclusive_registration
                for name in Player.objects.filter(team__tournament=other).values_list("name", flat=True):
                    event_players[name_key(name)] = (other.name, exclusive)
        return cls(
            teams={name_key(n): n for n in teams.values_list("name", flat=True)},
            players={name_key(n): t for n, t in qs.values_list("name", "team__name")},
            event_players=event_players,
            exclusive=tournament.rules().exclusive_registration,
            seeds={n: name for n, name in teams.values_list("seed", "name") if n is not None},
        )

    def add(self, team: TeamInput) -> None:
        self.teams[name_key(team.name)] = team.name
        if team.seed is not None:
            self.seeds.setdefault(team.seed, team.name)
        for p in team.players:
            self.players[name_key(p.name)] = team.name


def check_player(name: str, index: RosterIndex, seen: set[str]) -> list[str]:
    """Problems of one player's name: blank, twice in the team, in another team or modality."""
    problem = name_problem(name)
    if problem:
        return [_("O nome de um jogador %(problem)s.") % {"problem": problem}]
    if len(clean_name(name)) > NAME_MAX:
        return [
            _("O nome do jogador «%(name)s» tem mais de %(max)d caracteres.")
            % {"name": clip(clean_name(name)), "max": NAME_MAX}
        ]
    key = name_key(name)
    if not key:
        return [_("Há um jogador sem nome.")]
    out = []
    shown = clip(clean_name(name))
    if key in seen:
        out.append(_("«%(name)s» aparece duas vezes na equipe.") % {"name": shown})
    seen.add(key)
    if key in index.players:
        out.append(
            _("«%(name)s» já está inscrito na equipe «%(team)s».")
            % {"name": shown, "team": clip(index.players[key])}
        )
    other = index.event_players.get(key)
    if other and (index.exclusive or other[1]):
        out.append(
            _(
                "«%(name)s» está inscrito em «%(other)s»: quem se inscreve no Truco Cego "
                "não pode participar de outra modalidade do mesmo evento."
            )
            % {"name": shown, "other": clip(other[0])}
        )
    return out


def check_team(
    modality: Modality, team: TeamInput, index: RosterIndex, *, with_players: bool = True
) -> list[tuple[str, str]]:
    """Every roster problem of ``team`` as (field, pt-BR message); empty when it may register."""
    out: list[tuple[str, str]] = []
    problem = name_problem(team.name)
    entity_problem = name_problem(team.entity)
    if problem:
        out.append(("name", _("O nome da equipe %(problem)s.") % {"problem": problem}))
    elif len(clean_name(team.name)) > NAME_MAX:
        out.append(("name", _("O nome da equipe tem mais de %(max)d caracteres.") % {"max": NAME_MAX}))
    elif not name_key(team.name):
        out.append(("name", _("Informe o nome da equipe.")))
    elif name_key(team.name) in index.teams:
        out.append(
            (
                "name",
                _("Já existe uma equipe «%(team)s» neste torneio.")
                % {"team": clip(index.teams[name_key(team.name)])},
            )
        )
    if entity_problem:
        out.append(("entity", _("O nome da entidade %(problem)s.") % {"problem": entity_problem}))
    elif len(clean_name(team.entity)) > NAME_MAX:
        out.append(("entity", _("O nome da entidade tem mais de %(max)d caracteres.") % {"max": NAME_MAX}))
    if team.seed is not None and team.seed < 1:
        out.append(("seed", _("Cabeça de chave: use 1, 2, 3… (ou deixe em branco).")))
    elif team.seed is not None and team.seed in index.seeds:
        out.append(
            (
                "seed",
                _(
                    "Cabeça de chave %(seed)d já é de «%(team)s»: cada cabeça "
                    "de chave é de uma só equipe (use outro número ou deixe em branco)."
                )
                % {"seed": team.seed, "team": clip(index.seeds[team.seed])},
            )
        )
    starters = [p for p in team.players if not p.is_reserve]
    reserves = [p for p in team.players if p.is_reserve]
    if len(starters) != modality.players:
        # One sentence per team size: the noun's gender and the count's plural differ.
        needs = {
            1: _("O mano a mano precisa de exatamente 1 titular; informados: %(given)d."),
            2: _("A dupla precisa de exatamente 2 titulares; informados: %(given)d."),
            3: _("O trio precisa de exatamente 3 titulares; informados: %(given)d."),
        }.get(modality.players) or ngettext(
            "A equipe precisa de exatamente %(n)d titular; informados: %(given)d.",
            "A equipe precisa de exatamente %(n)d titulares; informados: %(given)d.",
            modality.players,
        )
        out.append(("players", needs % {"n": modality.players, "given": len(starters)}))
    if len(reserves) > modality.max_reserves:
        out.append(
            (
                "players",
                ngettext(
                    "No máximo %(n)d reserva; informados: %(given)d.",
                    "No máximo %(n)d reservas; informados: %(given)d.",
                    modality.max_reserves,
                )
                % {"n": modality.max_reserves, "given": len(reserves)},
            )
        )
    captains = [p for p in team.players if p.is_captain]
    if len(captains) != 1:
        out.append(("players", _("Indique exatamente um capataz; indicados: %(n)d.") % {"n": len(captains)}))
    if with_players:
        seen: set[str] = set()
        for p in team.players:
            out += [("players", msg) for msg in check_player(p.name, index, seen)]
    return out


def _team_key(tournament: Tournament, name: str) -> str:
    base = slugify(name)[:50] or "equipe"
    taken = set(
        Team.objects.filter(tournament=tournament, key__startswith=base).values_list("key", flat=True)
    )
    key, n = base, 2
    while key in taken:
        key, n = f"{base}-{n}", n + 1
    return key


def _entity(tournament: Tournament, name: str) -> Entity | None:
    name = clean_name(name)
    if not name:
        return None
    key = name_key(name)
    for entity in Entity.objects.filter(tournament=tournament):
        if name_key(entity.name) == key:
            return entity
    entity = Entity(tournament=tournament, name=name)
    entity.full_clean()
    entity.save()
    return entity


def _write_team(tournament: Tournament, data: TeamInput, team: Team | None, order: int) -> Team:
    if team is None:
        team = Team(tournament=tournament, key=_team_key(tournament, clean_name(data.name)), order=order)
    team.name = clean_name(data.name)
    team.entity = _entity(tournament, data.entity)
    team.seed = data.seed
    try:
        team.full_clean()
    except ValidationError as exc:
        raise ServiceError.from_validation(exc) from None
    team.save()
    team.players.all().delete()
    # Titulares first, then reservas: the súmula lists them in this order.
    ordered = sorted(data.players, key=lambda p: p.is_reserve)
    players = [
        Player(
            team=team,
            name=clean_name(p.name),
            is_captain=p.is_captain,
            is_reserve=p.is_reserve,
            order=i,
        )
        for i, p in enumerate(ordered)
    ]
    for p in players:
        p.full_clean(exclude=["team"])
    Player.objects.bulk_create(players)
    return team


def _raise_problems(problems: list[tuple[str, str]]) -> None:
    if problems:
        errors: dict[str, list[str]] = {}
        for name, msg in problems:
            errors.setdefault(name, []).append(msg)
        raise ServiceError(errors)


@transaction.atomic
def team_register(*, tournament: Tournament, data: TeamInput) -> Team:
    """Register a new team while the inscrições are open; refuses with every roster
    problem at once."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()  # serialize registrations
    ensure_open(tournament)
    _raise_problems(check_team(tournament.rules(), data, RosterIndex.load(tournament)))
    order = Team.objects.filter(tournament=tournament).count()
    bump(tournament.pk)
    return _write_team(tournament, data, None, order)


@transaction.atomic
def team_update(*, team: Team, data: TeamInput) -> Team:
    """Replace a team's name, entity, seed and roster."""
    tournament = team.tournament
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    _raise_problems(check_team(tournament.rules(), data, RosterIndex.load(tournament, exclude_team=team)))
    bump(tournament.pk)
    return _write_team(tournament, data, team, team.order)


@transaction.atomic
def teams_register_many(*, tournament: Tournament, teams: list[TeamInput]) -> list[Team]:
    """Register a batch (the import): all or nothing, re-checked against the database now."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    ensure_open(tournament)
    index = RosterIndex.load(tournament)
    modality = tournament.rules()
    problems: list[str] = []
    for data in teams:
        found = check_team(modality, data, index)
        problems += [f"{clip(clean_name(data.name))}: {msg}" for _field, msg in found]
        index.add(data)
    if problems:
        raise ServiceError({"__all__": problems})
    start = Team.objects.filter(tournament=tournament).count()
    bump(tournament.pk)
    return [_write_team(tournament, d, None, start + i) for i, d in enumerate(teams)]


def checkin_closed(tournament: Tournament) -> bool:
    return tournament.checkin_deadline is not None and timezone.now() > tournament.checkin_deadline


@transaction.atomic
def team_set_status(*, team: Team, status: str, user: Any = None, reason: str = "") -> Team:
    """Check-in (presente / ausente), desistência, or back to inscrita — always recorded.

    After the check-in deadline (docs/rules.md §3.12, V-M16) only a change with a reason is
    accepted: the organizer overrides the rule knowingly.
    """
    if status not in Team.Status.values:
        raise ServiceError({"status": [_("Situação inválida.")]})
    reason = reason.strip()
    late = checkin_closed(team.tournament) and status != Team.Status.WITHDRAWN
    if late and not reason:
        raise ServiceError(
            {"reason": [_("O check-in está encerrado: informe o motivo para alterar a situação da equipe.")]}
        )
    if status == Team.Status.WITHDRAWN and not reason:
        raise ServiceError({"reason": [_("Informe o motivo da desistência.")]})
    team = Team.objects.select_for_update().get(pk=team.pk)
    shown = {Team.Status.ABSENT, Team.Status.WITHDRAWN}
    public = team.status in shown or status in shown  # presente/inscrita: not on public pages
    team.status = status
    team.full_clean()
    team.save(update_fields=["status"])
    change = TeamStatusChange(
        team=team, status=status, reason=reason[:300], after_deadline=late, changed_by=user
    )
    change.full_clean(exclude=["changed_by"])
    change.save()
    if public:  # the public home's count of who plays, the team's page, a desistente's row
        bump(team.tournament_id)
    return team
