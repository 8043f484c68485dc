"""Editing a tournament after its creation: its details at any time, its rules with care.

Details (name, local, evento, dates, check-in deadline, mesas, public or not) change at
any time. The rules (target, «melhor de», 2 a 0, tiebreak order, times, reservas) change
freely until the first result — the first súmula sent, signed or homologated — and after
it only when the organizer confirms (told first which súmulas would stop counting): every
counted súmula is then judged again under the new rules, in the same transaction
(``tournaments.signals.rules_changed``, answered by scoring). The format changes only
before the sorteio (no phase exists yet), and the modality never: teams were registered
under its roster rules. A lower limit of reservas is refused while a team has more.

«Dupla digitação» (none, every jogo, or the mata-mata's only) changes at any time. It is
read when a súmula is sent, so a súmula already sent keeps the flow it was sent under:
one waiting for its second entry still waits after the setting is turned off (the page
says how many), and one already confirmed stays confirmed after it is turned on.

The tournament row, and scoring's settings row, are saved through the model, so the
audit trail records who changed what, with the values before and after; the public
revision is bumped with the tournament.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.text import clean_name, name_problem
from rules.modalities import Modality, apply_overrides, get_modality
from rules.problems import RulesError
from rules.settings import modality_to_settings
from rules.totals import tally
from tournaments.bounds import bound_errors
from tournaments.models import Match, Stage, Team, Tournament
from tournaments.revision import bump
from tournaments.services import ServiceError
from tournaments.services.double_setting import double_errors
from tournaments.services.swiss_plan import SWISS_PLANS, swiss_apply, swiss_errors
from tournaments.services.tournaments import _check_plan, check_overrides
from tournaments.signals import rules_changed

# The settings the edit page shows; any other override (from a loaded file) is kept.
RULE_FIELDS = (
    "points_to_win",
    "best_of",
    "sweep_bonus",
    "tiebreakers",
    "match_minutes",
    "partida_minutes",
    "max_reserves",
)
# «Dupla digitação»: the form's value -> scoring's ScoringSettings (double_entry,
# knockout_only), a row reached through the tournament's reverse relation.
DOUBLE_ENTRY = {"nao": (False, False), "todos": (True, False), "mata-mata": (True, True)}
# A súmula in one of these states is a result (a draft is not): scoring's ScoreSheet.LIVE,
# named here because this app sits below scoring.
RESULT_STATUSES = ("submitted", "signed", "homologated")


@dataclass
class Details:
    name: str
    venue: str = ""
    event: str = ""
    date: dt.date | None = None
    end_date: dt.date | None = None
    checkin_deadline: dt.datetime | None = None
    table_count: int | None = None
    is_public: bool = True
    stage_plan: str = ""
    advance_per_group: int | None = None
    advance_best_next: int | None = None
    # None: not sent, left as it is (docs/rules.md §3.18; tournaments.services.double_setting).
    double_elimination: bool | None = None
    grand_final_reset: bool | None = None
    swiss: bool | None = None  # the phase of classificação's system (swiss_plan); None: as it is


@dataclass
class EditOutcome:
    changed: list[str] = field(default_factory=list)
    rules_changed: bool = False
    recomputed: bool = False  # the rules changed after the first result
    stopped_counting: list[str] = field(default_factory=list)  # jogos whose súmula no longer counts
    # With «Dupla digitação» changed: the súmulas still waiting for their second entry.
    awaiting_second_entry: int = 0


def has_results(tournament: Tournament) -> bool:
    """True once a súmula of any jogo was sent (a draft does not count)."""
    # Through the reverse relation of scoring's súmulas: this app does not import scoring.
    return Match.objects.filter(stage__tournament=tournament, sheets__status__in=RESULT_STATUSES).exists()


def _scoring_settings_model() -> Any:
    # scoring's ScoringSettings, reached through the tournament: this app does not import scoring.
    relation: Any = Tournament._meta.get_field("scoring_settings")
    return relation.related_model


def double_entry_mode(tournament: Tournament) -> str:
    """The tournament's «Dupla digitação», as a key of :data:`DOUBLE_ENTRY`."""
    row = _scoring_settings_model().objects.filter(tournament=tournament).first()
    if row is None or not row.double_entry:
        return "nao"
    return "mata-mata" if row.knockout_only else "todos"


def awaiting_second_entry(tournament: Tournament) -> int:
    """How many súmulas were sent under double entry and wait for their second entry
    (not confirmed, not set aside): they keep waiting whatever the setting becomes."""
    sheet_model: Any = Match._meta.get_field("sheets").related_model
    return int(
        sheet_model.objects.filter(
            match__stage__tournament=tournament, confirmed=False, status__in=("submitted", "signed")
        ).count()
    )


def _double_entry_errors(mode: str | None, plan: str) -> dict[str, list[str]]:
    if mode is None:
        return {}
    if mode not in DOUBLE_ENTRY:
        return {"double_entry": [_("Escolha uma das opções de dupla digitação.")]}
    if mode == "mata-mata" and plan == Tournament.StagePlan.GROUPS:
        return {"double_entry": [_("Este torneio não tem mata-mata: escolha «em todos os jogos» ou «não».")]}
    return {}


