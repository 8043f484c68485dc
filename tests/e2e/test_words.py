"""The language checker alone, without a browser: what it flags on an English page,
what it leaves (the rulebook's terms, the event's names), and English on a pt-BR page."""

from __future__ import annotations

from tests.e2e.words import (
    KEEP,
    MUST_NOT,
    english_page_leaks,
    portuguese_page_leaks,
    report,
    strip_data,
)

NAMES = ["Os Índios Vagos", "CTG Galpão de Estância", "Rodeio Crioulo de São Sepé — Truco Cego", "Ramão"]


def kinds(chunks: list[str], names: list[str] = NAMES) -> list[tuple[str, str]]:
    return [(leak.word, leak.kind) for leak in english_page_leaks("p", chunks, names)]


def test_a_must_not_word_is_flagged_with_page_and_context() -> None:
    leaks = english_page_leaks("classificação", ["Standings of the chave", "Próximo equipe: mesa 2"], NAMES)
    assert [(leak.word, leak.kind) for leak in leaks] == [("Próximo", "must-not"), ("equipe", "must-not")]
    assert leaks[1].page == "classificação" and "Próximo equipe: mesa 2" in leaks[1].context
    assert "classificação: «equipe» (must-not)" in str(leaks[1])


def test_keep_words_pass_in_any_case_and_plural() -> None:
    text = (
        "Rodada 2 of Chave A: 3 súmulas homologated, the capatazes signed; mesa 4; 24 tentos; "
        "the mata-mata; W.O. for the trio; sorteio recorded; mão de onze; a Truco Cego CTG"
    )
    assert kinds([text]) == []


def test_data_names_are_blanked_even_with_portuguese_words_inside() -> None:
    # «de», «São», «Índios» would all be leaks if they were the site's own text.
    text = "Os Índios Vagos (CTG Galpão de Estância) lead Rodeio Crioulo de São Sepé; judge: Ramão"
    assert kinds([text]) == []
    assert kinds([text], names=[]) != []
    # A tournament's name is often shown without its modality, after the dash.
    assert kinds(["Welcome to Rodeio Crioulo de São Sepé"]) == []
    assert "¤" in strip_data("Os índios vagos won", NAMES)  # names are matched ignoring case


def test_a_name_is_blanked_only_as_whole_words() -> None:
    # «Ramão» is a name, «Ramãozinho» is not: the accented word stays visible to the check.
    assert kinds(["Ramãozinho"]) == [("Ramãozinho", "accented")]
    # Two cells joined by the DOM: a digit against the name does not hide it.
    assert "Índios" not in strip_data("V 1/J 3Os Índios Vagos ahead", NAMES)


def test_an_accented_word_outside_keep_is_flagged() -> None:
    assert kinds(["Click to sign the súmula in the capataz's presença"]) == [("presença", "accented")]


def test_mixed_constructions_are_named() -> None:
    found = kinds(
        ["Results do capataz", "Standings da chave", "chaves e rodadas", "3º place", "the 1ª rodada"]
    )
    assert ("do capataz", "mixed") in found
    assert ("da", "must-not") in found  # «da» is never English, even alone
    assert ("e rodadas", "mixed") in found
    assert ("3º", "ordinal") in found and ("1ª", "ordinal") in found


def test_english_lookalikes_are_not_flagged() -> None:
    # «do», «no», «a», «as», «e» are English (or an abbreviation) unless glued to a KEEP term.
    assert kinds(["What to do next? No mesa yet, e.g. a rodada as soon as chaves are drawn."]) == []


def test_addresses_are_not_read_as_words() -> None:
    assert (
        kinds(["Judges open http://127.0.0.1:8000/juiz/rodeio-sao-sepe/ or mail comissao@ctg.com.br"]) == []
    )


def test_english_leftovers_on_a_portuguese_page() -> None:
    leaks = portuguese_page_leaks("painel", ["Salvar", "Submit", "Estado: None", "Equipe home"], NAMES)
    assert [leak.word for leak in leaks] == ["Submit", "None"]
    assert portuguese_page_leaks("painel", ["Chave A · rodada 1 · Os Índios Vagos"], NAMES) == []


def test_the_lists_do_not_contradict_each_other() -> None:
    assert not KEEP & MUST_NOT
    assert all(w == w.lower() for w in KEEP | MUST_NOT)


def test_report_gives_one_line_per_block_of_text() -> None:
    leaks = english_page_leaks("p", ["Próximo equipe", "Próximo equipe", "other equipe"], NAMES)
    assert report(leaks).splitlines() == [
        "p: «Próximo», «equipe» in «Próximo equipe»",
        "p: «equipe» in «other equipe»",
    ]


def test_a_rulebook_paragraph_is_not_an_ordinal() -> None:
    assert kinds(["disqualified from the tournament (Art. 20 §1º)", "Art. 20, § 2º"]) == []
