"""Writes of a circuit: creating it (a season, or a rodeio from one event's tournaments),
its etapas, its points table and rules, and the recorded sorteios of its ties.

Each service is ``<entity>_<action>``, keyword-only and atomic; it refuses with
``tournaments.services.ServiceError`` (pt-BR messages by field) and writes nothing then.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.text import slugify
from django.utils.translation import gettext as _

from circuits.messages import setting_message
from circuits.models import Circuit, CircuitEtapa, CircuitLots
from circuits.permissions import can_create_circuit, can_manage_circuit
from circuits.revision import bump
from circuits.selectors import circuit_ranking
from circuits.services.placings import etapa_placings_refresh, stale_etapas
from core.text import clean_name, name_key, name_problem
from rules.circuit import DEFAULT_PRESET, PRESETS, CircuitSettingError, PointsTable, check_table
from rules.lots import lot_problem
from standings.services import replay_lots
from tournaments.models import Tournament
from tournaments.permissions import Action, can
from tournaments.services import ServiceError


def check_manager(circuit: Circuit, user: Any) -> None:
    if not can_manage_circuit(user, circuit):
        raise ServiceError(_("Somente a organização do circuito pode alterá-lo."))


def check_change(circuit: Circuit, user: Any) -> None:
    """:func:`check_manager`, then the circuit's revision bumped (``circuits.revision``),
    in the caller's transaction: the public page's number moves with any change of its
    settings, etapas, links or sorteios, and a refused change rolls it back with
    everything else. The bump locks the circuit's row first, then the placings of any
    etapa whose tournament changed since they were read (a refresh missed after a
    commit: ``circuits.services.placings``) are read again, so the change — a sorteio
    among tied competitors above all — sees every etapa as it is now."""
    check_manager(circuit, user)
    bump(circuit.pk)
    etapa_placings_refresh(etapas=stale_etapas(circuit.pk))


def _save(circuit: Circuit) -> Circuit:
    try:
        circuit.full_clean()
        circuit.save()
    except ValidationError as exc:
        raise ServiceError.from_validation(exc) from None
    return circuit


@transaction.atomic
def circuit_create(
    *,
    name: str,
    slug: str,
    user: Any,
    kind: str = Circuit.Kind.SEASON,
    preset: str | None = None,
    shared_points: str = Circuit.Shared.AVERAGE,
    best_n: int | None = None,
    entity_mode: str = Circuit.EntityMode.ALL,
    entity_best_k: int = 1,
    tiebreakers: Sequence[str] | None = None,
    is_public: bool = True,
    table: PointsTable | None = None,
) -> Circuit:
    """A new circuit owned by ``user``; a rodeio starts from the rodeio table (12/9/6/3).
    ``table``: a table of its own instead of a preset (``preset`` is then "")."""
    if not can_create_circuit(user):
        raise ServiceError(_("Sua conta não pode criar circuitos: peça ao administrador do site."))
    errors: dict[str, list[str]] = {}
    wrong = name_problem(name)
    if wrong or not clean_name(name):
        errors["name"] = [_("Nome: %(why)s.") % {"why": wrong or _("informe o nome do circuito")}]
    if not slug or slug != slugify(slug):
        errors["slug"] = [_("Identificador: use só letras minúsculas, números e hífens.")]
    elif Circuit.objects.filter(slug=slug).exists():
        errors["slug"] = [_("Identificador: já existe um circuito «%(slug)s».") % {"slug": slug}]
    if kind not in Circuit.Kind.values:
        errors["kind"] = [_("Tipo: escolha circuito ou rodeio.")]
    chosen = (
        "" if table is not None else preset or ("rodeio" if kind == Circuit.Kind.RODEIO else DEFAULT_PRESET)
    )
    if table is None and chosen not in PRESETS:
        errors["preset"] = [_("Tabela: escolha uma das tabelas da lista.")]
    if table is not None:
        try:
            check_table(table)
        except CircuitSettingError as exc:
            errors["points_table"] = [setting_message(exc)]
    if errors:
        raise ServiceError(errors)
    circuit = Circuit(
        name=clean_name(name),
        slug=slug,
        kind=kind,
        owner=user,
        preset=chosen,
        points_table=(table or PRESETS[chosen]).as_json(),
        shared_points=shared_points,
        best_n=best_n,
        entity_mode=entity_mode,
        entity_best_k=entity_best_k,
        is_public=is_public,
    )
    if tiebreakers is not None:
        circuit.tiebreakers = list(tiebreakers)
    try:
        with transaction.atomic():
            _save(circuit)
            bump(circuit.pk)
    except IntegrityError:  # the same slug, created meanwhile
        raise ServiceError(
            {"slug": [_("Identificador: já existe um circuito «%(slug)s».") % {"slug": slug}]}
        ) from None
    return circuit


@transaction.atomic
def circuit_points_set(
    *, circuit: Circuit, user: Any, preset: str | None = None, table: PointsTable | None = None
) -> Circuit:
    """The points table: a preset by name, or a table of its own (``preset`` then "")."""
    check_change(circuit, user)
    if (preset is None) == (table is None):
        raise ServiceError(_("Escolha uma tabela da lista ou informe a sua."), "points_table")
    if preset is not None:
        if preset not in PRESETS:
            raise ServiceError(_("Tabela: escolha uma das tabelas da lista."), "preset")
        table = PRESETS[preset]
    assert table is not None
    try:
        check_table(table)
    except CircuitSettingError as exc:
        raise ServiceError(setting_message(exc), "points_table") from None
    circuit.preset = preset or ""
    circuit.points_table = table.as_json()
    return _save(circuit)


@transaction.atomic
def circuit_rules_set(*, circuit: Circuit, user: Any, **fields: Any) -> Circuit:
    """Any of ``shared_points``, ``best_n`` (None: all), ``entity_mode``,
    ``entity_best_k``, ``tiebreakers``, ``is_public``, ``name``."""
    check_change(circuit, user)
    allowed = {"shared_points", "best_n", "entity_mode", "entity_best_k", "tiebreakers", "is_public", "name"}
    unknown = set(fields) - allowed
    if unknown:
        raise TypeError(f"unknown circuit fields {sorted(unknown)}")
    for field, value in fields.items():
        setattr(circuit, field, list(value) if field == "tiebreakers" else value)
    return _save(circuit)


@transaction.atomic
def circuit_settings_set(
    *, circuit: Circuit, user: Any, preset: str | None = None, table: PointsTable | None = None, **rules: Any
) -> Circuit:
    """The points table (as :func:`circuit_points_set`) and the rules (as
    :func:`circuit_rules_set`) together: the settings page saves both or neither."""
    circuit_points_set(circuit=circuit, user=user, preset=preset, table=table)
    return circuit_rules_set(circuit=circuit, user=user, **rules)


@transaction.atomic
def circuit_etapa_add(*, circuit: Circuit, tournament: Tournament, user: Any) -> CircuitEtapa:
    """``tournament`` as the circuit's next etapa. Only a tournament the person may see."""
    check_change(circuit, user)
    if not can(user, Action.VIEW_PUBLIC, tournament):
        raise ServiceError(
            _("Torneio: só é possível incluir um torneio público ou que você organiza."), "tournament"
        )
    Circuit.objects.select_for_update().filter(pk=circuit.pk).first()  # one order at a time
    if circuit.etapas.filter(tournament=tournament).exists():
        raise ServiceError(
            _("Torneio: «%(name)s» já é uma etapa deste circuito.") % {"name": tournament.name}, "tournament"
        )
    last = circuit.etapas.aggregate(last=Max("order"))["last"]
    etapa = CircuitEtapa.objects.create(circuit=circuit, tournament=tournament, order=(last or 0) + 1)
    etapa_placings_refresh(etapas=[etapa])  # its placings now, in this transaction
    return etapa


