"""The súmula page as a fixed form in two layers: the form, and what each jogo fills in.

Measured with WeasyPrint 70 (``bench/printing.py``, cProfile on a chunk of 32), a page
costs about 0.3 ms per line of text, 0.2 ms per element, 0.4 ms per inline element, about
1 ms per float, absolutely placed box or ``@page`` margin box, and a few ms for a QR
code drawn as SVG runs. So a súmula is printed as:

* the **form** — every rule, box, tally grid and label that is the same on every page
  of the modality — rendered once by each worker (:func:`form`,
  ``printing/sumula_form.html``) and laid under each page by ``printing.overlay`` (a
  batch of a page or two with no form at hand draws it inline instead);
* the **fill** — per jogo only what changes (title, fase/mesa line, link, teams and
  players, mark boxes, scores, footer, the QR code as a one-bit PNG) — a few
  ``<pre>`` blocks in normal flow with the heights fixed here (:func:`page`,
  ``printing/sumulas.html``).

Both layers place their blocks with the same heights, so they land on the same lines.
All lengths are millimetres from the top-left corner of the page's content box.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from core.qr import qr_png
from printing import svg

WIDTH = 188.0  # A4 less 11 mm margins
HEIGHT = 280.0  # A4 less 8 mm margins, 1 mm to spare
TOP_H = 5.0  # the tournament, on the first line
TITLE_H = 8.0
INFO_LINE, INFO_LINES = 4.4, 5
QR = 26.0
TEAM_W, TEAM_H, TEAM_LINE, TEAM_PAD = 92.0, 46.0, 5.0, 1.5
NOTE_H = 9.0
PARTIDA_H, PARTIDA_HEAD = 26.0, 6.5
GRID_X, TOTAL_W = 7.0, 20.0
RESULT_H = 12.0
OBS_LINE = 7.0
FOOT_H = 4.0
NORMAL_LINE = 1.25 * 9 * 25.4 / 72  # the line height of 9 pt text (printing/_base.html)
# Where the ending options of a partida sit (a box, then its label): the fill crosses
# the box of a homologated partida's ending.
ENDING_BOX = 3.0
ENDING_X = {"target": 36.0, "time": 50.0, "walkover": 68.0, "disqualification": 83.0}


def _ending_label(code: str) -> str:
    """The printed word beside an ending's box (the disqualification asks its article)."""
    return {
        "target": gettext("alvo"),
        "time": gettext("tempo"),
        "walkover": "W.O.",
        "disqualification": gettext("desclassificação") + ", art. ______",
    }[code]


# Team names and players are cut to what fits their column: a longer line would run
# into team B's column or the mark boxes. Budgets from DejaVu Sans 9 pt capitals.
NAME_CHARS, ENTITY_CHARS, PLAYER_CHARS = 30, 42, 30
# The tournament on the first line (188 mm of DejaVu Sans Bold 8 pt capitals); the
# fase, chave and mesa share the line beside the QR code with rodada and horário.
TOURNAMENT_CHARS, PLACE_CHARS, JUDGE_CHARS = 86, 16, 60


