"""Print jobs of a circuit's rankings: the same jobs, chunks, tasks and progress as a
tournament's documents (``printing.services``, ``printing.tasks``), asked for by anyone
who may see the circuit (its public page offers the PDF).

Anyone may ask, so asking costs nothing twice: a job is keyed by the circuit's number
(``Circuit.revision``, ``circuits.revision``: it moves with its settings, etapas, links,
sorteios and every public change of an etapa), and while the circuit does not change
every request gets the job already done or under way. A job whose worker died (no
progress for ``services.STALE_SECONDS``) is not handed out again: the next request
starts a new one.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.db import transaction

from circuits.models import Circuit
from core.jobs import enqueue_or_refuse
from printing.documents.circuit import DOC
from printing.models import PrintJob
from printing.services import LAYOUT_VERSION, _file_exists, is_stale
from tournaments.services import recorded_user


def fingerprint(circuit: Circuit) -> str:
    # Read now, not from the row the view holds: the number moves on other requests' commits.
    revision = Circuit.objects.filter(pk=circuit.pk).values_list("revision", flat=True).first()
    raw = {
        "circuit": circuit.pk,
        "revision": revision or 0,
        "doc": DOC,
        "layout": LAYOUT_VERSION,
    }
    return hashlib.sha256(json.dumps(raw, sort_keys=True).encode()).hexdigest()


def circuit_job_current(circuit: Circuit) -> PrintJob | None:
    """The newest job of the circuit as it is now (any status), or None: a finished job
    of an older ranking, or one stalled, is not the current PDF."""
    job = PrintJob.objects.filter(circuit=circuit, fingerprint=fingerprint(circuit)).first()
    if job is None or is_stale(job):
        return None
    if job.status == PrintJob.Status.DONE and not _file_exists(job):
        return None
    return job


def circuit_job_request(*, circuit: Circuit, user: Any = None) -> tuple[PrintJob, bool]:
    """A job printing the circuit's rankings: the current one when under way or done,
    else a new, queued one (refused with ``core.jobs.JobsUnavailable``, nothing
    written, when the broker does not answer)."""
    from printing import tasks  # tasks import printing.services

    current = circuit_job_current(circuit)
    if current is not None and current.status in (*PrintJob.ACTIVE, PrintJob.Status.DONE):
        return current, False
    with transaction.atomic():
        job = PrintJob.objects.create(
            circuit=circuit,
            doc=DOC,
            params={"doc": DOC},
            fingerprint=fingerprint(circuit),
            created_by=recorded_user(user),
        )
        enqueue_or_refuse(tasks.prepare_job, job.pk)
    return job, True
