"""The translation catalogs, read and checked without polib: locale/en is the English
translation; locale/pt_BR translates every message to itself, made mechanically from the
msgids.

Source strings are Portuguese, yet pt_BR needs a catalog: its plural rule is Django's
``(n > 1)`` (zero takes the singular), while a msgid with no catalog follows gettext's
``n != 1``; and with one, "complete" is checkable for both languages. ``manage.py catalogs``
runs the steps below on the project; tests/core/test_catalogs.py runs ``problems`` on the
committed files and ``differences`` against a fresh makemessages.
"""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import django

LANGUAGES = ("en", "pt_BR")
SOURCE_LANGUAGE = "pt_BR"
# What makemessages must not read: the tests' and benchmarks' strings are not the site's;
# data/ and htmlcov/ are generated on the machine.
IGNORE = (".venv", "tests", "bench", "mutants", "data", "htmlcov")
MAKEMESSAGES = [
    "makemessages",
    *(f"--locale={lang}" for lang in LANGUAGES),
    "--no-obsolete",
    *(f"--ignore={name}" for name in IGNORE),
]
# Lines msgmerge rewrites on every run although no message changed.
_DATES = ('"POT-Creation-Date:', '"PO-Revision-Date:')
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")$')

Key = tuple[str | None, str]  # (msgctxt, msgid)


@dataclass
class Entry:
    """One message of a .po file; ``lines`` are its text, comments included."""

    lines: list[str]
    msgid: str = ""
    plural: str | None = None
    context: str | None = None
    msgstr: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False

    @property
    def key(self) -> Key:
        return (self.context, self.msgid)

    @property
    def is_header(self) -> bool:
        return self.msgid == "" and self.context is None

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr)

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    def label(self) -> str:
        where = next((line[3:].split()[0] for line in self.lines if line.startswith("#: ")), "?")
        first = self.msgid.splitlines()[0] if self.msgid else ""
        return f"{where}: {first[:70]!r}"


def _unquote(quoted: str) -> str:
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), quoted.strip()[1:-1])


def _quote(text: str) -> str:
    return (
        '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'
    )


def parse(text: str) -> list[Entry]:
    """The entries of a .po file's text, the header (msgid "") first as in the file."""
    entries = []
    for block in re.split(r"\n\s*\n", text.strip("\n")):
        entry = Entry(lines=block.splitlines())
        parts: dict[str, str] = {}
        current = None
        for raw in entry.lines:
            line = raw
            if line.startswith("#~"):
                entry.obsolete = True
                line = line[2:].lstrip()
            if line.startswith("#,"):
                entry.flags.update(flag.strip() for flag in line[2:].split(","))
            elif line.startswith("#"):
                continue
            elif match := _KEYWORD.match(line):
                current = match.group(1)
                parts[current] = _unquote(match.group(2))
            elif line.startswith('"') and current is not None:
                parts[current] += _unquote(line)
        if "msgid" not in parts:
            continue
        entry.msgid = parts["msgid"]
        entry.plural = parts.get("msgid_plural")
        entry.context = parts.get("msgctxt")
        if entry.plural is None:
            entry.msgstr = [parts.get("msgstr", "")]
        else:
            forms = {int(k[7:-1]): v for k, v in parts.items() if k.startswith("msgstr[")}
            entry.msgstr = [forms[n] for n in sorted(forms)]
        entries.append(entry)
    return entries


def with_msgstr(entry: Entry, values: list[str]) -> list[str]:
    """The entry's lines translated to ``values`` (one, or one per plural form): not fuzzy,
    without the previous msgid (#|) msgmerge kept for the fuzzy match. The msgstr comes on
    one line; ``normalize`` wraps it as gettext does."""
    lines = []
    for line in entry.lines:
        if line.startswith("#|"):
            continue
        if line.startswith("#,"):
            flags = [f.strip() for f in line[2:].split(",") if f.strip() and f.strip() != "fuzzy"]
            if flags:
                lines.append("#, " + ", ".join(flags))
            continue
        if line.startswith("msgstr"):
            break
        lines.append(line)
    if entry.plural is None:
        lines.append(f"msgstr {_quote(values[0])}")
    else:
        lines.extend(f"msgstr[{n}] {_quote(value)}" for n, value in enumerate(values))
    return lines


