"""The judge's pages, mobile first: find a jogo, type its súmula, collect signatures.

Thin views: permissions from ``tournaments.permissions`` and ``scoring.access``, reads from
``scoring.selectors``, writes through ``scoring.services``. A refused POST re-renders
the form with what was typed and a 4xx status (422 invalid, 409 stale or wrong state,
403 not allowed, 400 a malformed idempotency key); nothing is written then. Every write
carries the form's ``client_key`` and a resend of it answers the original outcome; with
``Accept: application/json`` the answers are JSON (``scoring.views_answers``).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views import View

from scoring import selectors
from scoring.access import can_enter, is_organizer
from scoring.diff import Change, Names, content_of, fields
from scoring.forms import SheetForm, SignForm, initial_from_sheet
from scoring.models import ScoreSheet, SheetEvent
from scoring.selectors_judge import judge_rows
from scoring.services.errors import AlreadyWritten, EntryInvalid, EntryProblem, ScoringError, StaleEdit
from scoring.services.signing import sheet_sign
from scoring.services.workflow import Origin, required_teams, sheet_check, sheet_save
from scoring.views_answers import (
    SIGN_TAG,
    BadKey,
    JsonRefusals,
    Placed,
    answer_done,
    check_done,
    entry_url,
    key_of,
    mismatch_texts,
    new_key,
    placed_problems,
    problem_rows,
    refusal_json,
    signature_done,
    signature_refusals,
    signature_where,
    stale_of,
    stale_texts,
    sumula_done,
    wants_json,
)
from tournaments.models import Match
from tournaments.permissions import Action, TournamentPermissionMixin, can
from tournaments.phases import match_round_names


def origin_of(request: HttpRequest) -> Origin:
    ip = request.META.get("REMOTE_ADDR") or None
    try:
        ip = str(ipaddress.ip_address(ip)) if ip else None
    except ValueError:
        ip = None
    return Origin(ip=ip, user_agent=str(request.META.get("HTTP_USER_AGENT", ""))[:300])


class CodeView(LoginRequiredMixin, View):
    """``/j/<code>/``: the QR or code printed on the paper súmula."""

    def get(self, request: HttpRequest, code: str) -> HttpResponse:
        match = selectors.match_from_code(code)
        # Someone who may not see the tournament learns nothing, not even its slug.
        if match is None or not can(request.user, Action.VIEW_PUBLIC, match.stage.tournament):
            raise Http404
        return HttpResponseRedirect(entry_url(match))


class JudgeHomeView(TournamentPermissionMixin, View):
    action = Action.ENTER_RESULTS

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        query = request.GET.get("q", "").strip()[:40]
        if query:
            found = selectors.match_from_code(query, self.tournament)
            if found is not None:
                return HttpResponseRedirect(entry_url(found))
        rows = judge_rows(request.user, self.tournament, table_name=query or None)
        context = {"tournament": self.tournament, "rows": rows, "query": query}
        return render(request, "scoring/judge_home.html", context)


class MatchMixin(TournamentPermissionMixin):
    action = Action.ENTER_RESULTS
    match: Match

    def load_match(self, match_id: int) -> Match:
        match = selectors.tournament_match(self.tournament, match_id)
        if match is None:
            raise Http404
        if not can_enter(self.request.user, match):  # type: ignore[attr-defined]
            raise PermissionDenied(_("Você não é juiz desta mesa."))
        return match


class EntryView(JsonRefusals, MatchMixin, View):
    template_name = "scoring/entry.html"

    def context(self, form: SheetForm, **extra: Any) -> dict[str, Any]:
        match = self.match
        sheet = selectors.sheet_view(match)
        problems: list[EntryProblem] = extra.pop("problems", [])
        rows, general = problem_rows(form, problems)
        modality = form.modality
        latest = sheet.latest
        signing = []
        user = self.request.user  # type: ignore[attr-defined]
        if latest is not None and latest.status in (ScoreSheet.Status.SUBMITTED, ScoreSheet.Status.SIGNED):
            signed = {s.team_id: s for s in latest.signatures.all()}
            teams = required_teams(match, latest.result)
            # A locked PIN: the team's paper signature is the organizer's (pins.paper_blocked).
            locked = selectors.locked_pin_teams(t.pk for t in teams)
            organizer = is_organizer(user, self.tournament)
            for team in teams:
                side = "a" if team.pk == match.team_a_id else "b"
                signing.append(
                    {
                        "team": team,
                        "side": side,
                        "signature": signed.get(team.pk),
                        "pin_locked": team.pk in locked,
                        "paper": team.pk not in locked or organizer,
                        "paper_key": new_key(),
                        "pin_key": new_key(),
                    }
                )
        # A refused signature (SignView.refuse) is said on its capataz's card.
        top, refused = signature_refusals(self.request, [str(s["side"]) for s in signing])  # type: ignore[attr-defined]
        for s in signing:
            s["refusal"] = refused.get(str(s["side"]), [])
        waiting = sheet.state in ("awaiting_check", "check_mismatch")
        can_check = waiting and latest is not None and latest.entered_by_id != user.pk
        return {
            "tournament": self.tournament,
            "match": match,
            "round_name": match_round_names([match])[match.pk] or "—",
            "sheet": sheet,
            "form": form,
            "rows": rows,
            "general_errors": general,
            "fixable": any(p.fixable for p in problems),
            "modality": modality,
            "teams": [("a", match.team_a), ("b", match.team_b)],
            "latest_fields": fields(content_of(latest), Names.of(match)) if latest else {},
            "signing": signing,
            "can_check": can_check,
            "storage_key": f"sumula:{match.pk}:{form['base_version'].value()}",
            "client_key": extra.pop("client_key", None) or new_key(),
            "pretty_code": selectors.codes.pretty(sheet.code),
            "messages": top,
            **extra,
        }

    def get(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        self.match = self.load_match(match_id)
        sheet = selectors.sheet_view(self.match)
        initial = initial_from_sheet(sheet.latest, self.match) if sheet.latest else {}
        initial["base_version"] = sheet.version
        form = SheetForm(initial=initial, match=self.match, modality=self.tournament.rules())
        return render(request, self.template_name, self.context(form))

    def refuse(
        self, form: SheetForm, status: int, message: str, texts: Sequence[str | Placed], **extra: Any
    ) -> HttpResponse:
        """The page again with what was typed and why (HTML), or the JSON refusal."""
        if wants_json(self.request):
            fixable = any(p.fixable for p in extra.get("problems", ()))
            return refusal_json(status, message, texts, fixable=fixable)
        return render(self.request, self.template_name, self.context(form, **extra), status=status)

    def replay(self, sheet: ScoreSheet) -> HttpResponse:
        done = sumula_done(self.match, sheet, draft=selectors.sent_as_draft(sheet), replayed=True)
        return answer_done(self.request, done)

    def post(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        self.match = self.load_match(match_id)
        form = SheetForm(request.POST, match=self.match, modality=self.tournament.rules())
        try:
            key = key_of(request.POST)
        except BadKey as exc:
            form.is_valid()
            return self.refuse(form, exc.status, exc.message, [], refusal=exc.message)
        written = selectors.written_sheet(self.match, key)
        if written is not None:  # a resend after a lost reply: its first answer again
            return self.replay(written)
        kept = {"client_key": str(key) if key else None}  # nothing written: a resend may use it
        if not form.is_valid():
            texts = placed_problems(form, [])
            return self.refuse(form, 422, _("A súmula tem erros; nada foi gravado."), texts, **kept)
        submit = request.POST.get("action") != "draft"
        try:
            sheet = sheet_save(
                match=self.match,
                user=request.user,
                data=form.entry,
                base_version=form.cleaned_data["base_version"],
                submit=submit,
                origin=origin_of(request),
                key=key,
            )
        except AlreadyWritten as exc:  # the resend raced its original: written once, by it
            return self.replay(exc.row)
        except EntryInvalid as exc:
            texts = placed_problems(form, exc.problems)
            return self.refuse(form, 422, exc.message, texts, problems=exc.problems, **kept)
        except StaleEdit as exc:
            if wants_json(request):
                return refusal_json(exc.status, exc.message, stale_texts(exc.changes), changes=exc.changes)
            data = request.POST.copy()
            data["base_version"] = str(exc.current.version)  # resending is now a conscious choice
            form = SheetForm(data, match=self.match, modality=self.tournament.rules())
            form.is_valid()
            context = self.context(form, stale=exc, **kept)
            return render(request, self.template_name, context, status=exc.status)
        except ScoringError as exc:
            return self.refuse(form, exc.status, exc.message, [], refusal=exc.message, **kept)
        return answer_done(request, sumula_done(self.match, sheet, draft=not submit))


class SignView(JsonRefusals, MatchMixin, View):
    """A capataz's signature, on paper or with the team PIN. The plain form always goes
    back to the súmula page, with the outcome as its message, or the refusal on the
    card of the capataz it was for (tagged messages, ``views_answers.signature_refusals``)."""

    def refuse(self, status: int, message: str, texts: Sequence[str] = ()) -> HttpResponse:
        """Said on the card of the capataz the POST named (its side), the refusal then
        what changed: the page's messages tagged with the card's id, or the JSON's where."""
        side = str(self.request.POST.get("team", ""))
        where = signature_where(side, message, texts)
        if wants_json(self.request):
            return refusal_json(status, message, texts, where=where)
        tags = SIGN_TAG % side if where else ""
        for text in (message, *texts) if where else (message,):
            messages.error(self.request, text, extra_tags=tags)
        return HttpResponseRedirect(entry_url(self.match), status=303)

    def post(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        self.match = self.load_match(match_id)
        try:
            key = key_of(request.POST)
        except BadKey as exc:
            return self.refuse(exc.status, exc.message)
        # A resend after a lost reply: its first answer again, before any PIN is looked at.
        written = selectors.written_signature(self.match, key)
        if written is not None:
            done = signature_done(self.match, written.team, written.sheet.version, replayed=True)
            return answer_done(request, done)
        form = SignForm(request.POST)
        if not form.is_valid():
            return self.refuse(422, _("Assinatura inválida."))
        team = self.match.team_a if form.cleaned_data["team"] == "a" else self.match.team_b
        try:
            sheet = sheet_sign(
                match=self.match,
                user=request.user,
                team=team,
                version=form.cleaned_data["version"],
                method=form.cleaned_data["method"],
                pin=form.cleaned_data["pin"],
                origin=origin_of(request),
                key=key,
            )
        except AlreadyWritten as exc:  # the resend raced its original: written once, by it
            done = signature_done(self.match, exc.row.team, exc.row.sheet.version, replayed=True)
            return answer_done(request, done)
        except ScoringError as exc:
            return self.refuse(exc.status, exc.message, stale_of(exc))
        return answer_done(request, signature_done(self.match, team, sheet.version))


class CheckView(JsonRefusals, MatchMixin, View):
    """Double entry: a second person re-types the súmula without seeing it."""

    template_name = "scoring/check.html"

    def render_check(self, form: SheetForm, status: int = 200, **extra: Any) -> HttpResponse:
        problems: list[EntryProblem] = extra.pop("problems", [])
        rows, general = problem_rows(form, problems)
        context = {
            "tournament": self.tournament,
            "match": self.match,
            "form": form,
            "rows": rows,
            "teams": [("a", self.match.team_a), ("b", self.match.team_b)],
            "general_errors": general,
            "fixable": any(p.fixable for p in problems),
            "modality": form.modality,
            "client_key": extra.pop("client_key", None) or new_key(),
            **extra,
        }
        return render(self.request, self.template_name, context, status=status)  # type: ignore[attr-defined]

    def refuse(
        self, form: SheetForm, status: int, message: str, texts: Sequence[str | Placed], **extra: Any
    ) -> HttpResponse:
        if wants_json(self.request):
            fixable = any(p.fixable for p in extra.get("problems", ()))
            return refusal_json(status, message, texts, fixable=fixable)
        return self.render_check(form, status, **extra)

    def mismatch(self, form: SheetForm, changes: list[Change]) -> HttpResponse:
        """A second entry that differed: written (the comissão may accept it), so its key
        is spent and the form gets a new one; a resend of it shows the same differences."""
        message = _("Divergência: nada foi confirmado.")
        return self.refuse(form, 409, message, mismatch_texts(changes), mismatch=changes)

    def replay(self, form: SheetForm, event: SheetEvent) -> HttpResponse:
        if event.kind == SheetEvent.Kind.CHECK_MISMATCH:
            return self.mismatch(form, selectors.check_changes(event))
        version = int(event.details.get("version") or (event.sheet.version if event.sheet else 0))
        return answer_done(self.request, check_done(self.match, version, replayed=True))

    def get(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        self.match = self.load_match(match_id)
        sheet = selectors.sheet_view(self.match)
        if sheet.state not in ("awaiting_check", "check_mismatch"):  # a new try after a mismatch
            messages.info(request, _("Não há súmula aguardando conferência neste jogo."))
            return HttpResponseRedirect(entry_url(self.match), status=303)
        form = SheetForm(
            initial={"base_version": sheet.version}, match=self.match, modality=self.tournament.rules()
        )
        return self.render_check(form)

    def post(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        self.match = self.load_match(match_id)
        form = SheetForm(request.POST, match=self.match, modality=self.tournament.rules())
        try:
            key = key_of(request.POST)
        except BadKey as exc:
            form.is_valid()
            return self.refuse(form, exc.status, exc.message, [], refusal=exc.message)
        written = selectors.written_check(self.match, key)
        if written is not None:  # a resend after a lost reply: its first answer again
            form.is_valid()
            return self.replay(form, written)
        kept = {"client_key": str(key) if key else None}  # nothing written: a resend may use it
        if not form.is_valid():
            return self.refuse(
                form, 422, _("A súmula tem erros; nada foi gravado."), placed_problems(form, []), **kept
            )
        try:
            outcome = sheet_check(
                match=self.match,
                user=request.user,
                data=form.entry,
                version=form.cleaned_data["base_version"],
                origin=origin_of(request),
                key=key,
            )
        except AlreadyWritten as exc:  # the resend raced its original: written once, by it
            return self.replay(form, exc.row)
        except EntryInvalid as exc:
            texts = placed_problems(form, exc.problems)
            return self.refuse(form, 422, exc.message, texts, problems=exc.problems, **kept)
        except ScoringError as exc:
            return self.refuse(form, exc.status, exc.message, stale_of(exc), refusal=exc.message, **kept)
        if not outcome.confirmed:
            return self.mismatch(form, outcome.changes)
        return answer_done(request, check_done(self.match, outcome.sheet.version))
