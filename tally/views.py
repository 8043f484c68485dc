"""Thin views of the digital tenteio: the judge's screen (mobile) and the live pages.

The judge's POSTs answer JSON to ``static/tally/tenteio.js`` (Accept: application/json)
and redirect or re-render for a plain form, so the big buttons work without JS. Every
refusal is a 4xx whose sentences the page shows next to the form that sent it (the rule
codes only in ``data-`` attributes); nothing is written then. What the page offers comes
from ``MatchState.offers`` (``rules.hands.offers``).
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from core.numbers import whole_number
from rules.hands import Hand
from rules.hands.offers import Offers, Phase
from scoring.services.errors import ScoringError
from scoring.views_answers import wants_json
from scoring.views_judge import MatchMixin, origin_of
from tally import presets, selectors
from tally.codec import CodecError, decode
from tally.forms import RESULTS, TRUCO_ENDS, detail_hand, penalties_of
from tally.services import HandError, hand_record, hand_undo, partida_close


def tenteio_url(match: Any) -> str:
    return reverse("tally:tenteio", args=[match.stage.tournament.slug, match.pk])


def state_json(state: selectors.MatchState) -> dict[str, Any]:
    return {
        "game": state.game,
        "score": list(state.score),
        "finished": state.finished,
        "decided": state.decided,
        "phase": state.offers.phase.value,
        "hands": len(state.rows),
        "last": str(state.last.entry.key) if state.last else None,
    }


def refusal_slot(at: str, offers: Offers, state: selectors.MatchState) -> str:
    """Where a refusal is shown: next to the form it answers while that form is on the
    page, else at the top (the jogo moved on, e.g. another phone closed the partida)."""
    if at in ("hand", "detail"):
        return at if offers.hand_open else "top"
    if at == "close":
        return at if offers.phase is Phase.PARTIDA_OVER else "top"
    return "undo" if at == "undo" else "top"


def hand_from(data: Any, state: selectors.MatchState) -> Hand:
    """The hand a POST describes: JSON (``hand``), a big button (``truco``) or the form."""
    if data.get("hand"):
        try:
            return decode(json.loads(str(data["hand"])[:20000]))
        except (ValueError, RecursionError):
            raise CodecError(_("Mão em formato inválido.")) from None
    if "truco" in data:
        return presets.preset_hand(
            truco=str(data.get("truco", "")), extra=str(data.get("extra", "")), mao=str(data.get("mao", ""))
        )
    return detail_hand(data, duels=state.modality.players)


def form_of(data: Any) -> str:
    """Which form posted a hand: the detailed one names its deals' fields."""
    return "detail" if "d1_mao" in data else "hand"


class TenteioMixin(MatchMixin):
    def page(self, status: int = 200, **extra: Any) -> HttpResponse:
        state = selectors.match_state(self.match, self.tournament.rules())
        offers = state.offers
        refusal = extra.pop("refusal", None)
        if refusal is not None:
            refusal["slot"] = refusal_slot(refusal["at"], offers, state)
        names = {"a": self.match.team_a.name, "b": self.match.team_b.name}
        # A neutral judge: each side by its letter and its name, never «Nós»/«Eles».
        results = {**RESULTS, "won_a": names["a"], "won_b": names["b"]}
        context = {
            "tournament": self.tournament,
            "match": self.match,
            "state": state,
            "names": names,
            "sides": [("a", _("Equipe A"), names["a"]), ("b", _("Equipe B"), names["b"])],
            "offers": offers,
            "phase_name": presets.phase_name(offers),
            "buttons": presets.truco_buttons(state.variant, offers),
            "extras": presets.extra_choices(state.variant, offers),
            "new_key": uuid.uuid4(),
            "duels": range(1, state.modality.players + 1),
            "truco_ends": TRUCO_ENDS,
            "results": results,
            "penalties": penalties_of(state.variant),
            "levels": presets.levels(offers),
            "rows": list(reversed(state.rows)),
            "state_json": state_json(state),
            "refusal": refusal,
            **extra,
        }
        return render(self.request, "tally/tenteio.html", context, status=status)  # type: ignore[attr-defined]

    def refuse(self, exc: HandError | ScoringError, at: str = "hand") -> HttpResponse:
        """The refusal as sentences, shown next to the form ``at`` ("hand", "undo",
        "close") until the judge closes it; the rule codes go only in ``data-`` attributes."""
        problems = getattr(exc, "problems", [])
        texts = [p if isinstance(p, str) else p.message for p in problems]
        codes = list(getattr(exc, "codes", []))
        if wants_json(self.request):  # type: ignore[attr-defined]
            state = selectors.match_state(self.match, self.tournament.rules())
            body = {
                "ok": False,
                "message": exc.message,
                "problems": texts,
                "codes": codes,
                "at": at,
                "state": state_json(state),
            }
            return JsonResponse(body, status=exc.status)
        refusal = {"message": exc.message, "problems": texts, "codes": " ".join(codes), "at": at}
        return self.page(exc.status, refusal=refusal)

    def done(self, message: str) -> HttpResponse:
        if wants_json(self.request):  # type: ignore[attr-defined]
            state = selectors.match_state(self.match, self.tournament.rules())
            return JsonResponse({"ok": True, "message": message, "state": state_json(state)})
        messages.success(self.request, message)  # type: ignore[attr-defined]
        return HttpResponseRedirect(tenteio_url(self.match), status=303)


