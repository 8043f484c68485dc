"""Names typed by people: one way to store them, one way to compare them, one way to refuse them.

Every name the site keeps (torneio, local, evento, entidade, equipe, jogador, mesa) goes
through :func:`clean_name` before it is stored, and every duplicate check compares
:func:`name_key` of both sides, so «Os Taura» with an invisible zero-width space (U+200B) inside
is the same team as «Os Taura». :func:`name_problem` says, in the active language, why a text cannot
be a name at all (a NUL, a lone UTF-16 surrogate, a control character): those are
refused with a message instead of reaching the database, which would fail on them.
:func:`clip` shortens what an error message echoes back of a hostile input, and
:func:`digits` writes the counts those messages give.
"""

from __future__ import annotations

import re
import unicodedata

from django.utils.translation import gettext as _

# A name is shown in one line of a súmula; every run of whitespace (tabs, line breaks,
# no-break spaces, ideographic spaces) becomes one space.
_SPACES = re.compile(r"\s+")


def is_format_char(char: str) -> bool:
    """Unicode category Cf: zero-width space/joiner, BOM, word joiner, bidi controls…"""
    return unicodedata.category(char) == "Cf"


def clean_name(text: str) -> str:
    """The stored form of a name: format characters (Cf) removed, NFC, whitespace collapsed.

    Format characters go first so that one between a letter and its accent does not keep
    them from composing. Case and accents are kept: «José da Silva» stays as typed.
    """
    visible = "".join(c for c in text if not is_format_char(c))
    return _SPACES.sub(" ", unicodedata.normalize("NFC", visible)).strip()


def name_key(text: str) -> str:
    """What two names are compared by: the clean name, case-folded, without accents, with
    compatibility forms folded (NFKD: full-width «Ｔａｕｒａ» is «taura»).

    «José  da Silva», «JOSE DA SILVA» and «Jose da Silva» with a U+200B inside have one key.
    """
    decomposed = unicodedata.normalize("NFKD", clean_name(text).casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _SPACES.sub(" ", bare).strip()


def _describe(char: str) -> str:
    return f"U+{ord(char):04X}"


def name_problem(text: str) -> str | None:
    """Why ``text`` cannot be stored as a name (translated, without echoing it), or None.

    A NUL (U+0000) is refused by PostgreSQL; a lone surrogate (U+D800–U+DFFF, which only
    a broken file or a JSON ``\\ud800`` escape can carry) cannot be written as UTF-8 at
    all; other control characters (U+0001–U+001F, U+007F–U+009F) are invisible and are
    never part of a name. Whitespace controls (tab, line break) are not refused:
    :func:`clean_name` turns them into spaces.
    """
    for char in text:
        code = ord(char)
        if code == 0:
            return _("contém um caractere nulo (U+0000), que não é aceito em nomes")
        if 0xD800 <= code <= 0xDFFF:
            return _(
                "contém um caractere inválido (%(char)s, substituto UTF-16 isolado), que não é aceito em "
                "nomes"
            ) % {"char": _describe(char)}
        if (code < 0x20 or 0x7F <= code <= 0x9F) and not char.isspace():
            return _("contém um caractere de controle (%(char)s), que não é aceito em nomes") % {
                "char": _describe(char)
            }
    return None


def unstorable(text: str) -> str | None:
    """The first character of ``text`` that no database or UTF-8 writer accepts (a NUL or a
    lone surrogate), described as «U+XXXX», or None. Checked on every text of a file."""
    for char in text:
        code = ord(char)
        if code == 0 or 0xD800 <= code <= 0xDFFF:
            return _describe(char)
    return None


def digits(number: int) -> str:
    """A count as a Brazilian reads it in a message: 2.000.000."""
    return f"{number:,}".replace(",", ".")


def clip(text: str, limit: int = 60) -> str:
    """``text`` as an error message may echo it: at most ``limit`` characters, with «…» when
    cut, and with «�» in place of a NUL, a lone surrogate or another control character
    (a page or a terminal could not show them, and a UTF-8 writer fails on a surrogate)."""
    short = text if len(text) <= limit else text[:limit] + "…"
    return "".join("\ufffd" if _unshowable(c) else c for c in short)


def _unshowable(char: str) -> bool:
    code = ord(char)
    return code < 0x20 or 0x7F <= code <= 0x9F or 0xD800 <= code <= 0xDFFF
