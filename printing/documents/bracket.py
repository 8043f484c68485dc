"""The mata-mata bracket: a plain data structure, its pages, and each page as SVG.

The structure is a list of rounds, each a list of matches ``{"a": slot, "b": slot,
"score": str}`` with ``slot = {"team": name, "seed": n | None, "won": bool}`` ("" is an
empty slot). :func:`from_stage` fills it from a knockout Stage's StageTeam entries
(seed order) through the mata-mata's ``bracket_data`` (standard seeded placement,
chapéus, winners advanced on homologation), falling back to the jogos as played when a
loaded stage draws no bracket. :func:`paginate` keeps 32 teams to a page: bigger
brackets print one page per block of 32 first-round teams, then the rounds that follow
as a bracket of their own. A double elimination (docs/rules.md §3.18) prints its
winners' bracket, its repescagem (whose rodadas that take the teams dropping from the
winners' bracket keep the count of jogos: straight connectors) and its grand final with
the champion and the final placings, each a page (:func:`double_pages`).
"""

from __future__ import annotations

from html import escape
from typing import Any

from django.utils.translation import gettext

from core import words
from knockout.selectors import Bracket, Slot, bracket_data, round_label
from printing.documents.common import Params
from standings.results import match_rows
from tournaments.models import Stage, StageTeam, Tournament
from tournaments.phases import phase_name, third_place_name

PAGE_MATCHES = 16  # first-round matches on a page: 32 teams
EMPTY: dict[str, Any] = {"team": "", "seed": None, "won": False}


def seed_positions(size: int) -> list[int]:
    """Seeds in bracket order (1 v size, and the best two meet only in the final)."""
    order = [1]
    while len(order) < size:
        n = len(order) * 2
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return order


def _slot(team: str, seed: int | None = None, won: bool = False) -> dict[str, Any]:
    return {"team": team, "seed": seed, "won": won}


def _match(s: Slot) -> dict[str, Any]:
    a = _slot(s.team_a.name, s.team_a.seed, s.winner == s.team_a.key) if s.team_a else EMPTY
    b = _slot(s.team_b.name, s.team_b.seed, s.winner == s.team_b.key) if s.team_b else EMPTY
    return {"a": a, "b": b, "score": s.score if s.winner and not s.bye else ""}


def from_bracket(data: Bracket) -> list[list[dict[str, Any]]]:
    """The printable rounds of a bracket built by the mata-mata (``bracket_data``)."""
    return [[_match(s) for s in level] for level in data.rounds]


def third_place(stage: Stage) -> dict[str, Any] | None:
    """The disputa de 3º lugar, from the same data as the page and the picture: printed
    beside the final once its jogo exists."""
    data = bracket_data(stage)
    return _match(data.third_place) if data.recognized and data.third_place is not None else None


