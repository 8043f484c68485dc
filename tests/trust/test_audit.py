"""The audit trail: every decision recorded with who, when, from where, before and after."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.urls import reverse

from audit.models import AuditEntry
from scoring.models import ScoreSheet
from tests.documents import document, match
from tests.trust.conftest import Site
from tournaments.models import Match, Team, Tournament

pytestmark = pytest.mark.django_db
K = AuditEntry.Kind


def sheet_post(version: int = 0) -> dict[str, object]:
    return {
        "base_version": version,
        "outcome": "played",
        "g1_a": "24",
        "g1_b": "13",
        "g2_a": "24",
        "g2_b": "20",
    }


def test_judge_and_organizer_decisions_are_in_the_trail(site: Site) -> None:
    t = site.public
    m = Match.objects.filter(stage__tournament=t, round=1).first()
    assert m is not None
    judge, org = site.client("judge"), site.client("organizer")
    url = reverse("scoring:entry", args=[t.slug, m.pk])
    assert judge.post(url, sheet_post(), REMOTE_ADDR="192.0.2.10").status_code == 303
    sheet = ScoreSheet.objects.get(match=m)
    created = AuditEntry.objects.get(model="scoring.ScoreSheet", action="create", object_id=str(sheet.pk))
    assert created.actor == site.users["judge"] and created.actor_label == "juiz"
    assert created.ip == "192.0.2.10" and created.tournament_id == t.pk and created.kind == K.SHEETS
    assert created.after["result"]["games"] == [[24, 13], [24, 20]]
    assert created.summary.startswith("Juiz juiz enviou a súmula do jogo mesa 1 · rodada 1")
    assert m.team_a.name in created.summary and created.summary.endswith(": 24–13, 24–20")
    # One entry for the sending: not the version, its history row and its confirmation apart.
    assert AuditEntry.objects.filter(tournament_id=t.pk, match_id=m.pk).count() == 1

    sign = reverse("scoring:sign", args=[t.slug, m.pk])
    for side in ("a", "b"):
        judge.post(sign, {"team": side, "version": sheet.version, "method": "paper"})
    assert AuditEntry.objects.filter(model="scoring.Signature", tournament_id=t.pk).count() == 2
    history = reverse("scoring:homologate", args=[t.slug, m.pk])
    assert org.post(history, {"version": sheet.version}).status_code == 303
    revert = reverse("scoring:revert", args=[t.slug, m.pk])
    assert org.post(revert, {"version": sheet.version, "reason": "placar trocado"}).status_code == 303
    homologations = AuditEntry.objects.filter(tournament_id=t.pk, kind=K.HOMOLOGATION)
    summaries = [e.summary for e in homologations]
    assert len(summaries) == 2, summaries
    assert any(s.startswith("Comissão homologou a súmula do jogo mesa 1") for s in summaries), summaries
    assert any("reverteu a homologação" in s and "motivo: placar trocado" in s for s in summaries)
    # The súmula's own change is in the same entry, as a labelled before/after.
    reverted = homologations.get(summary__contains="reverteu")
    rows = [row for part in reverted.changes for row in part["fields"]]
    assert ["Situação", "homologada", "assinada pelos capatazes"] in rows, rows


def test_an_entry_is_never_changed_nor_removed(site: Site) -> None:
    site.public.venue = "CTG Novo"
    site.public.save()
    entry = AuditEntry.objects.get(model="tournaments.Tournament", action="update")
    entry.summary = "outra coisa"
    with pytest.raises(PermissionError):
        entry.save()
    with pytest.raises(PermissionError):
        entry.delete()
    entry.refresh_from_db()
    assert entry.summary.endswith("alterou a configuração do torneio: local")


def test_team_status_membership_and_settings_changes(site: Site) -> None:
    t = site.public
    team = Team.objects.filter(tournament=t).first()
    assert team is not None
    org = site.client("organizer")
    org.post(
        reverse("tournaments:checkin", args=[t.slug]),
        {"team": team.pk, "status": "absent", "reason": "não veio"},
    )
    updates = AuditEntry.objects.filter(model="tournaments.Team", action="update", object_id=str(team.pk))
    entry = updates.get()
    assert entry.before == {"status": "registered"} and entry.after == {"status": "absent"}
    assert "inscrita → ausente" in entry.summary and entry.kind == K.TEAMS
    org.post(reverse("tournaments:members", args=[t.slug]), {"username": "visitante", "role": "judge"})
    people = AuditEntry.objects.get(tournament_id=t.pk, kind=K.PEOPLE, summary__contains="visitante")
    assert people.summary == "Papel de juiz concedido a visitante" and people.actor_label == "org"
    t.is_public = False
    t.save()
    setting = AuditEntry.objects.get(model="tournaments.Tournament", action="update")
    assert setting.before == {"is_public": True} and setting.after == {"is_public": False}
    assert setting.changes[0]["fields"] == [["Público", "sim", "não"]]
    assert setting.actor_label == "sistema"  # no request: a shell or a worker


def test_an_import_is_one_entry_and_the_audit_page_is_for_organizers(site: Site) -> None:
    raw = json.dumps(document([match(1, "t1", "t2", None)], slug="importado")).encode()
    from django.core.files.uploadedfile import SimpleUploadedFile

    org = site.client("organizer")
    org.post(reverse("interchange:import"), {"file": SimpleUploadedFile("t.json", raw)})
    imported = AuditEntry.objects.get(
        model="tournaments.Tournament",
        action="create",
        summary__contains="importado",
        tournament_id=Tournament.objects.get(slug="importado").pk,
    )
    assert imported.actor_label == "org"
    slug = "importado"
    assert site.client("organizer").get(reverse("audit:log", args=[slug])).status_code == 200  # creator
    assert site.client("judge").get(reverse("audit:log", args=[site.public.slug])).status_code == 403
    page = org.get(reverse("audit:log", args=[slug]), {"tipo": "configuracao"})
    assert "importado de arquivo tenteio/1" in page.content.decode()
    exported = org.get(reverse("audit:log", args=[slug]), {"_export": "csv"})
    rows = list(csv.reader(io.StringIO(exported.content.decode("utf-8-sig"))))
    assert rows[0][:3] == ["Quando", "Quem", "De onde"] and any("importado" in " ".join(r) for r in rows)


def test_a_rolled_back_decision_leaves_no_entry(site: Site) -> None:
    from django.db import transaction

    before = AuditEntry.objects.count()
    with pytest.raises(RuntimeError), transaction.atomic():
        Team.objects.filter(tournament=site.public).first().save()  # type: ignore[union-attr]
        site.public.name = "Outro nome"
        site.public.save()
        raise RuntimeError
    assert AuditEntry.objects.count() == before
