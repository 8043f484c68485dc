"""gunicorn settings shared by every Tenteio web process.

The ``web:`` line of the Procfile, docs/deploy/tenteio-web.service and ``make run
HOST=0.0.0.0`` (the laptop serving the hall's phones) pass this file
with ``--config``; workers, threads and the address stay on their command lines, which
win over this file.
gunicorn reads it again on each HUP (a reload). docs/DEPLOY.md, "Upgrades without
downtime", says why each setting is here; ``bench/reload.py`` measures a reload under
the judges' writes.
"""

import gc

# Threads in each process (``--threads``): a request waiting on PostgreSQL does not hold
# the whole process. Named here so that ``--threads 1`` still gets this worker.
worker_class = "gthread"

# No keep-alive: every answer says "Connection: close" and the connection closes only
# after it. gunicorn closes a kept-alive connection while it is idle — when its
# keep-alive time runs out, or 2 s after a reload stopped its worker — and a request the
# client (nginx) sends on it at that moment is lost: nginx answers 502 to a POST it has
# already sent and does not send it again. Without keep-alive no connection is closed
# under a request. The phones' connections to nginx are kept alive by nginx; a new
# connection from nginx to gunicorn costs one TCP handshake on the private network.
keepalive = 0

# A stopping worker (reload, restart) finishes the requests it has for this long; a
# súmula takes well under a second. systemd's TimeoutStopSec (35 s) is longer.
graceful_timeout = 30


def post_worker_init(worker: object) -> None:
    """Once a worker has imported Django and the project, its ~100,000 objects that live
    as long as the process leave the garbage collector's reach (``gc.freeze``), so that a
    full collection — which stops every thread of the worker — scans only what requests
    made. Measured under bench/rodada.py (docs/PERFORMANCE.md): a full collection
    128 → 52 ms of CPU at the median, and the judges' and organizers' p99s with it."""
    gc.freeze()
