"""Team cards with new PINs: drawn where the cards are rendered, printed, only hashed.

The organizer asks for "cartões com novos PINs" (``Params.new_pins``). One task renders
the whole job (``printing.services.cards_render``): each chunk of cards draws fresh PINs
for its teams (``scoring.services.pins.pins_draw``) just before it renders, and its PDF
is appended in memory to the merged document; the PINs' hashes stay in that task's
memory too. The task writes the finished file, then makes the hashes the teams' PINs
(:func:`save`) in the transaction that marks the job done: all the teams or none, so a
job cancelled or failed before that leaves every old PIN working, and no card ever
shows a PIN that does not work.

The plain PINs live only in the rendering task's memory and in the finished PDF — the
product, a file under MEDIA_ROOT that only the tournament's organizers can download.
They are never in the job's parameters, the chunks' stored units or bytes, a broker
message, a log or a page. ``printpdf --new-pins`` renders the same way in its own
process and writes only the file it is asked for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from audit.context import Origin, activate, deactivate
from scoring.services.pins import pins_draw, pins_save
from tournaments.models import Tournament

WHERE = "printing:new-pins"


def fill(units: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """The team cards with a fresh PIN each (in memory only) and the PINs' hashes by
    team id (as JSON keys)."""
    pins, hashes = pins_draw(int(u["id"]) for u in units)
    return [{**u, "pin": pins[int(u["id"])]} for u in units], {str(k): v for k, v in hashes.items()}


@dataclass
class _Requester:
    """What the audit trail reads of a request: here the organizer who asked for the
    job, acting from a worker (no address, no URL)."""

    user: Any
    path: str = WHERE
    resolver_match: None = None
    META: dict[str, str] = field(default_factory=dict)


def save(*, tournament: Tournament, user: Any, hashes: dict[str, str], trusted: bool = False) -> int:
    """Make ``hashes`` the teams' PINs, in the audit trail under ``user`` (checked to be
    an organizer, unless ``trusted``: the command line). Returns how many teams."""
    token = activate(Origin(request=_Requester(user))) if user is not None else None
    try:
        return pins_save(
            tournament=tournament,
            user=user,
            hashes={int(k): v for k, v in hashes.items()},
            trusted=trusted,
        )
    finally:
        if token is not None:
            deactivate(token)
