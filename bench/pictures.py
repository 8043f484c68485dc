"""Render time of the pictures to share (PNG), cold, per kind.

Run: ``.venv/bin/python bench/pictures.py [--save docs/screens]`` (about a minute). It
makes its own SQLite database in a temporary folder (``TENTEIO_DATA_DIR``), migrates it
and loads three events through ``load_tournament``:

- the demo's rodeio, finished (16 trios, 4 chaves of 4, quartas to final with the
  disputa de 3º lugar: ``tests/public/share_event.py``);
- the 512-team event of the benchmarks (``bench.generate``: 128 chaves of 4 trios, every
  jogo played) followed by a mata-mata of its 256 classificados, every jogo played (the
  picture draws it from its rodada of 16 jogos on: 5 rodadas);
- one chave of 12 trios (the picture grows taller than 1200 × 630).

Each picture is asked for through the page's address (``/t/SLUG/imagens/…``, the
Django test client) with the cache emptied before each request: a cold render, the
cost the first visitor after a change pays; the median of 5 is printed, split into
reading the data (``public.pictures``), the SVG template and CairoSVG's rasterising
(``public.raster``), with the PNG's size in pixels and bytes. ``--save DIR`` writes the
pictures there (``imagem-EVENT-KIND.png``).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import struct
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
os.environ.pop("DATABASE_URL", None)  # SQLite in the temporary folder, always
os.environ.setdefault("TENTEIO_DATA_DIR", tempfile.mkdtemp(prefix="tenteio-bench-pictures-"))
REPEAT = 5


def median_of(fn: Callable[[], Any]) -> tuple[float, Any]:
    times, out = [], None
    for _ in range(REPEAT):
        started = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000, out


def size_of(png: bytes) -> tuple[int, int]:
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def big_event() -> Any:
    """512 trios in 128 chaves of 4, then a mata-mata of the 256 first two, all played."""
    from bench.generate import tournament_document
    from interchange.load import load_tournament

    doc = tournament_document("truco-cego-trio", groups=128, size=4, seed=5, played=1.0, walkovers=0.0)
    doc["tournament"]["slug"] = "bench-512"
    doc["tournament"]["name"] = "Estadual de Truco Cego — 512 trios"
    chaves = doc["stages"][0]["groups"]
    seeds = [key for chave in chaves for key in chave["teams"][:2]]
    level, rnd, losers = seeds, 1, list(seeds[:2])
    while len(level) > 1:
        if len(level) == 2:  # the final, then the disputa de 3º lugar of the semifinals' losers
            doc["matches"].append(_played(rnd, level[0], level[1]))
            doc["matches"].append(_played(rnd, *losers))
            break
        losers = [level[i + 1] for i in range(0, len(level), 2)]
        for i in range(0, len(level), 2):
            doc["matches"].append(_played(rnd, level[i], level[i + 1]))
        level, rnd = level[::2], rnd + 1
    doc["stages"].append({"key": "mata-mata", "kind": "knockout", "teams": seeds})
    doc["tournament"]["stage_plan"] = "groups_knockout"
    return load_tournament(doc).tournament


def _played(rnd: int, a: str, b: str) -> dict[str, Any]:
    """A mata-mata jogo ``a`` wins 2–0."""
    return {"stage": "mata-mata", "round": rnd, "teams": [a, b], "result": {"games": [[24, 17], [24, 20]]}}


def long_chave() -> Any:
    from bench.generate import tournament_document
    from interchange.load import load_tournament

    doc = tournament_document("truco-cego-trio", groups=1, size=12, seed=7, played=1.0, walkovers=0.0)
    doc["tournament"]["slug"] = "chave-de-12"
    doc["tournament"]["name"] = "Torneio Universitário de Truco Cego"
    return load_tournament(doc).tournament


def measure(t: Any, save: Path | None, prefix: str) -> list[tuple[str, ...]]:
    from django.core.cache import cache
    from django.template.loader import render_to_string
    from django.test import Client

    from public import pictures, raster
    from tournaments.models import Group, Match, Stage

    client = Client()
    group = Group.objects.filter(stage__tournament=t).order_by("stage__order", "order", "id").first()
    ko = t.stages.filter(kind=Stage.Kind.KNOCKOUT).first()
    final = Match.objects.filter(stage=ko).order_by("-round", "id").first() if ko else None
    jogo = final or Match.objects.filter(stage__tournament=t).order_by("id").first()
    address = f"127.0.0.1:8000/t/{t.slug}/"
    kinds: list[tuple[str, str, Callable[[], Any], str]] = []
    if group is not None:
        kinds.append(
            (
                "chave",
                f"/t/{t.slug}/imagens/classificacao/{group.pk}.png",
                lambda: pictures.chave_picture(t, group.pk, 0, address),
                "chave",
            )
        )
    if ko is not None:
        kinds.append(
            (
                "mata-mata",
                f"/t/{t.slug}/imagens/mata-mata.png",
                lambda: pictures.bracket_picture(t, ko, 0, address),
                "bracket",
            )
        )
    if jogo is not None:
        kinds.append(
            (
                "jogo",
                f"/t/{t.slug}/imagens/jogos/{jogo.pk}.png",
                lambda: pictures.jogo_picture(t, jogo.pk, 0, address),
                "jogo",
            )
        )
    if ko is not None:
        kinds.append(
            (
                "pódio",
                f"/t/{t.slug}/imagens/podio.png",
                lambda: pictures.podium_picture(t, 0, address),
                "podium",
            )
        )
    rows: list[tuple[str, ...]] = []
    for kind, url, build, template in kinds:

        def cold(url: str = url) -> bytes:
            cache.clear()
            response = client.get(url)
            assert response.status_code == 200, (url, response.status_code)
            return response.content

        total, png = median_of(cold)
        data_ms, context = median_of(build)
        svg_ms, svg = median_of(
            lambda template=template, context=context: render_to_string(
                f"public/pictures/{template}.svg.html", context
            )
        )
        raster_ms, _png = median_of(lambda svg=svg: raster.png(svg))
        width, height = size_of(png)
        rows.append(
            (
                t.slug,
                kind,
                f"{total:.0f}",
                f"{data_ms:.0f}",
                f"{svg_ms:.1f}",
                f"{raster_ms:.0f}",
                f"{width}×{height}",
                f"{len(png) // 1024} KB",
            )
        )
        if save is not None:
            (save / f"imagem-{prefix}-{template}.png").write_bytes(png)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--save", type=Path, help="folder for the pictures (e.g. docs/screens)")
    args = parser.parse_args()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from tests.public.share_event import finished_event

    machine = platform.processor() or platform.machine()
    print(f"{machine}, {os.cpu_count()} CPUs, Python {platform.python_version()}")
    started = time.perf_counter()
    events = [(finished_event("rodeio"), "rodeio"), (big_event(), "512"), (long_chave(), "chave-12")]
    print(f"loaded in {time.perf_counter() - started:.0f} s; median of {REPEAT} cold renders (ms)")
    rows: list[tuple[str, ...]] = [("event", "picture", "total", "data", "svg", "png", "size", "bytes")]
    for t, prefix in events:
        rows += measure(t, args.save, prefix)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(r, widths)))


if __name__ == "__main__":
    main()
