"""An uploaded CSV or XLSX as rows of text, read within bounds no list of inscrições reaches.

A team list is small: 2,000 players at most, six columns, names of up to 200 characters.
The bounds below are far above that and far below what hurts the server, and each is
checked before the costly step it protects: the ZIP's members and their uncompressed
sizes before anything is decompressed, each member's XML (size, tags, shared strings,
text length, DOCTYPE) before openpyxl parses it, the number of columns before a row is
used. Anything past a bound, and anything that is not a CSV or an XLSX (a file that is
not a ZIP, malformed XML, a NUL, a lone surrogate), is a :class:`FileProblem` with a
pt-BR message naming the line and the rule; nothing the file says is echoed at length.
"""

from __future__ import annotations

import csv
import io
import zipfile
import zlib
from typing import Any
from xml.parsers import expat

from django.utils.translation import gettext as _

from core.text import clip, digits

# The upload itself: a 2,000-player list is about 160 KB as CSV and 60 KB as XLSX.
MAX_UPLOAD_BYTES = 2 * 1024 * 1024
MAX_ROWS = 2000  # players; the header is one more row
MAX_COLUMNS = 20  # six are known; room for the organizer's own notes
MAX_CELL_CHARS = 200  # the longest name the database keeps (Team.name, Player.name)

# XLSX is a ZIP of XML files. A 2,000-row list uncompresses to under 1 MB in all; a
# ZIP can hold a thousand times its size, so these bounds are checked on the central
# directory's sizes before anything is decompressed, and again while decompressing.
MAX_MEMBERS = 100  # a workbook saved by Excel or LibreOffice has about a dozen
MAX_MEMBER_BYTES = 5 * 1024 * 1024  # one uncompressed XML part
MAX_TOTAL_BYTES = 20 * 1024 * 1024  # all parts together
# Tags cost parse time (~0.6 s per million in the check below, more in openpyxl): a
# 2,000-row sheet has about 76,000. Counted as «<» bytes, an upper bound read without
# parsing.
MAX_MEMBER_TAGS = 250_000
MAX_TOTAL_TAGS = 1_000_000
# openpyxl loads the whole shared-string table before the first row (2 million strings
# cost 14.6 s of CPU); a 2,000-row list has at most 12,000 distinct texts.
MAX_SHARED_STRINGS = 50_000
MAX_XML_TEXT_CHARS = 32_767  # Excel's own limit for one cell's text


def _wrong_format(problem: str) -> str:
    """The problem, then how to save the file so that it reads."""
    return (
        problem
        + " "
        + _("Salve a planilha como «Pasta de Trabalho do Excel (.xlsx)» ou como «CSV UTF-8» e envie de novo.")
    )


