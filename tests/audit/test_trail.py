"""The audit page as the comissão reads it: one entry per action, in sentences, with a
labelled before/after, filtered by jogo, team, person and kind, exported as CSV."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.test import Client, RequestFactory
from django.urls import reverse

from audit.context import Origin, activate, deactivate
from audit.models import AuditEntry
from audit.readable import readable
from scoring.models import ScoreSheet
from tests.tournaments.conftest import trio
from tests.tournaments.test_editing import form_data
from tests.trust.conftest import Site
from tournaments.models import Group, Match, Team, Tournament
from tournaments.services.registration import team_register

pytestmark = pytest.mark.django_db
# What the page must never show: the code's field names and raw rows.
TECHNICAL = ("confirmed_by", "actor_id", "user_agent", "entered_ip", "secret_hash", "registration_closed_at")


def log(c: Client, t: Tournament, **params: object) -> str:
    response = c.get(reverse("audit:log", args=[t.slug]), params)
    assert response.status_code == 200
    return response.content.decode()


def rows(page: str) -> list[str]:
    body = page.split("<tbody", 1)[1].split("</tbody>", 1)[0]
    return [r for r in re.findall(r"<tr.*?</tr>", body, re.S) if "<td" in r]


def assert_readable(page: str) -> None:
    for word in TECHNICAL:
        assert word not in page, word
    assert '{"' not in page and "&quot;" not in page.split("<tbody", 1)[1]  # no raw JSON


def play(site: Site) -> Match:
    """A jogo sent by the judge, signed by both capatazes, homologated and reverted."""
    t = site.public
    m = Match.objects.filter(stage__tournament=t, round=1, table__name="1").get()
    judge, org = site.client("judge"), site.client("organizer")
    entry = reverse("scoring:entry", args=[t.slug, m.pk])
    post = {"base_version": 0, "outcome": "played", "g1_a": "24", "g1_b": "20", "g2_a": "18", "g2_b": "24"}
    post |= {"g3_a": "24", "g3_b": "22"}
    assert judge.post(entry, post, REMOTE_ADDR="192.0.2.10").status_code == 303
    sheet = ScoreSheet.objects.get(match=m)
    for side in ("a", "b"):
        sign = {"team": side, "version": sheet.version, "method": "paper"}
        assert judge.post(reverse("scoring:sign", args=[t.slug, m.pk]), sign).status_code == 303
    done = org.post(reverse("scoring:homologate", args=[t.slug, m.pk]), {"version": sheet.version})
    assert done.status_code == 303
    back = {"version": sheet.version, "reason": "placar trocado"}
    assert org.post(reverse("scoring:revert", args=[t.slug, m.pk]), back).status_code == 303
    return m


def test_each_step_of_a_sumula_is_one_sentence(site: Site) -> None:
    m = play(site)
    page = log(site.client("organizer"), site.public, jogo=m.pk)
    found = rows(page)
    assert len(found) == 5, [re.sub(r"<[^>]+>", " ", r) for r in found]
    assert AuditEntry.objects.filter(match_id=m.pk).count() == 5
    where = "do jogo mesa 1 · rodada 1 (Trio T1 × Trio T2)"
    assert f"Juiz juiz enviou a súmula {where}: 24–20, 18–24, 24–22" in page
    assert f"Capataz de «Trio T1» assinou a súmula {where} (assinada em papel)" in page
    assert f"Comissão homologou a súmula {where}: 24–20, 18–24, 24–22" in page
    assert f"Comissão reverteu a homologação da súmula {where} — motivo: placar trocado" in page
    # The before/after in the rulebook's words, never the fields' code names.
    assert "Partida 1 — tentos" in page and "24–20" in page
    assert "Situação" in page and "homologada → assinada pelos capatazes" in page
    assert "Vale para o jogo" in page and "sim" in page
    assert_readable(page)
    assert "192.0.2.10" in page.split("<details>", 1)[1]  # the address: behind «detalhes» only


def test_filters_by_team_person_and_kind(site: Site) -> None:
    m = play(site)
    org = site.client("organizer")
    t = site.public
    other = Match.objects.filter(stage__tournament=t, round=1).exclude(pk=m.pk).get()
    assert len(rows(log(org, t, equipe=m.team_a_id, tipo="sumulas"))) == 3  # sent, 2 signatures
    assert "Nenhum registro com estes filtros." in log(org, t, equipe=other.team_b_id, tipo="sumulas")
    judge = site.users["judge"].pk
    mine = rows(log(org, t, pessoa=judge, jogo=m.pk))
    assert len(mine) == 3 and all("Comissão" not in r for r in mine)
    homologation = rows(log(org, t, tipo="homologacao"))
    assert len(homologation) == 2
    # A value that is not one of the tournament's own choices is ignored, not a 500.
    assert len(rows(log(org, t, jogo="abc", pessoa="-1", equipe="9999999", tipo="x"))) >= 5


def test_a_rolled_back_first_row_does_not_swallow_the_next(site: Site) -> None:
    """Within one request, a failed service's row goes with its transaction; the next
    change of the same team starts its own entry, with nothing of the failed one."""
    request = RequestFactory().post("/x/")
    request.user = site.users["organizer"]
    token = activate(Origin(request=request))
    try:
        team = Team.objects.filter(tournament=site.public).first()
        assert team is not None
        with pytest.raises(RuntimeError), transaction.atomic():
            team.name = "Nome desfeito"
            team.save()
            raise RuntimeError
        team.refresh_from_db()
        team.seed = 3
        team.save()
    finally:
        deactivate(token)
    entry = AuditEntry.objects.get(model="tournaments.Team", object_id=str(team.pk))
    assert entry.changes[0]["fields"] == [["Cabeça de chave", "—", "3"]]
    assert "desfeito" not in str(entry.changes) + entry.summary


def test_the_csv_is_the_filtered_list_with_the_technical_columns(site: Site) -> None:
    m = play(site)
    page = log(site.client("organizer"), site.public, jogo=m.pk)
    assert f"?jogo={m.pk}&amp;_export=csv" in page  # the export link keeps the filters
    response = site.client("organizer").get(
        reverse("audit:log", args=[site.public.slug]), {"jogo": m.pk, "_export": "csv"}
    )
    table = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    header, body = table[0], table[1:]
    assert header[:5] == ["Quando", "Quem", "De onde", "Tipo", "O que"] and "Antes → depois" in header
    assert "Detalhes" not in header and "Antes (técnico)" in header
    assert len(body) == 5 and {r[2] for r in body} >= {"192.0.2.10"}
    sent = next(r for r in body if "enviou" in r[4])
    assert "Partida 3 — tentos: 24–22" in sent[header.index("Antes → depois")]


def test_setup_actions_are_one_entry_each(client: Client, organizer: User, tournament: Tournament) -> None:
    client.force_login(organizer)
    gestao = f"/t/{tournament.slug}/gestao/"

    before = set(AuditEntry.objects.values_list("pk", flat=True))
    form = {"name": "Os Taura", "entity": "CTG A", "p-TOTAL_FORMS": "3", "p-INITIAL_FORMS": "0"}
    form |= {"p-0-name": "João", "p-0-is_captain": "on", "p-1-name": "Pedro", "p-2-name": "Luís"}
    assert client.post(gestao + "equipes/nova/", form).status_code == 302
    added = AuditEntry.objects.exclude(pk__in=before)
    assert [e.summary for e in added] == ["Comissão inscreveu a equipe «Os Taura»"]

    before = set(AuditEntry.objects.values_list("pk", flat=True))
    assert client.post(gestao + "editar/", form_data(tournament, venue="CTG Sentinela")).status_code == 302
    edited = list(AuditEntry.objects.exclude(pk__in=before))
    assert len(edited) == 1 and edited[0].summary == "Comissão alterou a configuração do torneio: local"
    assert ["Local", "—", "CTG Sentinela"] in edited[0].changes[0]["fields"]

    for i in range(7):
        team_register(tournament=tournament, data=trio(f"Trio {i}"))
    before = set(AuditEntry.objects.values_list("pk", flat=True))
    assert (
        client.post(gestao + "chaves/", {"action": "draw", "size": "4", "seed": "semente-x"}).status_code
        == 302
    )
    drawn = list(AuditEntry.objects.exclude(pk__in=before))
    assert [e.summary for e in drawn] == ["Sorteio das chaves registrado (semente semente-x)"]
    labels = [row[0] for part in drawn[0].changes for row in part["fields"]]
    assert "Inscrições encerradas em" in labels and "Chave" in labels

    before = set(AuditEntry.objects.values_list("pk", flat=True))
    link = reverse("scoring:link_create", args=[tournament.slug])
    assert client.post(link, {"name": "Ana Souza"}).status_code in (200, 302, 303)
    linked = list(AuditEntry.objects.exclude(pk__in=before))
    assert [e.summary for e in linked] == ["Comissão criou um link de acesso para o juiz Ana Souza"]

    page = log(client, tournament)
    assert_readable(page)
    assert "Os Taura" in page and "semente-x" in page


def test_rule_changes_read_as_the_rules_form_words(site: Site) -> None:
    rules = {"points_to_win": 30, "tiebreakers": ["wins", "head_to_head"], "sweep_bonus": True}
    rows = readable(site.public, {"settings": {}}, {"settings": rules})
    assert rows == [
        [
            "Regras alteradas",
            "nenhuma (as da modalidade)",
            "Tentos ou pontos por partida: 30; Critérios de desempate: Vitórias (V), Confronto direto; "
            "2 a 0 conta a terceira partida: sim",
        ]
    ]


def test_an_action_without_a_main_row_says_how_much_came_with_it(site: Site) -> None:
    request = RequestFactory().post("/x/")
    request.user = site.users["organizer"]
    stage = Match.objects.filter(stage__tournament=site.public).first().stage  # type: ignore[union-attr]
    token = activate(Origin(request=request))
    try:
        for name in ("X", "Y", "Z"):
            Group.objects.create(stage=stage, name=name, order=9)
    finally:
        deactivate(token)
    entry = AuditEntry.objects.get(model="tournaments.Group")
    assert entry.summary == "Chave X criada e mais 2 alterações"
    assert [part["fields"][-1] for part in entry.changes] == [["Chave", "—", n] for n in "XYZ"]
