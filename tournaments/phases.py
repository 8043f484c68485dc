"""The names of rodadas as the rulebooks call them: «Rodada n» in the chaves, the
mata-mata's rodadas by their phase («Oitavas de final», «Quartas de final»,
«Semifinais», «Final») and its extra jogo «3º lugar».

Here, below scoring and knockout, so the judge's list, the schedules, the printed
documents and the bracket all say the same thing (``knockout.selectors`` uses
:func:`round_name`).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Count, Max
from django.utils.translation import gettext as _

from tournaments.models import Match, Stage


def knockout_round_count(teams: int) -> int:
    """Rodadas of a mata-mata of ``teams`` teams: the bracket is the next power of two
    (chapéus fill it), one rodada per halving; none under two teams."""
    return (teams - 1).bit_length() if teams >= 2 else 0


def phase_name(matches: int) -> str:
    """The phase of a mata-mata rodada of ``matches`` jogos (a power of two): 1 the
    final, 2 the semifinais, 4 the quartas, 8 the oitavas, 16 the 16-avos de final…"""
    names = {1: _("Final"), 2: _("Semifinais"), 4: _("Quartas de final"), 8: _("Oitavas de final")}
    return names.get(matches) or _("%(n)d-avos de final") % {"n": matches}


def round_name(number: int, total: int) -> str:
    """Rodada ``number`` (1-based) of a mata-mata of ``total`` rodadas."""
    if not 1 <= number <= total:
        return _("Rodada %(n)d") % {"n": number}
    return phase_name(1 << (total - number))


def third_place_name() -> str:
    return _("3º lugar")


def double_round_name(bracket: str, number: int) -> str:
    """A jogo of a double elimination (docs/rules.md §3.18) by its ``Match.bracket``: the
    winners' bracket («W»), the repescagem («L»), the grand final («GF» 1, and 2 its reset)."""
    if bracket == "W":
        return _("Chave dos vencedores, rodada %(n)d") % {"n": number}
    if bracket == "L":
        return _("Repescagem, rodada %(n)d") % {"n": number}
    return _("Final de desempate") if number == 2 else _("Grande final")


def double_turn(bracket: str, number: int, k: int) -> int:
    """The rodada of the schedule (1-based) a double elimination's jogo is played in, for
    a winners' bracket of ``k`` rodadas: each jogo as soon as its teams can be known. WB
    ``r`` in rodada ``r``; LB ``t`` in rodada ``t + 1`` (it waits for the losers of WB
    ``(t + 2) // 2``); GF 1 in ``2k`` and its reset in ``2k + 1`` (with two teams, 2 and 3)."""
    if bracket == "W":
        return number
    if bracket == "L":
        return number + 1
    return 2 * k - 1 + number


def double_turn_jogos(turn: int, k: int) -> list[tuple[str, int]]:
    """The (bracket, rodada of that bracket) played in the schedule's rodada ``turn``:
    the inverse of :func:`double_turn`."""
    pairs = [("W", turn), ("L", turn - 1), ("GF", turn - 2 * k + 1)]
    return [(bracket, n) for bracket, n in pairs if n >= 1 and double_turn(bracket, n, k) == turn]


def double_stages(stage_ids: Iterable[int]) -> dict[int, int]:
    """The double eliminations among these stages (their jogos have a ``bracket``), each
    with the rodadas of its winners' bracket (``k``, from its teams)."""
    ids = set(
        Match.objects.filter(stage__in=list(stage_ids)).exclude(bracket="").values_list("stage_id", flat=True)
    )
    counts = Stage.objects.filter(pk__in=ids).annotate(n=Count("entries")).values_list("pk", "n")
    return {pk: knockout_round_count(n) for pk, n in counts}


def group_round_name(number: int | None) -> str:
    return _("Rodada %(n)d") % {"n": number} if number is not None else ""


