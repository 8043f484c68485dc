"""Print jobs: request (or reuse), prepare into chunks, render a chunk, merge, cancel, resume.

The flow (the Celery tasks in ``printing.tasks`` only call these):

1. :func:`job_request` returns a job for an identical, unchanged document when one is
   ready or under way (same fingerprint), else creates one and queues its preparation.
2. :func:`job_prepare` builds the page data once and stores it as chunks.
3. :func:`chunk_render` renders one chunk (any worker, in parallel) and stores its PDF
   in the chunk row; it is idempotent, so a retried or re-delivered chunk is harmless.
4. :func:`job_merge` — by whichever chunk finished last, or by a resume — joins the
   chunks (pypdf) into a temporary file renamed into place. Claiming the job with a
   conditional UPDATE makes the merge run once; running it again rewrites the same file.

A worker killed mid-job leaves stored chunks in place: :func:`job_resume` queues only
the missing ones. Progress lives in the job row, readable from any web node.

Team cards with new PINs (``Params.new_pins``) are the exception: their PDF bytes carry
plain PINs, so no chunk of theirs is ever stored. :func:`cards_render` renders every
chunk of such a job in one task, in memory, appends each to the merged PDF as it goes,
writes only the finished file and switches the teams to the new PINs in the
transaction that marks the job done (``printing.pins`` tells how they stay secret).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext
from pypdf import PdfWriter

from core.jobs import enqueue, enqueue_or_refuse
from printing import documents, pins
from printing.documents import Params
from printing.models import PrintChunk, PrintJob
from scoring.access import ensure_can_manage
from tournaments.models import Tournament
from tournaments.revision import current

# Bump when a template changes what is printed: older stored PDFs stop being reused.
LAYOUT_VERSION = 3
STALE_SECONDS = 90  # a running job untouched this long has lost its worker
MAX_ATTEMPTS = 4  # tries of a chunk: the first and printing.tasks' three retries


def fingerprint(tournament: Tournament, params: Params) -> str:
    if params.new_pins:  # new PINs every time: such a job is never reused
        return uuid.uuid4().hex + uuid.uuid4().hex
    raw = {
        "tournament": tournament.pk,
        "revision": current(tournament.pk),
        "params": params.as_dict(),
        "layout": LAYOUT_VERSION,  # params carry the súmulas' site address
    }
    return hashlib.sha256(json.dumps(raw, sort_keys=True).encode()).hexdigest()


def merge_pdfs(parts: list[bytes]) -> bytes:
    writer = PdfWriter()
    for part in parts:
        writer.append(io.BytesIO(part))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def render_document(
    tournament: Tournament, params: Params, *, deliver: Callable[[bytes], object] | None = None
) -> bytes:
    """The whole document, rendered here chunk by chunk (the command line's path).

    With ``params.new_pins`` (trusted: no user to check) the new PINs replace the old
    once every card is rendered and ``deliver(pdf)`` has kept the PDF: if rendering or
    delivering fails, no PIN changes."""
    from printing.render import RENDERERS  # WeasyPrint loads only where PDFs are made

    built = documents.build(tournament, params)
    render = RENDERERS[params.doc]
    parts = []
    hashes: dict[str, str] = {}
    for units in built.chunks(documents.chunk_size(params.doc)):
        if params.new_pins:
            units, drawn = pins.fill(units)
            hashes.update(drawn)
        parts.append(render(built.header, built.meta, units, total_pages=built.total_pages))
    pdf = parts[0] if len(parts) == 1 else merge_pdfs(parts)
    if deliver is not None:
        deliver(pdf)
    if params.new_pins:  # every card is rendered and kept: now the new PINs replace the old
        pins.save(tournament=tournament, user=None, hashes=hashes, trusted=True)
    return pdf


def job_request(*, tournament: Tournament, params: Params, user: Any = None) -> tuple[PrintJob, bool]:
    """A job printing ``params``: a reusable one (ready or running) or a new, queued one."""
    from printing import tasks  # tasks import this module

    if params.new_pins:
        ensure_can_manage(user, tournament)  # raises NotAllowed: only organizers
    fp = fingerprint(tournament, params)
    reusable = PrintJob.objects.filter(
        tournament=tournament, fingerprint=fp, status__in=[*PrintJob.ACTIVE, PrintJob.Status.DONE]
    ).first()
    if reusable is not None and (reusable.status != PrintJob.Status.DONE or _file_exists(reusable)):
        return reusable, False
    with transaction.atomic():
        job = PrintJob.objects.create(
            tournament=tournament, doc=params.doc, params=params.as_dict(), fingerprint=fp, created_by=user
        )
        # Refused (and the job row rolled back) when the broker does not answer.
        enqueue_or_refuse(tasks.prepare_job, job.pk)
    return job, True


def _file_exists(job: PrintJob) -> bool:
    return bool(job.file) and Path(settings.MEDIA_ROOT, job.file.name).is_file()


def job_prepare(job_id: int) -> list[int]:
    """Build the page data into chunks; returns the chunk indices still to render."""
    job = PrintJob.objects.select_related("tournament", "circuit").get(pk=job_id)
    if job.status not in (PrintJob.Status.QUEUED, PrintJob.Status.RUNNING):
        return []
    if not job.chunks.exists():
        built, size = _built(job)
        parts = built.chunks(size)
        with transaction.atomic():
            PrintChunk.objects.bulk_create(
                [PrintChunk(job=job, index=i, units=units) for i, units in enumerate(parts)]
            )
            PrintJob.objects.filter(pk=job.pk, status=PrintJob.Status.QUEUED).update(
                status=PrintJob.Status.RUNNING,
                header=built.header,
                meta=built.meta,
                total=len(built.units),
                pages=built.total_pages,
                started_at=timezone.now(),
                updated_at=timezone.now(),
            )
    return list(job.chunks.filter(pdf__isnull=True).order_by("index").values_list("index", flat=True))


def _built(job: PrintJob) -> tuple[documents.Built, int]:
    """The job's page data and its units per chunk: a tournament's document, or a
    circuit's rankings (one chunk: a few pages that flow)."""
    if job.circuit is not None:
        from printing.documents import circuit

        built = circuit.build(job.circuit)
        return built, max(len(built.units), 1)
    assert job.tournament is not None  # the table's check: a job has one or the other
    params = Params.from_dict(job.params)
    return documents.build(job.tournament, params), documents.chunk_size(params.doc)


class ChunkAbandoned(Exception):
    """A chunk tried MAX_ATTEMPTS times already: its process died each time (killed at
    the memory ceiling or the hard time limit), and Celery hands a task whose process
    died back to the queue. Not retried: the job fails with this message."""


def _count_attempt(chunk: PrintChunk) -> None:
    """Count a try before it starts (a try whose process is killed counts too)."""
    PrintChunk.objects.filter(pk=chunk.pk).update(attempts=F("attempts") + 1)
    if chunk.attempts + 1 > MAX_ATTEMPTS:
        raise ChunkAbandoned(
            gettext(
                "parte %(n)d: a impressão parou %(attempts)d vezes sem terminar (limite de memória ou de "
                "tempo); "
                "imprima uma parte de cada vez (uma fase, chave ou rodada)."
            )
            % {"n": chunk.index + 1, "attempts": chunk.attempts}
        )


def renders_in_memory(job_id: int) -> bool:
    """True for a card job with new PINs: one task renders it (:func:`cards_render`)."""
    return PrintJob.objects.filter(pk=job_id, params__new_pins=True).exists()


def chunk_render(job_id: int, index: int) -> bool:
    """Render chunk ``index`` unless done or the job is no longer running; True when every
    chunk of the job is now rendered (the caller then merges). A card job with new PINs
    renders in :func:`cards_render` instead: here it renders nothing."""
    from printing.render import RENDERERS

    job = PrintJob.objects.get(pk=job_id)
    if job.status != PrintJob.Status.RUNNING or job.params.get("new_pins"):
        return False
    chunk = PrintChunk.objects.get(job_id=job_id, index=index)
    if chunk.pdf is None:
        _count_attempt(chunk)
        started = time.perf_counter()
        pdf = RENDERERS[job.doc](job.header, job.meta, chunk.units, total_pages=job.pages)
        seconds = time.perf_counter() - started
        with transaction.atomic():
            stored = PrintChunk.objects.filter(pk=chunk.pk, pdf__isnull=True).update(
                pdf=pdf, seconds=seconds, done_at=timezone.now()
            )
            if stored:
                PrintJob.objects.filter(pk=job_id).update(
                    done=F("done") + len(chunk.units), updated_at=timezone.now()
                )
    return not PrintChunk.objects.filter(job_id=job_id, pdf__isnull=True).exists()


def cards_render(job_id: int) -> bool:
    """Team cards with new PINs, the whole job in this one call; True if it finished it.

    Chunk by chunk, the cards get fresh PINs (``printing.pins.fill``), are rendered and
    appended to the merged PDF in memory; the chunk rows keep only their input (no PIN)
    and timings. The finished file is written, then the PINs' hashes become the teams'
    PINs in the transaction that marks the job done. A failure or a cancellation on the
    way leaves no card in the database or on disk, and changes no PIN; running again
    draws new PINs."""
    from printing.render import RENDERERS

    job = PrintJob.objects.select_related("tournament").get(pk=job_id)
    if job.status != PrintJob.Status.RUNNING:
        return False
    render = RENDERERS[job.doc]
    writer = PdfWriter()
    hashes: dict[str, str] = {}
    PrintJob.objects.filter(pk=job_id).update(done=0, updated_at=timezone.now())
    for chunk in job.chunks.order_by("index"):
        if not PrintJob.objects.filter(pk=job_id, status=PrintJob.Status.RUNNING).exists():
            return False  # cancelled: what was rendered is dropped with this call's memory
        _count_attempt(chunk)
        started = time.perf_counter()
        units, drawn = pins.fill(chunk.units)
        writer.append(io.BytesIO(render(job.header, job.meta, units, total_pages=job.pages)))
        hashes.update(drawn)
        now = timezone.now()
        PrintChunk.objects.filter(pk=chunk.pk).update(seconds=time.perf_counter() - started, done_at=now)
        PrintJob.objects.filter(pk=job_id).update(done=F("done") + len(chunk.units), updated_at=now)
    claimed = PrintJob.objects.filter(pk=job_id, status=PrintJob.Status.RUNNING).update(
        status=PrintJob.Status.MERGING, updated_at=timezone.now()
    )
    return bool(claimed) and _finish(job, writer, hashes)


def job_merge(job_id: int) -> bool:
    """Join the chunks into the job's file; True if this call finished the job. (A card
    job with new PINs is finished by :func:`cards_render`, never here.)"""
    job = PrintJob.objects.select_related("tournament").get(pk=job_id)
    if job.params.get("new_pins"):
        return False
    claimed = PrintJob.objects.filter(pk=job_id, status=PrintJob.Status.RUNNING).update(
        status=PrintJob.Status.MERGING, updated_at=timezone.now()
    )
    job.refresh_from_db(fields=["status"])
    if not claimed and job.status != PrintJob.Status.MERGING:
        return False
    if job.chunks.filter(pdf__isnull=True).exists():
        PrintJob.objects.filter(pk=job_id, status=PrintJob.Status.MERGING).update(
            status=PrintJob.Status.RUNNING
        )
        return False
    writer = PdfWriter()
    # One chunk's bytes at a time from the database; pypdf keeps the page objects.
    for chunk_id in job.chunks.order_by("index").values_list("pk", flat=True):
        data = PrintChunk.objects.filter(pk=chunk_id).values_list("pdf", flat=True).get()
        writer.append(io.BytesIO(bytes(data or b"")))
    return _finish(job, writer, None)


def _finish(job: PrintJob, writer: PdfWriter, hashes: dict[str, str] | None) -> bool:
    """Write the merged PDF of a job in MERGING and mark it done; with ``hashes`` (new
    PINs) make them the teams' PINs in the same transaction. False if the job was
    cancelled meanwhile (no file is left)."""
    params = Params.from_dict(job.params)
    folder = job.tournament_id if job.circuit_id is None else f"circuitos/{job.circuit_id}"
    name = f"printing/{folder}/{params.filename()[:-4]}-{job.pk}-{job.fingerprint[:10]}.pdf"
    target = Path(settings.MEDIA_ROOT, name)
    target.parent.mkdir(parents=True, exist_ok=True)
    pages = len(writer.pages)
    temp = target.with_name(f".{target.name}.{uuid.uuid4().hex}.tmp")
    try:
        with open(temp, "wb") as fh:
            writer.write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(temp, target)  # atomic: a reader sees no file or the whole file
    finally:
        temp.unlink(missing_ok=True)  # a half-written file (a full disk) is not left behind
    try:
        with transaction.atomic():
            finished = PrintJob.objects.filter(pk=job.pk, status=PrintJob.Status.MERGING).update(
                status=PrintJob.Status.DONE,
                file=name,
                pages=pages,
                done=F("total"),
                finished_at=timezone.now(),
                updated_at=timezone.now(),
            )
            if finished and hashes is not None and job.tournament is not None:
                # The cards exist: their PINs now replace the old.
                pins.save(tournament=job.tournament, user=job.created_by, hashes=hashes)
    except Exception:
        target.unlink(missing_ok=True)  # no file whose PINs do not work
        raise
    if not finished:  # cancelled while merging
        target.unlink(missing_ok=True)
        return False
    # The file is the product now.
    PrintChunk.objects.filter(job_id=job.pk).update(pdf=None, units=[])
    return True


def job_fail(job_id: int, error: str) -> None:
    """Mark an active job failed with ``error`` (pt-BR, shown to the organizer). A card
    job with new PINs also loses any chunk bytes (none are stored since cards render in
    memory; rows left by an older version would hold plain PINs)."""
    PrintJob.objects.filter(pk=job_id, status__in=PrintJob.ACTIVE).update(
        status=PrintJob.Status.FAILED, error=error[:2000], updated_at=timezone.now()
    )
    PrintChunk.objects.filter(job_id=job_id, job__params__new_pins=True).update(pdf=None)


def job_cancel(*, job: PrintJob) -> bool:
    """Stop a job: its queued chunks are skipped when a worker picks them up, and what
    was rendered is dropped (a cancelled job is never resumed). Cards with new PINs:
    no PIN changes."""
    cancelled = PrintJob.objects.filter(pk=job.pk, status__in=PrintJob.ACTIVE).update(
        status=PrintJob.Status.CANCELLED, finished_at=timezone.now(), updated_at=timezone.now()
    )
    if cancelled:
        PrintChunk.objects.filter(job_id=job.pk).update(pdf=None)
    return bool(cancelled)


def is_stale(job: PrintJob) -> bool:
    return job.status in PrintJob.ACTIVE and (timezone.now() - job.updated_at).total_seconds() > STALE_SECONDS


def job_resume(*, job: PrintJob) -> bool:
    """Queue what is missing of a stalled or failed job: only the unrendered chunks, or
    the merge when every chunk is there (a card job with new PINs: all its cards)."""
    from printing import tasks

    if job.status not in (*PrintJob.ACTIVE, PrintJob.Status.FAILED):
        return False
    if job.status == PrintJob.Status.QUEUED or not job.chunks.exists():
        PrintJob.objects.filter(pk=job.pk).update(status=PrintJob.Status.QUEUED, updated_at=timezone.now())
        enqueue(tasks.prepare_job, job.pk)
        return True
    PrintJob.objects.filter(pk=job.pk).update(
        status=PrintJob.Status.RUNNING, error="", updated_at=timezone.now()
    )
    job.chunks.update(attempts=0)
    if job.params.get("new_pins"):  # all the cards again, with new PINs
        enqueue(tasks.render_cards, job.pk)
        return True
    missing = list(job.chunks.filter(pdf__isnull=True).values_list("index", flat=True))
    for index in missing:
        enqueue(tasks.render_chunk, job.pk, index)
    if not missing:
        enqueue(tasks.merge_job, job.pk)
    return True


def job_status(job: PrintJob) -> dict[str, Any]:
    """Progress for the page: done/total, percent, seconds left (from the pace so far)."""
    elapsed = (timezone.now() - job.started_at).total_seconds() if job.started_at else 0.0
    left = None
    if job.status == PrintJob.Status.RUNNING and job.done and job.total:
        left = round(elapsed * (job.total - job.done) / job.done)
    percent = 100 if job.status == PrintJob.Status.DONE else (100 * job.done // job.total if job.total else 0)
    return {
        "id": job.pk,
        "doc": job.doc,
        "status": job.status,
        "label": str(job.get_status_display()),
        "done": job.done,
        "total": job.total,
        "percent": percent,
        "seconds_left": left,
        "elapsed": round(elapsed),
        "pages": job.pages,
        "stale": is_stale(job),
        "error": job.error,
        "ready": job.status == PrintJob.Status.DONE,
    }
