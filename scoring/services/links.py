"""Judges' private links: created by an organizer, opened on a phone, revoked.

A link belongs to one judge (a :class:`User`) of one tournament: an existing judge
member's account, or a new account with no usable password made for a judge named
by the organizer. Its address is ``/acesso/<key><secret>/``: ``key`` finds the row and
is kept as is; of ``secret`` only the hash is kept (``make_password``, as the team PINs),
so the whole address exists only in the answer to the organizer who created it.

Refusing wrong addresses with a lock is the view's part (``scoring.views_links``, with
django-axes): here :func:`link_find` only says whether an address is a live link.
Creation, revocation and each opening are entries of the audit trail (the JudgeLink
row is watched by the audit app; never the hash).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import check_password, make_password
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.access import ensure_can_manage
from scoring.models import JudgeLink
from scoring.services.errors import NotAllowed, ScoringError
from tournaments.models import Match, Membership, Table, Tournament
from tournaments.phases import match_round_names
from tournaments.services import recorded_user

KEY_LENGTH = 8
SECRET_BYTES = 24  # 32 characters of base64: about 192 bits, never guessed


class LinkRefused(ScoringError):
    status = 400


def split_token(token: str) -> tuple[str, str]:
    return token[:KEY_LENGTH], token[KEY_LENGTH:]


def _new_key() -> str:
    while True:
        key = secrets.token_urlsafe(KEY_LENGTH)[:KEY_LENGTH]
        if not JudgeLink.objects.filter(key=key).exists():
            return key


def may_use_link(user: Any, tournament: Tournament) -> str:
    """Why ``user`` may not enter ``tournament`` by a link ("" when they may): only a
    judge of it, and not an account that organizes a tournament or administers the
    site (a link gives a phone no more than a judge's pages)."""
    if not user.is_active:
        return _("A conta «%(username)s» está desativada.") % {"username": user.get_username()}
    if user.is_superuser or user.is_staff:
        return _("«%(username)s» administra o site: não recebe link de juiz.") % {
            "username": user.get_username()
        }
    roles = set(Membership.objects.filter(user=user).values_list("tournament_id", "role"))
    if (tournament.pk, Membership.Role.JUDGE) not in roles:
        return _("«%(username)s» não é juiz deste torneio.") % {"username": user.get_username()}
    if any(role == Membership.Role.ORGANIZER for _tid, role in roles):
        return _("«%(username)s» organiza torneios: não recebe link de juiz.") % {
            "username": user.get_username()
        }
    return ""


def _judge_without_account(tournament: Tournament, name: str) -> Any:
    """A judge account with no usable password (it enters only by its links)."""
    User = get_user_model()
    base = (slugify(name)[:20].strip("-") or "juiz").lower()
    while True:
        username = f"{base}-{secrets.token_hex(2)}"
        if not User.objects.filter(username__iexact=username).exists():
            break
    user = User.objects.create_user(username, password=None, first_name=name[:150])
    Membership.objects.create(tournament=tournament, user=user, role=Membership.Role.JUDGE)
    return user


def scope_words(tournament: Tournament, tables: list[int] | None, rounds: list[list[int]] | None) -> str:
    """«mesas 1, 2 · Rodada 1, Final»: the restriction as the organizer chose it."""
    parts = []
    if tables is not None:
        chosen = Table.objects.filter(tournament=tournament, pk__in=tables)
        names = list(chosen.values_list("name", flat=True))
        parts.append(ngettext("mesa %(names)s", "mesas %(names)s", len(names)) % {"names": ", ".join(names)})
    if rounds is not None:
        wanted = {tuple(r) for r in rounds}
        matches = Match.objects.filter(stage__tournament=tournament).select_related("stage")
        named = match_round_names(m for m in matches if (m.stage_id, m.round) in wanted)
        parts.append(", ".join(dict.fromkeys(named.values())))
    return " · ".join(parts)[:300]


@transaction.atomic
def link_create(
    *,
    tournament: Tournament,
    by: Any,
    judge: Any = None,
    name: str = "",
    tables: Iterable[int] | None = None,
    rounds: Iterable[tuple[int, int]] | None = None,
) -> tuple[JudgeLink, str]:
    """A new link for ``judge`` (a judge member) or for a new judge called ``name``,
    optionally only for these mesas (ids) and rodadas ((stage id, number)); returns
    the link and its token, the only time the token exists in clear."""
    ensure_can_manage(by, tournament)
    name = name.strip()
    if judge is None and not name:
        raise LinkRefused(_("Juiz: escolha um juiz do torneio ou escreva o nome de um novo juiz."))
    if judge is not None and name:
        raise LinkRefused(_("Juiz: escolha um juiz do torneio ou escreva um nome novo, não os dois."))
    if judge is None:
        judge = _judge_without_account(tournament, name)
    else:
        refusal = may_use_link(judge, tournament)
        if refusal:
            raise NotAllowed(refusal)
    table_ids = sorted(set(tables)) if tables is not None else None
    known_tables = Table.objects.filter(tournament=tournament, pk__in=table_ids or [])
    if table_ids is not None and (not table_ids or known_tables.count() != len(table_ids)):
        raise LinkRefused(_("Mesas: escolha mesas deste torneio."))
    round_keys = sorted({(int(s), int(n)) for s, n in rounds}) if rounds is not None else None
    if round_keys is not None:
        played = Match.objects.filter(stage__tournament=tournament, round__isnull=False)
        known = set(played.values_list("stage_id", "round"))
        if not round_keys or not set(round_keys) <= known:
            raise LinkRefused(_("Rodadas: escolha rodadas deste torneio."))
    secret = secrets.token_urlsafe(SECRET_BYTES)
    round_lists = [list(r) for r in round_keys] if round_keys is not None else None
    link = JudgeLink.objects.create(
        tournament=tournament,
        user=judge,
        key=_new_key(),
        secret_hash=make_password(secret),
        tables=table_ids,
        rounds=round_lists,
        scope=scope_words(tournament, table_ids, round_lists),
        created_by=recorded_user(by),
    )
    return link, link.key + secret


def link_find(token: str) -> JudgeLink | None:
    """The link whose address this is, revoked or not; None for a wrong address. The
    hash is computed even for an unknown key, so both answers take the same time."""
    key, secret = split_token(str(token)[:100])
    link = JudgeLink.objects.select_related("tournament", "user").filter(key=key).first()
    if link is None or len(key) != KEY_LENGTH:
        make_password(secret)
        return None
    return link if check_password(secret, link.secret_hash) else None


@transaction.atomic
def link_opened(*, link: JudgeLink) -> None:
    """Record that the link was opened (one entry in the audit trail)."""
    link.opened_at = timezone.now()
    link.save(update_fields=["opened_at"])


@transaction.atomic
def link_revoke(*, link: JudgeLink, by: Any) -> bool:
    """Revoke ``link`` at once: every session it opened ends at its next request.
    Returns False when it was already revoked. Locks the JudgeLink row."""
    ensure_can_manage(by, link.tournament)
    row = JudgeLink.objects.select_for_update().get(pk=link.pk)
    if row.revoked_at is not None:
        return False
    row.revoked_at = timezone.now()
    row.revoked_by = recorded_user(by)
    row.save(update_fields=["revoked_at", "revoked_by"])
    link.revoked_at, link.revoked_by = row.revoked_at, row.revoked_by
    return True
