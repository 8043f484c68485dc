"""Writes of the capataz's page: the team's private link (issued, reissued, revoked),
the capataz's PIN signature from his own phone, and the contestações.

The link is the judges' links' design (``scoring.services.links``, whose token helpers
it uses): the address is ``/capataz/<key><secret>/``; ``key`` finds the row and is kept
as is, of ``secret`` only the hash (``make_password``), so the whole address exists only
in the return value of :func:`captain_link_issue` — shown once to the organizer (the
inscrições online may call it when they approve a team, and hand the token on). A team
has one live link: issuing another revokes the one before in the same transaction.

The signature goes through ``scoring.services.signing.sheet_sign_by_captain``: the same
PIN check, lockout and súmula history as the PIN typed on the judge's phone. A
contestação is accepted only during the jogo (:func:`captains.selectors.contest_open`,
docs/rules.md «Contestação do capataz»), checked again under the jogo's row lock.
Every decision is one audit entry (``captains.trail``).
"""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth.hashers import check_password, make_password
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit.models import AuditEntry
from captains import trail
from captains.models import CONTEST_MAX, CaptainLink, Contest
from captains.selectors import contest_open, current_match
from scoring.access import ensure_can_manage
from scoring.models import ScoreSheet
from scoring.services.errors import ScoringError
from scoring.services.links import KEY_LENGTH, SECRET_BYTES, split_token
from scoring.services.signing import sheet_sign_by_captain
from scoring.services.workflow import NO_ORIGIN, Origin
from tournaments.models import Match, Team
from tournaments.services import recorded_user

TOKEN_MAX = 100


class CaptainRefused(ScoringError):
    """A contestação or an answer refused as typed, or out of its time; nothing written."""

    status = 400


def _new_key() -> str:
    while True:
        key = secrets.token_urlsafe(KEY_LENGTH)[:KEY_LENGTH]
        if not CaptainLink.objects.filter(key=key).exists():
            return key


def _revoke_live(team: Team, user: Any) -> bool:
    live = CaptainLink.objects.select_for_update().filter(team=team, revoked_at__isnull=True)
    return bool(live.update(revoked_at=timezone.now(), revoked_by=recorded_user(user)))


def _create(team: Team, user: Any, key: str, secret_hash: str, adopted: bool = False) -> CaptainLink:
    """Lock the Team row (two organizers at once: one after the other), end its live link
    and write the new one, with its trail."""
    Team.objects.select_for_update().filter(pk=team.pk).values_list("pk", flat=True).get()
    reissued = _revoke_live(team, user)
    link = CaptainLink.objects.create(
        team=team, key=key, secret_hash=secret_hash, created_by=recorded_user(user)
    )

    def sentence() -> str:
        if adopted:
            return _("Link do capataz de «%(team)s»: o da inscrição online") % {"team": team.name}
        if reissued:
            return _("Novo link do capataz de «%(team)s» (o anterior deixou de valer)") % {"team": team.name}
        return _("Link do capataz de «%(team)s» criado") % {"team": team.name}

    trail.record(
        tournament_id=team.tournament_id,
        row=link,
        kind=AuditEntry.Kind.TEAMS,
        sentence=sentence,
        team_id=team.pk,
    )
    return link


@transaction.atomic
def captain_link_issue(team: Team, user: Any) -> str:
    """A new private link for ``team``'s capataz (an organizer of its tournament asks);
    the link before it, if any, stops working. Returns the token, the only time it
    exists in clear."""
    ensure_can_manage(user, team.tournament)
    secret = secrets.token_urlsafe(SECRET_BYTES)
    link = _create(team, user, _new_key(), make_password(secret))
    return link.key + secret


@transaction.atomic
def captain_link_adopt(*, team: Team, key: str, secret_hash: str, user: Any) -> bool:
    """Make the address the capataz already holds (his inscrição online's: the same key
    and hash design) the team's link, when the organizer approves the inscrição: one link
    for him, from sign-up to the last jogo. False, and nothing written, if another link
    took that key (one in 2⁴⁸): the organizer issues one from the team's page."""
    ensure_can_manage(user, team.tournament)
    if CaptainLink.objects.filter(key=key).exists():
        return False
    _create(team, user, key, secret_hash, adopted=True)
    return True


