"""How the judge's writes answer, and the idempotency key each of their forms carries.

Every súmula, blind second entry and signature form holds a hidden ``client_key``, a
fresh UUID4 drawn when the page is rendered. The server keeps it with what the POST
wrote (``ScoreSheet.client_key``, ``SheetEvent.client_key``, ``Signature.client_key``);
a POST whose key was already written is answered with the original outcome — the same
version, the same sentence, the same redirect — and writes nothing
(``scoring.services.errors.AlreadyWritten``). A POST without the key is written as
before; a malformed key is refused (400) before anything is looked at.

The plain form gets a redirect or the page again; a request that accepts
``application/json`` (the phone's queue) gets :func:`answer_done` or
:func:`refusal_json`. Both carry sentences in the request's language, never a rule code.
A refused súmula's sentences are placed by :func:`placed_problems` — in a partida's
block, or in the list under the form — and the page and the JSON answer both read
them from there, so the phone draws each one where the server's page shows it. A
refused signature is said on its capataz's card (:func:`signature_where`, the page's
messages tagged with the card's id); a stale súmula's JSON also carries the rows of the
page's table of what changed.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.diff import Change
from scoring.forms import SheetForm
from scoring.models import ScoreSheet
from scoring.services.errors import EntryProblem, ScoringError, StaleEdit
from tournaments.models import Match, Team

SUMULA, CHECK, SIGNATURE = "sumula", "check", "signature"  # the "kind" of a JSON answer
KEY_FIELD = "client_key"


class BadKey(ScoringError):
    """The POST's ``client_key`` is not a UUID: nothing is looked at or written."""

    status = 400


def wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def new_key() -> str:
    return str(uuid.uuid4())


def key_of(data: Any) -> uuid.UUID | None:
    """The POST's idempotency key; None when it sent none (an old page, a plain test)."""
    raw = str(data.get(KEY_FIELD, "") or "").strip()
    if not raw:
        return None
    try:
        return uuid.UUID(raw[:64])
    except ValueError:
        raise BadKey(
            _("Chave de envio (client_key) inválida: recarregue a página e envie de novo; nada foi gravado.")
        ) from None


@dataclass(frozen=True)
class Done:
    """A write's outcome as the judge reads it, the first time or replayed."""

    kind: str
    version: int
    message: str
    url: str
    replayed: bool = False


def entry_url(match: Match) -> str:
    return reverse("scoring:entry", args=[match.stage.tournament.slug, match.pk])


def sumula_done(match: Match, sheet: ScoreSheet, *, draft: bool, replayed: bool = False) -> Done:
    if draft:
        text = _("Súmula salva como rascunho (versão %(version)d).")
    else:
        text = _("Súmula enviada (versão %(version)d).")
    return Done(SUMULA, sheet.version, text % {"version": sheet.version}, entry_url(match), replayed)


def signature_done(match: Match, team: Team, version: int, *, replayed: bool = False) -> Done:
    text = _("Assinatura do capataz de %(team)s registrada.") % {"team": team.name}
    return Done(SIGNATURE, version, text, entry_url(match), replayed)


def check_done(match: Match, version: int, *, replayed: bool = False) -> Done:
    text = _("Conferência idêntica: súmula confirmada.")
    return Done(CHECK, version, text, entry_url(match), replayed)


def answer_done(request: HttpRequest, done: Done) -> HttpResponse:
    """JSON for the queue; else the flash sentence and a 303 to the súmula page."""
    if wants_json(request):
        body = {
            "ok": True,
            "replayed": done.replayed,
            "kind": done.kind,
            "version": done.version,
            "message": done.message,
            "url": done.url,
        }
        return JsonResponse(body, status=200)
    messages.success(request, done.message)
    return HttpResponseRedirect(done.url, status=303)


@dataclass(frozen=True)
class Placed:
    """One sentence of a refusal and where the súmula page shows it: ``partida`` N, in
    that partida's block (``field`` "partida-N", the block's id); else under the form,
    ``field`` naming the form field it is about (None: the súmula as a whole)."""

    message: str
    field: str | None = None
    partida: int | None = None

    def as_json(self) -> dict[str, Any]:
        return {"message": self.message, "field": self.field, "partida": self.partida}


# The form's fields whose errors the page lists under the form, led by the field's label.
LISTED_FIELDS = (
    "outcome",
    "walkover",
    "dq_team",
    "dq_article",
    "dq_scope",
    "commission_winner",
    "advertencias",
    "ocorrencias",
    "base_version",
)


