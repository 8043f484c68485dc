"""Printed content read back from the PDFs: names with accents, mesa, rodada, QR link."""

from __future__ import annotations

import base64
import io
from typing import Any

import pytest
from pypdf import PdfReader

from core import qr
from interchange.load import load_tournament
from printing import documents, render, svg
from printing.documents import Params, build, clean_params
from printing.documents.bracket import from_stage, paginate, seed_positions
from printing.documents.common import PrintError
from printing.services import render_document
from scoring.models import ScoreSheet
from tests.printing.conftest import knockout_document, pdf_links, pdf_pages
from tournaments.models import Match, Stage, Tournament

pytestmark = pytest.mark.django_db


def test_sumulas_of_a_rodada_one_page_per_jogo_in_mesa_order(demo: Tournament) -> None:
    pdf = render_document(demo, Params(doc="sumulas", round=3))
    pages = pdf_pages(pdf)
    jogos = list(
        Match.objects.filter(stage__tournament=demo, round=3).select_related("team_a", "team_b", "table")
    )
    assert len(pages) == len(jogos) == 8
    tables = []
    for text in pages:
        assert "Rodada 3" in text
        assert "Rodeio Crioulo da Querência — Truco Cego" in text  # tournament on every page
        assert "página" in text and "de 8" in text
        tables.append(int(text.split("Mesa ")[1].split()[0]))
    assert tables == sorted(tables)
    everything = "\n".join(pages)
    for m in jogos:
        assert m.team_a.name in everything and m.team_b.name in everything
        for player in m.team_a.players.all():
            assert player.name in everything
    assert "Os Fronteiriços" in everything or "Trio Quero-Quero" in everything


def test_sumula_carries_the_judge_url_as_text_and_link(demo: Tournament, settings: Any) -> None:
    settings.SITE_URL = "https://tenteio.example.org"
    match = Match.objects.filter(stage__tournament=demo, round=3).order_by("table__order").first()
    assert match is not None
    pdf = render_document(demo, Params(doc="sumulas", match_ids=(match.pk,)))
    from scoring.codes import encode

    url = f"https://tenteio.example.org/j/{encode(match.pk)}/"
    assert url in pdf_links(pdf)
    assert url in pdf_pages(pdf)[0].replace("\n", "")
    assert "Capataz da equipe A" in pdf_pages(pdf)[0]
    assert "partidas vencidas A" in pdf_pages(pdf)[0]  # blank: lines to write the result on


def test_every_page_of_a_chunk_draws_the_same_form(demo: Tournament) -> None:
    """The form is rendered once and drawn under each page as one shared XObject."""
    pdf = render_document(demo, Params(doc="sumulas", round=1))
    reader = PdfReader(io.BytesIO(pdf))
    forms = set()
    for page in reader.pages:
        xobjects = page["/Resources"]["/XObject"]
        forms.add(xobjects["/TenteioForm0"].indirect_reference.idnum)
        assert page.get_contents().get_data().startswith(b"q /TenteioForm0 Do Q")
    assert len(forms) == 1 and len(reader.pages) == 8
    assert all("Observações" in text for text in pdf_pages(pdf))


