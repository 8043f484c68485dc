"""The pages' scripts say nothing of their own: every sentence they show comes from the
tag that includes them (``data-`` attributes rendered with ``{% translate %}``), so it
is in the page's language. Checked both ways: no script holds a sentence, and every
tag that includes a script gives it every sentence it reads, in pt-BR and in English."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import translation

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted(p for d in ("js", "tally", "printing") for p in (ROOT / "static" / d).glob("*.js"))
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))

_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\\])//[^\n]*", re.S)
_LITERAL = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'")
# A sentence: two words in a row, an ellipsis, or a letter outside ASCII (Portuguese);
# not a separator such as « · ».
_SENTENCE = re.compile(r"[A-Za-z]{2,} [A-Za-z]{2,}|…|[À-ÖØ-öø-ÿ]")
# A CSS selector (".hs-alert-list li", "#tenteio form") is code, not a sentence.
_SELECTOR = re.compile(r"[.#][\w-]+(?:[ >]+[.#]?[\w-]+)*")
_PLACEHOLDER = re.compile(r"\{\w+\}")


def literals(source: str) -> list[str]:
    return [m.group(0)[1:-1] for m in _LITERAL.finditer(_COMMENT.sub("", source))]


def words_read(script: Path) -> set[str]:
    """The ``words.X`` a script reads: its dataset, as camelCase keys."""
    return set(re.findall(r"\bwords\.(\w+)", script.read_text(encoding="utf-8")))


def data_key(attribute: str) -> str:
    """``data-server-down`` as the dataset names it: ``serverDown``."""
    head, *rest = attribute.removeprefix("data-").split("-")
    return head + "".join(part.capitalize() for part in rest)


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            self.scripts.append({k: v or "" for k, v in attrs})


def tags_including(script: Path) -> list[tuple[Path, str]]:
    """(template, source line) of every ``<script src>`` of ``script`` in the templates."""
    static = script.relative_to(ROOT / "static").as_posix()
    pattern = re.compile(r"<script src=\"\{% static '" + re.escape(static) + r"' %\}\"[^>]*></script>")
    return [(t, m.group(0)) for t in TEMPLATES for m in pattern.finditer(t.read_text(encoding="utf-8"))]


def rendered(source: str, language: str) -> dict[str, str]:
    parser = _Tags()
    with translation.override(language):
        parser.feed(Template("{% load i18n static %}" + source).render(Context()))
    (attributes,) = parser.scripts
    return {data_key(k): v for k, v in attributes.items() if k.startswith("data-")}


def test_the_checks_see_a_sentence_and_a_key() -> None:
    sample = 'say("Enviando…"); // "não"\n/* "Sem conexão" */ var a = "x-y", b = "sem conexão";'
    assert [s for s in literals(sample) if _SENTENCE.search(s)] == ["Enviando…", "sem conexão"]
    assert data_key("data-offline-one") == "offlineOne"
    assert _SELECTOR.fullmatch(".hs-alert-list li") and not _SELECTOR.fullmatch("Sem conexão, tente de novo")


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_a_script_holds_no_sentence(script: Path) -> None:
    said = [
        s
        for s in literals(script.read_text(encoding="utf-8"))
        if _SENTENCE.search(s) and s != "use strict" and not _SELECTOR.fullmatch(s)
    ]
    assert not said, f"{script.name} says {said}: give it to the script from its template, translated"


@pytest.mark.parametrize("script", [s for s in SCRIPTS if words_read(s)], ids=lambda p: p.name)
def test_every_tag_gives_its_script_every_sentence_in_both_languages(script: Path) -> None:
    tags = tags_including(script)
    assert tags, f"no template includes {script.name}"
    for template, source in tags:
        pt, en = rendered(source, "pt-br"), rendered(source, "en")
        where = f"{template.relative_to(ROOT)} for {script.name}"
        assert words_read(script) <= set(pt), where
        for key in words_read(script):
            assert pt[key] and en[key] and pt[key] != en[key], f"{where}: {key} is not translated"
            assert set(_PLACEHOLDER.findall(pt[key])) == set(_PLACEHOLDER.findall(en[key])), where


def test_the_sentences_read_as_the_judge_sees_them() -> None:
    (_, sumula), *_ = tags_including(ROOT / "static" / "js" / "sumula.js")
    assert rendered(sumula, "pt-br")["offline"] == (
        "Sem conexão: a súmula está guardada neste aparelho e será enviada quando a conexão voltar."
    )
    (_, tenteio), *_ = tags_including(ROOT / "static" / "tally" / "tenteio.js")
    pt, en = rendered(tenteio, "pt-br"), rendered(tenteio, "en")
    assert pt["pendingOne"] == "{count} lançamento aguardando envio."
    assert pt["offlineMany"] == "{count} lançamentos aguardando envio — sem conexão, tentando de novo."
    assert en["pendingMany"] == "{count} entries waiting to be sent."
    (_, progress), *_ = tags_including(ROOT / "static" / "printing" / "progress.js")
    assert rendered(progress, "en")["minutesLeft"] == "time left: ~{n} min"