def placed_problems(form: SheetForm, problems: Sequence[EntryProblem]) -> list[Placed]:
    """Every finding of a refused súmula (the rules engine's, the form's) where the page
    shows it, in the page's order: partida by partida, then the list under the form."""
    placed: list[Placed] = []
    for i in range(1, form.rows + 1):
        here = [p.message for p in problems if p.game == i]
        here += [str(e) for key in (f"g{i}_a", f"g{i}_b", f"g{i}_end") for e in form.errors.get(key, [])]
        placed += [Placed(text, f"partida-{i}", i) for text in here]
    placed += [Placed(p.message) for p in problems if p.game is None or p.game > form.rows]
    placed += [Placed(str(e)) for e in form.non_field_errors()]
    for name in LISTED_FIELDS:
        placed += [Placed(f"{form.fields[name].label}: {e}", name) for e in form.errors.get(name, [])]
    for key, errors in form.errors.items():
        if key.startswith("lineup_"):
            placed += [Placed(_("Escalação: %(error)s") % {"error": e}, key) for e in errors]
    return placed


def problem_rows(form: SheetForm, problems: Sequence[EntryProblem]) -> tuple[list[dict[str, Any]], list[str]]:
    """The partida rows for the template, each with its sentences, and the list under the form."""
    placed = placed_problems(form, problems)
    rows = []
    for i in range(1, form.rows + 1):
        row = form.row(i)
        row["errors"] = [p.message for p in placed if p.partida == i]
        rows.append(row)
    return rows, [p.message for p in placed if p.partida is None]


def refusal_json(
    status: int,
    message: str,
    problems: Sequence[str | Placed] = (),
    *,
    where: Sequence[Placed] | None = None,
    changes: Sequence[Change] = (),
    fixable: bool = False,
) -> JsonResponse:
    """The queue's refusal: ``problems``, its sentences; ``where``, the same sentences
    one for one with where the súmula page shows each (:class:`Placed`), unless given
    (a signature's: :func:`signature_where`); ``changes``, a stale súmula's rows of
    what changed (``scoring/_changes.html``), so the phone draws the page's table;
    ``fixable``, a score the judge may confirm as the target (the page's «clamp»
    checkbox), so the phone offers that confirmation as the page does."""
    placed = [p if isinstance(p, Placed) else Placed(str(p)) for p in problems]
    body = {
        "ok": False,
        "status": status,
        "message": message,
        "problems": [p.message for p in placed],
        "where": [p.as_json() for p in (placed if where is None else where)],
    }
    if fixable:
        body["fixable"] = True
    if changes:
        body["changes"] = [{"field": c.field, "before": c.before, "after": c.after} for c in changes]
    return JsonResponse(body, status=status)


SIGN_TAG = "sign-%s"  # a signature card's id on the súmula page, and its refusal's message tag


def signature_where(side: str | None, message: str, texts: Sequence[str]) -> list[Placed]:
    """Where the súmula page shows a refused signature: on the capataz's card of that
    side (``field`` "sign-a" / "sign-b", the card's id), the refusal then its details;
    nowhere in particular (the messages at the top) when the POST named no side."""
    if side not in ("a", "b"):
        return []
    return [Placed(text, SIGN_TAG % side) for text in (message, *texts)]


def signature_refusals(request: HttpRequest, sides: Sequence[str]) -> tuple[list[Any], dict[str, list[str]]]:
    """The page's messages split: those of a refused signature go to the card of their
    side (when the page shows it), the others stay at the top. Reading them spends them."""
    top: list[Any] = []
    cards: dict[str, list[str]] = {}
    for m in messages.get_messages(request):
        tag = next((t for t in (m.extra_tags or "").split() if t.startswith("sign-")), "")
        side = tag.removeprefix("sign-")
        if side in sides:
            cards.setdefault(side, []).append(str(m))
        else:
            top.append(m)
    return top, cards


def stale_texts(changes: Sequence[Change]) -> list[str]:
    """What another person saved meanwhile, one sentence a field."""
    return [
        _("%(field)s: %(before)s na versão em que você começou; %(after)s na versão gravada agora.")
        % {"field": c.field, "before": c.before, "after": c.after}
        for c in changes
    ]


def stale_of(exc: ScoringError) -> list[str]:
    """The sentences of a refusal's details: what changed meanwhile, for a stale one."""
    return stale_texts(exc.changes) if isinstance(exc, StaleEdit) else []


def mismatch_texts(changes: Sequence[Change]) -> list[str]:
    """Where a blind second entry differs from the version it checks, one sentence a field."""
    return [
        _("%(field)s: %(before)s no lançamento anterior; %(after)s na sua digitação.")
        % {"field": c.field, "before": c.before, "after": c.after}
        for c in changes
    ]


class JsonRefusals:
    """For a POST that accepts JSON, a refusal before the view runs (logged out, not
    allowed, no such jogo) is JSON too, not a login page or an HTML error page."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method != "POST" or not wants_json(request):
            return super().dispatch(request, *args, **kwargs)  # type: ignore[misc, no-any-return]
        if not request.user.is_authenticated:
            return refusal_json(403, _("Sua sessão terminou: entre de novo para enviar; nada foi gravado."))
        try:
            return super().dispatch(request, *args, **kwargs)  # type: ignore[misc, no-any-return]
        except PermissionDenied as exc:
            text = str(exc) or _("Você não pode lançar súmulas neste torneio.")
            return refusal_json(403, text)
        except Http404:
            return refusal_json(404, _("Torneio ou jogo não encontrado."))
