"""The text of the rules' problems (core.problem_text): one message per code, in pt-BR
(the msgids) and English (the catalog), counted messages in the form of their count."""

from __future__ import annotations

import re
import string

import pytest
from django.utils import translation

from core.problem_text import MESSAGES, WORDS, Plural, render, site_language, template
from core.problem_text.messages import Counted
from rules.problems import CODES, Problem, Severity, problem

# English words that are the Portuguese ones: the rulebook's terms stay untranslated.
SAME_IN_ENGLISH = {"W.O.", "sorteio", "Buchholz", "Sonneborn-Berger"}  # names: the same in both


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def _forms(code: str) -> list[str]:
    """Every form of the message of ``code`` in the active language."""
    message = MESSAGES[code]
    if isinstance(message, Plural):
        return [message.forms(1), message.forms(2)]
    return [str(message)]


def _sample(code: str) -> Problem:
    with translation.override(None):
        fields = set().union(*(_fields(form) for form in _forms(code)))
    counted = isinstance(MESSAGES[code], Plural | Counted)
    # {points} is the modality's word, filled by render (core.words), not a rule's value.
    values = {f: 1 if counted and f == MESSAGES[code].count else f"<{f}>" for f in fields - {"points"}}
    return problem(code, game=2, teams=("t1", "t2"), **values)


def test_every_code_has_a_message_and_no_message_is_stray() -> None:
    assert set(MESSAGES) == set(CODES)


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_message_is_translated_with_the_same_placeholders(code: str) -> None:
    with translation.override(None):
        source = _forms(code)
    with translation.override("en"):
        english = _forms(code)
    for pt, en in zip(source, english, strict=True):
        assert en != pt, f"{code}: no English in the catalog"
        assert _fields(en) == _fields(pt)
    if isinstance(MESSAGES[code], Plural):
        assert MESSAGES[code].count in _fields(source[1])
        assert source[0] != source[1]


@pytest.mark.parametrize("code", sorted(CODES))
@pytest.mark.parametrize("lang", ["pt-br", "en"])
def test_every_message_renders_its_params_in_both_languages(code: str, lang: str) -> None:
    p = _sample(code)
    with translation.override(lang):
        text = render(p)
    assert "{" not in text and "}" not in text
    assert text.startswith("Partida 2: ")
    for name, value in p.params:
        if name not in ("scope", "expected", "outcomes"):
            assert str(value) in text


@pytest.mark.parametrize("code", sorted(WORDS))
def test_every_code_word_is_translated(code: str) -> None:
    with translation.override(None):
        pt = str(WORDS[code])
    with translation.override("en"):
        en = str(WORDS[code])
    assert en != pt or pt in SAME_IN_ENGLISH, code
    assert not set(pt) & set("{}_")  # a word, never a code


def test_the_active_language_decides() -> None:
    p = problem("game.winner_not_at_target", game=2, teams=("a", "b"), a=22, b=20, target=24)
    with translation.override("pt-br"):
        assert render(p) == "Partida 2: o vencedor deve ter exatamente 24 tentos (informado: 22–20)."
    with translation.override("en"):
        assert render(p) == "Partida 2: the winner must have exactly 24 tentos (given: 22–20)."
    with translation.override("en"), site_language():
        assert render(p).startswith("Partida 2: o vencedor")


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [
        ("pt-br", "é necessária 1 vitória.", "são necessárias 2 vitórias."),
        ("en", "1 win is needed.", "2 wins are needed."),
    ],
)
def test_a_counted_message_takes_the_form_of_its_count(lang: str, one: str, many: str) -> None:
    with translation.override(lang):
        assert render(problem("match.undecided", wins_a=0, wins_b=0, needed=1)).endswith(one)
        assert render(problem("match.undecided", wins_a=1, wins_b=1, needed=2)).endswith(many)


def test_a_count_that_is_not_a_number_takes_the_plural_form() -> None:
    with translation.override("pt-br"):
        assert template("match.too_many_games") == "O jogo tem {count} partidas; o máximo é {maximum}."
        assert template("match.too_many_games", {"count": "três"}).endswith("partidas; o máximo é {maximum}.")