def from_stage(t: Tournament, stage: Stage) -> list[list[dict[str, Any]]]:
    data = bracket_data(stage)
    if data.recognized and data.rounds:
        return from_bracket(data)
    # A stage whose jogos draw no bracket (e.g. loaded from a file): pair what was played.
    entries = list(StageTeam.objects.filter(stage=stage).select_related("team").order_by("order", "id"))
    seed_of = {e.team.key: i + 1 for i, e in enumerate(entries)}
    name_of = {e.team.key: e.team.name for e in entries}
    rows = [r for r in match_rows(t) if r["stage"] == stage.key]
    first = min((r["round"] for r in rows if r["round"] is not None), default=None)
    pairs: list[tuple[str, str]] = []
    if first is not None:
        pairs = [(r["team_a_key"], r["team_b_key"]) for r in rows if r["round"] == first]
        placed = {k for pair in pairs for k in pair}
        pairs += [(e.team.key, "") for e in entries if e.team.key not in placed]  # chapéu
    size = 2
    while size < max(len(entries), 2 * len(pairs)):
        size *= 2
    if first is None:
        keys = [e.team.key for e in entries]
        order = seed_positions(size)
        slots = [keys[s - 1] if s <= len(keys) else "" for s in order]
        pairs = [(slots[i], slots[i + 1]) for i in range(0, size, 2)]
    pairs += [("", "")] * (size // 2 - len(pairs))
    played = {frozenset((r["team_a_key"], r["team_b_key"])): r for r in rows}
    rounds: list[list[dict[str, Any]]] = []
    current = pairs
    while current:
        matches, winners = [], []
        for a, b in current:
            row = played.get(frozenset((a, b))) if a and b else None
            winner = row["winner"] if row else None
            if not winner and bool(a) != bool(b) and not rounds:
                winner = a or b  # a chapéu goes through
            score = row["score"] if row else ""
            if row and row["team_a_key"] != a:
                score = "–".join(reversed(score.split("–"))) if "–" in score[:5] else score
            matches.append(
                {
                    "a": _slot(name_of.get(a, a), seed_of.get(a), bool(winner) and winner == a),
                    "b": _slot(name_of.get(b, b), seed_of.get(b), bool(winner) and winner == b),
                    "score": score if winner else "",
                }
            )
            winners.append(winner or "")
        rounds.append(matches)
        if len(current) == 1:
            break
        current = [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]
    return rounds


def double_pages(data: Bracket) -> list[dict[str, Any]]:
    """The pages of a double elimination: «Chave dos vencedores», «Repescagem», «Grande final»."""
    winners = from_bracket(data)
    if len(winners[0]) <= PAGE_MATCHES:
        named = [{"name": n, "matches": r} for n, r in zip(data.round_names, winners)]
        pages = [{"title": gettext("Chave dos vencedores"), "rounds": named, "final": False}]
    else:
        pages = paginate(winners, gettext("Chave dos vencedores"))
        for page in pages:
            page["final"] = False  # the winners' final is not the tournament's
    losers = [[_match(s) for s in level] for level in data.losers]
    if losers:
        named = [{"name": n, "matches": r} for n, r in zip(data.loser_names, losers)]
        pages.append({"title": gettext("Repescagem"), "rounds": named, "final": False})
    finals = [{"name": round_label(s), "matches": [_match(s)]} for s in data.finals]
    placings = [
        (
            gettext("%(first)dº a %(last)dº lugar") % {"first": p.position, "last": p.last}
            if p.shared
            else gettext("%(n)dº lugar") % {"n": p.position},
            p.team.name,
        )
        for p in data.placings
    ]
    pages.append({"title": gettext("Grande final"), "rounds": finals, "final": True, "placings": placings})
    return pages


def paginate(rounds: list[list[dict[str, Any]]], label: str = "") -> list[dict[str, Any]]:
    """Pages of at most ``PAGE_MATCHES`` first-round matches (5 rounds) each."""
    if not rounds:
        return []
    if len(rounds[0]) <= PAGE_MATCHES:
        named = [{"name": phase_name(len(r)), "matches": r} for r in rounds]
        return [{"title": label, "rounds": named, "final": len(rounds[-1]) == 1}]
    depth = PAGE_MATCHES.bit_length()  # 16 matches → 5 rounds on a page
    blocks = len(rounds[0]) // PAGE_MATCHES
    pages = []
    for b in range(blocks):
        part = []
        for k in range(depth):
            width = PAGE_MATCHES >> k
            part.append(
                {"name": phase_name(len(rounds[k])), "matches": rounds[k][b * width : (b + 1) * width]}
            )
        title = gettext("Bloco %(n)d de %(blocks)d (posições %(first)d–%(last)d)") % {
            "n": b + 1,
            "blocks": blocks,
            "first": b * 32 + 1,
            "last": (b + 1) * 32,
        }
        pages.append({"title": title, "rounds": part, "final": False})
    return pages + paginate(rounds[depth:], gettext("Fase final"))


def build(t: Tournament, p: Params) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    stages = t.stages.filter(kind=Stage.Kind.KNOCKOUT).order_by("order", "id")
    if p.stage:
        stages = stages.filter(key=p.stage)
    units: list[dict[str, Any]] = []
    for stage in stages:
        data = bracket_data(stage) if t.double_elimination else None
        double = data is not None and data.double and data.recognized
        third = None if double else third_place(stage)
        pages = double_pages(data) if data is not None and double else paginate(from_stage(t, stage), "")
        for page in pages:
            page["third"] = third if page["final"] else None
            page["champion_word"] = words.champion(t)
            page["stage"] = stage.key
            page["svg"] = page_svg(page)
            del page["rounds"]  # the drawing is all a chunk needs
            units.append(page)
    return {}, units


def _clip(text: str, room: float, font: float) -> str:
    fits = max(int(room / (font * 0.56)), 4)
    return text if len(text) <= fits else text[: fits - 1] + "…"


def page_svg(page: dict[str, Any], width: float = 274.0, height: float = 176.0) -> str:
    """One page of the bracket: boxes and connectors as one path, a text per team."""
    rounds = page["rounds"]
    columns = len(rounds) + (1 if page["final"] else 0)
    gap = 6.0
    col = min((width - gap * (columns - 1)) / columns, 64.0)
    top = 7.0
    slots = max(len(rounds[0]["matches"]) * 2, 2)
    pitch = min((height - top) / slots, 11.0)
    font = min(pitch * 0.55, 3.4)
    boxes, lines, texts = [], [], []
    centers: list[float] = []
    for k, rnd in enumerate(rounds):
        x = k * (col + gap)
        texts.append(
            f'<text x="{x:.1f}" y="4" font-weight="bold" font-size="3.4">{escape(rnd["name"])}</text>'
        )
        if k == 0:
            new = [top + (2 * j + 1) * pitch for j in range(len(rnd["matches"]))]
        elif len(rnd["matches"]) == len(centers):  # a repescagem's rodada: one jogo on to one
            new = list(centers)
            lines += [f"M{x - gap:.1f} {c:.1f}H{x:.1f}" for c in new]
        else:
            new = [(centers[2 * j] + centers[2 * j + 1]) / 2 for j in range(len(rnd["matches"]))]
            for j, c in enumerate(new):
                mid = x - gap / 2
                for prev in (centers[2 * j], centers[2 * j + 1]):
                    lines.append(f"M{x - gap:.1f} {prev:.1f}H{mid:.1f}V{c:.1f}")
                lines.append(f"M{mid:.1f} {c:.1f}H{x:.1f}")
        for c, match in zip(new, rnd["matches"]):
            for y, slot in ((c - pitch, match["a"]), (c, match["b"])):
                boxes.append(f"M{x:.1f} {y:.1f}h{col:.1f}v{pitch:.1f}h{-col:.1f}z")
                if slot["team"]:
                    name = (f"({slot['seed']}) " if slot["seed"] else "") + slot["team"]
                    weight = ' font-weight="bold"' if slot["won"] else ""
                    room = col - (9 if slot["won"] and match["score"] else 2)
                    texts.append(
                        f'<text x="{x + 1:.1f}" y="{y + pitch * 0.7:.1f}"{weight}>'
                        f"{escape(_clip(name, room, font))}</text>"
                    )
                    if slot["won"] and match["score"]:
                        texts.append(
                            f'<text x="{x + col - 1:.1f}" y="{y + pitch * 0.7:.1f}" '
                            f'text-anchor="end">{escape(match["score"][:7])}</text>'
                        )
        centers = new
    if page["final"]:
        x = len(rounds) * (col + gap)
        c = centers[0]
        lines.append(f"M{x - gap:.1f} {c:.1f}H{x:.1f}")
        boxes.append(f"M{x:.1f} {c - pitch / 2:.1f}h{col:.1f}v{pitch:.1f}h{-col:.1f}z")
        champion_word = escape(page.get("champion_word") or gettext("Campeão"))
        texts.append(f'<text x="{x:.1f}" y="4" font-weight="bold" font-size="3.4">{champion_word}</text>')
        final = rounds[-1]["matches"][0]
        champion = next((s["team"] for s in (final["a"], final["b"]) if s["won"]), "")
        if champion:
            texts.append(
                f'<text x="{x + 1:.1f}" y="{c + pitch * 0.2:.1f}" font-weight="bold">'
                f"{escape(_clip(champion, col - 2, font))}</text>"
            )
        third = page.get("third")
        if third:  # below the champion, in the same column: its own two boxes
            y0 = min(c + 3 * pitch, height - 2 * pitch - 1)
            label = escape(third_place_name())
            texts.append(
                f'<text x="{x:.1f}" y="{y0 - 1.5:.1f}" font-weight="bold" font-size="3.4">{label}</text>'
            )
            for y, slot in ((y0, third["a"]), (y0 + pitch, third["b"])):
                boxes.append(f"M{x:.1f} {y:.1f}h{col:.1f}v{pitch:.1f}h{-col:.1f}z")
                if slot["team"]:
                    weight = ' font-weight="bold"' if slot["won"] else ""
                    texts.append(
                        f'<text x="{x + 1:.1f}" y="{y + pitch * 0.7:.1f}"{weight}>'
                        f"{escape(_clip(slot['team'], col - 9, font))}</text>"
                    )
                    if slot["won"] and third["score"]:
                        texts.append(
                            f'<text x="{x + col - 1:.1f}" y="{y + pitch * 0.7:.1f}" '
                            f'text-anchor="end">{escape(third["score"][:7])}</text>'
                        )
    placings = page.get("placings") or []  # a double elimination's, under its grand final
    if placings:
        y0 = top + 4 * pitch + 8
        title = escape(gettext("Classificação final"))
        texts.append(f'<text x="0" y="{y0:.1f}" font-weight="bold" font-size="3.4">{title}</text>')
        per_column = max(int((height - y0 - 2) // 4.6), 1)
        for i, (label, name) in enumerate(placings):
            x, y = (i // per_column) * 90.0, y0 + (i % per_column + 1) * 4.6
            texts.append(
                f'<text x="{x:.1f}" y="{y:.1f}" font-size="3.2">{escape(label)} — '
                f"{escape(_clip(name, 60, 3.2))}</text>"
            )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans" font-size="{font:.2f}">'
        f'<path fill="none" stroke="#000" stroke-width="0.25" d="{"".join(boxes)}"/>'
        f'<path fill="none" stroke="#555" stroke-width="0.25" d="{"".join(lines)}"/>'
        f"{''.join(texts)}</svg>"
    )
