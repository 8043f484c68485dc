"""Writes of the mata-mata's generation, and its recorded sorteios replayed.

``bracket_generate`` seeds the stage from the qualification of a chave stage or from
the registered teams (by cabeça de chave or by a recorded sorteio), gives chapéus to
the best seeds (or by a recorded sorteio), writes the StageTeam lines and rodada 1.
The later jogos and the súmula's hooks are in ``advance.py``; swaps and the rodadas'
schedule in ``edits.py``.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from core.problem_text import render
from knockout import bracket as b
from knockout.services.advance import _sync
from knockout.services.entrants import qualified_entrants, registered_entrants
from rules.modalities import apply_overrides, get_modality
from rules.problems import RulesError
from scoring.models import ScoreSheet
from tournaments.models import DrawOfLots, Stage, StageTeam, Tournament
from tournaments.revision import bump
from tournaments.services import ServiceError, recorded_user
from tournaments.services.closing import registration_close

KNOCKOUT_KEY = "mata-mata"


@transaction.atomic
def bracket_generate(
    *,
    tournament: Tournament,
    user: Any,
    source: str = "groups",
    draw: bool = False,
    draw_byes: bool = False,
    seed: str = "",
    third_place: bool | None = None,
    per_group: int | None = None,
    best_next: int | None = None,
    key: str = KNOCKOUT_KEY,
    replace: bool = False,
) -> Stage:
    """Create (or, before any súmula, recreate) the mata-mata and its rodada 1.

    ``source`` "groups": the qualifiers of the chave stage, teams of one chave apart;
    "teams": the registered teams, by cabeça de chave, or drawn (``draw``) with the
    cabeças kept on top. ``draw_byes``: the chapéus go by a recorded sorteio instead of
    to the best seeds. ``third_place`` overrides the modality's disputa de 3º lugar.
    """
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    if source == "groups":
        entrants = qualified_entrants(tournament, per_group=per_group, best_next=best_next)
    elif source == "teams":
        entrants = registered_entrants(tournament)
    else:
        raise ServiceError({"source": [_("Escolha a origem das equipes: chaves ou equipes inscritas.")]})
    if not 2 <= len(entrants) <= b.MAX_TEAMS:
        raise ServiceError(
            {
                "source": [
                    _("O mata-mata precisa de 2 a %(max)d equipes; há %(n)d.")
                    % {"max": b.MAX_TEAMS, "n": len(entrants)}
                ]
            }
        )
    if third_place is not None and third_place != tournament.rules().third_place_match:
        settings = {**(tournament.settings or {}), "third_place_match": third_place}
        try:  # V-M18: Copa Truco has no disputa de 3º lugar, whatever the form asks
            apply_overrides(get_modality(tournament.modality), settings)
        except RulesError as exc:
            raise ServiceError({"third_place": [render(p) for p in exc.problems]}) from None
    stage = _prepare_stage(tournament, key, replace)
    seed = seed.strip()[:100] or secrets.token_hex(8)
    by_key = {e.team.key: e for e in entrants}
    if source == "groups":
        order = b.separated_order([b.Entrant(e.team.key, e.chave, e.pot) for e in entrants])
    else:
        order = [e.team.key for e in entrants]
        if draw:
            fixed = sum(1 for e in entrants if e.team.seed is not None)
            drawn = b.drawn_order(order, fixed, seed)
            _record(tournament, stage, user, DrawOfLots.Purpose.BRACKET, seed, order, drawn, fixed=fixed)
            order = drawn
    if draw_byes and b.bracket_size(len(order)) > len(order):
        drawn = b.drawn_byes(order, seed)
        _record(tournament, stage, user, DrawOfLots.Purpose.BYES, seed, order, drawn)
        order = drawn
    lines = b.standard_lines(order)
    position = {k: i for i, k in enumerate(lines) if k is not None}
    StageTeam.objects.bulk_create(
        [
            StageTeam(stage=stage, team=by_key[k].team, order=i, position=position[k], label=by_key[k].label)
            for i, k in enumerate(order)
        ]
    )
    if third_place is not None and third_place != tournament.rules().third_place_match:
        tournament.settings = {**(tournament.settings or {}), "third_place_match": third_place}
        tournament.save(update_fields=["settings", "updated_at"])
    _sync(stage)
    registration_close(tournament=tournament)  # the mata-mata's sorteio closes the inscrições
    bump(tournament.pk)
    return stage


def _prepare_stage(t: Tournament, key: str, replace: bool) -> Stage:
    stage = Stage.objects.filter(tournament=t, key=key).first()
    if stage is None:
        last = Stage.objects.filter(tournament=t).order_by("-order").values_list("order", flat=True).first()
        return Stage.objects.create(
            tournament=t, key=key, kind=Stage.Kind.KNOCKOUT, order=(last + 1) if last is not None else 0
        )
    if stage.kind != Stage.Kind.KNOCKOUT:
        raise ServiceError({"key": [_("A fase «%(key)s» é de chaves, não de mata-mata.") % {"key": key}]})
    if ScoreSheet.objects.filter(match__stage=stage).exists():
        raise ServiceError(_("O mata-mata já tem súmulas lançadas: o chaveamento não pode ser refeito."))
    if not replace:
        raise ServiceError({"replace": [_("O mata-mata já foi gerado: marque «refazer o chaveamento».")]})
    stage.matches.all().delete()
    stage.entries.all().delete()
    stage.draws.all().delete()
    return stage


def _record(
    t: Tournament,
    stage: Stage,
    user: Any,
    purpose: str,
    seed: str,
    before: Sequence[str],
    after: Sequence[str],
    **extra: Any,
) -> None:
    draw = DrawOfLots(
        tournament=t,
        purpose=purpose,
        stage=stage,
        seed=seed,
        inputs={"teams": list(before), **extra},
        result=list(after),
        performed_by=recorded_user(user),
    )
    draw.full_clean(exclude=["performed_by", "stage", "group", "tournament"])
    draw.save()


def bracket_draw_replay(draw: DrawOfLots) -> list[str]:
    """Run a recorded sorteio of the mata-mata again (auditors compare with ``result``)."""
    keys = draw.inputs["teams"]
    if draw.purpose == DrawOfLots.Purpose.BYES:
        return b.drawn_byes(keys, draw.seed)
    return b.drawn_order(keys, int(draw.inputs.get("fixed", 0)), draw.seed)