def knockout_totals(stage_ids: Iterable[int]) -> dict[int, int]:
    """Rodadas of each mata-mata stage: from its entered teams, else (a file's jogos with
    no bracket) from the highest rodada it has. Two queries, whatever the stages."""
    ids = set(stage_ids)
    if not ids:
        return {}
    totals = {
        row["pk"]: knockout_round_count(row["n"])
        for row in Stage.objects.filter(pk__in=ids).annotate(n=Count("entries")).values("pk", "n")
    }
    missing = [pk for pk in ids if not totals.get(pk)]
    if missing:
        for row in Match.objects.filter(stage_id__in=missing).values("stage_id").annotate(top=Max("round")):
            totals[row["stage_id"]] = row["top"] or 0
    return totals


def match_round_names(matches: Iterable[Match]) -> dict[int, str]:
    """Jogo id → its rodada's name. The jogos need their ``stage`` loaded (select_related)."""
    matches = list(matches)
    knockout = {m.stage_id for m in matches if m.stage.kind == Stage.Kind.KNOCKOUT}
    totals = knockout_totals(knockout)
    names: dict[int, str] = {}
    for m in matches:
        if m.stage_id in knockout:
            if m.third_place:
                names[m.pk] = third_place_name()
            elif m.bracket:
                names[m.pk] = double_round_name(m.bracket, m.round or 0)
            elif m.round is not None:
                names[m.pk] = round_name(m.round, max(totals.get(m.stage_id, 0), m.round))
            else:
                names[m.pk] = m.stage.get_kind_display()
        else:
            names[m.pk] = group_round_name(m.round)
    return names


def match_where(match: Match, names: dict[int, str] | None = None) -> list[str]:
    """Where and when a message places a jogo: «mesa 1», then its rodada — «rodada 2» in
    the chaves, the phase's name in a mata-mata («Quartas de final», «3º lugar»).
    ``names``: :func:`match_round_names` of a batch the caller has; else computed (the
    jogo needs its ``stage`` loaded)."""
    where = [_("mesa %(name)s") % {"name": match.table.name}] if match.table_id and match.table else []
    if match.stage.kind == Stage.Kind.KNOCKOUT:
        name = (names if names is not None and match.pk in names else match_round_names([match])).get(
            match.pk
        )
        where += [name] if name else []
    elif match.round is not None:
        where.append(_("rodada %(n)d") % {"n": match.round})
    return where


def stage_rounds(tournament_id: int) -> list[tuple[Stage, list[tuple[int, str]]]]:
    """Each phase with its rodadas (number, name), in play order: what a filter offers,
    so a mata-mata's rodada is offered by its phase's name, not as «rodada 1»."""
    stages = list(Stage.objects.filter(tournament_id=tournament_id).order_by("order", "id"))
    rounds: dict[int, set[int]] = {}
    for stage_id, number in Match.objects.filter(stage__in=stages, round__isnull=False).values_list(
        "stage_id", "round"
    ):
        if number is not None:  # filtered above; the type does not know
            rounds.setdefault(stage_id, set()).add(number)
    totals = knockout_totals(s.pk for s in stages if s.kind == Stage.Kind.KNOCKOUT)
    doubles = double_stages(s.pk for s in stages if s.kind == Stage.Kind.KNOCKOUT)
    turns: dict[int, set[int]] = {}
    jogos = Match.objects.filter(stage__in=list(doubles), round__isnull=False).order_by()
    for stage_id, bracket, number in jogos.values_list("stage_id", "bracket", "round"):
        turns.setdefault(stage_id, set()).add(double_turn(bracket, number or 0, doubles[stage_id]))
    out = []
    for s in stages:
        numbers = sorted(rounds.get(s.pk, ()))
        if s.pk in doubles:
            # A double elimination's «rodada n» is the schedule's: a rodada of each bracket
            # played at the same time (``double_turn``), as its jogos' times say.
            out.append((s, [(n, group_round_name(n)) for n in sorted(turns.get(s.pk, ()))]))
        elif s.kind == Stage.Kind.KNOCKOUT:
            total = max([totals.get(s.pk, 0), *numbers])
            out.append((s, [(n, round_name(n, total)) for n in numbers]))
        else:
            out.append((s, [(n, group_round_name(n)) for n in numbers]))
    return out


def names_by_id(match_ids: Iterable[int]) -> dict[int, str]:
    """Jogo id → its rodada's name, for rows that carry only the jogo's id."""
    return match_round_names(Match.objects.filter(pk__in=list(match_ids)).select_related("stage"))
