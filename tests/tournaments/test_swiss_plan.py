"""«Classificação em sistema suíço» on «Novo torneio» and «Editar torneio»
(tournaments.services.swiss_plan): the first phase written as an empty Swiss stage, the
dashboard's next step «Iniciar o suíço», changed back and forth before the phase has its
chaves, refused (naming the field, nothing written) for a plan without a phase of chaves
and once the Swiss has started; an event file keeps the choice."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from interchange.export import export_tournament
from interchange.load import load_tournament
from standings.swiss import swiss_start
from tests.tournaments.test_editing import form_data
from tournaments.models import Stage, Team, Tournament
from tournaments.services.organizers import organizer_mark

pytestmark = pytest.mark.django_db
BASE = {"name": "Aberto", "slug": "aberto", "modality": "truco-cego-dupla", "stage_plan": "groups_knockout"}


@pytest.fixture
def creator(client: Client) -> Client:
    user = User.objects.create_user("criador", password="x")
    organizer_mark(user)
    client.force_login(user)
    return client


def test_new_tournament_with_a_swiss_phase_starts_it_from_the_dashboard(creator: Client) -> None:
    assert "Classificação em sistema suíço" in creator.get("/torneios/novo/").content.decode()
    assert creator.post("/torneios/novo/", {**BASE, "swiss": "on"}).status_code == 302
    t = Tournament.objects.get(slug="aberto")
    (stage,) = t.stages.all()
    assert (stage.kind, stage.system, stage.groups.count()) == ("groups", "swiss", 0)
    board = creator.get(f"/t/{t.slug}/gestao/").content.decode()
    assert board.index("Iniciar o suíço") < board.index("Sortear as chaves")
    for i in range(6):
        Team.objects.create(tournament=t, key=f"d{i}", name=f"Dupla {i}", order=i)
    answer = creator.post(f"/t/{t.slug}/gestao/suico/", {"action": "start", "swiss_rounds": "3"})
    assert answer.status_code == 302
    assert t.stages.get().pk == stage.pk and stage.groups.get().teams.count() == 6


def test_a_swiss_phase_needs_a_plan_with_chaves(creator: Client) -> None:
    answer = creator.post("/torneios/novo/", {**BASE, "stage_plan": "knockout", "swiss": "on"})
    assert answer.status_code in (200, 400)
    assert "Sistema suíço: só para a fase de classificação" in answer.content.decode()
    assert not Tournament.objects.exists() and not Stage.objects.exists()


def test_the_edit_changes_the_system_until_the_swiss_starts(creator: Client) -> None:
    creator.post("/torneios/novo/", BASE)
    t = Tournament.objects.get(slug="aberto")
    edit = f"/t/{t.slug}/gestao/editar/"
    assert not t.stages.exists()
    assert creator.post(edit, form_data(t, swiss="sim")).status_code == 302
    assert t.stages.get().system == "swiss"
    assert creator.post(edit, form_data(t, name="Aberto 2")).status_code == 302  # not sent: kept
    assert t.stages.get().system == "swiss"
    assert creator.post(edit, form_data(t, swiss="nao")).status_code == 302
    assert not t.stages.exists()
    assert creator.post(edit, form_data(t, swiss="sim")).status_code == 302
    assert creator.post(edit, form_data(t, stage_plan="knockout")).status_code == 302
    assert not t.stages.filter(kind="groups").exists()  # the empty Swiss left with the plan

    creator.post(edit, form_data(Tournament.objects.get(pk=t.pk), stage_plan="groups_knockout", swiss="sim"))
    t.refresh_from_db()
    for i in range(4):
        Team.objects.create(tournament=t, key=f"d{i}", name=f"Dupla {i}", order=i)
    swiss_start(tournament=t, user=None, rounds=2)
    before = t.name
    refused = creator.post(edit, form_data(t, swiss="nao", name="Outro"))
    assert refused.status_code == 400
    assert "Sistema suíço: a fase de classificação já tem as suas chaves" in refused.content.decode()
    t.refresh_from_db()
    assert t.name == before and t.stages.get().system == "swiss"


def test_the_event_file_keeps_a_swiss_not_started(creator: Client) -> None:
    creator.post("/torneios/novo/", {**BASE, "swiss": "on"})
    doc = export_tournament(Tournament.objects.get(slug="aberto"))
    Tournament.objects.all().delete()
    t = load_tournament(doc).tournament
    assert [(s.kind, s.system) for s in t.stages.all()] == [("groups", "swiss")]
    assert (
        export_tournament(t)["stages"]
        == doc["stages"]
        == [{"key": "chaves", "kind": "groups", "groups": [], "system": "swiss"}]
    )