def retranslate(text: str, translation: Callable[[Entry], list[str] | None]) -> str:
    """The .po text with each entry for which ``translation`` gives values set to them."""
    blocks = []
    for entry in parse(text):
        values = None if entry.obsolete else translation(entry)
        blocks.append("\n".join(entry.lines if values is None else with_msgstr(entry, values)))
    return "\n\n".join(blocks) + "\n"


def django_plural_forms(lang: str) -> str:
    """The Plural-Forms header of Django's own catalog for ``lang``."""
    po = Path(django.__file__).parent / "conf" / "locale" / lang / "LC_MESSAGES" / "django.po"
    return header_field(po.read_text(encoding="utf-8"), "Plural-Forms")


def header_field(text: str, name: str) -> str:
    header = next((e for e in parse(text) if e.is_header), None)
    for line in (header.msgstr[0] if header else "").splitlines():
        if line.startswith(f"{name}:"):
            return line.partition(":")[2].strip()
    return ""


def source_catalog(text: str) -> str:
    """The pt_BR catalog: every message translated to its msgid (msgstr[0] the singular,
    msgstr[1] the plural), the header naming the language and Django's plural rule."""
    fields = {
        "Project-Id-Version": "Tenteio",
        "Last-Translator": "manage.py catalogs (msgstr = msgid)",
        "Language-Team": "Portuguese (Brazil)",
        "Language": SOURCE_LANGUAGE,
        "Plural-Forms": django_plural_forms(SOURCE_LANGUAGE),
        # Nobody translates it: it is as new as the template it was made from.
        "PO-Revision-Date": header_field(text, "POT-Creation-Date"),
    }

    def itself(entry: Entry) -> list[str]:
        if not entry.is_header:
            return _itself(entry)
        lines = entry.msgstr[0].splitlines()
        for name, value in fields.items():
            line = next((i for i, old in enumerate(lines) if old.startswith(f"{name}:")), None)
            if line is None:
                lines.append(f"{name}: {value}")
            else:
                lines[line] = f"{name}: {value}"
        return ["".join(f"{line}\n" for line in lines)]

    return retranslate(text, itself)


def normalize(po: Path) -> None:
    """Rewrap the file as msgmerge writes it, so the next makemessages changes nothing."""
    subprocess.run(["msgcat", "-o", str(po), str(po)], check=True)


def unchanged_but_dates(old: str, new: str) -> bool:
    def strip(text: str) -> list[str]:
        return [line for line in text.splitlines() if not line.startswith(_DATES)]

    return strip(old) == strip(new)


def read_mo(data: bytes) -> dict[str, str]:
    """A compiled catalog's messages: original ("context\\x04msgid", "msgid\\x00plural")
    to translation (plural forms joined by NUL), as msgfmt stores them."""
    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    _, _, count, originals, translations = struct.unpack(order + "5I", data[:20])

    def string(table: int, n: int) -> str:
        length, offset = struct.unpack(order + "2I", data[table + 8 * n : table + 8 * n + 8])
        return data[offset : offset + length].decode("utf-8")

    return {string(originals, n): string(translations, n) for n in range(count)}


def compiled(entries: list[Entry]) -> dict[str, str]:
    """What msgfmt compiles of the entries: the translated ones, fuzzy and obsolete left out."""
    messages = {}
    for entry in entries:
        if entry.obsolete or entry.fuzzy or not entry.translated:
            continue
        original = entry.msgid if entry.plural is None else f"{entry.msgid}\x00{entry.plural}"
        if entry.context is not None:
            original = f"{entry.context}\x04{original}"
        messages[original] = "\x00".join(entry.msgstr)
    return _without_pot_date(messages)


def compiled_from(data: bytes, entries: list[Entry]) -> bool:
    """Whether the .mo's bytes hold exactly what msgfmt compiles of the entries."""
    try:
        return _without_pot_date(read_mo(data)) == compiled(entries)
    except (struct.error, UnicodeDecodeError):
        return False


