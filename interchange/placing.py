"""Where a loaded file's mata-mata jogos sit: each knockout stage's lines (the teams'
positions) and each jogo's slot, from the seed order and jogos the file keeps, by
``knockout.bracket`` (single elimination) or ``knockout.double_bracket`` (double)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from interchange.brackets import double_places, stage_bracket
from interchange.document import Document
from interchange.validate import Prepared
from knockout import bracket
from tournaments.models import Match, StageTeam, Tournament


def _set_lines(t: Tournament, stage_key: str, lines: Sequence[str | None]) -> dict[str, int]:
    """Each team's position in its stage's bracket; returns the positions by team key."""
    line = {k: i for i, k in enumerate(lines) if k is not None}
    entries = list(StageTeam.objects.filter(stage__tournament=t, stage__key=stage_key).select_related("team"))
    for e in entries:
        e.position = line[e.team.key]
    StageTeam.objects.bulk_update(entries, ["position"])
    return line


def place_brackets(t: Tournament, doc: Document, prepared: list[Prepared], matches: list[Match]) -> None:
    """Lines of each knockout stage and the place of its jogos (knockout.bracket).

    The file keeps only the seed order and the jogos; the bracket is the standard one
    when the jogos fit it, else the one they draw (``check_brackets`` refused the file
    before anything was written when they draw none, or break it).
    """
    modality = t.rules()
    for s in doc.stages:
        if s.kind != "knockout" or len(s.teams) < 2:
            continue
        if doc.double_elimination:
            _place_double(t, s, doc, prepared, matches)
            continue
        found = stage_bracket(modality, s, prepared)
        if found.lines is None:
            continue
        line = _set_lines(t, s.key, found.lines)
        third = bracket.third_place_matches(found.played)
        mine = [matches[i] for i in found.mine]
        for i, (pm, m) in enumerate(zip(found.played, mine, strict=True)):
            m.third_place = i in third
            m.slot = 1 if m.third_place else line[pm.a] >> pm.round
        Match.objects.bulk_update(mine, ["slot", "third_place"])


def _place_double(
    t: Tournament, s: Any, doc: Document, prepared: list[Prepared], matches: list[Match]
) -> None:
    """A double elimination's lines and each jogo's slot in its structure
    (``brackets.double_places``; ``check_brackets`` refused any jogo it does not give)."""
    found = double_places(t.rules(), s, prepared, doc.grand_final_reset)
    if found is None:
        return
    _set_lines(t, s.key, found.lines)
    mine = []
    for i, jogo in found.jogos.items():
        m = matches[i]
        m.slot, m.third_place = jogo[2], False
        mine.append(m)
    Match.objects.bulk_update(mine, ["slot", "third_place"])