class FileProblem(Exception):
    """The file cannot be read as a list of inscrições; ``line`` is 0 for the whole file."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


def read_rows(filename: str, raw: bytes, warnings: list[str]) -> list[list[str]]:
    """The file's rows as lists of text; an XLSX by its name or its ZIP signature."""
    if len(raw) > MAX_UPLOAD_BYTES:
        raise FileProblem(_("O arquivo tem mais de %(mb)d MB.") % {"mb": MAX_UPLOAD_BYTES // 1024 // 1024})
    if filename.lower().endswith(".xlsx") or raw[:2] == b"PK":
        return xlsx_rows(raw)
    return csv_rows(raw, warnings)


# --- CSV -------------------------------------------------------------------------------


def _line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def _decode(raw: bytes, warnings: list[str]) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        # UTF-8 but for an encoded lone surrogate (what a broken converter writes): say so,
        # rather than reading it as Windows-1252 and showing garbage.
        text = raw.decode("utf-8-sig", "surrogatepass")
    except UnicodeDecodeError:
        text = ""
    for i, char in enumerate(text):
        if 0xD800 <= ord(char) <= 0xDFFF:
            raise FileProblem(
                _wrong_format(
                    _(
                        "Contém um caractere inválido (%(char)s, substituto UTF-16 isolado), que não é "
                        "texto UTF-8 válido."
                    )
                    % {"char": f"U+{ord(char):04X}"}
                ),
                _line_of(text, i),
            )
    try:
        text = raw.decode("cp1252")
    except UnicodeDecodeError:
        raise FileProblem(_wrong_format(_("O arquivo não está em UTF-8 nem em Windows-1252."))) from None
    warnings.append(
        _("O arquivo não estava em UTF-8 e foi lido como Windows-1252: confira os acentos na prévia.")
    )
    return text


def csv_rows(raw: bytes, warnings: list[str]) -> list[list[str]]:
    text = _decode(raw, warnings)
    nul = text.find("\x00")
    if nul >= 0:
        raise FileProblem(
            _wrong_format(_("Contém um caractere nulo (U+0000): não parece ser um CSV.")), _line_of(text, nul)
        )
    try:
        dialect: Any = csv.Sniffer().sniff(text[:4096], delimiters=";,\t")
    except csv.Error:
        dialect = csv.excel
    rows: list[list[str]] = []
    try:
        for row in csv.reader(io.StringIO(text, newline=""), dialect):
            _check_row(row, len(rows) + 1)
            rows.append(row)
    except csv.Error:  # past the csv module's own limit for one cell (128 KB)
        raise FileProblem(
            _("CSV ilegível: uma célula passa de 128 KB (o máximo é %(max)d caracteres).")
            % {"max": MAX_CELL_CHARS},
            len(rows) + 1,
        ) from None
    return rows


def _check_row(row: list[Any], line: int) -> None:
    """Refuses the row past MAX_ROWS, with too many columns, or with a cell too long."""
    if line > MAX_ROWS + 1:
        raise FileProblem(_("O arquivo tem mais de %(max)d linhas de jogadores.") % {"max": MAX_ROWS}, line)
    used = len(row)
    while used and (row[used - 1] is None or row[used - 1] == ""):
        used -= 1
    if used > MAX_COLUMNS:
        raise FileProblem(
            _("A linha tem %(used)s colunas; o máximo é %(max)d (as seis do modelo e anotações).")
            % {"used": digits(used), "max": MAX_COLUMNS},
            line,
        )
    for i, cell in enumerate(row[:used]):
        if isinstance(cell, str) and len(cell) > MAX_CELL_CHARS:
            raise FileProblem(
                _("A célula da coluna %(column)d tem %(n)d caracteres; o máximo é %(max)d.")
                % {"column": i + 1, "n": len(cell), "max": MAX_CELL_CHARS},
                line,
            )


# --- XLSX ------------------------------------------------------------------------------


def _too_big(what: str) -> FileProblem:
    return FileProblem(
        _("A planilha é grande demais: %(what)s. Uma lista de inscrições é bem menor.") % {"what": what}
    )


def _members(raw: bytes) -> dict[str, bytes]:
    """Every member of the ZIP, decompressed, after checking the declared sizes."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
        infos = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError):
        raise FileProblem(
            _wrong_format(_("O arquivo não é uma planilha XLSX: não é um arquivo ZIP."))
        ) from None
    if len(infos) > MAX_MEMBERS:
        raise _too_big(
            _("%(n)d partes no arquivo ZIP (máximo %(max)d)") % {"n": len(infos), "max": MAX_MEMBERS}
        )
    for info in infos:
        if info.file_size > MAX_MEMBER_BYTES:
            raise _too_big(
                _("a parte «%(name)s» tem %(size)s bytes descompactada (máximo %(mb)d MB)")
                % {
                    "name": clip(info.filename),
                    "size": digits(info.file_size),
                    "mb": MAX_MEMBER_BYTES // 1024 // 1024,
                }
            )
    total = sum(info.file_size for info in infos)
    if total > MAX_TOTAL_BYTES:
        raise _too_big(
            _("%(size)s bytes descompactada (máximo %(mb)d MB)")
            % {"size": digits(total), "mb": MAX_TOTAL_BYTES // 1024 // 1024}
        )
    members: dict[str, bytes] = {}
    budget = MAX_TOTAL_BYTES
    for info in infos:
        if info.is_dir():
            continue
        limit = min(MAX_MEMBER_BYTES, budget)
        try:
            # zipfile stops at the size the central directory declares and then fails the
            # CRC check (a lying directory is «corrompida» below); reading at most one
            # byte past our own bound keeps the read bounded whatever zipfile does.
            with archive.open(info) as stream:
                data = stream.read(limit + 1)
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError, RuntimeError, NotImplementedError):
            raise FileProblem(
                _wrong_format(
                    _("A planilha está corrompida (parte «%(name)s» ilegível).")
                    % {"name": clip(info.filename)}
                )
            ) from None
        if len(data) > limit:
            raise _too_big(
                _("a parte «%(name)s» descompacta mais do que declara") % {"name": clip(info.filename)}
            )
        budget -= len(data)
        members[info.filename] = data
    return members


class _XmlCounts:
    """Handlers of one expat pass: counts shared strings (<si>) and the length of each
    text (<t>) or value (<v>), refusing at the first one past its bound."""

    def __init__(self) -> None:
        self.shared_strings = 0
        self.text = 0  # characters of the current <t>/<v>
        self.in_text = False

    def start(self, tag: str, _attrs: Any) -> None:
        local = tag.rpartition(":")[2]
        if local == "si":
            self.shared_strings += 1
            if self.shared_strings > MAX_SHARED_STRINGS:
                raise _too_big(
                    _("mais de %(max)s textos compartilhados") % {"max": digits(MAX_SHARED_STRINGS)}
                )
        elif local in ("t", "v"):
            self.in_text, self.text = True, 0

    def end(self, tag: str) -> None:
        self.in_text = False

    def chars(self, data: str) -> None:
        if self.in_text:
            self.text += len(data)
            if self.text > MAX_XML_TEXT_CHARS:
                raise _too_big(
                    _("uma célula tem mais de %(max)s caracteres, o limite do Excel")
                    % {"max": digits(MAX_XML_TEXT_CHARS)}
                )

    @staticmethod
    def refuse_doctype(*_args: Any) -> None:
        raise FileProblem(_wrong_format(_("A planilha contém uma declaração DOCTYPE, que um XLSX não tem.")))


def _check_xml(name: str, data: bytes) -> None:
    counts = _XmlCounts()
    parser = expat.ParserCreate()
    parser.buffer_text = True
    parser.StartElementHandler = counts.start
    parser.EndElementHandler = counts.end
    parser.CharacterDataHandler = counts.chars
    parser.StartDoctypeDeclHandler = counts.refuse_doctype
    parser.EntityDeclHandler = counts.refuse_doctype
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise FileProblem(
            _wrong_format(
                _(
                    "A planilha está corrompida: XML malformado na parte «%(name)s» (linha %(line)d, coluna "
                    "%(column)d)."
                )
                % {"name": clip(name), "line": exc.lineno, "column": exc.offset + 1}
            )
        ) from None


def _check_parts(members: dict[str, bytes]) -> None:
    total_tags = 0
    for name, data in members.items():
        if not name.lower().endswith((".xml", ".rels")):
            continue
        tags = data.count(b"<")
        total_tags += tags
        if tags > MAX_MEMBER_TAGS:
            raise _too_big(
                _("a parte «%(name)s» tem %(n)s marcas XML (máximo %(max)s)")
                % {"name": clip(name), "n": digits(tags), "max": digits(MAX_MEMBER_TAGS)}
            )
        if total_tags > MAX_TOTAL_TAGS:
            raise _too_big(_("mais de %(max)s marcas XML") % {"max": digits(MAX_TOTAL_TAGS)})
        _check_xml(name, data)


def _rezip(members: dict[str, bytes]) -> bytes:
    """The checked members in a new ZIP, so openpyxl reads exactly what was checked."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def xlsx_rows(raw: bytes) -> list[list[str]]:
    from openpyxl import load_workbook

    members = _members(raw)
    _check_parts(members)
    try:
        book = load_workbook(io.BytesIO(_rezip(members)), read_only=True, data_only=True, keep_links=False)
    except Exception:  # openpyxl raises a dozen kinds on a hostile workbook; none is ours
        raise FileProblem(
            _wrong_format(_("A planilha XLSX é ilegível (partes ausentes ou inválidas)."))
        ) from None
    rows: list[list[str]] = []
    try:
        if not book.worksheets:
            raise FileProblem(_("A planilha não tem nenhuma aba com dados."))
        for values in book.worksheets[0].iter_rows(values_only=True, max_col=MAX_COLUMNS + 1):
            _check_row(list(values), len(rows) + 1)
            rows.append([_text(v) for v in values[:MAX_COLUMNS]])
    except FileProblem:
        raise
    except Exception:  # a row openpyxl cannot read (a bad cell type, a bad reference…)
        raise FileProblem(
            _wrong_format(_("A planilha XLSX é ilegível na linha %(line)d.") % {"line": len(rows) + 1}),
            len(rows) + 1,
        ) from None
    finally:
        book.close()
    return rows
