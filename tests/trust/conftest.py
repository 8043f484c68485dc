"""The site the trust tests walk: a public and a private tournament, a third one, and
one account for each kind of visitor.

Each tournament is loaded from a tenteio/1 document (teams, a chave, jogos at mesas);
the judge has no mesa assigned, so may enter every jogo of the tournaments they judge.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from interchange.load import load_tournament
from scoring import codes
from scoring.services.links import link_create, link_revoke
from tests.documents import document, match, team
from tests.trust.tally import COUNTS
from tournaments.models import Match, Membership, Tournament
from tournaments.services.organizers import organizer_mark

PASSWORD = "Senha-de-teste-Trust-1"
ROLES = ("anonymous", "stranger", "judge", "judge_other", "organizer_other", "organizer", "superuser")


def make(slug: str, *, public: bool = True, names: dict[str, str] | None = None) -> Tournament:
    doc = document(
        [
            {**match(1, "t1", "t2", None), "table": "1"},
            {**match(1, "t3", "t4", None), "table": "2"},
            {**match(2, "t1", "t3", {"games": [[24, 13], [24, 20]]}), "table": "1"},
        ],
        slug=slug,
    )
    for entry in doc["teams"]:
        if names and entry["key"] in names:
            entry["name"] = names[entry["key"]]
    doc["teams"][0] = {**team("t1", reserve=True), "name": doc["teams"][0]["name"]}
    t = load_tournament(doc).tournament
    if not public:
        Tournament.objects.filter(pk=t.pk).update(is_public=False)
        t.refresh_from_db()
    return t


def print_job(t: Tournament) -> int | None:
    """A finished print job without its file (the printing app may not be installed)."""
    try:
        from printing.models import PrintJob
    except ImportError:  # pragma: no cover
        return None
    job = PrintJob.objects.filter(tournament=t).first() or PrintJob.objects.create(
        tournament=t, doc="teams", params={"doc": "teams"}, fingerprint="trust", status="done"
    )
    return job.pk


@dataclass
class Site:
    public: Tournament
    private: Tournament
    other: Tournament
    users: dict[str, Any] = field(default_factory=dict)

    def kwargs_for(self, t: Tournament) -> dict[str, Any]:
        link, token = self.revoked_link(t)
        m = Match.objects.filter(stage__tournament=t, round=1).order_by("id").first()
        assert m is not None
        return {
            "slug": t.slug,
            "match_id": m.pk,
            "pk": m.team_a_id,
            "team_id": m.team_a_id,
            "code": codes.encode(m.pk),
            "table_id": m.table_id,
            "group_id": m.group_id,
            "job_id": print_job(t),
            "lang": "en",
            "membership_id": Membership.objects.filter(tournament=t, role="judge")
            .values_list("pk", flat=True)
            .first(),
            "link_id": link,
            "token": token,
        }

    def revoked_link(self, t: Tournament) -> tuple[int, str]:
        """A judge's link of ``t``, already revoked (opening it changes no session), and
        its address's token."""
        organizer = self.users.get("organizer") or self.users.get("superuser")
        judge = Membership.objects.filter(tournament=t, role="judge").select_related("user").first()
        if organizer is None or judge is None:
            return 0, "x" * 40
        link, token = link_create(tournament=t, by=organizer, judge=judge.user)
        link_revoke(link=link, by=organizer)
        return link.pk, token

    def client(self, role: str, **options: Any) -> Client:
        c = Client(**options)
        if self.users.get(role) is not None:
            self.users[role].refresh_from_db()  # «Gerar nova senha» may have changed its password
            c.force_login(self.users[role])
        return c


def account(name: str, *roles: tuple[Tournament, str], superuser: bool = False) -> Any:
    User = get_user_model()
    if superuser:
        return User.objects.create_superuser(name, f"{name}@example.org", PASSWORD)
    user = User.objects.create_user(name, password=PASSWORD)
    for t, role in roles:
        Membership.objects.create(tournament=t, user=user, role=role)
    return user


@pytest.fixture
def site(db: Any) -> Site:
    s = Site(public=make("aberto"), private=make("fechado", public=False), other=make("outro"))
    s.users = {
        "anonymous": None,
        "stranger": account("visitante"),
        "judge": account("juiz", (s.public, "judge"), (s.private, "judge")),
        "judge_other": account("juiz_outro", (s.other, "judge")),
        "organizer_other": account("org_outro", (s.other, "organizer")),
        "organizer": account("org", (s.public, "organizer"), (s.private, "organizer")),
        "superuser": account("admin", superuser=True),
    }
    organizer_mark(s.users["organizer"])  # the site admin marked it: it may create and import
    return s


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if COUNTS:
        for name, value in sorted(COUNTS.items()):
            terminalreporter.write_line(f"trust: {value} {name}")
