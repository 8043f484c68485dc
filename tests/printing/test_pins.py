"""Team cards with new PINs: the printed PINs work, the old ones stop, all or nothing,
only organizers, and no plain PIN outside the PDF (job, chunks, audit, pages, logs)."""

from __future__ import annotations

import itertools
import json
import logging
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.hashers import check_password
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from audit.models import AuditEntry
from printing import render, services
from printing.documents import DOCS, DocSpec, Params, PrintError, clean_params
from printing.models import PrintChunk, PrintJob
from scoring.models import TeamPin
from scoring.services import pins as pin_service
from scoring.services.errors import NotAllowed, PinRefused
from scoring.services.pins import pin_verify, pins_generate
from tests.printing.conftest import pdf_pages
from tournaments.models import Team, Tournament

pytestmark = pytest.mark.django_db


def printed_pins(pdf: bytes) -> list[str]:
    return re.findall(r"PIN do capataz\s+(\S{4})\s", "\n".join(pdf_pages(pdf)))


def pin_of(team: Team, candidates: list[str]) -> str | None:
    """The printed PIN that is ``team``'s (compared with the stored hash: no attempt is
    counted against the team)."""
    record = TeamPin.objects.get(team=team)
    return next((p for p in candidates if check_password(p, record.pin_hash)), None)


def works(team: Team, pin: str) -> bool:
    try:
        pin_verify(team=team, pin=pin)
    except PinRefused:
        return False
    return True


def run_job(demo: Tournament, user: Any, capture: Any, **params: Any) -> PrintJob:
    with capture(execute=True):
        job, created = services.job_request(
            tournament=demo, params=Params("teams", new_pins=True, **params), user=user
        )
    assert created
    job.refresh_from_db()
    return job


@pytest.fixture
def old_pins(demo: Tournament, people: dict[str, Any]) -> dict[int, str]:
    return pins_generate(tournament=demo, user=people["org"], teams=list(demo.teams.all()))


def test_the_job_prints_new_pins_that_work_and_the_old_ones_stop(
    demo: Tournament,
    people: dict[str, Any],
    old_pins: dict[int, str],
    media: Path,
    django_capture_on_commit_callbacks: Any,
) -> None:
    job = run_job(demo, people["org"], django_capture_on_commit_callbacks)
    assert job.status == PrintJob.Status.DONE and job.pages == 4
    pdf = Path(media, job.file.name).read_bytes()
    printed = printed_pins(pdf)
    assert len(printed) == demo.teams.count() == 16
    for team in demo.teams.all():
        pin = pin_of(team, printed)
        assert pin is not None, f"no printed PIN works for {team.name}"
        assert works(team, pin)
        if old_pins[team.pk] != pin:  # four digits: a new PIN may repeat the old one
            assert not works(team, old_pins[team.pk])
    # Who did it is in the audit trail (the organizer, from the job), never the PIN.
    entries = AuditEntry.objects.filter(model="scoring.TeamPin", where="printing:new-pins")
    assert entries.count() == 16 and {e.actor_id for e in entries} == {people["org"].pk}
    assert all("gerado" in e.summary for e in entries)
    trail = json.dumps([[e.summary, e.before, e.after] for e in entries])
    assert not any(pin in trail for pin in printed)
    assert "pin_hash" not in trail
    assert not PrintChunk.objects.filter(job=job, pdf__isnull=False).exists()
    # The parameters say "new PINs", and nothing else about them.
    assert job.params["new_pins"] is True and not re.search(r"\d", json.dumps(job.params))
    assert "novos PINs" in job.header["title"] and "novos-pins" in Params.from_dict(job.params).filename()


