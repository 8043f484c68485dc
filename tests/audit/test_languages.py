"""The trail in the reader's language: each entry is written in pt-BR and in English at
the time of the action, and read in the language of the reader's switch (cookie), or in
pt-BR when an entry has no text in it (the entries written before there was English)."""

from __future__ import annotations

import csv
import importlib
import io
from typing import Any

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client, RequestFactory, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from audit.context import Origin, activate, deactivate
from audit.models import AuditEntry
from tests.audit.test_trail import assert_readable, log, play, rows
from tests.tournaments.test_editing import form_data
from tests.trust.conftest import Site
from tournaments.models import Group, Match, Team, Tournament

pytestmark = pytest.mark.django_db
JOGO_EN = "of jogo mesa 1 · rodada 1 (Trio T1 × Trio T2)"
JOGO_PT = "do jogo mesa 1 · rodada 1 (Trio T1 × Trio T2)"


def english(c: Client) -> Client:
    """The reader chose English with the language switch."""
    c.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return c


def field(label: str, text: str) -> str:
    """One before/after line as the page renders it."""
    return f'<span class="label">{label}</span>: {text}'


def export(c: Client, t: Tournament, **params: Any) -> list[list[str]]:
    response = c.get(reverse("audit:log", args=[t.slug]), {**params, "_export": "csv"})
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_a_pt_br_action_reads_in_english_for_an_english_reader(site: Site) -> None:
    m = play(site)  # the judge and the comissão act with the interface in pt-BR
    page = log(english(site.client("organizer")), site.public, jogo=m.pk)
    assert len(rows(page)) == 5
    assert f"Judge juiz sent the súmula {JOGO_EN}: 24–20, 18–24, 24–22" in page
    assert f"Capataz of «Trio T1» signed the súmula {JOGO_EN} (signed on paper)" in page
    assert f"Committee reverted the homologation of the súmula {JOGO_EN} — reason: placar trocado" in page
    # The before/after: English labels and values, the rulebook's terms kept.
    assert field("Counts for the jogo", "no → yes") in page
    assert field("Status", "homologated → signed by both capatazes") in page
    assert field("Partida 1 — tentos", "24–20") in page
    assert ">homologation and reversal</option>" in page  # the filters too
    for pt_br in ("enviou", "assinou", "Comissão", "Vale para o jogo", "Situação", "homologada", " sim"):
        assert pt_br not in page, pt_br
    assert_readable(page)


def test_the_same_entries_read_in_pt_br_for_a_pt_br_reader(site: Site) -> None:
    m = play(site)
    page = log(site.client("organizer"), site.public, jogo=m.pk)
    assert f"Juiz juiz enviou a súmula {JOGO_PT}: 24–20, 18–24, 24–22" in page
    assert field("Vale para o jogo", "não → sim") in page
    assert field("Situação", "homologada → assinada pelos capatazes") in page
    for english_word in ("Judge", "sent the", "Committee", "Counts for", "signed by"):
        assert english_word not in page.split("<tbody", 1)[1], english_word


def test_an_english_action_reads_in_pt_br_for_a_pt_br_reader(
    client: Client, organizer: User, tournament: Tournament
) -> None:
    client.force_login(organizer)
    english(client)
    edit = f"/t/{tournament.slug}/gestao/editar/"
    assert client.post(edit, form_data(tournament, venue="CTG Sentinela")).status_code == 302
    entry = AuditEntry.objects.get(tournament_id=tournament.pk, summary__contains="configuração")
    assert entry.summary == "Comissão alterou a configuração do torneio: local"  # pt-BR stays pt-BR
    assert entry.summary_in("en") != entry.summary
    assert entry.summary_in("en").startswith("Committee changed the tournament's settings")
    reader = Client()
    reader.force_login(organizer)
    pt_page = log(reader, tournament)
    assert "Comissão alterou a configuração do torneio: local" in pt_page
    assert field("Local", "— → CTG Sentinela") in pt_page
    en_page = log(client, tournament)
    assert escape(entry.summary_in("en")) in en_page and "Comissão alterou" not in en_page
    assert field("Venue", "— → CTG Sentinela") in en_page


def test_the_csv_is_in_the_readers_language(site: Site) -> None:
    m = play(site)
    header, *body = export(english(site.client("organizer")), site.public, jogo=m.pk)
    assert header[:5] == ["When", "Who", "From where", "Type", "What"]
    changes = header.index("Before → after")
    sent = next(r for r in body if r[4].startswith("Judge juiz sent"))
    assert "Partida 3 — tentos: 24–22" in sent[changes]
    assert "Counts for the jogo: no → yes" in sent[changes] and "Vale para o jogo" not in sent[changes]
    reverted = next(r for r in body if "reverted" in r[4])
    assert "Status: homologated → signed by both capatazes" in reverted[changes]
    assert not any("Comissão" in cell or "Situação" in cell for r in body for cell in r)

    header, *body = export(site.client("organizer"), site.public, jogo=m.pk)
    assert header[4] == "O que" and any(r[4].startswith("Juiz juiz enviou") for r in body)


def test_the_sentence_saying_how_much_came_with_it_is_in_each_language(site: Site) -> None:
    request = RequestFactory().post("/x/")
    request.user = site.users["organizer"]
    stage = Match.objects.filter(stage__tournament=site.public).first().stage  # type: ignore[union-attr]
    token = activate(Origin(request=request))
    try:
        with translation.override("en"):  # whoever acts in English: pt-BR is still written
            for name in ("X", "Y", "Z"):
                Group.objects.create(stage=stage, name=name, order=9)
    finally:
        deactivate(token)
    entry = AuditEntry.objects.get(model="tournaments.Group")
    assert entry.summaries == {
        "pt-br": "Chave X criada e mais 2 alterações",
        "en": "Chave X created and 2 more changes",
    }
    assert entry.summary == "Chave X criada e mais 2 alterações"
    assert [p["record"] for p in entry.changes_in("en")] == [f"Chave {n} created" for n in "XYZ"]
    assert [p["fields"][0] for p in entry.changes_in("en")] == [["Phase", "—", "chaves"]] * 3
    assert [p["fields"][-1] for p in entry.changes] == [["Chave", "—", n] for n in "XYZ"]