def fit(text: str, limit: int) -> str:
    """``text`` on one line of at most ``limit`` characters: the fill's blocks are <pre>
    (a line break in a stored name would push the lines below off the form)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def form(meta: dict[str, Any]) -> dict[str, Any]:
    """What every page of a modality shares: the form's drawing and where its labels
    go, and the block heights of the fill, as plain data for both templates."""
    games = int(meta["games"])
    split = meta["malos"] if meta["malos"] and meta["buenos"] else None
    ladder = (3, 6, 9, 12) if meta["ladder"] else ()
    grid_w = WIDTH - GRID_X - TOTAL_W - 6
    size = svg.grid_size(int(meta["target"]), split, grid_w, 7.0)
    pitch = size + svg.ROW_GAP
    obs_lines = 5 if games <= 3 else 3
    d = svg.Drawing()
    teams_y = TOP_H + TITLE_H + INFO_LINE * INFO_LINES + 2
    for i in range(2):
        svg.box(d, i * (WIDTH - TEAM_W), teams_y, TEAM_W, TEAM_H - 1, bold=True)
    y = partidas_y = teams_y + TEAM_H + NOTE_H
    partidas = []
    for number in range(1, games + 1):
        svg.hline(d, 0, y, WIDTH, bold=True)
        for x in ENDING_X.values():
            svg.box(d, x, y + 1.3, ENDING_BOX, ENDING_BOX)
        top = y + PARTIDA_HEAD
        svg.tally_grid(
            d, GRID_X, top, int(meta["target"]), split=split, width=grid_w, size_cap=7.0, ladder=ladder
        )
        for row in range(2):
            svg.box(d, WIDTH - TOTAL_W, top + row * pitch, TOTAL_W, size)
        partidas.append(number)
        y += PARTIDA_H
    svg.hline(d, 0, y + 1, WIDTH, bold=True)
    result_y = y + 2
    obs_y = y + RESULT_H
    for k in range(obs_lines):
        svg.hline(d, 0, obs_y + 6 + OBS_LINE * (k + 1) - 1, WIDTH)
    sign_y = obs_y + 6 + OBS_LINE * obs_lines + 4
    third = (WIDTH - 16) / 3
    for k in range(3):
        svg.hline(d, k * (third + 8), sign_y + 9, third)
    marks_x = TEAM_W - 2 - games * TEAM_LINE
    ph = PARTIDA_HEAD - svg.ROW_GAP / 2  # from a partida's rule to its A row of text
    # The form sets a column of labels (one per partida) as one <pre> whose line boxes
    # are a partida tall: a glyph sits in the middle of its line box, so the block starts
    # half a partida above the middle of the first label's line.
    head_mid = partidas_y + 0.8 + NORMAL_LINE / 2
    row_mid = partidas_y + PARTIDA_HEAD + size / 2
    return {
        "games": games,
        "split": split,
        "grid_w": grid_w,
        "teams_y": teams_y,
        "partidas_y": partidas_y,
        "marks_x": marks_x,
        "drawing": d.svg(WIDTH, HEIGHT),
        "partidas": partidas,
        "endings": [{"label": _ending_label(k), "x": x + ENDING_BOX + 1.5} for k, x in ENDING_X.items()],
        # Positions and heights (mm) for the templates' one <style> or the form's labels.
        "css": {
            "width": WIDTH,
            "height": HEIGHT,
            "top_h": TOP_H,
            "title_h": TITLE_H,
            "info_y": TOP_H + TITLE_H,
            "info_line": INFO_LINE,
            "info_skip": 2 * INFO_LINE,
            "url_h": INFO_LINE + 2,
            "qr": QR,
            "qr_y": TOP_H + 1,
            "team_pad": TEAM_PAD,
            "team_line": TEAM_LINE,
            "team_rest": TEAM_H - TEAM_PAD - TEAM_LINE,
            "team_b": WIDTH - TEAM_W + 2,
            "label_y": teams_y + TEAM_PAD + 2 * TEAM_LINE,
            "label_w": marks_x - 1.5,
            "label_x2": WIDTH - TEAM_W + 2,
            "label_w2": WIDTH - TEAM_W + marks_x - 1.5,
            "note_y": teams_y + TEAM_H + 0.5,
            "note_h": NOTE_H,
            "pitch": round(pitch, 3),
            "partida_h": PARTIDA_H,
            "heads_y": head_mid - PARTIDA_H / 2,
            "rows_a": row_mid - PARTIDA_H / 2,
            "rows_b": row_mid + pitch - PARTIDA_H / 2,
            "score_pad": ph,
            "score_h": PARTIDA_H - ph,
            "total_x": WIDTH - TOTAL_W,
            "total_w": TOTAL_W,
            "result_y": result_y,
            "obs_y": obs_y,
            "sign_y": sign_y + 10,
            "sign_w": third,
            "sign_x2": third + 8,
            "sign_x3": 2 * (third + 8),
            "foot_y": HEIGHT - FOOT_H,
        },
    }


def page(meta: dict[str, Any], f: dict[str, Any], unit: dict[str, Any]) -> dict[str, Any]:
    """The unit plus what only its page needs: the drawing over the form (mark boxes and
    crosses, shaded tentos and crossed endings of a homologated result), the team
    lines, the QR code, and which pages of the form go under it."""
    d = svg.Drawing()
    official = unit.get("official") or {}
    games = official.get("games") or []
    endings = official.get("ending_codes") or []
    rows_y = f["teams_y"] + TEAM_PAD + 3 * TEAM_LINE
    for i, team in enumerate(unit["teams"]):
        x = i * (WIDTH - TEAM_W) + f["marks_x"]
        svg.mark_boxes(d, x, rows_y, [p["played"] for p in team["players"]], f["games"], pitch=TEAM_LINE)
    scores = []
    for i, score in enumerate(games[: f["games"]]):
        y = f["partidas_y"] + i * PARTIDA_H
        svg.tally_grid(
            d,
            GRID_X,
            y + PARTIDA_HEAD,
            int(meta["target"]),
            split=f["split"],
            width=f["grid_w"],
            size_cap=7.0,
            scores=score,
            boxes=False,
        )
        ending = endings[i] if i < len(endings) else ""
        if ending in ENDING_X:
            svg.cross(d, ENDING_X[ending], y + 1.3, ENDING_BOX)
        scores.append(score)
    a, b = unit["teams"]
    lines = []
    for team in (a, b):
        players = [
            fit(p["name"], PLAYER_CHARS) + (" (C)" if p["captain"] else "") + (" (R)" if p["reserve"] else "")
            for p in team["players"]
        ]
        # The second line is the form's "Jogadores … partidas →".
        lines.append("\n".join([fit(team["entity"] or "—", ENTITY_CHARS), "", *players]))
    if official:
        people = {k: fit(official[k], NAME_CHARS) for k in ("winner", "walkover", "disqualified")}
        official = {**official, **people}
    return {
        **unit,
        "stage_key": fit(unit["stage_key"], PLACE_CHARS),
        "group": fit(unit["group"], PLACE_CHARS),
        "table": fit(unit["table"], PLACE_CHARS),
        "judge": fit(unit.get("judge", ""), JUDGE_CHARS),
        "official": official or None,
        "names": (fit(a["name"], NAME_CHARS), fit(b["name"], NAME_CHARS)),
        "lines": lines,
        "scores": scores,
        # Form pages to lay under it: the common form, and the result lines if blank.
        "forms": (0,) if official else (0, 1),
        "blank": not official,
        "drawing": d.svg(WIDTH, HEIGHT),
        "qr": qr_png(unit["url"]),
    }
