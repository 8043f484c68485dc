"""The sorteio das chaves (random or typed in from a draw made on stage) and swaps.

Every draw is a :class:`DrawOfLots` with its seed, inputs and result, so it replays
identically (``draw_replay``, with the method the draw was made by). Who is drawn: the
teams marked presente when a check-in happened (at least one team presente); otherwise
every team still inscrita — ausentes and desistentes never are.

The draw keeps its promises (docs/rules.md §3.11): one cabeça de chave per chave (a
number shared by two teams is refused before anything is drawn), and teams of one
entity apart whenever the chave sizes allow it. ``draw_notes`` says, for the draw page,
each of those the chaves could not give.
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from core.collation import name_order
from tournaments.models import DrawOfLots, Group, GroupSwap, GroupTeam, Match, Stage, Team, Tournament
from tournaments.pairing import DRAW_METHOD, DrawTeam, draw_groups, entity_bound, group_names
from tournaments.pairing_v1 import draw_groups_v1
from tournaments.revision import bump
from tournaments.selectors import group_stage
from tournaments.services import ServiceError, recorded_user
from tournaments.services.closing import registration_close

GROUP_STAGE_KEY = "chaves"


def drawable_teams(tournament: Tournament) -> QuerySet[Team]:
    teams = Team.objects.filter(tournament=tournament).select_related("entity")
    if teams.filter(status=Team.Status.CHECKED_IN).exists():
        return teams.filter(status=Team.Status.CHECKED_IN)
    return teams.filter(status=Team.Status.REGISTERED)


def stage_has_results(stage: Stage) -> bool:
    """True once any súmula (any version, any status) exists for a jogo of the stage."""
    # Through the reverse relation of scoring's súmulas: this app does not import scoring.
    return Match.objects.filter(stage=stage, sheets__isnull=False).exists()


def _prepare_stage(tournament: Tournament, replace: bool) -> Stage:
    if not tournament.has_groups:  # the format says so: no chaves to draw
        raise ServiceError(
            _(
                "Este torneio é «Somente mata-mata»: não há chaves a sortear. "
                "Gere o mata-mata com as equipes inscritas (Mata-mata)."
            )
        )
    stage = group_stage(tournament)
    if stage is None:
        return Stage.objects.create(
            tournament=tournament, key=GROUP_STAGE_KEY, kind=Stage.Kind.GROUPS, order=0
        )
    if stage.groups.exists():
        if stage_has_results(stage):
            raise ServiceError(
                _(
                    "As chaves já têm súmulas lançadas: o sorteio não pode ser refeito. "
                    "Use a troca de equipes entre chaves, com motivo, se a comissão decidir."
                )
            )
        if not replace:
            raise ServiceError(
                {
                    "replace": [
                        _("As chaves já foram sorteadas: marque «refazer o sorteio» para substituí-las.")
                    ]
                }
            )
        stage.matches.all().delete()
        stage.rounds.all().delete()
        stage.groups.all().delete()
    if stage.system != Stage.System.ROUND_ROBIN:  # a sorteio das chaves replaces a Swiss phase
        stage.system, stage.swiss_rounds = Stage.System.ROUND_ROBIN, None
        stage.save(update_fields=["system", "swiss_rounds"])
    return stage


def write_groups(stage: Stage, chaves: Sequence[tuple[str, Sequence[Team]]]) -> list[Group]:
    groups = []
    for order, (name, members) in enumerate(chaves):
        group = Group(stage=stage, name=name, order=order)
        group.full_clean(exclude=["stage"])
        group.save()
        GroupTeam.objects.bulk_create(
            [GroupTeam(group=group, team=t, order=i) for i, t in enumerate(members)]
        )
        groups.append(group)
    return groups


@transaction.atomic
def groups_draw(
    *, tournament: Tournament, user: Any, sizes: Sequence[int], seed: str = "", replace: bool = False
) -> DrawOfLots:
    """Draw the chaves of the first group stage with ``draw_groups`` and record it."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    teams = list(drawable_teams(tournament).order_by("key"))
    if len(teams) < 2:
        raise ServiceError(
            _("São necessárias pelo menos duas equipes (presentes ou inscritas) para o sorteio.")
        )
    if sum(sizes) != len(teams) or any(s < 2 for s in sizes):
        raise ServiceError(
            {
                "sizes": [
                    ngettext(
                        "Os tamanhos das chaves somam %(sum)d, mas há %(n)d equipe a sortear; "
                        "cada chave precisa de pelo menos 2 equipes.",
                        "Os tamanhos das chaves somam %(sum)d, mas há %(n)d equipes a sortear; "
                        "cada chave precisa de pelo menos 2 equipes.",
                        len(teams),
                    )
                    % {"sum": sum(sizes), "n": len(teams)}
                ]
            }
        )
    _refuse_shared_seeds(teams)
    seed = seed.strip() or secrets.token_hex(8)
    stage = _prepare_stage(tournament, replace)
    entries = [DrawTeam(t.key, t.entity.name if t.entity else "", t.seed) for t in teams]
    draw = draw_into(tournament, stage, user, entries, {t.key: t for t in teams}, sizes, seed)
    registration_close(tournament=tournament)  # the sorteio closes the inscrições
    bump(tournament.pk)
    return draw


