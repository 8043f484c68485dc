"""The translation catalogs are complete, compiled and current: no untranslated or fuzzy
entry in locale/en or locale/pt_BR, each .mo its .po compiled, every msgid of the code in
both catalogs and none the code no longer has, and the pt_BR catalog what
``manage.py catalogs`` makes of the msgids.

Comparing with the code runs makemessages (GNU gettext) on a copy of the project; without
gettext those tests skip, unless REQUIRE_SERVICES=1 (CI), where they fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, ngettext

from core import catalogs

ROOT = Path(__file__).resolve().parents[2]
GETTEXT = all(shutil.which(tool) for tool in ("xgettext", "msgmerge", "msgattrib", "msgcat", "msgfmt"))
PLANTED = "Frase plantada pelo teste, que nenhum catálogo tem"
STALE = "Frase que o código já não usa"

needs_gettext = pytest.mark.skipif(
    not GETTEXT and os.environ.get("REQUIRE_SERVICES") != "1",
    reason="GNU gettext (xgettext, msgmerge) is not installed",
)


def test_both_catalogs_are_complete_and_compiled() -> None:
    assert catalogs.problems(ROOT) == []


def test_django_finds_both_catalogs_and_their_plural_rules() -> None:
    assert settings.LANGUAGE_CODE == "pt-br"
    with translation.override("pt-br"):
        # pt_BR's rule (n > 1): zero takes the singular, which only our catalog says.
        assert ngettext("%(n)d chave", "%(n)d chaves", 0) % {"n": 0} == "0 chave"
        assert ngettext("%(n)d chave", "%(n)d chaves", 2) % {"n": 2} == "2 chaves"
        assert gettext("Encerrado") == "Encerrado"
    with translation.override("en"):
        assert ngettext("%(n)d rascunho", "%(n)d rascunhos", 0) % {"n": 0} == "0 drafts"
        assert ngettext("%(n)d rascunho", "%(n)d rascunhos", 1) % {"n": 1} == "1 draft"
        assert gettext("Encerrado") == "Finished"


def _catalog_with(lang: str, *blocks: str) -> str:
    text = catalogs.catalog(ROOT, lang).read_text(encoding="utf-8")
    return text + "".join(f"\n{block}\n" for block in blocks)


def test_the_check_names_each_kind_of_problem(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "locale", tmp_path / "locale")
    assert catalogs.problems(tmp_path) == []
    half = 'msgid "%(n)s mesa livre"\nmsgid_plural "%(n)s mesas livres"\nmsgstr[0] "%(n)s free mesa"\n'
    half += 'msgstr[1] ""'
    catalogs.catalog(tmp_path, "en").write_text(
        _catalog_with(
            "en",
            'msgid "Uma frase nova"\nmsgstr ""',
            '#, fuzzy\nmsgid "Uma frase quase igual"\nmsgstr "A phrase almost alike"',
            half,
            '#~ msgid "Uma frase antiga"\n#~ msgstr "An old phrase"',
        ),
        encoding="utf-8",
    )
    found = "\n".join(catalogs.problems(tmp_path))
    for expected in (
        "locale/en/LC_MESSAGES/django.po: untranslated ?: 'Uma frase nova'",
        "locale/en/LC_MESSAGES/django.po: fuzzy ?: 'Uma frase quase igual'",
        "locale/en/LC_MESSAGES/django.po: untranslated ?: '%(n)s mesa livre'",
        "locale/en/LC_MESSAGES/django.po: obsolete ?: 'Uma frase antiga'",
    ):
        assert expected in found
    # msgfmt leaves all four out of the .mo: it is still the .po compiled.
    assert "django.mo" not in found

    english = catalogs.catalog(tmp_path, "en")
    english.write_text(english.read_text(encoding="utf-8").replace('"Finished"', '"Over"'), encoding="utf-8")
    catalogs.catalog(tmp_path, "pt_BR").write_text(
        _catalog_with("pt_BR", 'msgid "Uma frase traduzida"\nmsgstr "A translated phrase"').replace(
            "plural=(n > 1)", "plural=(n != 1)"
        ),
        encoding="utf-8",
    )
    found = "\n".join(catalogs.problems(tmp_path))
    for expected in (
        "locale/en/LC_MESSAGES/django.mo: not django.po compiled",
        "locale/pt_BR/LC_MESSAGES/django.po: not its own msgid ?: 'Uma frase traduzida'",
        "locale/pt_BR/LC_MESSAGES/django.po: Plural-Forms 'nplurals=2; plural=(n != 1);', "
        "Django's is 'nplurals=2; plural=(n > 1);'",
        "locale/pt_BR/LC_MESSAGES/django.mo: not django.po compiled",
    ):
        assert expected in found
    (tmp_path / "locale" / "pt_BR" / "LC_MESSAGES" / "django.mo").write_bytes(b"not a catalog")
    # A damaged .mo is reported, not a crash.
    assert "locale/pt_BR/LC_MESSAGES/django.mo: not" in "\n".join(catalogs.problems(tmp_path))


def test_the_source_catalog_translates_each_message_to_itself() -> None:
    template = "\n".join(
        [
            "#, fuzzy",
            'msgid ""',
            'msgstr ""',
            '"Project-Id-Version: PACKAGE VERSION\\n"',
            '"POT-Creation-Date: 2026-12-01 21:52-0300\\n"',
            '"Language: \\n"',
            '"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"',
            "",
            "#: tournaments/board.py:145",
            "#, fuzzy, python-format",
            '#| msgid "%(n)s chave"',
            'msgid "%(n)d chave"',
            'msgid_plural "%(n)d chaves"',
            'msgstr[0] "%(n)s chave"',
            'msgstr[1] "%(n)s chaves"',
            "",
            'msgctxt "placar"',
            'msgid ""',
            '"Uma frase longa, \\"entre aspas\\", "',
            '"em duas linhas"',
            'msgstr ""',
        ]
    )
    entries = catalogs.parse(catalogs.source_catalog(template))
    header, plural, long = entries
    assert not any(e.fuzzy for e in entries)
    assert (
        catalogs.header_field(catalogs.source_catalog(template), "Plural-Forms")
        == "nplurals=2; plural=(n > 1);"
    )
    assert "Language: pt_BR\n" in header.msgstr[0]
    assert "PO-Revision-Date: 2026-12-01 21:52-0300\n" in header.msgstr[0]
    assert plural.msgstr == ["%(n)d chave", "%(n)d chaves"] and plural.flags == {"python-format"}
    assert not any(line.startswith("#|") for line in plural.lines)
    assert long.context == "placar"
    assert long.msgstr == ['Uma frase longa, "entre aspas", em duas linhas']


@needs_gettext
def test_a_compiled_catalog_reads_as_msgfmt_wrote_it(tmp_path: Path) -> None:
    text = catalogs.catalog(ROOT, "en").read_text(encoding="utf-8")
    entries = catalogs.parse(text)
    po, mo = tmp_path / "django.po", tmp_path / "django.mo"
    po.write_text(text, encoding="utf-8")
    subprocess.run(["msgfmt", "-o", str(mo), str(po)], check=True)
    assert len(catalogs.read_mo(mo.read_bytes())) == len(entries)
    assert catalogs.compiled_from(mo.read_bytes(), entries)
    po.write_text(
        text.replace('msgstr[1] "%(n)d drafts"', 'msgstr[1] "%(n)d rough drafts"'), encoding="utf-8"
    )
    subprocess.run(["msgfmt", "-o", str(mo), str(po)], check=True)
    assert not catalogs.compiled_from(mo.read_bytes(), entries)


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """A copy of the project with a message the catalogs lack (in the code) and one the
    code lacks (in both catalogs), and what ``differences`` says of it."""
    if not GETTEXT:
        pytest.fail("GNU gettext is missing and REQUIRE_SERVICES=1")
    copy = tmp_path_factory.mktemp("catalogs") / "project"
    catalogs.copy_project(ROOT, copy)
    (copy / "core" / "planted.py").write_text(
        f'from django.utils.translation import gettext\n\nPLANTED = gettext("{PLANTED}")\n', encoding="utf-8"
    )
    for lang in catalogs.LANGUAGES:
        stale = f'msgid "{STALE}"\nmsgstr "{STALE}"'
        catalogs.catalog(copy, lang).write_text(_catalog_with(lang, stale), encoding="utf-8")
    return catalogs.differences(copy, catalogs.extract(copy, settings.SETTINGS_MODULE))


@needs_gettext
def test_every_message_of_the_code_is_in_both_catalogs(planted: list[str]) -> None:
    assert [d for d in planted if PLANTED not in d and STALE not in d] == []


@needs_gettext
def test_a_message_missing_or_stale_is_named(planted: list[str]) -> None:
    assert sorted(planted) == sorted(
        [
            *(
                f"locale/{lang}/LC_MESSAGES/django.po: in the code, not in the catalog: {PLANTED!r}"
                for lang in catalogs.LANGUAGES
            ),
            *(
                f"locale/{lang}/LC_MESSAGES/django.po: no longer in the code: {STALE!r}"
                for lang in catalogs.LANGUAGES
            ),
        ]
    )


@needs_gettext
def test_the_command_remakes_the_committed_catalogs(tmp_path: Path) -> None:
    """Made again from the code by ``manage.py catalogs``, with the pt_BR catalog deleted
    first, the catalogs are the committed ones but for their dates."""
    copy = tmp_path / "project"
    catalogs.copy_project(ROOT, copy)
    shutil.rmtree(copy / "locale" / "pt_BR")
    result = subprocess.run(
        [sys.executable, "manage.py", "catalogs"], cwd=copy, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Catálogos completos" in result.stdout
    for lang in catalogs.LANGUAGES:
        committed = catalogs.catalog(ROOT, lang).read_text(encoding="utf-8")
        remade = catalogs.catalog(copy, lang).read_text(encoding="utf-8")
        assert catalogs.unchanged_but_dates(committed, remade), lang
    assert catalogs.problems(copy) == []
