"""Creating a tournament from a modality preset, and naming its comissão and juízes.

Overrides are checked by ``rules.modalities.apply_overrides``; each rules problem is
rendered in the language asked (``lang``, pt-BR unless the page is in English) and put
next to the field it names. Any logged-in user may create a
tournament and becomes its first organizer (a club runs its own rodeio without asking
an administrator); what they may do afterwards is decided by ``tournaments.permissions``.
Name, local and evento are stored as ``core.text.clean_name`` gives them: the evento
groups tournaments into one rodeio, so an invisible character must not split it.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import translation
from django.utils.translation import gettext as _

from core.problem_text import render
from core.text import clean_name, name_problem
from rules.modalities import PRESETS, apply_overrides, get_modality
from rules.problems import Problem, RulesError
from tournaments.bounds import bound_errors
from tournaments.models import Membership, Tournament
from tournaments.revision import bump
from tournaments.services import ServiceError
from tournaments.services.double_setting import double_errors
from tournaments.services.swiss_plan import swiss_apply, swiss_errors

# Problems that carry no ``name`` parameter, by the setting they are about.
_PROBLEM_FIELD = {
    "settings.points_to_win_invalid": "points_to_win",
    "settings.best_of_invalid": "best_of",
    "settings.partida_minutes_required": "partida_minutes",
}


def problem_field(problem: Problem) -> str:
    if problem.code in _PROBLEM_FIELD:
        return _PROBLEM_FIELD[problem.code]
    try:
        return str(problem.param("name")).strip("'\"")
    except KeyError:
        return "__all__"


def check_overrides(
    modality: str, overrides: Mapping[str, object], lang: str = "pt-br"
) -> dict[str, list[str]]:
    """Field -> rendered messages for every problem of ``overrides`` on the preset,
    numbers out of their range (``tournaments.bounds``) included."""
    if modality not in PRESETS:
        return {"modality": [_("Escolha uma das modalidades da lista.")]}
    errors: dict[str, list[str]] = {}
    try:
        apply_overrides(get_modality(modality), overrides)
    except RulesError as exc:
        with translation.override(lang):
            for p in exc.problems:
                errors.setdefault(problem_field(p), []).append(render(p, get_modality(modality)))
    # A number out of its range says the range, in place of the engine's message.
    errors.update(bound_errors(modality, overrides))
    return errors


def _check_plan(stage_plan: str, k: int | None, n: int | None, modality: str) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    if stage_plan == Tournament.StagePlan.MULTI_PHASE and not k:
        errors["advance_per_group"] = [
            _("Informe quantas equipes de cada chave passam para a fase seguinte.")
        ]
    if (
        modality in PRESETS
        and PRESETS[modality].knockout_only
        and stage_plan != Tournament.StagePlan.KNOCKOUT
    ):
        errors["stage_plan"] = [_("Esta modalidade é disputada somente em mata-mata.")]
    return errors


@transaction.atomic
def tournament_create(
    *,
    user: Any,
    name: str,
    slug: str,
    modality: str,
    overrides: Mapping[str, object] | None = None,
    date: date | None = None,
    end_date: date | None = None,
    venue: str = "",
    event: str = "",
    is_public: bool = True,
    show_pending_results: bool = False,
    stage_plan: str = Tournament.StagePlan.GROUPS_KNOCKOUT,
    advance_per_group: int | None = None,
    advance_best_next: int | None = None,
    checkin_deadline: datetime | None = None,
    table_count: int | None = None,
    double_elimination: bool = False,
    grand_final_reset: bool = True,
    swiss: bool = False,
    lang: str = "pt-br",
) -> Tournament:
    """Create the tournament and make ``user`` its organizer (rules messages in ``lang``);
    ``swiss``: its phase of classificação is a Swiss phase (``swiss_plan``)."""
    overrides = dict(overrides or {})
    errors = check_overrides(modality, overrides, lang)
    errors.update(_check_plan(stage_plan, advance_per_group, advance_best_next, modality))
    errors.update(bound_errors(modality, {"table_count": table_count}))
    errors.update(double_errors(stage_plan, double_elimination, grand_final_reset))
    errors.update(swiss_errors(stage_plan, swiss))
    if end_date and date and end_date < date:
        errors["end_date"] = [_("A data de término é anterior à data de início.")]
    for field, text in (("name", name), ("venue", venue), ("event", event)):
        problem = name_problem(text)
        if problem:
            errors.setdefault(field, []).append(_("O texto %(problem)s.") % {"problem": problem})
    t = Tournament(
        name=clean_name(name),
        slug=slug,
        modality=modality,
        settings=overrides,
        date=date,
        end_date=end_date,
        venue=clean_name(venue),
        event=clean_name(event),
        is_public=is_public,
        show_pending_results=show_pending_results,
        stage_plan=stage_plan,
        advance_per_group=advance_per_group if stage_plan == Tournament.StagePlan.MULTI_PHASE else None,
        advance_best_next=advance_best_next if stage_plan == Tournament.StagePlan.MULTI_PHASE else None,
        checkin_deadline=checkin_deadline,
        table_count=table_count,
        double_elimination=double_elimination,
        grand_final_reset=grand_final_reset,
    )
    try:
        t.full_clean()
    except ValidationError as exc:
        for key, msgs in ServiceError.from_validation(exc).errors.items():
            errors.setdefault(key, []).extend(msgs)
    if errors:
        raise ServiceError(errors)
    t.save()
    swiss_apply(t, swiss)
    if user is not None and getattr(user, "is_authenticated", False):
        Membership.objects.create(tournament=t, user=user, role=Membership.Role.ORGANIZER)
    bump(t.pk)
    return t


@transaction.atomic
def publication_set(*, tournament: Tournament, show_pending_results: bool) -> Tournament:
    """Switch the publication rule (docs/rules.md §3.14): whether the public also sees
    the scores sent and not yet homologated, marked as such. Every public page changes
    with it, so the public revision moves."""
    with transaction.atomic():
        Tournament.objects.filter(pk=tournament.pk).update(show_pending_results=show_pending_results)
        tournament.show_pending_results = show_pending_results
        bump(tournament.pk)
    return tournament


def membership_add(*, tournament: Tournament, username: str, role: str) -> Membership:
    """Give an existing account a role (organizador or juiz) in this tournament."""
    if role not in Membership.Role.values:
        raise ServiceError({"role": [_("Papel inválido.")]})
    user = get_user_model().objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise ServiceError(
            {"username": [_("Não existe usuário «%(username)s».") % {"username": username.strip()}]}
        )
    if Membership.objects.filter(tournament=tournament, user=user, role=role).exists():
        raise ServiceError(
            {
                "username": [
                    _("«%(username)s» já tem este papel no torneio.") % {"username": user.get_username()}
                ]
            }
        )
    membership = Membership(tournament=tournament, user=user, role=role)
    membership.full_clean()
    membership.save()
    return membership


@transaction.atomic
def judge_account_create(*, tournament: Tournament, username: str, full_name: str = "") -> tuple[Any, str]:
    """A new judge account with a generated password, returned once (never stored in clear)."""
    User = get_user_model()
    username = username.strip()
    user = User(username=username, first_name=full_name.strip()[:150])
    password = secrets.token_urlsafe(9)
    user.set_password(password)
    try:
        user.full_clean(exclude=["password"])
        user.save()
    except ValidationError as exc:
        raise ServiceError.from_validation(exc) from None
    except IntegrityError:
        raise ServiceError(
            {"username": [_("O usuário «%(username)s» já existe.") % {"username": username}]}
        ) from None
    Membership.objects.create(tournament=tournament, user=user, role=Membership.Role.JUDGE)
    return user, password


@transaction.atomic
def membership_remove(*, membership: Membership) -> None:
    """Remove a role; the last organizer stays (someone must run the tournament)."""
    if (
        membership.role == Membership.Role.ORGANIZER
        and Membership.objects.filter(tournament=membership.tournament, role=membership.role).count() == 1
    ):
        raise ServiceError(_("O torneio precisa de pelo menos um organizador."))
    membership.delete()
