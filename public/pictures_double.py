"""The share picture of a double elimination's mata-mata (docs/rules.md §3.18), for
``public.pictures.bracket_picture``: its three parts one under the other, as the bracket
page has them — the chave dos vencedores, the repescagem and the grande final (with the
final de desempate once it exists).

One picture 1200 wide holds them legibly only if no part has more than a few rodadas
across: the chave dos vencedores is drawn from its first rodada of at most
``MOST_SLOTS`` jogos (as a single elimination's is), and the repescagem, which has about
twice its rodadas, by ``LOSER_COLUMNS`` rodadas from the first still in play (the last
``LOSER_COLUMNS`` once fewer are left); a part cut so says which rodadas it shows."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from core import words
from knockout.selectors import Bracket, Slot, round_label
from public.pictures_bracket import band_height, font_size, tree
from public.pictures_frame import FOOTER, HEADER, OG_HEIGHT, fit, frame
from tournaments.models import Tournament

MOST_SLOTS = 16
LOSER_COLUMNS = 4
HEADING = 36  # a part's heading line
TITLES = 40  # the line of its rodadas' titles


def _done(level: list[Slot]) -> bool:
    return all(s.winner is not None and not s.pending for s in level)


def _window(rounds: list[list[Slot]], most: int) -> int:
    """The first of the ``most`` rodadas shown: the first still in play, so that the
    window ends on the last rodada when fewer than ``most`` are left."""
    playing = next((i for i, level in enumerate(rounds) if not _done(level)), len(rounds))
    return max(0, min(playing, len(rounds) - most))


def _cut(first: int, shown: int, total: int) -> str:
    if shown == total:
        return ""
    return _("rodadas %(first)d a %(last)d de %(n)d") % {
        "first": first + 1,
        "last": first + shown,
        "n": total,
    }


def double_picture(t: Tournament, data: Bracket, revision: int, address: str) -> dict[str, Any]:
    wb_first = next((i for i, r in enumerate(data.rounds) if len(r) <= MOST_SLOTS), len(data.rounds) - 1)
    lb_first = _window(data.losers, LOSER_COLUMNS)
    lb = data.losers[lb_first : lb_first + LOSER_COLUMNS]
    parts = [
        (
            _("Chave dos vencedores"),
            data.rounds[wb_first:],
            data.round_names[wb_first:],
            _cut(wb_first, len(data.rounds) - wb_first, len(data.rounds)),
        ),
        (
            _("Repescagem"),
            lb,
            data.loser_names[lb_first : lb_first + LOSER_COLUMNS],
            _cut(lb_first, len(lb), len(data.losers)),
        ),
        (_("Grande final"), [[s] for s in data.finals], [round_label(s) for s in data.finals], ""),
    ]
    parts = [p for p in parts if p[1]]
    across = max(len(p[1]) for p in parts)  # every part's boxes as wide as the widest part's
    size = font_size(across)
    headings, columns = [], []
    y = HEADER + 8
    for heading, rounds, names, note in parts:
        headings.append({"text": fit(heading, 24, 560, bold=True), "y": y + 28, "note": fit(note, 20, 500)})
        top = y + HEADING + TITLES
        body = band_height(rounds, size)
        columns += tree(rounds, names, top, body, y + HEADING + 26, size, across)
        y = top + body + 8
    height = max(OG_HEIGHT, y + FOOTER + 8)
    title = _("Mata-mata")
    if data.champion is not None:
        title = _("Mata-mata · %(champion)s") % {"champion": words.champion_of(t, data.champion.name)}
    return {
        **frame(t, title, int(height), revision, address),
        "columns": columns,
        "size": size,
        "third": None,
        "earlier": False,
        "headings": headings,
    }
