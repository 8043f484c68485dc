"""Every word a person reads in a template goes through gettext.

The checker reads each template with Django's own Lexer, so a `{% if %}` inside a tag
or a `{{ }}` inside an attribute cannot confuse it: every template token becomes a
placeholder, `{% translate %}` and a whole `{% blocktranslate %}…{% endblocktranslate %}`
included, and `{% comment %}` / `{# #}` vanish. An HTML parser then reads what is left
for text between tags and for the attributes people read (title, alt, placeholder,
aria-label, data-confirm, data-page, an <input type="submit">'s value). Anything with a
letter in it that is not on the short allow-list below is reported with its file and
line; <script>, <style>, the CSS blocks of printing/_base.html and *_style.html partials
are not text, and an element marked translate="no" (the HTML attribute: the import
spreadsheet's column names) is kept as it is. Literal arguments of the filters that
print words (default, yesno, pluralize…) and literals handed to include/with are
checked too: a hand-made plural such as `|pluralize:"s"` cannot be translated.

Then the English catalog: every msgid a template hands to gettext, read as makemessages
reads it, must have a non-fuzzy English translation in locale/en (all plural forms).
"""

from __future__ import annotations

import ast
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.template.base import Lexer, TokenType
from django.utils.translation.template import templatize

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"

# Stands for a template token: never a letter, so "Mesa {{ n }}" is still text and
# "{{ a }} × {{ b }}" is not.
HOLE = "\ue000"

# Names and formats that read the same in every language, and the two sides of a jogo
# (team A, team B) where a letter stands alone, as in the printed súmula's columns.
ALLOWED = frozenset({"Tenteio", "CSV", "XLSX", "PDF", "JSON", "A", "B"})

# Block tags whose content is not text for people, or is already translated.
OPENERS = {
    "blocktranslate": "blocktranslate",
    "blocktrans": "blocktranslate",
    "comment": "comment",
}
# Blocks of printing/_base.html that hold CSS, not text.
CSS_BLOCKS = frozenset({"style", "orientation", "page_margin"})
VOID_ELEMENTS = frozenset({"br", "hr", "img", "input", "meta", "link", "col", "wbr", "source"})
LETTERLIKE_SYMBOLS = "ºª"  # 1º, 2ª: ordinal signs after a number, not words
# data-page is printed in the page's margin box (printing/_base.html: attr(data-page)).
HUMAN_ATTRIBUTES = frozenset({"title", "alt", "placeholder", "aria-label", "data-confirm", "data-page"})
# A <button>'s value is only sent, never shown; an <input type="submit">'s is its label.
BUTTON_INPUT_TYPES = frozenset({"submit", "button", "reset"})
# A literal argument of these filters is printed to people ({{ x|default:"nenhum" }});
# date formats and join separators are not words.
WORD_FILTERS = ("default", "default_if_none", "yesno", "pluralize")
WORD_FILTER_ARG = re.compile(r"\|\s*(" + "|".join(WORD_FILTERS) + r")\s*:\s*(\"[^\"]*\"|'[^']*')")
# {% include "x.html" with label="Texto" %} and {% with label="Texto" %} hand a literal
# to a template that prints it; _("Texto") is the translatable form.
LITERAL_KEYWORD = re.compile(r"(?<![\w.])(\w+)=(\"[^\"]*\"|'[^']*')")


def is_human(text: str) -> bool:
    """True if the text has a word in it (a letter) that is not on the allow-list."""
    for word in re.split(r"[\s" + HOLE + "]+", text):
        if word.strip("().,:;!?«»\"'") in ALLOWED:
            continue
        if any(c.isalpha() and c not in LETTERLIKE_SYMBOLS for c in word):
            return True
    return False


class _Finder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._raw = 0  # inside <script> or <style>
        self._kept: list[str] = []  # open elements marked translate="no" (the HTML attribute)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._raw += 1
        values = dict(attrs)
        if values.get("translate") == "no" and tag not in VOID_ELEMENTS:
            self._kept.append(tag)
        line = self.getpos()[0]
        for name, value in attrs:
            human = name in HUMAN_ATTRIBUTES or (
                name == "value" and tag == "input" and values.get("type") in BUTTON_INPUT_TYPES
            )
            if human and value and is_human(value):
                self.found.append((line, f'{name}="{value.replace(HOLE, "…")}"'))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in ("script", "style"):
            self._raw -= 1

    def handle_endtag(self, tag: str) -> None:
        if self._kept and self._kept[-1] == tag:
            self._kept.pop()
        if tag in ("script", "style") and self._raw:
            self._raw -= 1

    def handle_data(self, data: str) -> None:
        if self._raw or self._kept or not is_human(data):
            return
        first_letter = next(i for i, c in enumerate(data) if c.isalpha())
        line = self.getpos()[0] + data[:first_letter].count("\n")
        self.found.append((line, " ".join(data.replace(HOLE, "…").split())))


