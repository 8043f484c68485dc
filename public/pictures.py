"""The pictures to share: what each PNG shows, laid out for its SVG template (a selector).

Four pictures, from the same selectors as the pages: a chave's classificação
(``standings.selectors`` through ``public.views.standings_rows``; a Swiss chave's with
its desempates, ``public.pictures_swiss``), the mata-mata
(``knockout.selectors.bracket_data``, its tree drawn by ``public.pictures_bracket``; a
double elimination's by ``public.pictures_double``), one jogo (``standings.results.match_rows``) and
the final podium (``knockout.placings``). A picture leaves the site and is never
updated, so it shows **homologated results only**, even where the tournament shows
results waiting for homologation on its pages (docs/rules.md §3.14): the classificação
and the mata-mata count nothing else anyway, and a jogo whose result is not homologated
is drawn «a jogar».

Each builder returns the template's context: the size of the picture (1200 wide; 630
high, the Open Graph size, unless a long chave or a large mata-mata needs more), the
text already fitted to its box (measured with the DejaVu font the picture is drawn
with, ``public.pictures_frame``) and the coordinates of everything. The templates only
place what is here.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from core import words
from knockout.placings import final_placings
from knockout.selectors import bracket_data
from public.pictures_bracket import COLUMN_GAP, band_height, box, column_width, font_size, tree
from public.pictures_double import double_picture
from public.pictures_frame import FOOTER, HEADER, MARGIN, OG_HEIGHT, WIDTH, fit, frame, sized, text_width
from public.pictures_swiss import swiss_columns
from public.swiss import is_swiss
from public.views import standings_rows
from rules.types import Criterion
from standings.results import match_rows
from standings.selectors import tournament_standings
from tournaments.models import Match, Stage, Tournament
from tournaments.phases import names_by_id, third_place_name

MOST_SLOTS = 16  # a mata-mata is drawn from its first rodada of at most 16 jogos


# ---- a chave's classificação ------------------------------------------------------

NUMBER_COLUMNS = ("played", "wins", "losses", "games_won", "points_for", "points_difference")
NUMBER_X = (700, 780, 860, 940, 1040, 1152)  # right edges
TEAM_X, TEAM_WIDTH = 132, 540


def chave_picture(t: Tournament, group_id: int, revision: int, address: str) -> dict[str, Any] | None:
    tables = tournament_standings(t, group_ids=[group_id])
    found = [(st, gt) for st in tables for gt in st.groups if gt.group.pk == group_id]
    if not found:
        return None
    stage_table, gt = found[0]
    rows = standings_rows(t, gt)
    columns: tuple[str, ...] = NUMBER_COLUMNS
    xs: tuple[int, ...] = NUMBER_X
    titles, swiss_title = column_titles(), ""
    if is_swiss(stage_table.stage):
        rows, columns, xs, titles, swiss_title = swiss_columns(stage_table, gt, rows)
    chrome = HEADER + 64 + FOOTER + 16  # header, column titles, footer, a margin
    row_h = max(56, min(84, (OG_HEIGHT - chrome) // max(1, len(rows))))
    height = max(OG_HEIGHT, chrome + row_h * len(rows))
    top = HEADER + 64
    # Teams whose place a recorded sorteio decided: identical lines say why they differ.
    drawn = {
        team
        for sep in gt.standings.separations
        if sep.criterion is Criterion.LOTS
        for team in (sep.upper, sep.lower)
    }
    keys = [line.team.key for line in gt.lines]
    lines = []
    for i, r in enumerate(rows):
        y = top + i * row_h
        with_entity = row_h >= 72 and bool(r["entity"])
        marks = []
        if r["pending_lots"]:
            marks.append(_("sorteio pendente"))
        elif keys[i] in drawn:
            marks.append(_("por sorteio"))
        if r["disqualified"]:
            marks.append(_("desclassificada"))
        mark = " · ".join(marks)
        room = TEAM_WIDTH - (text_width(mark, 20) + 16 if mark else 0)
        lines.append(
            {
                "y": y,
                "h": row_h,
                "base": round(y + (row_h * 0.46 if with_entity else row_h * 0.62)),
                "entity_base": round(y + row_h * 0.82),
                "shade": i % 2 == 1,
                "position": r["position"],
                "team": fit(r["team"], 32, room, bold=True),
                "entity": fit(r["entity"], 20, TEAM_WIDTH) if with_entity else "",
                "mark": mark,
                "mark_x": round(TEAM_X + text_width(fit(r["team"], 32, room, bold=True), 32, True) + 16),
                "struck": r["disqualified"],
                "numbers": [
                    (x, _signed(r[c]) if c == "points_difference" else r[c])
                    for x, c in zip(xs, columns, strict=True)
                ],
            }
        )
    several = len({st.stage.pk for st in tables}) > 1 or t.stages.filter(kind=Stage.Kind.GROUPS).count() > 1
    title = swiss_title or _("Classificação · Chave %(name)s") % {"name": gt.group.name}
    if several:
        title += f" · {stage_table.stage.key}"
    return {
        **frame(t, title, height, revision, address),
        "lines": lines,
        "columns_y": HEADER + 44,
        "columns": list(zip(xs, titles, strict=True)),
        "team_x": TEAM_X,
        "unplayed": gt.unplayed,
        "points_word": words.points(t),
        "empty": not rows,
    }


def column_titles() -> list[str]:
    """The classificação's column titles, as the page's legend abbreviates them."""
    short = [pgettext("column abbreviation", c) for c in ("J", "V", "D", "P", "T")]
    return [*short, _("Saldo")]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


# ---- one jogo ---------------------------------------------------------------------


def jogo_picture(t: Tournament, match_id: int, revision: int, address: str) -> dict[str, Any] | None:
    match = Match.objects.filter(stage__tournament=t, pk=match_id).values_list("team_a_id", flat=True).first()
    if match is None:
        return None
    # One team's jogos hold it: the selector of the pages, not the whole tournament's list.
    rows = [r for r in match_rows(t, team_id=match) if r["pk"] == match_id]
    r = rows[0]
    final = r["final"]  # a picture shows a homologated result only
    where = [names_by_id([match_id]).get(match_id, "")]
    if r["group"]:
        where.insert(0, _("Chave %(name)s") % {"name": r["group"]})
    if r["table"]:
        where.append(_("Mesa %(name)s") % {"name": r["table"]})
    sides = []
    for key, name, x in ((r["team_a_key"], r["team_a"], 300), (r["team_b_key"], r["team_b"], 900)):
        text, size = sized(name, 460, (48, 40, 34))
        sides.append({"x": x, "name": text, "size": size, "won": final and r["winner"] == key})
    score = r["score"] if final else ""
    score_text, score_size = sized(score, 1100, (120, 72, 48)) if score else ("", 0)
    return {
        **frame(t, _("Resultado"), OG_HEIGHT, revision, address),
        "where": fit(" · ".join(w for w in where if w), 30, WIDTH - 2 * MARGIN),
        "sides": sides,
        "score": score_text,
        "score_size": score_size,
        "games": fit(r["games"], 30, WIDTH - 2 * MARGIN) if final else "",
        "time": r["time"],
        "final": final,
    }


# ---- the final podium -------------------------------------------------------------

PODIUM = ((2, 210, 150), (1, 600, 210), (3, 990, 110))  # place, centre, block height


def podium_picture(t: Tournament, revision: int, address: str) -> dict[str, Any] | None:
    placings = final_placings(t)
    if not placings.complete or not placings.podium:
        return None
    base = OG_HEIGHT - FOOTER - 24
    steps = []
    for place, x, block in PODIUM:
        teams = [p for p in placings.podium if p.position == place]
        names = []
        top = base - block - 20
        for k, p in enumerate(reversed(teams[:3])):
            size = 34 if place == 1 else 28
            names.append(
                {
                    "name": fit(p.team.name, size, 360, bold=True),
                    "size": size,
                    "entity": fit(p.team.entity.name, 20, 360) if p.team.entity else "",
                    "y": top - k * (size + 40) - (26 if p.team.entity else 0),
                }
            )
        steps.append(
            {
                "place": place,
                "x": x,
                "top": base - block,
                "block": block,
                "names": names,
                "shared": len(teams) > 1,
            }
        )
    champion = placings.champion
    title = _("Pódio")
    if champion is not None:
        title = words.champion_of(t, champion.name)
    return {**frame(t, title, OG_HEIGHT, revision, address), "steps": steps, "base": base}


# ---- the mata-mata ----------------------------------------------------------------

ROUND_TITLES = 48


def bracket_picture(t: Tournament, stage: Stage, revision: int, address: str) -> dict[str, Any] | None:
    data = bracket_data(stage)
    if not data.recognized or not data.rounds:
        return None
    if data.double:
        return double_picture(t, data, revision, address)
    first = next((i for i, r in enumerate(data.rounds) if len(r) <= MOST_SLOTS), len(data.rounds) - 1)
    rounds = data.rounds[first:]
    columns = len(rounds)
    col_w = column_width(columns)
    size = font_size(columns)
    box_h = 2 * (size + 12)
    top = HEADER + ROUND_TITLES
    room = OG_HEIGHT - top - FOOTER - 16
    body = max(room, band_height(rounds, size))
    height = top + body + FOOTER + 16
    cols = tree(rounds, data.round_names[first:], top, body, HEADER + 34, size)
    third = None
    if data.third_place is not None:
        x = MARGIN + (columns - 1) * (col_w + COLUMN_GAP)
        y = top + body - box_h - 4
        if columns == 1 or y > top + body / 2 + box_h:  # room under the final
            third = box(data.third_place, x, y, col_w, size)
            third["title"] = fit(third_place_name(), 20, col_w, bold=True)
            third["title_y"] = third["y"] - 10
    champion = data.champion
    title = _("Mata-mata")
    if champion is not None:
        title = _("Mata-mata · %(champion)s") % {"champion": words.champion_of(t, champion.name)}
    framed = frame(t, title, int(height), revision, address)
    if first > 0:  # the note on the earlier rodadas shares the title's line
        framed["title"] = fit(title, 30, 600)
    return {
        **framed,
        "columns": cols,
        "col_w": col_w,
        "size": size,
        "third": third,
        "earlier": first > 0,
        "headings": [],
    }
