"""Publishing the hall's file again on a site that has the event: refused with a clear
sentence, or replaced in one transaction when asked (``--replace``, «Substituir o
torneio existente»), by the event's own comissão only, never an etapa of a circuit."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from circuits.models import Circuit, CircuitEtapa
from interchange.export import export_tournament
from interchange.load import load_tournament
from scoring.selectors import homologated_results
from tests.commands import run
from tests.documents import document, match
from tournaments.models import Membership, Tournament
from tournaments.services.organizers import organizer_mark

pytestmark = pytest.mark.django_db

FIRST = {"games": [[24, 13], [24, 20]]}
SECOND = {"games": [[13, 24], [20, 24]]}  # the result corrected in the hall since


def hall_file(result: dict[str, Any] = SECOND) -> dict[str, Any]:
    return document(
        [{**match(1, "t1", "t2", result), "table": "1"}, {**match(1, "t3", "t4", None), "table": "2"}]
    )


def on_the_site() -> tuple[Tournament, User, User]:
    """The event as first published: its organizer and a judge on the site."""
    t = load_tournament(hall_file(FIRST)).tournament
    organizer = User.objects.create_user("federacao", password="x-Senha-Forte-1")
    organizer_mark(organizer)
    judge = User.objects.create_user("juiza", password="x-Senha-Forte-1")
    Membership.objects.create(tournament=t, user=organizer, role=Membership.Role.ORGANIZER)
    Membership.objects.create(tournament=t, user=judge, role=Membership.Role.JUDGE)
    return t, organizer, judge


def results(slug: str) -> list[Any]:
    t = Tournament.objects.get(slug=slug)
    return sorted(json.dumps(r) for r in homologated_results(match__stage__tournament=t).values())


def written(path: Path, data: dict[str, Any]) -> str:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_the_same_event_again_is_refused_saying_how_to_replace_it(tmp_path: Path) -> None:
    t, _, _ = on_the_site()
    code, _, err = run("loadtournament", written(tmp_path / "e.json", hall_file()))
    assert code == 1 and "[file.slug_taken]" in err
    assert f"«{t.slug}» («{t.name}»)" in err and "--replace" in err and "nada foi gravado" in err
    assert results(t.slug) == [json.dumps(FIRST)] and Tournament.objects.count() == 1


def test_replace_by_command_keeps_the_comissao_and_takes_the_files_results(tmp_path: Path) -> None:
    t, organizer, judge = on_the_site()
    code, out, err = run("loadtournament", "--replace", written(tmp_path / "e.json", hall_file()))
    assert code == 0, err
    new = Tournament.objects.get(slug=t.slug)
    assert new.pk != t.pk and Tournament.objects.count() == 1
    assert results(t.slug) == [json.dumps(SECOND)]
    assert set(new.memberships.values_list("user__username", "role")) == {
        ("federacao", "organizer"),
        ("juiza", "judge"),
    }
    jogo = export_tournament(new)["matches"][0]
    assert (jogo["result"], jogo["table"]) == (SECOND, "1")


def test_replace_on_the_import_page_by_its_organizer(tmp_path: Path) -> None:
    t, organizer, _ = on_the_site()
    client = Client()
    client.force_login(organizer)
    upload = SimpleUploadedFile("e.tenteio.json", json.dumps(hall_file()).encode())
    refused = client.post("/t/importar/", {"file": upload})
    assert refused.status_code == 400 and 'data-code="file.slug_taken"' in refused.content.decode()
    upload = SimpleUploadedFile("e.tenteio.json", json.dumps(hall_file()).encode())
    done = client.post("/t/importar/", {"file": upload, "replace": "on"})
    assert done.status_code == 303 and results(t.slug) == [json.dumps(SECOND)]
    assert (
        Tournament.objects.get(slug=t.slug).memberships.filter(user=organizer, role="organizer").count() == 1
    )


def test_only_the_events_comissao_replaces_it_and_nothing_is_written_otherwise() -> None:
    t, _, _ = on_the_site()
    stranger = User.objects.create_user("outra-comissao", password="x-Senha-Forte-1")
    organizer_mark(stranger)
    client = Client()
    client.force_login(stranger)
    upload = SimpleUploadedFile("e.tenteio.json", json.dumps(hall_file()).encode())
    refused = client.post("/t/importar/", {"file": upload, "replace": "on"})
    assert refused.status_code == 400 and 'data-code="file.replace_not_allowed"' in refused.content.decode()
    assert Tournament.objects.get(slug=t.slug).pk == t.pk and results(t.slug) == [json.dumps(FIRST)]


def test_a_file_with_a_mistake_replaces_nothing(tmp_path: Path) -> None:
    t, _, _ = on_the_site()
    bad = copy.deepcopy(hall_file())
    bad["matches"][0]["result"] = {"games": [[24, 13], [22, 20]]}  # the winner short of 24
    code, _, err = run("loadtournament", "--replace", written(tmp_path / "e.json", bad))
    assert code == 1 and "exatamente 24" in err
    assert Tournament.objects.get(slug=t.slug).pk == t.pk and results(t.slug) == [json.dumps(FIRST)]


def test_an_etapa_of_a_circuit_is_not_replaced(tmp_path: Path) -> None:
    t, organizer, _ = on_the_site()
    circuit = Circuit.objects.create(name="Circuito Gaúcho", slug="circuito", owner=organizer)
    CircuitEtapa.objects.create(circuit=circuit, tournament=t, order=1)
    code, _, err = run("loadtournament", "--replace", written(tmp_path / "e.json", hall_file()))
    assert code == 1 and "[file.replace_in_circuit]" in err
    assert Tournament.objects.get(slug=t.slug).pk == t.pk