@transaction.atomic
def circuit_etapa_remove(*, etapa: CircuitEtapa, user: Any) -> None:
    """The etapa out of its circuit, with its links (the tournament stays as it is)."""
    check_change(etapa.circuit, user)
    etapa.delete()


MOVES = ("up", "down")


@transaction.atomic
def circuit_etapa_move(*, etapa: CircuitEtapa, direction: str, user: Any) -> list[CircuitEtapa]:
    """``etapa`` one place earlier (``up``) or later (``down``) in its circuit; the etapas
    are numbered 1, 2, 3… again, and returned in their new order. The order is that of
    the ranking's columns and of «an earlier etapa first» among equal points in the best
    N (docs/rules.md §3.16); no position in a ranking depends on it."""
    circuit = etapa.circuit
    check_change(circuit, user)
    if direction not in MOVES:
        raise ServiceError(_("Ordem: escolha subir ou descer a etapa."), "direction")
    Circuit.objects.select_for_update().filter(pk=circuit.pk).first()  # one order at a time
    etapas = list(circuit.etapas.select_related("tournament").order_by("order", "pk"))
    k = next((i for i, e in enumerate(etapas) if e.pk == etapa.pk), None)
    if k is None:
        raise ServiceError(_("Etapa: ela não está mais neste circuito."), "etapa")
    j = k - 1 if direction == "up" else k + 1
    if not 0 <= j < len(etapas):
        message = (
            _("Ordem: «%(name)s» já é a primeira etapa.")
            if direction == "up"
            else _("Ordem: «%(name)s» já é a última etapa.")
        )
        raise ServiceError(message % {"name": etapas[k].tournament.name}, "direction")
    etapas[k], etapas[j] = etapas[j], etapas[k]
    for n, e in enumerate(etapas, start=1):
        if e.order != n:
            e.order = n
            e.save(update_fields=["order"])
    return etapas