def untranslated(source: str, stylesheet: bool = False) -> list[tuple[int, str]]:
    """(line, text) of every human-readable string outside translate/blocktranslate.

    A stylesheet (a partial included inside <style>) has no text, only its filters.
    """
    found: list[tuple[int, str]] = []
    skeleton: list[str] = []
    depth = {"blocktranslate": 0, "comment": 0}
    blocks: list[str] = []
    for token in Lexer(source).tokenize():
        newlines = "\n" * token.contents.count("\n")
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0] if token.contents.split() else ""
            if name in OPENERS:
                depth[OPENERS[name]] += 1
            elif name[3:] in OPENERS and name.startswith("end"):
                depth[OPENERS[name[3:]]] = max(0, depth[OPENERS[name[3:]]] - 1)
            elif name == "block":
                blocks.append(token.contents.split()[1])
            elif name == "endblock" and blocks:
                blocks.pop()
        if token.token_type in (TokenType.BLOCK, TokenType.VAR):
            for match in WORD_FILTER_ARG.finditer(token.contents):
                if is_human(match.group(2)[1:-1]):
                    found.append((token.lineno or 0, f"|{match.group(1)}:{match.group(2)}"))
            if token.token_type == TokenType.BLOCK and token.contents.split()[0] in ("include", "with"):
                for match in LITERAL_KEYWORD.finditer(token.contents):
                    if is_human(match.group(2)[1:-1]):
                        found.append((token.lineno or 0, f"{match.group(1)}={match.group(2)}"))
            skeleton.append(HOLE + newlines)
        elif (
            token.token_type == TokenType.COMMENT
            or depth["comment"]
            or depth["blocktranslate"]
            or stylesheet
            or CSS_BLOCKS.intersection(blocks)
        ):
            skeleton.append(HOLE + newlines)
        else:
            skeleton.append(token.contents)
    finder = _Finder()
    finder.feed("".join(skeleton))
    finder.close()
    return sorted(found + finder.found)


def _all_templates() -> list[Path]:
    return sorted(TEMPLATES.rglob("*.html"))


def test_the_templates_are_found() -> None:
    assert len(_all_templates()) > 50


