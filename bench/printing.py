"""Printing speed and memory: per-page cost of a súmula against a minimal page, and a
rodada of 256 (and 512) súmulas rendered by two processes in parallel.

Run: ``.venv/bin/python bench/printing.py`` (about a minute). It makes its own SQLite
database in a temporary folder (``TENTEIO_DATA_DIR``), migrates it, and loads a
generated Truco Cego tournament whose rodada 1 has 512 jogos (half homologated, so
half the súmulas are filled in). The parallel run calls exactly what the Celery chunk
task calls (``printing.services.chunk_render`` / ``job_merge``) from a pool of two
forked processes, one per core, like two worker processes would.

Printed: the minimal page (its own one-page document, and per page in a batch), the
súmula (its own document, and per page in a chunk of 32, each time without the form
that a worker renders once and keeps: ``printing.render.clear_caches``; the own
document also over the kept form), their ratios, then for each
rodada size the wall time (build + render + merge), pages, and peak RSS of the
rendering processes (``ru_maxrss`` of the children) and of the merging parent.
"""

from __future__ import annotations

import os
import platform
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
os.environ.pop("DATABASE_URL", None)  # SQLite in the temporary folder, always
os.environ.setdefault("TENTEIO_DATA_DIR", tempfile.mkdtemp(prefix="tenteio-bench-printing-"))
WORKERS = 2


def median(fn: Callable[[], object], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def setup() -> object:
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from interchange.load import load_tournament
    from tests.generators import tournament_document

    # 128 chaves of 8 trios: rodada 1 has 128 × 4 = 512 jogos.
    doc = tournament_document("truco-cego-trio", groups=128, size=8, seed=3, played=0.5, walkovers=False)
    doc["tournament"]["slug"] = "bench-printing"
    for i, team in enumerate(doc["teams"]):
        team["name"] = f"Trio Ção {i + 1}"
    return load_tournament(doc).tournament


def _render_chunk(args: tuple[int, int]) -> bool:
    from printing import services

    return services.chunk_render(*args)


def parallel_job(tournament: object, match_ids: list[int]) -> dict[str, float]:
    """A print job of ``match_ids`` rendered by a pool of two processes; returns figures."""
    from django.db import connections

    from printing import render, services
    from printing.documents import Params
    from printing.models import PrintJob

    params = Params("sumulas", match_ids=tuple(match_ids))
    started = time.perf_counter()
    job = PrintJob.objects.create(
        tournament=tournament, doc="sumulas", params=params.as_dict(), fingerprint=f"bench-{time.time()}"
    )
    indices = services.job_prepare(job.pk)
    connections.close_all()  # the forked children open their own connections
    render.clear_caches()  # each child renders the súmula form once, as a worker would
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    with get_context("fork").Pool(WORKERS) as pool:
        complete = pool.map(_render_chunk, [(job.pk, i) for i in indices], chunksize=1)
        pool.close()
        pool.join()
    assert any(complete)
    assert services.job_merge(job.pk)
    wall = time.perf_counter() - started
    job.refresh_from_db()
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return {
        "wall": wall,
        "pages": job.pages,
        "chunks": len(indices),
        "child_mb": max(children, before) / 1024,
        "parent_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def main() -> None:
    tournament = setup()
    from printing import documents, render
    from printing.documents import Params
    from tournaments.models import Match

    minimal_html = "<html><body><p>Página mínima — ação</p></body></html>"
    batch_html = (
        "<html><body>"
        + "".join(f'<p style="break-after: page">Página {i} — ação</p>' for i in range(32))
        + "</body></html>"
    )
    render.html_to_pdf(minimal_html)  # warm the fonts
    floor_doc = median(lambda: render.html_to_pdf(minimal_html), 9)
    floor_page = median(lambda: render.html_to_pdf(batch_html), 3) / 32

    ids = list(
        Match.objects.filter(stage__tournament=tournament, round=1)
        .order_by("id")
        .values_list("pk", flat=True)
    )
    built = documents.build(tournament, Params("sumulas", match_ids=tuple(ids[:32])))
    one = built.units[:1]

    def sumulas(units: list[dict[str, object]], cold: bool = True) -> None:
        # Cold: without the form a worker keeps, so the chunk renders it (or, for a
        # page or two, draws it inline).
        if cold:
            render.clear_caches()
        render.render_sumulas_pdf(built.header, built.meta, units, total_pages=len(units))

    sumula_doc = median(lambda: sumulas(one), 5)
    sumula_page = median(lambda: sumulas(built.units), 3) / 32
    sumula_doc_warm = median(lambda: sumulas(one, cold=False), 5)  # the chunk left its form

    print(f"Tenteio printing benchmark — Python {platform.python_version()}, {os.cpu_count()} CPUs")
    print(f"minimal page, own document      {floor_doc * 1000:7.1f} ms")
    print(f"minimal page, per page of 32    {floor_page * 1000:7.1f} ms")
    print(
        f"súmula, own document            {sumula_doc * 1000:7.1f} ms   ratio {sumula_doc / floor_doc:4.1f}× "
        f"(form inline; {sumula_doc_warm * 1000:.1f} ms, {sumula_doc_warm / floor_doc:.1f}×, "
        "over the form a worker keeps)"
    )
    print(
        f"súmula, per page of a chunk     {sumula_page * 1000:7.1f} ms   "
        f"ratio {sumula_page / floor_doc:4.1f}× the minimal document, "
        f"{sumula_page / floor_page:4.1f}× the minimal page in a batch"
    )
    for size in (256, 512):
        r = parallel_job(tournament, ids[:size])
        print(
            f"rodada of {size} súmulas, {WORKERS} processes: {r['wall']:5.1f} s wall, "
            f"{r['pages']:.0f} pages, {r['chunks']:.0f} chunks, "
            f"peak RSS renderer {r['child_mb']:.0f} MB, merger {r['parent_mb']:.0f} MB"
        )


if __name__ == "__main__":
    main()
