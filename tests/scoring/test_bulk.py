"""The súmula list (score, avisos, signatures, filters) and homologation in bulk."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from audit.models import AuditEntry
from rules.problems import Problem, Severity
from scoring import selectors_review
from scoring.models import ScoreSheet, SheetEvent
from scoring.selectors_review import Filters, review_rows
from scoring.services.bulk import sheets_homologate
from scoring.services.entry import EntryData
from scoring.services.errors import NotAllowed
from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_save
from tests.scoring.conftest import World, entry, win_a
from tests.scoring.test_views import client_for
from tournaments.models import Match

pytestmark = pytest.mark.django_db


def submitted(w: World, rnd: int, table: str, data: EntryData | None = None) -> tuple[Match, ScoreSheet]:
    m = w.match(rnd, table)
    sheet = sheet_save(match=m, user=w.organizer, data=data or win_a(m), base_version=0, submit=True)
    return m, sheet


def signed(w: World, rnd: int, table: str, data: EntryData | None = None) -> tuple[Match, ScoreSheet]:
    m, sheet = submitted(w, rnd, table, data)
    for side in (m.team_a, m.team_b):
        sheet = sheet_sign(match=m, user=w.organizer, team=side, version=sheet.version)
    return m, sheet


def clamped(m: Match) -> EntryData:
    """A winner's 25 recorded as the target at the judge's request (V-P2): an aviso."""
    return EntryData(result={"games": [[25, 13], [24, 20]]}, clamp=True)


def status(m: Match) -> str:
    return ScoreSheet.objects.get(match=m, confirmed=True).status


def test_rows_show_score_signatures_and_avisos(world: World) -> None:
    a, _ = signed(world, 1, "1")
    b, _ = submitted(world, 1, "2", clamped(world.match(1, "2")))
    rows = {r.match.pk: r for r in review_rows(world.tournament, Filters(rodada=1))}
    assert set(rows) == {a.pk, b.pk}
    assert rows[a.pk].score == "2–0" and rows[a.pk].games == "24–13, 24–20"
    assert rows[a.pk].signed == [a.team_a.name, a.team_b.name] and rows[a.pk].missing == []
    assert rows[a.pk].warnings == [] and rows[a.pk].eligible
    assert rows[b.pk].missing == [b.team_a.name, b.team_b.name]
    assert rows[b.pk].warnings and "alvo" in rows[b.pk].warnings[0] and not rows[b.pk].eligible
    assert [r.match.pk for r in review_rows(world.tournament, Filters(estado="assinada"))] == [a.pk]
    assert [r.match.pk for r in review_rows(world.tournament, Filters(estado="enviada"))] == [b.pk]
    assert [r.match.pk for r in review_rows(world.tournament, Filters(estado="avisos"))] == [b.pk]
    assert len(review_rows(world.tournament, Filters(rodada=2))) == 2


def test_bulk_homologates_each_with_its_own_event_and_refuses_the_rest(world: World) -> None:
    ok, ok_sheet = signed(world, 1, "1")
    warned, warned_sheet = signed(world, 1, "2", clamped(world.match(1, "2")))
    unsigned, unsigned_sheet = submitted(world, 2, "1")
    stale, stale_sheet = signed(world, 2, "2")
    # A correction after the list was loaded: the posted version 1 is stale.
    sheet_save(
        match=stale, user=world.organizer, data=entry(stale, [[24, 1], [24, 2]]), base_version=1, submit=True
    )
    outcome = sheets_homologate(
        tournament=world.tournament,
        user=world.organizer,
        selected=[
            (m.pk, s.version)
            for m, s in [
                (ok, ok_sheet),
                (warned, warned_sheet),
                (unsigned, unsigned_sheet),
                (stale, stale_sheet),
            ]
        ],
    )
    assert [pk for pk, _label in outcome.homologated] == [ok.pk]
    assert status(ok) == ScoreSheet.Status.HOMOLOGATED
    assert SheetEvent.objects.filter(match=ok, kind=SheetEvent.Kind.HOMOLOGATED).count() == 1
    reasons = {r.match_id: r.message for r in outcome.refused}
    assert set(reasons) == {warned.pk, unsigned.pk, stale.pk}
    assert reasons[warned.pk].startswith(
        f"Jogo {warned.team_a.name} × {warned.team_b.name} (mesa 2, rodada 1)"
    )
    assert "tem avisos" in reasons[warned.pk]
    assert "Faltam as assinaturas" in reasons[unsigned.pk]
    assert "depois que a lista foi carregada" in reasons[stale.pk] and "versão 2" in reasons[stale.pk]
    for m in (warned, unsigned, stale):
        assert not ScoreSheet.objects.filter(match=m, status=ScoreSheet.Status.HOMOLOGATED).exists()
        assert not SheetEvent.objects.filter(match=m, kind=SheetEvent.Kind.HOMOLOGATED).exists()


def test_a_second_bulk_of_the_same_sheets_refuses_them_as_homologated(world: World) -> None:
    pairs = [(m.pk, s.version) for m, s in (signed(world, 1, "1"), signed(world, 1, "2"))]
    first = sheets_homologate(tournament=world.tournament, user=world.organizer, selected=pairs)
    second = sheets_homologate(tournament=world.tournament, user=world.organizer, selected=pairs)
    assert len(first.homologated) == 2 and not first.refused
    assert not second.homologated
    assert all("já está homologada" in r.reason for r in second.refused) and len(second.refused) == 2
    assert SheetEvent.objects.filter(kind=SheetEvent.Kind.HOMOLOGATED).count() == 2


def test_an_engine_warning_keeps_a_sheet_out_of_bulk(world: World, monkeypatch: Any) -> None:
    m, sheet = signed(world, 1, "1")
    warning = Problem(code="match.too_many_games", severity=Severity.WARNING, params=(("max_games", 3),))
    monkeypatch.setattr(selectors_review, "validate_match", lambda *args: [warning])
    (row,) = [r for r in review_rows(world.tournament, Filters()) if r.match.pk == m.pk]
    assert row.warnings and not row.eligible
    outcome = sheets_homologate(
        tournament=world.tournament, user=world.organizer, selected=[(m.pk, sheet.version)]
    )
    assert not outcome.homologated and "tem avisos" in outcome.refused[0].reason
    assert status(m) == ScoreSheet.Status.SIGNED


def test_a_rule_changed_after_the_submission_is_an_aviso(world: World) -> None:
    m, sheet = signed(world, 1, "1")  # 24–13, 24–20
    world.tournament.settings = {**(world.tournament.settings or {}), "points_to_win": 30}
    world.tournament.save(update_fields=["settings"])
    (row,) = [r for r in review_rows(world.tournament, Filters()) if r.match.pk == m.pk]
    assert row.warnings and row.warnings[0].startswith("pelas regras atuais: ") and not row.eligible
    outcome = sheets_homologate(
        tournament=world.tournament, user=world.organizer, selected=[(m.pk, sheet.version)]
    )
    assert not outcome.homologated and "pelas regras atuais" in outcome.refused[0].reason


def test_other_tournament_jogo_and_judge_are_refused(world: World) -> None:
    other_match = Match.objects.filter(stage__tournament=world.other).first()
    assert other_match is not None
    outcome = sheets_homologate(
        tournament=world.tournament, user=world.organizer, selected=[(other_match.pk, 1)]
    )
    assert "não é um jogo deste torneio" in outcome.refused[0].reason
    with pytest.raises(NotAllowed):
        sheets_homologate(tournament=world.tournament, user=world.judge, selected=[])


def url(w: World, name: str = "scoring:round") -> str:
    return reverse(name, args=[w.tournament.slug])


def test_list_page_shows_scores_avisos_signatures_and_preselects(world: World) -> None:
    ok, ok_sheet = signed(world, 1, "1")
    warned, _ = signed(world, 1, "2", clamped(world.match(1, "2")))
    submitted(world, 2, "1")
    c = client_for(world.organizer)
    html = c.get(url(world)).content.decode()
    assert "2–0" in html and "24–13, 24–20" in html and "falta" in html
    assert "placar registrado como o alvo" in html and "Homologar selecionadas" in html
    assert f'value="{ok.pk}:{ok_sheet.version}"' in html
    assert "Selecionar as assinadas sem avisos" not in html  # one only: the singular
    assert "Selecionar a assinada sem avisos (1)" in html
    pre = c.get(url(world) + "?rodada=1&selecionar=prontas").content.decode()
    assert f'value="{ok.pk}:{ok_sheet.version}" aria-label' in pre and pre.count(" checked>") == 1
    assert f'value="{warned.pk}:' not in pre  # with avisos: homologated on its own page only
    filtered = c.get(url(world) + "?estado=avisos").content.decode()
    assert warned.team_a.name in filtered and ok.team_a.name + " ×" not in filtered
    for bad in ("?rodada=x", "?rodada=99999999", "?chave=abc&fase=zz", "?estado=nada"):
        assert c.get(url(world) + bad).status_code == 200
    assert client_for(world.judge).get(url(world)).status_code == 403


def test_bulk_post_reports_each_jogo(world: World) -> None:
    ok, ok_sheet = signed(world, 1, "1")
    unsigned, unsigned_sheet = submitted(world, 1, "2")
    c = client_for(world.organizer)
    data = {
        "sumula": [f"{ok.pk}:{ok_sheet.version}", f"{unsigned.pk}:{unsigned_sheet.version}"],
        "filtros": "rodada=1",
    }
    response = c.post(url(world, "scoring:bulk_homologate"), data)
    assert response.status_code == 303 and response["Location"].endswith("/sumulas/?rodada=1")
    page = c.get(response["Location"]).content.decode()
    assert f"1 súmula homologada: Jogo {ok.team_a.name} × {ok.team_b.name} (mesa 1, rodada 1)" in page
    assert (
        f"Não homologada — Jogo {unsigned.team_a.name} × {unsigned.team_b.name} (mesa 2, rodada 1): Faltam"
        in page
    )
    assert status(ok) == ScoreSheet.Status.HOMOLOGATED and status(unsigned) == ScoreSheet.Status.SUBMITTED
    homologations = AuditEntry.objects.filter(kind=AuditEntry.Kind.HOMOLOGATION)
    assert homologations.count() == 1 and homologations.get().actor == world.organizer


def test_the_list_reads_a_fixed_number_of_queries(world: World) -> None:
    c = client_for(world.organizer)
    signed(world, 1, "1")

    def queries() -> int:
        with CaptureQueriesContext(connection) as ctx:
            assert c.get(url(world)).status_code == 200
        return len(ctx.captured_queries)

    few = queries()
    signed(world, 1, "2")
    signed(world, 2, "1")
    submitted(world, 2, "2")
    assert queries() == few


def test_bulk_post_bad_input_writes_nothing(world: World) -> None:
    ok, _ = signed(world, 1, "1")
    c = client_for(world.organizer)
    response = c.post(url(world, "scoring:bulk_homologate"), {"sumula": [f"{ok.pk}:1", "x:y"]})
    assert response.status_code == 400 and "Seleção inválida" in response.content.decode()
    assert status(ok) == ScoreSheet.Status.SIGNED
    response = c.post(url(world, "scoring:bulk_homologate"), {"filtros": "rodada=1&next=http://evil"})
    assert response.status_code == 303 and response["Location"].endswith("/sumulas/?rodada=1")
    assert "Nenhuma súmula selecionada" in c.get(response["Location"]).content.decode()
    assert (
        client_for(world.judge)
        .post(url(world, "scoring:bulk_homologate"), {"sumula": [f"{ok.pk}:1"]})
        .status_code
        == 403
    )
    assert status(ok) == ScoreSheet.Status.SIGNED