def current_rules(tournament: Tournament) -> dict[str, object]:
    """The values the edit page starts from: the preset with the tournament's overrides."""
    values = modality_to_settings(tournament.rules())
    return {name: values[name] for name in RULE_FIELDS}


def _settings(tournament: Tournament, rules: Mapping[str, object]) -> dict[str, object]:
    """The stored overrides: the typed values that differ from the preset, plus every
    override the page does not show (kept as it was)."""
    preset = modality_to_settings(get_modality(tournament.modality))
    out = {k: v for k, v in (tournament.settings or {}).items() if k not in RULE_FIELDS}
    for name in RULE_FIELDS:
        value = rules.get(name)
        if value is not None and value != preset[name]:
            out[name] = value
    return out


def _detail_errors(tournament: Tournament, d: Details) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    for name, text in (("name", d.name), ("venue", d.venue), ("event", d.event)):
        problem = name_problem(text)
        if problem:
            errors.setdefault(name, []).append(_("O texto %(problem)s.") % {"problem": problem})
    if not clean_name(d.name):
        errors.setdefault("name", []).append(_("Informe o nome do torneio."))
    if d.end_date and d.date and d.end_date < d.date:
        errors["end_date"] = [_("A data de término é anterior à data de início.")]
    if d.stage_plan and d.stage_plan != tournament.stage_plan:
        if d.stage_plan not in Tournament.StagePlan.values:
            errors["stage_plan"] = [_("Escolha um dos formatos da lista.")]
        # An empty Swiss phase is only the system chosen (swiss_plan), not a sorteio.
        elif Stage.objects.filter(tournament=tournament).exclude(system="swiss", groups=None).exists():
            errors["stage_plan"] = [
                _("As chaves ou o mata-mata já foram sorteados: o formato não pode mais mudar.")
            ]
    plan = d.stage_plan or tournament.stage_plan
    errors.update(_check_plan(plan, d.advance_per_group, d.advance_best_next, tournament.modality))
    return errors


def _counts(modality: Modality, result: object, key_a: str, key_b: str) -> bool:
    found = tally(modality, result, key_a, key_b)
    return found is not None and found.outcome is not None


def stops_counting(tournament: Tournament, old: Modality, new: Modality) -> list[str]:
    """The jogos whose counted súmula counts under the rules now and would not under
    ``new`` (a 24-tento partida when the target becomes 30): the page names them before
    the organizer confirms."""
    # scoring's ScoreSheet, reached through the jogo's relation: this app does not import scoring.
    sheet_model: Any = Match._meta.get_field("sheets").related_model
    rows = sheet_model.objects.filter(match__stage__tournament=tournament, confirmed=True).values_list(
        "result", "match__team_a__key", "match__team_b__key", "match__team_a__name", "match__team_b__name"
    )
    return [
        f"{name_a} × {name_b}"
        for result, key_a, key_b, name_a, name_b in rows.order_by("match__round", "match__order", "match_id")
        if _counts(old, result, key_a, key_b) and not _counts(new, result, key_a, key_b)
    ]


def _reserve_errors(tournament: Tournament, limit: object) -> dict[str, list[str]]:
    """A limit of reservas below what a registered team already has is refused."""
    if not isinstance(limit, int):
        return {}
    most = (
        Team.objects.filter(tournament=tournament)
        .annotate(n=Count("players", filter=Q(players__is_reserve=True)))
        .filter(n__gt=limit)
        .order_by("-n", "name")
        .values_list("name", "n")
        .first()
    )
    if most is None:
        return {}
    name, n = most
    return {
        "max_reserves": [
            ngettext(
                "Reservas por equipe: a equipe «%(team)s» já tem %(n)d reserva; informe pelo menos %(n)d "
                "ou corrija a equipe antes.",
                "Reservas por equipe: a equipe «%(team)s» já tem %(n)d reservas; informe pelo menos %(n)d "
                "ou corrija a equipe antes.",
                n,
            )
            % {"team": name, "n": n}
        ]
    }


def _new_rules(tournament: Tournament, settings: Mapping[str, object]) -> Modality | None:
    try:
        return apply_overrides(get_modality(tournament.modality), settings)
    except RulesError:
        return None


@dataclass
class _Checked:
    errors: dict[str, list[str]]
    values: dict[str, Any]
    rules_changed: bool
    after_results: bool
    lost: list[str]