@transaction.atomic
def rodeio_create(*, event: str, name: str, slug: str, user: Any, **settings: Any) -> Circuit:
    """A rodeio: the tournaments of one event (``Tournament.event``, compared as names are)
    that ``user`` may see, each an etapa, by date and name."""
    key = name_key(event)
    found = [
        t
        for t in Tournament.objects.exclude(event="").order_by("date", "name", "pk")
        if name_key(t.event) == key
    ]
    visible = [t for t in found if can(user, Action.VIEW_PUBLIC, t)]
    if not key or not visible:
        raise ServiceError(_("Evento: nenhum torneio do evento «%(event)s».") % {"event": event}, "event")
    circuit = circuit_create(name=name, slug=slug, user=user, kind=Circuit.Kind.RODEIO, **settings)
    for t in visible:
        circuit_etapa_add(circuit=circuit, tournament=t, user=user)
    return circuit


@transaction.atomic
def circuit_lots_record(
    *,
    circuit: Circuit,
    ranking: str,
    competitors: Sequence[str],
    user: Any,
    manual_order: Sequence[str] | None = None,
) -> CircuitLots:
    """Record a sorteio among competitors (keys of ``circuits.selectors``) tied right now in
    ``ranking`` (teams, players or entities) and waiting for one: drawn here with a new
    seed, or a sorteio feito à mão in ``manual_order``. The ties are those of the ranking
    of the final etapas (``circuits.selectors.circuit_ranking``)."""
    check_change(circuit, user)
    if ranking not in CircuitLots.Ranking.values:
        raise ServiceError(
            _("Escolha a classificação do sorteio: equipes, jogadores ou entidades."), "ranking"
        )
    Circuit.objects.select_for_update().filter(pk=circuit.pk).first()  # one sorteio at a time
    pending = [frozenset(tie) for tie in circuit_ranking(circuit, ranking).pending_ties]
    if lot_problem(list(competitors), pending) is not None:
        raise ServiceError(_("O sorteio deve ser entre exatamente os empatados de um mesmo empate pendente."))
    if manual_order is not None:
        if sorted(manual_order) != sorted(competitors):
            raise ServiceError(_("A ordem do sorteio feito à mão deve listar cada empatado uma vez."))
        seed, order, manual = "", list(manual_order), True
    else:
        seed = secrets.token_hex(8)
        order, manual = replay_lots(seed, list(competitors)), False
    return CircuitLots.objects.create(
        circuit=circuit,
        ranking=ranking,
        seed=seed,
        manual=manual,
        inputs=sorted(competitors),
        result=order,
        performed_by=user if getattr(user, "is_authenticated", False) else None,
    )