def draw_into(
    tournament: Tournament,
    stage: Stage,
    user: Any,
    entries: Sequence[DrawTeam],
    teams: Mapping[str, Team],
    sizes: Sequence[int],
    seed: str,
    from_stage: str = "",
) -> DrawOfLots:
    """Draw ``entries`` into new chaves of ``stage`` (``draw_groups``), write them, and
    record the sorteio with what replays it (``draw_replay``, by its ``method``);
    ``from_stage``: the key of the phase whose classificados these are."""
    result = draw_groups(entries, sizes, seed)
    names = group_names(len(sizes))
    write_groups(stage, [(names[i], [teams[k] for k in keys]) for i, keys in enumerate(result)])
    inputs: dict[str, Any] = {"teams": [[e.key, e.entity, e.seed] for e in entries], "sizes": list(sizes)}
    if from_stage:
        inputs["from"] = from_stage
    inputs["method"] = DRAW_METHOD  # draw_replay replays by it
    draw = DrawOfLots(
        tournament=tournament,
        purpose=DrawOfLots.Purpose.GROUPS,
        stage=stage,
        seed=seed,
        inputs=inputs,
        result=[{"name": names[i], "teams": keys} for i, keys in enumerate(result)],
        performed_by=recorded_user(user),
    )
    draw.full_clean(exclude=["performed_by", "stage", "group", "tournament"])
    draw.save()
    return draw


def draw_replay(draw: DrawOfLots) -> list[list[str]]:
    """Run a recorded random sorteio again from its inputs and seed (auditors compare),
    by the method it was made with (a draw recorded without one is method 1)."""
    entries = [DrawTeam(k, e, s) for k, e, s in draw.inputs["teams"]]
    method = draw_groups if draw.inputs.get("method") == DRAW_METHOD else draw_groups_v1
    return method(entries, draw.inputs["sizes"], draw.seed)


def _refuse_shared_seeds(teams: Sequence[Team]) -> None:
    """A cabeça de chave number held by two teams (registered before the rule, or
    loaded from a file) stops the draw: the organizer decides which team keeps it."""
    holders: dict[int, list[str]] = {}
    for t in sorted(teams, key=lambda t: name_order(t.name)):
        if t.seed is not None:
            holders.setdefault(t.seed, []).append(t.name)
    shared = [
        _("cabeça de chave %(n)d: %(teams)s") % {"n": n, "teams": _listed([f"«{name}»" for name in names])}
        for n, names in sorted(holders.items())
        if len(names) > 1
    ]
    if shared:
        raise ServiceError(
            _(
                "Cada cabeça de chave é de uma só equipe, e estas se repetem — %(shared)s. "
                "Corrija na página de cada equipe antes do sorteio."
            )
            % {"shared": "; ".join(shared)}
        )


