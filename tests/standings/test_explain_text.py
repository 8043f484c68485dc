"""The standings' tie explanations in words (standings.explain_text): pt-BR, the site's
language, word for word as the rulebook says them; English from the catalog; figures
with each language's decimal separator; and the pages' selectors in the active language."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.utils import translation

from interchange.load import load_tournament
from rules.crossgroup import CrossEntry, rank_across_groups
from rules.explain import DirectMatches, MiniLeague, Separation, SeparationKind
from rules.modalities import get_modality
from rules.ranking import DEFAULT_PRECEDENCE, rank_group
from rules.types import Counters, Criterion
from standings.explain_text import describe, format_value
from standings.selectors import tournament_standings
from tests.documents import document
from tests.rules.test_ranking import CIRCLE, E15, jogo
from tests.standings.test_lots_and_import import CIRCLE as CIRCLE_DOC
from tournaments.models import Team

NAMES = {"T1": "Trio Galponeiro", "T2": "Trio Xucro", "T3": "Trio A", "T4": "Trio C"}


def en(separation: Separation, names: dict[str, str], points_word: str = "tentos") -> str:
    with translation.override("en"):
        return describe(separation, names, points_word)


def test_e15_sentences_pt_br() -> None:
    s = rank_group(["T1", "T2", "T3", "T4"], E15, tiebreakers=DEFAULT_PRECEDENCE)
    assert [describe(x, NAMES) for x in s.separations] == [
        "Trio Galponeiro à frente de Trio A por partidas (7 × 5 partidas)",
        "Trio A à frente de Trio Xucro por tentos (188 × 183 tentos)",
        "Trio Xucro à frente de Trio C por vitórias (2 × 0 vitórias)",
    ]
    assert [en(x, NAMES) for x in s.separations] == [
        "Trio Galponeiro ahead of Trio A on partidas won (7 × 5 partidas won)",
        "Trio A ahead of Trio Xucro on tentos (188 × 183 tentos)",
        "Trio Xucro ahead of Trio C on wins (2 × 0 wins)",
    ]


def test_head_to_head_sentence_with_scores() -> None:
    m = [jogo("T3", "T4", (24, 13), (24, 20))]
    s = rank_group(["T3", "T4"], m, tiebreakers=[Criterion.HEAD_TO_HEAD])
    assert (
        describe(s.separations[0], NAMES) == "Trio A à frente de Trio C por confronto direto (24–13, 24–20)"
    )
    assert en(s.separations[0], NAMES) == "Trio A ahead of Trio C on head-to-head (24–13, 24–20)"
    two = Separation(
        "a", "b", Criterion.HEAD_TO_HEAD, 2, 1, DirectMatches((((24, 1),), ((2, 24),), ((24, 3),)))
    )
    assert describe(two, {}) == "a à frente de b por confronto direto (24–1; 2–24; 24–3)"
    empty = Separation("a", "b", Criterion.HEAD_TO_HEAD, 1, 0, DirectMatches(()))
    assert describe(empty, {}) == "a à frente de b por confronto direto"


def test_mini_league_sentence() -> None:
    sep = Separation("A", "B", Criterion.HEAD_TO_HEAD, 2, 1, MiniLeague(("A", "B", "C"), Criterion.WINS))
    assert (
        describe(sep, {"A": "Alfa"})
        == "Alfa à frente de B por confronto direto entre Alfa, B e C (2 × 1 vitórias)"
    )
    assert en(sep, {}) == "A ahead of B on head-to-head among A, B and C (2 × 1 wins)"
    four = Separation(
        "A", "B", Criterion.HEAD_TO_HEAD, 3, 1, MiniLeague(("A", "B", "C", "D"), Criterion.WINS)
    )
    assert en(four, {}) == "A ahead of B on head-to-head among A, B, C and D (3 × 1 wins)"


def test_lots_tied_pending_and_status() -> None:
    s = rank_group(["A", "B", "C"], CIRCLE, tiebreakers=DEFAULT_PRECEDENCE, lots=[["B", "A", "C"]])
    assert describe(s.separations[0], {}) == "B à frente de A por sorteio"
    assert en(s.separations[0], {}) == "B ahead of A on sorteio"
    pending = Separation("A", "B", None, kind=SeparationKind.PENDING_LOTS)
    assert describe(pending, {}) == "A e B empatados: sorteio pendente"
    assert en(pending, {}) == "A and B tied: sorteio pending"
    tied = Separation("A", "B", None, kind=SeparationKind.TIED)
    assert describe(tied, {}) == "A e B empatados"
    assert en(tied, {}) == "A and B tied"
    status = Separation("A", "B", None, kind=SeparationKind.STATUS)
    assert describe(status, {"B": "Trio B"}) == "A à frente de Trio B: Trio B desclassificado"
    assert en(status, {}) == "A ahead of B: B disqualified"


def test_averaged_values_render_per_jogo() -> None:
    x2 = CrossEntry("X2", "X", Counters(3, 2, 1, 5, 4, 188, 170), group_size=4)
    y2 = CrossEntry("Y2", "Y", Counters(2, 1, 1, 3, 2, 125, 110), group_size=3)
    sep = rank_across_groups([y2, x2])[0].separation  # rules.md E16
    assert sep is not None and sep.averaged
    assert describe(sep, {}) == "X2 à frente de Y2 por vitórias (0,667 × 0,500 vitórias por jogo)"
    assert en(sep, {}) == "X2 ahead of Y2 on wins (0.667 × 0.500 wins per jogo)"
    close = Separation(
        "a", "b", Criterion.POINTS_FOR, Fraction(6667, 10000), Fraction(6668, 10000), averaged=True
    )
    assert describe(close, {}) == "a à frente de b por tentos (0,66670 × 0,66680 tentos por jogo)"
    assert en(close, {}) == "a ahead of b on tentos (0.66670 × 0.66680 tentos per jogo)"


def test_the_modality_word_for_its_points() -> None:
    sep = Separation("a", "b", Criterion.POINTS_FOR, 30, 20)
    assert describe(sep, {"a": "A", "b": "B"}) == "A à frente de B por tentos (30 × 20 tentos)"
    goiano = get_modality("truco-goiano").points_word
    assert describe(sep, {"a": "A", "b": "B"}, goiano) == "A à frente de B por pontos (30 × 20 pontos)"
    assert en(sep, {}, "pontos") == "a ahead of b on points (30 × 20 points)"
    diff = Separation("a", "b", Criterion.POINTS_DIFFERENCE, 12, -3)
    assert describe(diff, {}, "pontos") == "a à frente de b por saldo de pontos (12 × -3 saldo de pontos)"
    assert en(diff, {}) == "a ahead of b on tentos difference (12 × -3 tentos difference)"
    games = Separation("a", "b", Criterion.GAMES_DIFFERENCE, 2, 1)
    assert en(games, {}) == "a ahead of b on partidas difference (2 × 1 partidas difference)"
    # A word no modality uses today is shown as it is, in every language.
    assert en(sep, {}, "gols") == "a ahead of b on gols (30 × 20 gols)"


def test_format_value() -> None:
    assert format_value(7) == "7"
    assert format_value(Fraction(188, 3)) == "62,667"
    with translation.override("en"):
        assert format_value(Fraction(-1, 3)) == "-0.333"
    assert format_value(Fraction(-1, 10**6)) == "0,000"
    assert format_value(Fraction(5, 2), places=0) == "2"  # exact half rounds to even
    assert format_value(Fraction(-5, 2), places=0) == "-2"


def test_missing_values_and_a_language_without_a_catalog() -> None:
    sep = Separation("a", "b", Criterion.WINS)
    assert describe(sep, {}) == "a à frente de b por vitórias"
    with translation.override("es"):  # no catalog: the msgids, Portuguese
        assert describe(sep, {}) == "a à frente de b por vitórias"


@pytest.mark.django_db
def test_the_standings_explain_in_the_active_language_or_the_one_asked() -> None:
    t = load_tournament(document(CIRCLE_DOC, keys=("t1", "t2", "t3"))).tournament
    for key, name in {"t1": "CTG Sepé", "t2": "Piquete", "t3": "Galpão"}.items():
        Team.objects.filter(tournament=t, key=key).update(name=name)
    table = tournament_standings(t)[0].groups[0]
    pt = table.explanations()
    assert pt and all(line.endswith("empatados: sorteio pendente") for line in pt)
    assert all(name in " ".join(pt) for name in ("CTG Sepé", "Piquete", "Galpão"))
    with translation.override("en"):
        english = table.explanations()
        assert table.explanations("pt-br") == pt  # a printed page asks for pt-BR
        assert translation.get_language() == "en"  # and the language is given back
    assert english == [
        line.replace(" e ", " and ").replace("empatados: sorteio pendente", "tied: sorteio pending")
        for line in pt
    ]
    assert table.explanations("en") == english
