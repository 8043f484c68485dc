"""The rodadas' programação forms in the organizer's words: times to the minute, filled
from the phase; every number bounded with a message naming the field and its range; all
the errors of a post at once. The chaves' rodadas and the mata-mata's alike."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.knockout.test_bracket_services import knockout
from tests.knockout.test_bracket_services import organizer as knockout_organizer
from tournaments.models import Round, Stage, Team, Tournament

pytestmark = pytest.mark.django_db


def local(text: str) -> dt.datetime:
    return timezone.make_aware(dt.datetime.fromisoformat(text))


@pytest.fixture
def drawn(
    client: Client, organizer: User, tournament: Tournament, register: Callable[..., list[Team]]
) -> str:
    register(8)
    client.force_login(organizer)
    url = reverse("tournaments:groups", args=[tournament.slug])
    assert client.post(url, {"action": "draw", "size": "4", "seed": "x"}).status_code == 302
    return reverse("tournaments:schedule", args=[tournament.slug])


def test_the_form_opens_with_the_phase_s_time_to_the_minute(
    client: Client, tournament: Tournament, drawn: str
) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(
        date=dt.date(2026, 12, 12), checkin_deadline=local("2026-12-12T08:30:45")
    )
    page = client.get(drawn).content.decode()
    assert 'type="datetime-local"' in page and 'value="2026-12-12T08:30"' in page
    assert 'name="minutes" value="120"' in page  # Truco Cego trios: 120 minutes a jogo
    Tournament.objects.filter(pk=tournament.pk).update(checkin_deadline=None)
    assert 'value="2026-12-12T10:00"' in client.get(drawn).content.decode()


def test_every_error_of_the_post_at_once_nothing_written(client: Client, drawn: str) -> None:
    response = client.post(
        drawn, {"start": "amanhã", "minutes": "0", "tables": "900", "breaks": "meio-dia, 13:00-12:00"}
    )
    assert response.status_code == 400
    page = response.content.decode()
    for text in (
        "Início da rodada 1: informe a data e a hora, como 14/02/2026 10:00.",
        "Minutos por rodada: de 1 a 1440 minutos; informado: 0.",
        "Mesas disponíveis: de 1 a 500 mesas; informado: 900.",
        "Intervalos: «meio-dia» não está no formato 12:00-13:30.",
        "Intervalos: «13:00-12:00» não é um intervalo",
    ):
        assert text in page, text
    assert not Round.objects.exists()


def test_seconds_sent_are_dropped(client: Client, tournament: Tournament, drawn: str) -> None:
    response = client.post(drawn, {"start": "2026-12-12T09:00:30", "minutes": "45"})
    assert response.status_code == 302
    first = Round.objects.get(stage__tournament=tournament, number=1)
    assert first.starts_at == local("2026-12-12T09:00:00")
    # generated once, the form opens again on the same start
    assert 'value="2026-12-12T09:00"' in client.get(drawn).content.decode()


def test_knockout_schedule_follows_the_chaves_and_names_its_fields() -> None:
    t = knockout(["t1", "t2", "t3", "t4"], slug="mm-prog")
    mata = t.stages.get()
    Stage.objects.filter(pk=mata.pk).update(order=1)
    chaves = Stage.objects.create(tournament=t, key="chaves", kind=Stage.Kind.GROUPS, order=0)
    Round.objects.create(
        stage=chaves, number=3, starts_at=local("2026-02-14T14:00"), deadline=local("2026-02-14T15:15")
    )
    c = Client()
    c.force_login(knockout_organizer(t))
    url = reverse("knockout:bracket", args=[t.slug])
    page = c.get(url).content.decode()
    assert "LIMITE MAX" not in page and "Limite da rodada 1" in page
    assert 'value="2026-02-14T15:15"' in page  # the chaves' last limit
    assert ":00:00" not in page.split('name="start"')[1][:80]
    bad = c.post(
        url,
        {
            "action": "schedule",
            "start": "2026-02-14T16:00",
            "first_deadline": "2026-02-14T15:00",
            "minutes": "9999",
        },
    )
    assert bad.status_code == 400
    text = bad.content.decode()
    assert "Minutos por rodada: de 1 a 1440 minutos; informado: 9999." in text
    assert "Limite da rodada 1: precisa ser depois do início da rodada 1." in text
    ok = c.post(url, {"action": "schedule", "start": "2026-02-14T16:00:59", "minutes": "45"})
    assert ok.status_code == 302
    assert Round.objects.get(stage=mata, number=1).starts_at == local("2026-02-14T16:00")