@transaction.atomic
def captain_link_revoke(*, team: Team, user: Any) -> bool:
    """Revoke ``team``'s live link at once; False when it had none. Locks the row."""
    ensure_can_manage(user, team.tournament)
    link = CaptainLink.objects.filter(team=team, revoked_at__isnull=True).first()
    if link is None or not _revoke_live(team, user):
        return False
    trail.record(
        tournament_id=team.tournament_id,
        row=link,
        kind=AuditEntry.Kind.TEAMS,
        sentence=lambda: _("Link do capataz de «%(team)s» revogado") % {"team": team.name},
        team_id=team.pk,
        created=False,
    )
    return True


def captain_link_find(token: str) -> CaptainLink | None:
    """The live link whose address this is; None for a wrong or revoked address. The
    hash is computed even for an unknown key, so both answers take the same time."""
    key, secret = split_token(str(token)[:TOKEN_MAX])
    link = (
        CaptainLink.objects.select_related("team__tournament", "team__entity").filter(key=key).first()
        if len(key) == KEY_LENGTH
        else None
    )
    if link is None:
        make_password(secret)
        return None
    if not check_password(secret, link.secret_hash) or not link.active:
        return None
    return link


def captain_sign(
    *, link: CaptainLink, match: Match, version: int, pin: str, origin: Origin = NO_ORIGIN
) -> ScoreSheet:
    """The capataz of ``link``'s team signs ``version`` of ``match`` with the team PIN
    (``scoring.services.signing.sheet_sign_by_captain``: a wrong PIN counts towards the
    team's lockout). Raises :class:`ScoringError` subclasses with the reason."""
    team = link.team
    if team.pk not in (match.team_a_id, match.team_b_id):
        raise CaptainRefused(_("Esta equipe não joga este jogo."))
    return sheet_sign_by_captain(match=match, team=team, version=version, pin=pin, origin=origin)


def _clean_text(text: str, field: str) -> str:
    text = (text or "").replace("\x00", "").strip()
    if not text:
        raise CaptainRefused(_("%(field)s: escreva o texto (obrigatório).") % {"field": field})
    if len(text) > CONTEST_MAX:
        raise CaptainRefused(
            _("%(field)s: no máximo %(max)d caracteres (foram %(n)d).")
            % {"field": field, "max": CONTEST_MAX, "n": len(text)}
        )
    return text


def contest_file(*, link: CaptainLink, text: str) -> Contest:
    """A contestação of ``link``'s team about its jogo in progress. Refused, with
    nothing written, when the text is empty or too long or no jogo of the team is in
    progress. Locks the jogo's row (the súmula workflow's serialisation point), so a
    contestação never lands after the signature or homologation that closed the jogo."""
    text = _clean_text(text, _("Contestação"))
    team = link.team
    match = current_match(team)
    closed = _(
        "Contestação: só durante o jogo (Art. 20 §3º), até a súmula ser assinada pelos dois "
        "capatazes; a equipe não tem jogo em andamento."
    )
    if match is None:
        raise CaptainRefused(closed)
    with transaction.atomic():
        Match.objects.select_for_update().filter(pk=match.pk).values_list("pk", flat=True).get()
        if not contest_open(match):
            raise CaptainRefused(closed)
        contest = Contest.objects.create(match=match, team=team, text=text)
        trail.record(
            tournament_id=team.tournament_id,
            row=contest,
            kind=AuditEntry.Kind.SHEETS,
            sentence=lambda: (
                _("Capataz de «%(team)s» registrou uma contestação no jogo %(match)s")
                % {"team": team.name, "match": f"{match.team_a.name} × {match.team_b.name}"}
            ),
            team_id=team.pk,
            match_id=match.pk,
            after={"text": text},
        )
    return contest


@transaction.atomic
def contest_answer(*, contest: Contest, user: Any, answer: str) -> Contest:
    """The comissão's answer to a contestação (it may be answered again: the last answer
    stands, each one is in the audit trail). Locks the Contest row."""
    match = contest.match
    ensure_can_manage(user, match.stage.tournament)
    answer = _clean_text(answer, _("Resposta"))
    row = Contest.objects.select_for_update().get(pk=contest.pk)
    row.answer, row.answered_by, row.answered_at = answer, recorded_user(user), timezone.now()
    row.full_clean()
    row.save(update_fields=["answer", "answered_by", "answered_at"])
    team_name = contest.team.name
    trail.record(
        tournament_id=match.stage.tournament_id,
        row=row,
        kind=AuditEntry.Kind.SHEETS,
        sentence=lambda: (
            _("Comissão respondeu à contestação de «%(team)s» no jogo %(match)s")
            % {"team": team_name, "match": f"{match.team_a.name} × {match.team_b.name}"}
        ),
        team_id=contest.team_id,
        match_id=match.pk,
        after={"answer": answer},
        created=False,
    )
    return row