def test_code_words_are_shown_in_words() -> None:
    p = problem(
        "match.disqualification_scope_mismatch",
        team="t2",
        article="20-VIII",
        scope="tournament",
        expected="match",
    )
    q = problem("match.conflicting_outcomes", outcomes="walkover, commission")
    empty = problem("settings.tiebreakers_empty", name="tiebreakers")
    kind = problem("settings.type_invalid", name="best_of", value="'x'", expected="integer")
    with translation.override("pt-br"):
        assert render(p) == (
            "A desclassificação de t2 pelo inciso 20-VIII vale para o jogo (Art. 20 §2º), "
            "não para o torneio (Art. 20 §1º)."
        )
        assert render(q) == "A súmula registra ao mesmo tempo: W.O., decisão da comissão."
        assert render(empty) == "A lista de critérios de desempate não pode ser vazia."
        assert render(kind).endswith("(esperado: número inteiro).")
    with translation.override("en"):
        assert render(p) == (
            "The disqualification of t2 under item 20-VIII applies to the jogo (Art. 20 §2), "
            "not to the tournament (Art. 20 §1)."
        )
        assert render(q) == "The súmula records at the same time: W.O., committee decision."
        assert render(empty) == "The list of tiebreak criteria cannot be empty."


def test_a_criterion_is_named_only_in_the_criteria_messages() -> None:
    duplicate = problem("settings.tiebreaker_duplicate", name="tiebreakers", value="head_to_head")
    unknown = problem("settings.unknown", name="wins")
    with translation.override("en"):
        assert render(duplicate) == "Tiebreak criterion listed twice in tiebreak criteria: head-to-head."
        assert render(unknown) == "Unknown setting: wins."  # a file's key, as the file wrote it


def test_no_setting_is_named_by_its_code() -> None:
    """No message names a setting or a field by its code (points_to_win, partida_minutes)."""
    for code in CODES:
        for lang in (None, "en"):
            with translation.override(lang):
                words = [re.sub(r"\{\w+\}", "", form) for form in _forms(code)]
            assert not any("_" in text for text in words), code


def test_render_never_fails_on_missing_params_or_unknown_codes() -> None:
    broken = Problem("game.winner_not_at_target", Severity.ERROR, (("a", 1),))
    with translation.override("pt-br"):
        assert render(broken).startswith("o vencedor deve ter exatamente {target} tentos")
        assert render(broken).endswith("{'a': 1}")
        assert render(Problem("x.unknown", Severity.WARNING)) == "x.unknown"
        assert render(Problem("x.unknown", Severity.WARNING, game=3)) == "Partida 3: x.unknown"


# -- the callers: the reader's language on screen, the site's in what is kept --------------


@pytest.mark.django_db
def test_a_file_is_checked_in_the_readers_language_and_its_normalizations_kept_in_pt_br() -> None:
    from interchange.load import InterchangeError, load_tournament
    from scoring.models import ScoreSheet
    from tests.documents import document, match

    result = {"games": [[21, 25], [22, 24]]}  # B over the target of 24
    doc = document([match(1, "A", "B", result)], keys=("A", "B"), modality="truco-cego-trio", size=3)
    with translation.override("en"), pytest.raises(InterchangeError) as exc:
        load_tournament(doc)
    (issue,) = exc.value.issues  # the loader's own words after it are not the rules'
    assert issue.message.startswith(
        "Partida 1: score above 24 tentos (21–25); it can be recorded as 24 only when confirmed."
    )
    with translation.override("en"):
        load_tournament(doc, clamp=True)
    (sheet,) = ScoreSheet.objects.all()
    assert sheet.normalizations == [
        "jogo #1 / fase chaves / chave A / rodada 1 / A × B: Partida 1: placar 21–25 "
        "registrado com 24 tentos para B. [game.score_clamped]"
    ]


def test_a_tournaments_settings_are_refused_in_the_language_asked() -> None:
    from tournaments.services.tournaments import check_overrides

    assert check_overrides("truco-paulista", {"best_of": 2}, "en") == {
        "best_of": ["The number of partidas in a jogo (best of) must be an odd whole number ≥ 1 (given: 2)."]
    }
    assert check_overrides("truco-paulista", {"best_of": 2}) == {
        "best_of": ["O número de partidas do jogo (melhor de) deve ser um inteiro ímpar ≥ 1 (informado: 2)."]
    }


@pytest.mark.django_db
def test_a_judge_reads_the_problems_in_english_and_the_clamp_is_kept_in_pt_br() -> None:
    from scoring.services.entry import EntryData, prepare_entry
    from tests.scoring.conftest import make_tournament
    from tournaments.models import Match

    t = make_tournament()
    m = Match.objects.select_related("team_a", "team_b").get(stage__tournament=t, round=1, table__name="1")
    games = {"games": [[25, 13], [24, 20]]}
    with translation.override("en"):
        refused = prepare_entry(m, EntryData(result=games))
        clamped = prepare_entry(m, EntryData(result=games, clamp=True))
    assert [p.message for p in refused.problems] == [
        "Partida 1: score above 24 tentos (25–13); it can be recorded as 24 only when confirmed."
    ]
    assert clamped.normalizations == [
        f"Partida 1: placar 25–13 registrado com 24 tentos para {m.team_a.name}."
    ]