@pytest.mark.parametrize("path", _all_templates(), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_every_visible_string_is_translatable(path: Path) -> None:
    problems = untranslated(path.read_text(encoding="utf-8"), stylesheet=path.name.endswith("_style.html"))
    where = path.relative_to(TEMPLATES.parent)
    assert not problems, "text outside {% translate %}:\n" + "\n".join(
        f"{where}:{line}: {text}" for line, text in problems
    )


BAD = """{% load i18n %}{# Comentário fica de fora #}
<h1>{% translate "Classificação" %}</h1>
<p class="x"{% if a %} hidden{% endif %}>Mesa {{ n }}</p>
<p>{{ a }} × {{ b }} · 3–1 → {% blocktranslate %}Chave {{ c }}{% endblocktranslate %}</p>
{% comment %}Isto também não aparece{% endcomment %}
<img src="x.png" alt="Logo do CTG"><input type="submit" value="Enviar">
<input name="q" value="texto digitado"><button aria-label="{% translate 'Fechar' %}">×</button>
<script>const rotulo = "não é do template";</script><style>p::after { content: "nada"; }</style>
<span title="Dica">Tenteio · CSV</span> {{ n|default:"nenhum" }} {{ n|date:"d/m H:i" }}
mão{{ n|pluralize:"s" }} {{ n|default:_("nenhum") }} <b translate="no">capataz <i>x</i></b> 2º Vez
{% block style %}p { color: red; }{% endblock %}<button value="checked_in">{% translate "Presente" %}</button>
{% include "x.html" with before="Antes" after=_("Depois") n=1 %}{% with word="tentos" %}{% endwith %}
"""


def test_the_checker_names_each_untranslated_string_and_nothing_else() -> None:
    assert untranslated(BAD) == [
        (3, "Mesa …"),
        (6, 'alt="Logo do CTG"'),
        (6, 'value="Enviar"'),
        (9, 'title="Dica"'),
        (9, '|default:"nenhum"'),
        (10, "2º Vez ………"),
        (10, '|pluralize:"s"'),
        (10, "… … mão… …"),
        (12, 'before="Antes"'),
        (12, 'word="tentos"'),
    ]


def test_a_stylesheet_partial_has_no_text_but_its_filters_are_read() -> None:
    assert untranslated('.f { top: {{ y }}mm; } {{ a|default:"Antes" }}', stylesheet=True) == [
        (1, '|default:"Antes"')
    ]


def test_a_translated_template_passes() -> None:
    assert untranslated('{% load i18n %}<p title="{% translate "Dica" %}">{% translate "Oi" %}</p>') == []


CATALOG = TEMPLATES.parent / "locale" / "en" / "LC_MESSAGES" / "django.po"
LITERAL_PATTERN = r"u?'(?:[^'\\]|\\.)*'" + "|" + r'u?"(?:[^"\\]|\\.)*"'
LITERAL = re.compile(LITERAL_PATTERN)
# templatize writes gettext(u'…'), pgettext(u'ctx', u'…'), ngettext(…, count), _("…").
GETTEXT_CALL = re.compile(r"(?<![\w.])(n?p?gettext|_)\(((?:(?:" + LITERAL_PATTERN + r")(?:, )?)+)")


def template_msgids(source: str) -> set[tuple[str | None, str]]:
    """(context, msgid) of every string a template hands to gettext, as makemessages reads
    it (Django's templatize: blocktranslate's {{ x }} become %(x)s, trimmed is applied)."""
    found: set[tuple[str | None, str]] = set()
    for match in GETTEXT_CALL.finditer(templatize(source)):
        strings = [ast.literal_eval(s) for s in LITERAL.findall(match.group(2))]
        if match.group(1).startswith(("pgettext", "npgettext")):
            found.add((strings[0], strings[1]))
        else:
            found.add((None, strings[0]))
    return found


def catalog_translations(po_text: str) -> dict[tuple[str | None, str], bool]:
    """(context, msgid) -> whether the English is there (non-empty, every plural form, not
    fuzzy); obsolete #~ entries are not read."""
    entries: dict[tuple[str | None, str], bool] = {}
    for block in po_text.split("\n\n"):
        lines = block.strip().splitlines()
        fuzzy = any(line.startswith("#,") and "fuzzy" in line for line in lines)
        strings: dict[str, str] = {}
        key = ""
        for line in lines:
            if line.startswith(("msgid", "msgstr", "msgctxt")):
                key, _, value = line.partition(" ")
                strings[key] = value[1:-1]
            elif line.startswith('"') and key:
                strings[key] += line[1:-1]
        if not strings.get("msgid"):
            continue  # the header, or an obsolete entry
        translations = [v for k, v in strings.items() if k.startswith("msgstr")]
        msgid = strings["msgid"].replace('\\"', '"').replace("\\\\", "\\")
        context = strings["msgctxt"].replace('\\"', '"') if "msgctxt" in strings else None
        entries[(context, msgid)] = bool(translations) and all(translations) and not fuzzy
    return entries


def test_every_template_string_has_its_english() -> None:
    catalog = catalog_translations(CATALOG.read_text(encoding="utf-8"))
    missing = [
        f"{path.relative_to(TEMPLATES.parent)}: {key}"
        for path in _all_templates()
        for key in sorted(template_msgids(path.read_text(encoding="utf-8")), key=str)
        if not catalog.get(key)
    ]
    assert not missing, "run makemessages and translate:\n" + "\n".join(missing)


def test_the_catalog_check_sees_missing_empty_fuzzy_and_plural_gaps() -> None:
    po = "\n\n".join(
        [
            'msgid ""\nmsgstr ""\n"Language: en\\n"',
            '#: templates/a.html:1\nmsgid "Oi"\nmsgstr ""',
            '#: templates/a.html:2\n#, fuzzy\nmsgid "Mesa"\nmsgstr "Table"',
            '#: templates/a.html:3\nmsgid "%(n)s mão"\nmsgid_plural "%(n)s mãos"\n'
            'msgstr[0] "%(n)s hand"\nmsgstr[1] ""',
            '#: templates/a.html:4\nmsgid ""\n"Longa "\n"frase"\nmsgstr ""\n"Long "\n"sentence"',
            '#: templates/a.html:5\nmsgctxt "column abbreviation"\nmsgid "V"\nmsgstr "W"',
            '#~ msgid "Velha"\n#~ msgstr "Old"',
        ]
    )
    assert catalog_translations(po) == {
        (None, "Oi"): False,
        (None, "Mesa"): False,
        (None, "%(n)s mão"): False,
        (None, "Longa frase"): True,
        ("column abbreviation", "V"): True,
    }
    source = (
        '{% load i18n %}{% translate "Oi" %} {% translate "V" context "column abbreviation" %}'
        "{% blocktranslate count n=k %}{{ n }} mão{% plural %}{{ n }} mãos{% endblocktranslate %}"
        "{% blocktranslate trimmed with a=x %}\n  Ver {{ a }}\n{% endblocktranslate %}"
        '{{ x|default:_("Nada") }}'
    )
    assert template_msgids(source) == {
        (None, "Oi"),
        ("column abbreviation", "V"),
        (None, "%(n)s mão"),
        (None, "Ver %(a)s"),
        (None, "Nada"),
    }