def _count(n: int) -> str:
    """A small count of equipes in words («duas», «três»), in the request's language."""
    # Translated at call time: the active language is the request's, not the import's.
    words = {
        2: pgettext("equipes", "duas"),
        3: pgettext("equipes", "três"),
        4: pgettext("equipes", "quatro"),
        5: pgettext("equipes", "cinco"),
        6: pgettext("equipes", "seis"),
        7: pgettext("equipes", "sete"),
        8: pgettext("equipes", "oito"),
        9: pgettext("equipes", "nove"),
    }
    return words.get(n, str(n))


def _listed(items: Sequence[str]) -> str:
    """«1», «1 e 5», «1, 5 e 9»."""
    if len(items) == 1:
        return items[0]
    return _("%(items)s e %(last)s") % {"items": ", ".join(items[:-1]), "last": items[-1]}


def _together(counts: list[tuple[str, int]]) -> str:
    """«duas ficam na chave A» / «ficam duas na chave A e três na chave C»."""
    if len(counts) == 1:
        name, n = counts[0]
        return _("%(count)s ficam na chave %(name)s") % {"count": _count(n), "name": name}
    places = [_("%(count)s na chave %(name)s") % {"count": _count(n), "name": name} for name, n in counts]
    return _("ficam %(places)s") % {"places": _listed(places)}


def draw_notes(draw: DrawOfLots) -> list[str]:
    """What a random draw could not give, in the organizer's words: cabeças de chave
    sharing a chave (more of them than chaves), teams of one entity together (more of
    them than chaves, or chaves too uneven to keep them to ceil(m / chaves))."""
    if draw.manual or not isinstance(draw.inputs, dict) or "sizes" not in draw.inputs:
        return []
    entries = [DrawTeam(k, e, s) for k, e, s in draw.inputs["teams"]]
    names = [r["name"] for r in draw.result]
    chave_of = {key: r["name"] for r in draw.result for key in r["teams"]}
    notes = []
    seeds = sorted((t for t in entries if t.seed is not None), key=lambda t: (t.seed or 0, t.key))
    if len(seeds) > len(names):
        by_chave: dict[str, list[str]] = {}
        for t in seeds:
            by_chave.setdefault(chave_of[t.key], []).append(str(t.seed))
        doubled = [
            _("a chave %(name)s tem %(count)s (%(seeds)s)")
            % {"name": n, "count": _count(len(by_chave[n])), "seeds": _listed(by_chave[n])}
            for n in names
            if len(by_chave.get(n, [])) > 1
        ]
        notes.append(
            _("%(seeds)d cabeças de chave e só %(chaves)d chaves: %(doubled)s, uma de cada pote.")
            % {"seeds": len(seeds), "chaves": len(names), "doubled": _listed(doubled)}
        )
    totals = Counter(t.entity for t in entries if t.entity)
    for entity, m in sorted(totals.items()):
        per = Counter(chave_of[t.key] for t in entries if t.entity == entity)
        together = {n: c for n, c in per.items() if c > 1}
        if not together:
            continue
        bound = entity_bound(m, len(names))
        where = _together([(n, together[n]) for n in names if n in together])
        if max(together.values()) <= bound:
            notes.append(
                _("%(m)d equipes de %(entity)s e só %(chaves)d chaves: %(where)s.")
                % {"m": m, "entity": entity, "chaves": len(names), "where": where}
            )
        else:
            sizes = ", ".join(str(s) for s in draw.inputs["sizes"])
            notes.append(
                _(
                    "As chaves de tamanhos %(sizes)s não permitem separar as %(m)d equipes de %(entity)s "
                    "em no máximo %(bound)d por chave: %(where)s."
                )
                % {"sizes": sizes, "m": m, "entity": entity, "bound": bound, "where": where}
            )
    return notes