def _without_pot_date(messages: dict[str, str]) -> dict[str, str]:
    # msgfmt 0.20 and later leave the template's date out of the .mo (reproducible builds).
    header = "".join(line for line in messages.get("", "").splitlines(True) if not line.startswith("POT-"))
    return {**messages, "": header} if "" in messages else messages


def catalog(root: Path, lang: str, suffix: str = "po") -> Path:
    return root / "locale" / lang / "LC_MESSAGES" / f"django.{suffix}"


def copy_project(root: Path, dest: Path) -> None:
    """What makemessages reads of the project (and what its settings need), copied."""
    skip = shutil.ignore_patterns(*IGNORE, ".*", "__pycache__", "*.pyc", "*.png", "*.pdf", "*.mo")
    shutil.copytree(root, dest, ignore=skip)


def extract(root: Path, settings_module: str) -> dict[str, str]:
    """Each catalog's text as makemessages would leave it, made on a copy of the project so
    the committed files stay as they are."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "project"
        copy_project(root, copy)
        subprocess.run(
            [sys.executable, "manage.py", *MAKEMESSAGES, "--verbosity=0"],
            cwd=copy,
            env={**os.environ, "DJANGO_SETTINGS_MODULE": settings_module},
            check=True,
            capture_output=True,
        )
        return {lang: catalog(copy, lang).read_text(encoding="utf-8") for lang in LANGUAGES}


def problems(root: Path) -> list[str]:
    """What keeps the committed catalogs from being complete: an untranslated, fuzzy or
    obsolete entry, a pt_BR message not translated to itself, a plural rule other than
    Django's, a .mo that is not its .po compiled."""
    found = []
    for lang in LANGUAGES:
        po, mo = catalog(root, lang), catalog(root, lang, "mo")
        name = po.relative_to(root)
        if not po.exists():
            found.append(f"{name}: missing")
            continue
        text = po.read_text(encoding="utf-8")
        entries = parse(text)
        for entry in entries:
            if entry.obsolete:
                found.append(f"{name}: obsolete {entry.label()}")
            elif entry.fuzzy:
                found.append(f"{name}: fuzzy {entry.label()}")
            elif not entry.translated and not entry.is_header:
                found.append(f"{name}: untranslated {entry.label()}")
            elif lang == SOURCE_LANGUAGE and not entry.is_header and entry.msgstr != _itself(entry):
                found.append(f"{name}: not its own msgid {entry.label()}")
        rule, django_rule = header_field(text, "Plural-Forms"), django_plural_forms(lang)
        if rule != django_rule:
            found.append(f"{name}: Plural-Forms {rule!r}, Django's is {django_rule!r}")
        if not (mo.exists() and compiled_from(mo.read_bytes(), entries)):
            found.append(f"{mo.relative_to(root)}: not {po.name} compiled (make messages)")
    return found


def differences(root: Path, fresh: dict[str, str]) -> list[str]:
    """The msgids the code and the committed catalogs do not share; ``fresh`` is each
    catalog as makemessages makes it from the code (``extract``)."""
    found = []
    for lang in LANGUAGES:
        po = catalog(root, lang)
        ours = _keys(po.read_text(encoding="utf-8") if po.exists() else "")
        code = _keys(fresh[lang])
        name = po.relative_to(root)
        found += [f"{name}: in the code, not in the catalog: {k[1][:70]!r}" for k in _sorted(code - ours)]
        found += [f"{name}: no longer in the code: {k[1][:70]!r}" for k in _sorted(ours - code)]
    return found


def _sorted(keys: set[Key]) -> list[Key]:
    return sorted(keys, key=lambda k: (k[0] or "", k[1]))


def _keys(text: str) -> set[Key]:
    return {e.key for e in parse(text) if not e.obsolete and not e.is_header}


def _itself(entry: Entry) -> list[str]:
    return [entry.msgid] if entry.plural is None else [entry.msgid, entry.plural]
