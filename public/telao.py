"""What the telão (a TV or projector in the hall) shows, screen by screen: the champion
and the podium once the event ends, the chaves' classificação several chaves a screen,
during a Swiss phase its current rodada's emparceiramentos (mesa, teams, folga) and its
classificação with the Swiss desempates a few rows a screen, the current rodada's mesas
with the placar parcial of the digital tenteio, the mata-mata (a double elimination's
chave dos vencedores, repescagem and grande final each on its screens), and the next jogos. Read
from the same selectors as the public pages and published by the same rule
(``standings.results``); the page cycles through the screens by itself
(``static/js/telao.js``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from knockout.placings import final_placings
from knockout.selectors import bracket_data, knockout_stages
from public.swiss import is_swiss, rodadas, swiss_values, with_swiss_values
from public.views import standings_rows
from standings.results import match_rows
from standings.selectors import tournament_standings
from tally import selectors as tally_selectors
from tournaments.phases import names_by_id

MESAS_PER_SCREEN = 8
PAIRINGS_PER_SCREEN = 14  # a Swiss rodada's jogos, one line each
SWISS_ROWS_PER_SCREEN = 12  # the Swiss classificação's rows
NEXT_JOGOS = 10
BRACKET_COLUMNS = 4  # a repescagem's rodadas a screen, legible at 1920×1080
DEFAULT_CYCLE = 12  # seconds a screen stays up
SHORTEST_CYCLE, LONGEST_CYCLE = 2, 120


@dataclass
class Screen:
    kind: str  # podium, chaves, suico-rodada, suico, mesas, mata-mata, proximos: the template's branch
    items: list[Any] = field(default_factory=list)
    title: str = ""


def cycle_seconds(asked: str | None) -> int:
    """The seconds each screen stays up (``?ciclo=``): a whole number within the limits,
    anything else the default."""
    if asked is None or not asked.isdigit():
        return DEFAULT_CYCLE
    return min(max(int(asked), SHORTEST_CYCLE), LONGEST_CYCLE)


def chaves_per_screen(largest: int) -> int:
    """How many chaves fit on a 1920×1080 screen at the telão's type size."""
    if largest <= 5:
        return 6
    return 4 if largest <= 8 else 2


def _chunks(items: list[Any], size: int) -> list[list[Any]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def _chave_screens(t: Any, tables: list[Any]) -> list[Screen]:
    chaves = [
        {"name": gt.group.name, "rows": standings_rows(t, gt)}
        for st in tables
        if not is_swiss(st.stage)  # a Swiss phase has screens of its own
        for gt in st.groups
    ]
    if not chaves:
        return []
    size = chaves_per_screen(max(len(c["rows"]) for c in chaves))
    return [Screen("chaves", chunk) for chunk in _chunks(chaves, size)]


def current_round(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The jogos of the rodada in play: the first (in play order) with a jogo not
    homologated, as the public home's «em jogo» names it."""
    pending = [r for r in rows if not r["homologated"]]
    if not pending:
        return []
    first = pending[0]
    return [r for r in rows if (r["stage"], r["round"]) == (first["stage"], first["round"])]


def _swiss_screens(t: Any, tables: list[Any], rows: list[dict[str, Any]]) -> list[Screen]:
    """Each Swiss phase's current rodada, its jogos by mesa and its folga (on the last of
    its screens), then its classificação from the top, with the Swiss desempates."""
    screens = []
    values = swiss_values(tables)
    for st in (st for st in tables if is_swiss(st.stage)):
        found = rodadas(t, st.stage, rows)
        if found:
            current = found[0]
            title = _("Rodada %(n)d · emparceiramentos") % {"n": current.number}
            chunks = _chunks(current.rows, PAIRINGS_PER_SCREEN) or [[]]
            for i, chunk in enumerate(chunks):
                last = i == len(chunks) - 1
                screens.append(
                    Screen("suico-rodada", [{"jogos": chunk, "bye": current.bye if last else ""}], title)
                )
        for gt in st.groups:
            lines = standings_rows(t, gt)
            with_swiss_values(lines, gt, values[gt.group.pk])
            title = _("Classificação do suíço")
            screens += [Screen("suico", chunk, title) for chunk in _chunks(lines, SWISS_ROWS_PER_SCREEN)]
    return screens


def _mesa_screens(t: Any, rows: list[dict[str, Any]]) -> list[Screen]:
    current = current_round(rows)
    if not current:
        return []
    live = {s.match.pk: s for s in tally_selectors.live_board(t)}
    # The final's rodada holds the 3º lugar too: the screen is «Final e 3º lugar» and each
    # mesa says which of the two it plays.
    names = names_by_id([row["pk"] for row in current])
    shown = list(dict.fromkeys(names.get(row["pk"], "") for row in current))
    title = _(" e ").join(n for n in shown if n)
    several = len(shown) > 1
    mesas = [
        {**row, "live": live.get(row["pk"]), "phase": names.get(row["pk"], "") if several else ""}
        for row in current
    ]
    return [Screen("mesas", chunk, title) for chunk in _chunks(mesas, MESAS_PER_SCREEN)]


def _bracket_screens(t: Any) -> list[Screen]:
    screens = []
    for stage in knockout_stages(t):
        bracket = bracket_data(stage)
        if not bracket.recognized:
            continue
        if not bracket.double:
            screens.append(
                Screen("mata-mata", [{"bracket": bracket, "rounds": bracket.columns()}], stage.key)
            )
            continue
        screens += _double_screens(stage.key, bracket)
    return screens


def _double_screens(key: str, bracket: Any) -> list[Screen]:
    """A double elimination's screens (docs/rules.md §3.18), as its page's sections: the
    chave dos vencedores, the repescagem (``BRACKET_COLUMNS`` rodadas a screen: its
    rodadas outnumber the winners'), and the grand final."""
    screens = [
        Screen(
            "mata-mata",
            [{"bracket": bracket, "rounds": bracket.columns(), "part": _("Chave dos vencedores")}],
            key,
        )
    ]
    chunks = _chunks(bracket.loser_columns(), BRACKET_COLUMNS)
    for i, chunk in enumerate(chunks):
        part = _("Repescagem")
        if len(chunks) > 1:
            part += f" ({i + 1}/{len(chunks)})"
        screens.append(Screen("mata-mata", [{"bracket": bracket, "rounds": chunk, "part": part}], key))
    if bracket.finals:
        # No final de desempate yet: the screen says when there would be one, as the page does.
        maybe_reset = bracket.reset and len(bracket.finals) == 1
        final = {"bracket": bracket, "rounds": bracket.final_columns(), "part": _("Grande final")}
        screens.append(Screen("mata-mata", [{**final, "final": True, "maybe_reset": maybe_reset}], key))
    return screens


def _next_screen(rows: list[dict[str, Any]]) -> list[Screen]:
    waiting = [r for r in rows if not r["score"] and not r["homologated"]][:NEXT_JOGOS]
    if not waiting:
        return []
    names = names_by_id(r["pk"] for r in waiting)
    return [Screen("proximos", [{**r, "round_name": names.get(r["pk"], "")} for r in waiting])]


def telao_screens(t: Any) -> list[Screen]:
    """Every screen of the telão, in the order it shows them."""
    rows = match_rows(t)
    placings = final_placings(t)
    screens = [Screen("podium", [placings])] if placings.complete else []
    if t.has_groups:
        tables = tournament_standings(t)
        screens += _chave_screens(t, tables) + _swiss_screens(t, tables, rows)
    screens += _mesa_screens(t, rows)
    if t.has_knockout:
        screens += _bracket_screens(t)
    return screens + _next_screen(rows)