@transaction.atomic
def groups_draw_manual(
    *, tournament: Tournament, user: Any, assignment: Mapping[int, str], replace: bool = False
) -> DrawOfLots:
    """Record chaves drawn on stage: ``assignment`` maps team id -> chave name typed in."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    teams = {t.pk: t for t in drawable_teams(tournament)}
    errors: dict[str, list[str]] = {}
    chaves: dict[str, list[Team]] = {}
    for pk, team in teams.items():
        name = " ".join((assignment.get(pk) or "").split()).upper()
        if not name:
            errors.setdefault(f"team_{pk}", []).append(_("Informe a chave desta equipe."))
        elif len(name) > 60:
            errors.setdefault(f"team_{pk}", []).append(_("Nome de chave longo demais."))
        else:
            chaves.setdefault(name, []).append(team)
    for name, members in chaves.items():
        if len(members) < 2:
            errors.setdefault(f"team_{members[0].pk}", []).append(
                _("A chave %(name)s ficou com uma só equipe.") % {"name": name}
            )
    if errors:
        raise ServiceError(errors)
    stage = _prepare_stage(tournament, replace)
    ordered = sorted(chaves.items(), key=lambda kv: (len(kv[0]), kv[0]))
    write_groups(stage, ordered)
    draw = DrawOfLots.objects.create(
        tournament=tournament,
        purpose=DrawOfLots.Purpose.GROUPS,
        stage=stage,
        manual=True,
        inputs={"teams": sorted(t.key for t in teams.values())},
        result=[{"name": n, "teams": [t.key for t in m]} for n, m in ordered],
        performed_by=recorded_user(user),
    )
    registration_close(tournament=tournament)  # the sorteio closes the inscrições
    bump(tournament.pk)
    return draw


@transaction.atomic
def group_swap(*, stage: Stage, team_a: Team, team_b: Team, reason: str, user: Any) -> GroupSwap:
    """Exchange two teams of different chaves before rodada 1 has any result.

    The jogos already generated follow the teams (they are regenerated with the schedule).
    """
    reason = reason.strip()
    if not reason:
        raise ServiceError({"reason": [_("Informe o motivo da troca.")]})
    Tournament.objects.select_for_update().filter(pk=stage.tournament_id).first()
    if stage_has_results(stage):
        raise ServiceError(
            _("A rodada 1 já começou (há súmulas lançadas): as chaves não podem mais ser trocadas.")
        )
    entry_a = GroupTeam.objects.filter(group__stage=stage, team=team_a).select_related("group").first()
    entry_b = GroupTeam.objects.filter(group__stage=stage, team=team_b).select_related("group").first()
    if entry_a is None or entry_b is None:
        raise ServiceError({"team_a": [_("As duas equipes precisam estar sorteadas em chaves desta fase.")]})
    if entry_a.group_id == entry_b.group_id:
        raise ServiceError({"team_b": [_("As duas equipes já estão na mesma chave.")]})
    group_a, group_b = entry_a.group, entry_b.group
    swap = GroupSwap(
        stage=stage,
        team_a=team_a,
        team_b=team_b,
        group_a=group_a,
        group_b=group_b,
        reason=reason[:300],
        performed_by=recorded_user(user),
    )
    swap.full_clean(exclude=["performed_by"])
    # Through a temporary delete: the (group, team) unique constraint forbids a direct swap.
    order_a, order_b = entry_a.order, entry_b.order
    GroupTeam.objects.filter(pk__in=[entry_a.pk, entry_b.pk]).delete()
    GroupTeam.objects.bulk_create(
        [
            GroupTeam(group=group_b, team=team_a, order=order_b),
            GroupTeam(group=group_a, team=team_b, order=order_a),
        ]
    )
    for match in Match.objects.filter(stage=stage, group__in=[group_a, group_b]):
        mapping = {team_a.pk: team_b.pk, team_b.pk: team_a.pk}
        match.team_a_id = mapping.get(match.team_a_id, match.team_a_id)
        match.team_b_id = mapping.get(match.team_b_id, match.team_b_id)
        match.save(update_fields=["team_a", "team_b"])
    swap.save()
    bump(stage.tournament_id)
    return swap