class TenteioView(TenteioMixin, View):
    def get(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        self.match = self.load_match(match_id)
        return self.page()


class StateView(TenteioMixin, View):
    """The server's truth for the phone after a reload or a reconnection."""

    def get(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        self.match = self.load_match(match_id)
        response = JsonResponse(state_json(selectors.match_state(self.match, self.tournament.rules())))
        response["Cache-Control"] = "no-store"
        return response


def _key(value: Any) -> uuid.UUID:
    try:
        return uuid.UUID(str(value)[:64])
    except ValueError:
        raise HandError(_("Chave da mão inválida; recarregue a página.")) from None


class HandView(TenteioMixin, View):
    def post(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        self.match = self.load_match(match_id)
        data = request.POST
        try:
            key = _key(data.get("key"))
            base_raw = str(data.get("base", "")).strip()
            base = whole_number(base_raw, 5)
            state = selectors.match_state(self.match, self.tournament.rules())
            hand = hand_from(data, state)
            recorded = hand_record(match=self.match, user=request.user, hand=hand, key=key, base=base)
        except CodecError as exc:
            return self.refuse(HandError(str(exc)), at=form_of(data))
        except (HandError, ScoringError) as exc:
            return self.refuse(exc, at=form_of(data))
        entry = recorded.entry
        a, b = self.match.team_a.name, self.match.team_b.name
        if entry.award_a == entry.award_b == 0:
            # Pardas, rodadas cangadas: nobody scores and the deal passes (002 L71, 003 L255).
            return self.done(_("Mão lançada: %(hand)s; o baralho passa adiante.") % {"hand": entry.summary})
        return self.done(
            _("Mão lançada: %(a)s +%(pa)d, %(b)s +%(pb)d.")
            % {"a": a, "pa": entry.award_a, "b": b, "pb": entry.award_b}
        )


class UndoView(TenteioMixin, View):
    def post(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        self.match = self.load_match(match_id)
        try:
            hand_undo(match=self.match, user=request.user, key=_key(request.POST.get("key")))
        except (HandError, ScoringError) as exc:
            return self.refuse(exc, at="undo")
        return self.done(_("Última mão desfeita."))


class CloseView(TenteioMixin, View):
    def post(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        self.match = self.load_match(match_id)
        raw = str(request.POST.get("game", ""))
        try:
            game = whole_number(raw, 3)
            if game is None:
                raise HandError(_("Partida inválida."))
            close = partida_close(match=self.match, user=request.user, game=game, origin=origin_of(request))
        except (HandError, ScoringError) as exc:
            return self.refuse(exc, at="close")
        return self.done(
            _("Partida %(n)d confirmada na súmula: %(a)d–%(b)d (versão %(version)d, rascunho).")
            % {"n": close.game, "a": close.score_a, "b": close.score_b, "version": close.sheet_version}
        )
