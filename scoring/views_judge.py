"""The judge's pages, mobile first: find a jogo, type its súmula, collect signatures.

Thin views: permissions from ``tournaments.permissions`` and ``scoring.access``, reads from
``scoring.selectors``, writes through ``scoring.services``. A refused POST re-renders
the form with what was typed and a 4xx status (422 invalid, 409 stale or wrong state,
403 not allowed); nothing is written then.
"""

from __future__ import annotations

import ipaddress
from typing import Any

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from scoring import selectors
from scoring.access import can_enter, is_organizer
from scoring.diff import Names, content_of, fields
from scoring.forms import SheetForm, SignForm, initial_from_sheet
from scoring.models import ScoreSheet
from scoring.selectors_judge import judge_rows
from scoring.services.errors import EntryInvalid, EntryProblem, ScoringError, StaleEdit
from scoring.services.workflow import Origin, required_teams, sheet_check, sheet_save, sheet_sign
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


def entry_url(match: Match) -> str:
    return reverse("scoring:entry", args=[match.stage.tournament.slug, match.pk])


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


def _problem_rows(form: SheetForm, problems: list[EntryProblem]) -> tuple[list[dict[str, Any]], list[str]]:
    rows = []
    for i in range(1, form.rows + 1):
        row = form.row(i)
        row["errors"] = [p.message for p in problems if p.game == i] + [
            str(e)
            for key in (f"g{i}_a", f"g{i}_b", f"g{i}_end")
            if key in form.errors
            for e in form.errors[key]
        ]
        rows.append(row)
    general = [p.message for p in problems if p.game is None or p.game > form.rows]
    general += [str(e) for e in form.non_field_errors()]
    for name in (
        "outcome",
        "walkover",
        "dq_team",
        "dq_article",
        "dq_scope",
        "commission_winner",
        "advertencias",
        "ocorrencias",
        "base_version",
    ):
        general += [f"{form.fields[name].label}: {e}" for e in form.errors.get(name, [])]
    for key, errors in form.errors.items():
        if key.startswith("lineup_"):
            general += [_("Escalação: %(error)s") % {"error": e} for e in errors]
    return rows, general


class EntryView(MatchMixin, View):
    template_name = "scoring/entry.html"

    def context(self, form: SheetForm, **extra: Any) -> dict[str, Any]:
        match = self.match
        sheet = selectors.sheet_view(match)
        problems: list[EntryProblem] = extra.pop("problems", [])
        rows, general = _problem_rows(form, problems)
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
                    }
                )
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
            "pretty_code": selectors.codes.pretty(sheet.code),
            **extra,
        }

    def get(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        self.match = self.load_match(match_id)
        sheet = selectors.sheet_view(self.match)
        initial = initial_from_sheet(sheet.latest, self.match) if sheet.latest else {}
        initial["base_version"] = sheet.version
        form = SheetForm(initial=initial, match=self.match, modality=self.tournament.rules())
        return render(request, self.template_name, self.context(form))

    def post(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        self.match = self.load_match(match_id)
        form = SheetForm(request.POST, match=self.match, modality=self.tournament.rules())
        if not form.is_valid():
            return render(request, self.template_name, self.context(form), status=422)
        submit = request.POST.get("action") != "draft"
        try:
            sheet = sheet_save(
                match=self.match,
                user=request.user,
                data=form.entry,
                base_version=form.cleaned_data["base_version"],
                submit=submit,
                origin=origin_of(request),
            )
        except EntryInvalid as exc:
            return render(request, self.template_name, self.context(form, problems=exc.problems), status=422)
        except StaleEdit as exc:
            data = request.POST.copy()
            data["base_version"] = str(exc.current.version)  # resending is now a conscious choice
            form = SheetForm(data, match=self.match, modality=self.tournament.rules())
            form.is_valid()
            context = self.context(form, stale=exc)
            return render(request, self.template_name, context, status=exc.status)
        except ScoringError as exc:
            context = self.context(form, refusal=exc.message)
            return render(request, self.template_name, context, status=exc.status)
        if submit:
            done = _("Súmula enviada (versão %(version)d).")
        else:
            done = _("Súmula salva como rascunho (versão %(version)d).")
        messages.success(request, done % {"version": sheet.version})
        return HttpResponseRedirect(entry_url(self.match), status=303)


class SignView(MatchMixin, View):
    def post(self, request: HttpRequest, slug: str, match_id: int) -> HttpResponse:
        self.match = self.load_match(match_id)
        form = SignForm(request.POST)
        if not form.is_valid():
            messages.error(request, _("Assinatura inválida."))
            return HttpResponseRedirect(entry_url(self.match), status=303)
        team = self.match.team_a if form.cleaned_data["team"] == "a" else self.match.team_b
        try:
            sheet_sign(
                match=self.match,
                user=request.user,
                team=team,
                version=form.cleaned_data["version"],
                method=form.cleaned_data["method"],
                pin=form.cleaned_data["pin"],
                origin=origin_of(request),
            )
        except ScoringError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(
                request, _("Assinatura do capataz de %(team)s registrada.") % {"team": team.name}
            )
        return HttpResponseRedirect(entry_url(self.match), status=303)


class CheckView(MatchMixin, View):
    """Double entry: a second person re-types the súmula without seeing it."""

    template_name = "scoring/check.html"

    def render_check(self, form: SheetForm, status: int = 200, **extra: Any) -> HttpResponse:
        rows, general = _problem_rows(form, extra.pop("problems", []))
        context = {
            "tournament": self.tournament,
            "match": self.match,
            "form": form,
            "rows": rows,
            "teams": [("a", self.match.team_a), ("b", self.match.team_b)],
            "general_errors": general,
            "modality": form.modality,
            **extra,
        }
        return render(self.request, self.template_name, context, status=status)  # type: ignore[attr-defined]

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
        if not form.is_valid():
            return self.render_check(form, 422)
        try:
            outcome = sheet_check(
                match=self.match,
                user=request.user,
                data=form.entry,
                version=form.cleaned_data["base_version"],
                origin=origin_of(request),
            )
        except EntryInvalid as exc:
            return self.render_check(form, 422, problems=exc.problems)
        except ScoringError as exc:
            return self.render_check(form, exc.status, refusal=exc.message)
        if not outcome.confirmed:
            return self.render_check(form, 409, mismatch=outcome.changes)
        messages.success(request, _("Conferência idêntica: súmula confirmada."))
        return HttpResponseRedirect(entry_url(self.match), status=303)