def _check(
    t: Tournament,
    details: Details,
    rules: Mapping[str, object],
    confirm: bool,
    lang: str,
    double_entry: str | None = None,
) -> _Checked:
    errors = _detail_errors(t, details)
    errors.update(_double_entry_errors(double_entry, details.stage_plan or t.stage_plan))
    given = {k: v for k, v in rules.items() if k in RULE_FIELDS and v is not None}
    errors.update(check_overrides(t.modality, given, lang))
    errors.update(bound_errors(t.modality, {"table_count": details.table_count}))
    double = details.double_elimination
    errors.update(
        double_errors(details.stage_plan or t.stage_plan, double, details.grand_final_reset, current=t)
    )
    errors.update(swiss_errors(details.stage_plan or t.stage_plan, details.swiss, current=t))
    if "max_reserves" not in errors:
        errors.update(_reserve_errors(t, given.get("max_reserves")))
    settings = _settings(t, given)
    new_rules = _new_rules(t, settings)
    changes_rules = new_rules is not None and new_rules != t.rules()
    after_results = changes_rules and has_results(t)
    lost = stops_counting(t, t.rules(), new_rules) if after_results and new_rules is not None else []
    if after_results and not confirm:
        warning = ""
        if lost:
            shown = ", ".join(lost[:10])
            if len(lost) > 10:
                shown = _("%(shown)s e mais %(n)d") % {"shown": shown, "n": len(lost) - 10}
            warning = " " + ngettext(
                "Com as novas regras, %(n)d súmula deixa de valer: %(shown)s.",
                "Com as novas regras, %(n)d súmulas deixam de valer: %(shown)s.",
                len(lost),
            ) % {"n": len(lost), "shown": shown}
        errors.setdefault("confirm", []).append(
            _(
                "Já há resultados lançados: marque a confirmação para mudar as regras. "
                "Todas as súmulas serão conferidas de novo e a classificação recalculada."
            )
            + warning
        )
    plan = details.stage_plan or t.stage_plan
    multi = plan == Tournament.StagePlan.MULTI_PHASE
    swiss = Stage.objects.filter(tournament=t, system=Stage.System.SWISS).exists()
    values: dict[str, Any] = {
        "name": clean_name(details.name),
        "venue": clean_name(details.venue),
        "event": clean_name(details.event),
        "date": details.date,
        "end_date": details.end_date,
        "checkin_deadline": details.checkin_deadline,
        "table_count": details.table_count,
        "is_public": details.is_public,
        "stage_plan": plan,
        # A Swiss phase's «classificados ao mata-mata» are set on its start form, which
        # this page does not show: kept as they are.
        "advance_per_group": details.advance_per_group if multi else (t.advance_per_group if swiss else None),
        "advance_best_next": details.advance_best_next if multi else None,
        "settings": settings,
    }
    for name in ("double_elimination", "grand_final_reset"):
        if getattr(details, name) is not None:
            values[name] = getattr(details, name)
    return _Checked(errors, values, changes_rules, after_results, lost)


def edit_problems(
    *,
    tournament: Tournament,
    details: Details,
    rules: Mapping[str, object],
    confirm: bool,
    lang: str = "pt-br",
    double_entry: str | None = None,
) -> dict[str, list[str]]:
    """What :func:`tournament_update` would refuse, without writing: the page adds these
    to the form's own errors, so the organizer sees every problem at once."""
    return _check(tournament, details, rules, confirm, lang, double_entry).errors


@transaction.atomic
def tournament_update(
    *,
    tournament: Tournament,
    details: Details,
    rules: Mapping[str, object],
    confirm: bool = False,
    lang: str = "pt-br",
    double_entry: str | None = None,
) -> EditOutcome:
    """Change the tournament's details, rules and «Dupla digitação» (``double_entry``, a
    key of :data:`DOUBLE_ENTRY`; None leaves it as it is); every problem is reported at
    once and nothing is written on any. Locks the tournament's row."""
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    checked = _check(t, details, rules, confirm, lang, double_entry)
    errors = checked.errors
    changed = [k for k, v in checked.values.items() if getattr(t, k) != v]
    new_mode = double_entry is not None and double_entry != double_entry_mode(t)
    for k in changed:
        setattr(t, k, checked.values[k])
    try:
        t.full_clean()
    except ValidationError as exc:
        for key, msgs in ServiceError.from_validation(exc).errors.items():
            errors.setdefault(key, []).extend(msgs)
    if errors:
        raise ServiceError(errors)
    # Leaving the plans with a phase of chaves removes an empty Swiss phase with them.
    if swiss_apply(t, details.swiss if t.stage_plan in SWISS_PLANS else False):
        changed.append("swiss")
    outcome = EditOutcome(
        changed=changed + (["double_entry"] if new_mode else []),
        rules_changed=checked.rules_changed,
        recomputed=checked.after_results,
        stopped_counting=checked.lost,
    )
    if new_mode and double_entry is not None:
        row = _scoring_settings_model().objects.filter(tournament=t).first()
        row = row or _scoring_settings_model()(tournament=t)
        row.double_entry, row.knockout_only = DOUBLE_ENTRY[double_entry]
        row.save()  # audited, like the tournament row
        outcome.awaiting_second_entry = awaiting_second_entry(t)
    if not changed:
        return outcome
    t.save()  # the audit trail records who, when, before and after
    if checked.rules_changed:
        rules_changed.send(Tournament, tournament=t)  # stored contributions judged again
    bump(t.pk)
    tournament.refresh_from_db()
    return outcome