def test_a_single_sumula_draws_its_form_inline_unless_one_is_at_hand(
    demo: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The same "gerado em" on every render, however slow the machine (a new minute).
    monkeypatch.setattr(documents, "now_text", lambda: "01/12/2026 às 10:00")
    match = Match.objects.filter(stage__tournament=demo, round=3).first()
    assert match is not None
    one = Params(doc="sumulas", match_ids=(match.pk,))
    assert not render._FORMS  # the fixture fresh_render_caches: no form at hand yet
    inline = render_document(demo, one)
    assert "/TenteioForm0" not in PdfReader(io.BytesIO(inline)).pages[0]["/Resources"].get("/XObject", {})
    render_document(demo, Params(doc="sumulas", round=3))  # a batch renders the form and keeps it
    over = render_document(demo, one)
    assert "/TenteioForm0" in PdfReader(io.BytesIO(over)).pages[0]["/Resources"]["/XObject"]
    # The same page either way: the same words (text extraction may order the two
    # layers' words differently).
    inline_words, over_words = (sorted(pdf_pages(pdf)[0].split()) for pdf in (inline, over))
    assert inline_words == over_words
    assert "Capataz" in over_words and match.team_a.name.split()[0] in over_words


def test_homologated_sumula_is_filled_and_marked(demo: Tournament) -> None:
    sheet = ScoreSheet.objects.filter(match__stage__tournament=demo, confirmed=True).select_related(
        "match__team_a"
    )[0]
    pdf = render_document(demo, Params(doc="sumulas", match_ids=(sheet.match_id,)))
    text = pdf_pages(pdf)[0]
    assert f"HOMOLOGADA, versão {sheet.version}" in text
    assert "Capataz da equipe A" in text and "Observações" in text  # the form is under it
    assert "partidas vencidas A" not in text  # but not its lines to write the result on
    assert "Resultado homologado: 2–" in text or "Resultado homologado: 1–" in text
    first = sheet.result["games"][0]
    assert str(first[0]) in text and str(first[1]) in text


def test_standings_schedule_and_team_cards(demo: Tournament) -> None:
    standings = "\n".join(pdf_pages(render_document(demo, Params(doc="standings"))))
    assert "Chave A" in standings and "Chave D" in standings and "Classificados" in standings
    schedule = "\n".join(pdf_pages(render_document(demo, Params(doc="schedule"))))
    assert "Rodada 1" in schedule and "Rodada 3" in schedule and "Mesa 8" in schedule
    cards_pdf = render_document(demo, Params(doc="teams"))
    cards = pdf_pages(cards_pdf)
    assert len(cards) == 4  # 16 teams, 4 to a page
    joined = "\n".join(cards)
    assert "PIN do capataz" in joined and "capataz" in joined
    for team in demo.teams.all():
        assert team.name in joined


def test_bad_params_are_refused_in_portuguese(demo: Tournament) -> None:
    with pytest.raises(PrintError, match="documento"):
        clean_params(demo, "carnê")
    with pytest.raises(PrintError, match="fase"):
        clean_params(demo, "sumulas", stage="nenhuma")
    with pytest.raises(PrintError, match="rodada"):
        clean_params(demo, "sumulas", round="9")
    with pytest.raises(PrintError, match="rodada"):
        clean_params(demo, "sumulas", round="três")
    with pytest.raises(PrintError, match="chave"):
        clean_params(demo, "standings", group="Z")
    with pytest.raises(PrintError, match="mata-mata"):
        clean_params(demo, "bracket")
    assert clean_params(demo, "sumulas", round="2", group="A") == Params("sumulas", round=2, group="A")


def test_bracket_shows_every_team_once_and_advances_winners(knockout: Tournament) -> None:
    stage = Stage.objects.get(tournament=knockout, key="mata")
    rounds = from_stage(knockout, stage)
    assert [len(r) for r in rounds] == [4, 2, 1]
    first = [s["team"] for m in rounds[0] for s in (m["a"], m["b"])]
    assert sorted(first) == sorted(t.name for t in knockout.teams.all())
    assert all(m["score"] == "2–0" for m in rounds[0])
    assert [s["team"] for m in rounds[1] for s in (m["a"], m["b"])] == [m["a"]["team"] for m in rounds[0]]
    text = "\n".join(pdf_pages(render_document(knockout, Params(doc="bracket"))))
    for team in knockout.teams.all():
        assert text.count(team.name + "\n") + text.count(team.name + " ") >= 1
    assert "Final" in text and "Campeã" in text  # a Paulista dupla


@pytest.mark.parametrize("size", [64, 256])
def test_big_bracket_is_split_into_readable_pages(db: Any, size: int) -> None:
    t = load_tournament(knockout_document(size, played_first_round=False)).tournament
    built = build(t, Params(doc="bracket"))
    assert len(built.units) == size // 32 + 1  # a page per 32 teams, then the final rounds
    rounds = from_stage(t, Stage.objects.get(tournament=t, key="mata"))
    seen = [s["team"] for m in rounds[0] for s in (m["a"], m["b"])]
    assert len(seen) == len(set(seen)) == size
    pages = paginate(rounds)
    assert all(len(p["rounds"][0]["matches"]) <= 16 for p in pages)


def test_seed_positions_keep_the_top_seeds_apart() -> None:
    assert seed_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    order = seed_positions(256)
    assert sorted(order) == list(range(1, 257))
    assert order.index(2) >= 128  # seeds 1 and 2 meet only in the final


def test_tally_grid_sizes_follow_the_modality() -> None:
    for target, split in ((24, 12), (30, 15), (18, 9), (12, None), (20, None)):
        d = svg.Drawing()
        size = svg.tally_grid(d, 0, 0, target, split=split, width=150, scores=(target, 3))
        assert 3 < size <= 9
        drawing = d.svg(160, 20)
        assert drawing.startswith("<svg") and "stroke-dasharray" in drawing


def test_qr_code_is_a_one_bit_png_of_the_url() -> None:
    from PIL import Image

    url = "http://127.0.0.1:8000/j/ABCDEF/"
    uri = qr.qr_png(url)
    assert uri.startswith("data:image/png;base64,")
    image = Image.open(io.BytesIO(base64.b64decode(uri.split(",", 1)[1])))
    matrix = qr.qr_matrix(url)
    assert image.size == (2 * len(matrix), 2 * len(matrix)) and image.mode == "1"
    pixels = image.load()
    assert all(
        (pixels[2 * x + 1, 2 * y] == 0) == dark for y, row in enumerate(matrix) for x, dark in enumerate(row)
    )


def test_standings_pdf_opens_with_the_final_placings(knockout: Tournament) -> None:
    """Quartas played, the rest not: the four losers share 5º and the list is provisional."""
    text = "\n".join(pdf_pages(render_document(knockout, Params(doc="standings"))))
    assert "Classificação final" in text and "provisória" in text and "Na disputa" in text
    assert text.count("5º") >= 4 and "dividido" in text
    losers = {f"Dupla Ção {i}" for i in range(5, 9)}  # seeds 5–8 lose 12–5, 12–7
    assert all(name in text for name in losers)


def test_the_bracket_pdf_prints_the_3o_lugar_as_the_page_shows_it(db: Any) -> None:
    from knockout.selectors import bracket_data
    from knockout.services.advance import bracket_sync

    t = load_tournament(knockout_document(4)).tournament  # the semifinais played
    Tournament.objects.filter(pk=t.pk).update(settings={"third_place_match": True})
    stage = Stage.objects.get(tournament=t, key="mata")
    bracket_sync(stage=stage)
    data = bracket_data(stage)
    assert data.third_place is not None and data.third_place.team_a and data.third_place.team_b
    text = "\n".join(pdf_pages(render_document(Tournament.objects.get(pk=t.pk), Params(doc="bracket"))))
    assert "3º lugar" in text
    for team in (data.third_place.team_a, data.third_place.team_b):
        assert text.count(team.name) >= 2  # its semifinal, and the disputa de 3º lugar