def old_entry(t: Tournament) -> AuditEntry:
    """An entry as the trail wrote them before it had English: pt-BR text only."""
    return AuditEntry.objects.create(
        tournament_id=t.pk,
        actor_label="org",
        action=AuditEntry.Action.UPDATE,
        kind=AuditEntry.Kind.TEAMS,
        model="tournaments.Team",
        object_id="1",
        summary="Comissão alterou a equipe «Os Antigos»: nome",
        changes=[{"record": "Comissão alterou a equipe «Os Antigos»: nome", "action": "update",
                  "fields": [["Nome", "Os Antigos", "Os Novos"]]}],
    )  # fmt: skip


def test_an_old_entry_without_english_reads_in_pt_br(site: Site) -> None:
    entry = old_entry(site.public)
    assert entry.summaries == {} and entry.changes_by_language == {}
    reader = english(site.client("organizer"))
    page = log(reader, site.public, tipo="equipes")
    assert "Comissão alterou a equipe «Os Antigos»: nome" in page
    assert field("Nome", "Os Antigos → Os Novos") in page
    header, *body = export(reader, site.public, tipo="equipes")
    old = next(r for r in body if "Os Antigos" in r[4])
    assert old[header.index("Before → after")] == "Nome: Os Antigos → Os Novos"

    # The migration gives the entries written before it their pt-BR text as their one language.
    migration = importlib.import_module("audit.migrations.0003_summaries_in_each_language")
    migration.pt_br_only(apps, None)
    entry.refresh_from_db()
    assert entry.summaries == {"pt-br": entry.summary}
    assert entry.changes_by_language == {"pt-br": entry.changes}
    assert entry.summary_in("en") == entry.summary and entry.changes_in("en") == entry.changes
    assert field("Nome", "Os Antigos → Os Novos") in log(reader, site.public, tipo="equipes")


def test_entries_in_every_language_are_frozen(site: Site) -> None:
    m = play(site)
    team = Team.objects.get(pk=m.team_a_id)
    team.name = "Trio Renomeado"
    team.save()  # a later rename does not rewrite what was written then, in any language
    trail = "".join(rows(log(english(site.client("organizer")), site.public, jogo=m.pk)))
    assert "Capataz of «Trio T1» signed" in trail and "Renomeado" not in trail
    entry = AuditEntry.objects.filter(match_id=m.pk).first()
    assert entry is not None
    written = entry.summaries["en"]
    entry.summaries["en"] = "rewritten"
    with pytest.raises(PermissionError):
        entry.save()
    with pytest.raises(PermissionError):
        entry.delete()
    entry.refresh_from_db()
    assert entry.summaries["en"] == written != "rewritten"


def test_who_acted_without_an_account_is_named_in_the_readers_language(site: Site) -> None:
    token = activate(Origin(command="ajuste"))
    try:
        team = Team.objects.filter(tournament=site.public).order_by("pk").first()
        assert team is not None
        team.seed = 2
        team.save()
    finally:
        deactivate(token)
    entry = AuditEntry.objects.get(model="tournaments.Team", object_id=str(team.pk))
    assert entry.actor_label == "comando" and entry.summary.startswith("Comando ")
    cells = rows(log(english(site.client("organizer")), site.public, tipo="equipes"))
    assert "<td >command</td>" in cells[0] and "Command changed" in cells[0]
    assert "<td >comando</td>" in rows(log(site.client("organizer"), site.public, tipo="equipes"))[0]


def _queries_of_a_sumula(site: Site, table: str) -> list[int]:
    """Queries of each request of one jogo: the súmula sent, both signatures, the homologation."""
    t = site.public
    m = Match.objects.get(stage__tournament=t, round=1, table__name=table)
    judge, org = site.client("judge"), site.client("organizer")
    entry = reverse("scoring:entry", args=[t.slug, m.pk])
    sign = reverse("scoring:sign", args=[t.slug, m.pk])
    steps = [
        (judge, entry, {"base_version": 0, "outcome": "played", "g1_a": "24", "g1_b": "20"}),
        (judge, sign, {"team": "a", "version": 1, "method": "paper"}),
        (judge, sign, {"team": "b", "version": 1, "method": "paper"}),
        (org, reverse("scoring:homologate", args=[t.slug, m.pk]), {"version": 1}),
    ]
    counts = []
    for client, url, data in steps:
        if url == entry:
            data |= {"g2_a": "24", "g2_b": "13"}
        with CaptureQueriesContext(connection) as queries:
            assert client.post(url, data).status_code == 303
        counts.append(len(queries))
    return counts


def test_the_second_language_costs_no_query(site: Site) -> None:
    """Each row's sentence and before/after are rendered once per language from the rows
    the service already holds (``audit.readable.loaded``) and the actor's role read once:
    writing the trail in English too asks the database nothing more (it used to re-read
    the jogo, its teams and players, and the role, for every row and every language)."""
    with override_settings(LANGUAGES=[("pt-br", "Português")]):
        alone = _queries_of_a_sumula(site, "1")
    both = _queries_of_a_sumula(site, "2")
    assert [len(e.summaries) for e in AuditEntry.objects.filter(match_id__isnull=False).order_by("id")] == [
        1
    ] * 4 + [2] * 4
    assert both == alone
