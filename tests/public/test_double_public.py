"""A double elimination (docs/rules.md §3.18) on the telão and in the shared bracket
picture: the chave dos vencedores, the repescagem and the grande final, each shown."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from knockout import double_bracket as d
from public import raster
from public.telao import telao_screens
from tests.knockout.test_double_services import double, homologate, jogo, organizer, run, structure
from tests.public.test_share import size
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def svgs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The SVG source of every picture drawn (still drawn, to the real PNG)."""
    drawn: list[str] = []
    real = raster.png

    def keep(svg: str) -> bytes:
        drawn.append(svg)
        return real(svg)

    monkeypatch.setattr(raster, "png", keep)
    return drawn


def knockout(count: int, *, slug: str, reset: bool = True) -> Tournament:
    """``double``'s mata-mata as a «Somente mata-mata» event (the plan the pages read)."""
    t = double(count, reset=reset, slug=slug)
    Tournament.objects.filter(pk=t.pk).update(stage_plan=Tournament.StagePlan.KNOCKOUT)
    t.refresh_from_db()
    return t


def played(count: int, *, slug: str, reset: bool = True) -> Tournament:
    """A double elimination played to its champion, the repescagem's champion winning the
    first grande final (so the final de desempate is played)."""
    t = knockout(count, reset=reset, slug=slug)
    rng = random.Random(35)

    def pick(state: d.JogoState) -> str:
        if state.id == d.GF1:
            return str(state.b)
        if state.id == d.GF2:
            return str(state.a)
        return str(rng.choice([state.a, state.b]))

    run(t, pick)
    return t


def parts(t: Any) -> list[str]:
    return [s.items[0].get("part", "") for s in telao_screens(t) if s.kind == "mata-mata"]


def test_the_telao_shows_the_winners_bracket_and_the_repescagem_before_the_grand_final(
    client: Client,
) -> None:
    t = knockout(8, slug="dupla-telao")
    # As on the bracket page, the grande final is there from the start, its teams to come.
    assert parts(t) == ["Chave dos vencedores", "Repescagem", "Grande final"]
    body = client.get(f"/t/{t.slug}/telao/").content.decode()
    assert body.count('data-kind="mata-mata"') == 3
    for part in ("Chave dos vencedores", "Repescagem", "Grande final"):
        assert f"Mata-mata · {part}</h1>" in body


def test_the_telao_pages_a_long_repescagem_and_ends_with_the_grand_final(client: Client) -> None:
    t = played(16, slug="dupla-telao-16")
    # 16 teams: 4 rodadas in the winners' bracket, 6 in the repescagem (4 a screen), the
    # grande final and its final de desempate.
    screens = [s for s in telao_screens(t) if s.kind == "mata-mata"]
    assert [s.items[0]["part"] for s in screens] == [
        "Chave dos vencedores",
        "Repescagem (1/2)",
        "Repescagem (2/2)",
        "Grande final",
    ]
    assert [len(s.items[0]["rounds"]) for s in screens] == [4, 4, 2, 2]
    assert telao_screens(t)[0].kind == "podium"
    body = client.get(f"/t/{t.slug}/telao/").content.decode()
    assert "Final de desempate" in body
    assert "Se o campeão da repescagem vencer" not in body  # the reset is played: no «if»


def test_the_grand_final_screen_says_when_the_reset_would_be_played(client: Client) -> None:
    t = knockout(4, slug="dupla-telao-4")
    # Played up to the first grande final (not yet played): the screen says what a win of
    # the repescagem's champion would bring.
    run_until(t, d.GF1)
    assert parts(t)[-1] == "Grande final"
    body = client.get(f"/t/{t.slug}/telao/").content.decode()
    assert "Se o campeão da repescagem vencer a grande final" in body


def run_until(t: Tournament, stop: d.JogoId) -> None:
    """Every jogo before ``stop`` homologated, team A winning."""
    user, bracket = organizer(t), structure(t)
    winners: dict[d.JogoId, str] = {}
    while True:
        progress = d.play(bracket, winners)
        state = progress.state(progress.playable[0])
        if state is None or state.id == stop:
            return
        homologate(jogo(t, *state.id), user, str(state.a))
        winners[state.id] = str(state.a)


def test_the_bracket_picture_draws_both_brackets_and_the_grand_final(client: Client, svgs: list[str]) -> None:
    t = knockout(16, slug="dupla-foto")
    png = client.get(reverse("public:bracket_png", args=[t.slug]))
    assert png["Content-Type"] == "image/png"
    width, height = size(png.content)
    assert width == 1200 and height > 630  # three parts one under the other
    svg = svgs[-1]
    for part in ("Chave dos vencedores", "Repescagem", "Grande final"):
        assert f">{part}</text>" in svg
    assert "rodadas 1 a 4 de 6" in svg  # the repescagem from its first rodada in play
    assert "Final de desempate" not in svg  # not yet: nobody has won the grande final


def test_the_bracket_picture_of_a_finished_double_elimination(client: Client, svgs: list[str]) -> None:
    t = played(16, slug="dupla-foto-fim")
    png = client.get(reverse("public:bracket_png", args=[t.slug]))
    assert size(png.content)[0] == 1200
    svg = svgs[-1]
    assert "rodadas 3 a 6 de 6" in svg  # the last four rodadas once all are played
    assert "Final de desempate" in svg and "Campe" in svg