def test_pins_change_only_when_the_whole_job_is_done(
    demo: Tournament,
    people: dict[str, Any],
    old_pins: dict[int, str],
    media: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spec = DOCS["teams"]
    monkeypatch.setitem(DOCS, "teams", DocSpec(spec.key, spec.build, spec.per_page, 4))  # 4 chunks
    job, _ = services.job_request(tournament=demo, params=Params("teams", new_pins=True), user=people["org"])
    assert services.job_prepare(job.pk) == [0, 1, 2, 3]
    assert services.renders_in_memory(job.pk)
    assert services.chunk_render(job.pk, 0) is False  # cards render in one task, not chunk by chunk
    real = render.RENDERERS["teams"]
    during: list[bool] = []

    def last_chunk_checks(header: Any, meta: Any, units: list[dict[str, Any]], **kw: Any) -> bytes:
        if units[0]["page"] == 4:  # three chunks rendered, the job not yet finished
            team = Team.objects.get(pk=units[0]["id"])
            during.append(works(team, old_pins[team.pk]))
            for chunk in PrintChunk.objects.filter(job=job):
                assert chunk.pdf is None and all("pin" not in unit for unit in chunk.units)
        return real(header, meta, units, **kw)

    monkeypatch.setitem(render.RENDERERS, "teams", last_chunk_checks)
    assert services.cards_render(job.pk) is True
    assert during == [True]  # the old PIN still worked
    job.refresh_from_db()
    assert job.status == PrintJob.Status.DONE and job.done == job.total == 16
    printed = printed_pins(Path(media, job.file.name).read_bytes())
    assert all(pin_of(t, printed) for t in demo.teams.all())
    assert services.job_merge(job.pk) is False and services.cards_render(job.pk) is False  # done once


def test_a_cancelled_or_failed_job_changes_no_pin(
    demo: Tournament,
    people: dict[str, Any],
    old_pins: dict[int, str],
    media: Path,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    spec = DOCS["teams"]
    monkeypatch.setitem(DOCS, "teams", DocSpec(spec.key, spec.build, spec.per_page, 4))
    job, _ = services.job_request(tournament=demo, params=Params("teams", new_pins=True), user=people["org"])
    services.job_prepare(job.pk)
    real = render.RENDERERS["teams"]

    def cancelled_meanwhile(*args: Any, **kwargs: Any) -> bytes:
        services.job_cancel(job=job)  # the organizer cancels while a chunk renders
        return real(*args, **kwargs)

    monkeypatch.setitem(render.RENDERERS, "teams", cancelled_meanwhile)
    assert services.cards_render(job.pk) is False
    job.refresh_from_db()
    assert job.status == PrintJob.Status.CANCELLED and not job.file
    assert not PrintChunk.objects.filter(job=job, pdf__isnull=False).exists()
    assert not list(Path(media).rglob("*.pdf"))

    def broken(*args: Any, **kwargs: Any) -> bytes:
        raise ValueError("modelo quebrado")

    monkeypatch.setitem(render.RENDERERS, "teams", broken)
    with pytest.raises(ValueError), django_capture_on_commit_callbacks(execute=True):
        services.job_request(tournament=demo, params=Params("teams", new_pins=True), user=people["org"])
    assert PrintJob.objects.filter(status=PrintJob.Status.FAILED).count() == 1
    for team in demo.teams.all():
        assert works(team, old_pins[team.pk])


def test_a_failed_card_job_resumes_with_all_its_cards(
    demo: Tournament,
    people: dict[str, Any],
    old_pins: dict[int, str],
    media: Path,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    real = render.RENDERERS["teams"]

    def broken(*args: Any, **kwargs: Any) -> bytes:
        raise OSError("disco cheio")

    monkeypatch.setitem(render.RENDERERS, "teams", broken)
    with pytest.raises(OSError), django_capture_on_commit_callbacks(execute=True):
        job, _ = services.job_request(
            tournament=demo, params=Params("teams", new_pins=True), user=people["org"]
        )
    job = PrintJob.objects.get(status=PrintJob.Status.FAILED)
    monkeypatch.setitem(render.RENDERERS, "teams", real)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.job_resume(job=job)
    job.refresh_from_db()
    assert job.status == PrintJob.Status.DONE and job.error == ""
    printed = printed_pins(Path(media, job.file.name).read_bytes())
    assert all(pin_of(t, printed) for t in demo.teams.all())


def test_only_organizers_print_new_pins(
    demo: Tournament, people: dict[str, Any], old_pins: dict[int, str]
) -> None:
    page = reverse("printing:page", args=[demo.slug])
    data = {"doc": "teams", "new_pins": "1", "confirm": "1"}
    for who in ("juiz", "outro"):
        c = Client()
        c.force_login(people[who])
        assert c.post(page, data).status_code == 403
        with pytest.raises(NotAllowed):
            services.job_request(tournament=demo, params=Params("teams", new_pins=True), user=people[who])
    assert Client().post(page, data).status_code == 302  # to the login page
    assert not PrintJob.objects.exists()
    for team in demo.teams.all():
        assert works(team, old_pins[team.pk])


def test_new_pins_must_be_confirmed_and_are_for_team_cards_only(
    demo: Tournament, people: dict[str, Any]
) -> None:
    c = Client()
    c.force_login(people["org"])
    page = reverse("printing:page", args=[demo.slug])
    response = c.post(page, {"doc": "teams", "new_pins": "1"})
    assert response.status_code == 400 and "deixarão de valer" in response.content.decode()
    response = c.post(
        page, {"doc": "sumulas", "new_pins": "1", "confirm": "1"}, HTTP_ACCEPT="application/json"
    )
    assert response.status_code == 400 and "cartões das equipes" in response.json()["error"]
    assert not PrintJob.objects.exists()
    with pytest.raises(PrintError):
        clean_params(demo, "schedule", new_pins=True)
    assert "Cartões com novos PINs" in c.get(page).content.decode()


def test_no_plain_pin_on_a_page_in_the_job_or_in_the_log(
    demo: Tournament,
    people: dict[str, Any],
    media: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    django_capture_on_commit_callbacks: Any,
) -> None:
    # PINs nobody could mistake for a date or an id, to look for them everywhere.
    tokens = (f"Q{n:03d}" for n in itertools.count(100))
    monkeypatch.setattr(pin_service, "_new_pin", lambda: next(tokens))
    c = Client()
    c.force_login(people["org"])
    page = reverse("printing:page", args=[demo.slug])
    caplog.set_level(logging.DEBUG)
    with django_capture_on_commit_callbacks(execute=True):
        response = c.post(page, {"doc": "teams", "new_pins": "1", "confirm": "1"})
    assert response.status_code == 302
    job = PrintJob.objects.get()
    assert job.status == PrintJob.Status.DONE
    pdf = c.get(reverse("printing:download", args=[demo.slug, job.pk]))
    printed = printed_pins(b"".join(pdf.streaming_content))
    assert len(printed) == 16 and all(p.startswith("Q") for p in printed)
    seen = [
        c.get(page).content.decode(),
        c.get(reverse("printing:status", args=[demo.slug, job.pk])).content.decode(),
        c.get(reverse("scoring:pins", args=[demo.slug])).content.decode(),
        json.dumps([job.params, job.header, job.meta, job.error]),
        json.dumps(list(PrintChunk.objects.filter(job=job).values_list("units", flat=True))),
        json.dumps(list(AuditEntry.objects.values_list("summary", "before", "after"))),
        caplog.text,
    ]
    for text in seen:
        assert not any(pin in text for pin in printed)


def test_printpdf_new_pins(demo: Tournament, old_pins: dict[int, str], tmp_path: Path) -> None:
    out = tmp_path / "cartoes.pdf"
    call_command("printpdf", demo.slug, "--doc", "teams", "--new-pins", "-o", str(out))
    printed = printed_pins(out.read_bytes())
    for team in demo.teams.all():
        pin = pin_of(team, printed)
        assert pin is not None and works(team, pin)
    with pytest.raises(CommandError, match="cartões das equipes") as caught:
        call_command("printpdf", demo.slug, "--doc", "sumulas", "--new-pins", "-o", str(tmp_path / "x.pdf"))
    assert caught.value.returncode == 1


def test_printpdf_changes_no_pin_when_the_file_cannot_be_written(
    demo: Tournament, old_pins: dict[int, str], tmp_path: Path
) -> None:
    with pytest.raises(OSError):
        call_command(
            "printpdf", demo.slug, "--doc", "teams", "--new-pins", "-o", str(tmp_path / "não" / "x.pdf")
        )
    for team in demo.teams.all():
        assert works(team, old_pins[team.pk])
