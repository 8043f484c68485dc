"""Importing inscrições from a CSV or XLSX file: parse, preview, then confirm.

One row per player, columns (header names compared without accents or case):
``equipe``, ``jogador`` (required), ``entidade``, ``capataz`` (sim/não), ``reserva``
(sim/não), ``cabeça de chave`` (1, 2, …). Nothing is written by ``import_preview``; the
view keeps the parsed teams (JSON) in the session and ``teams_register_many`` checks
them again against the database when the organizer confirms.

Encoding: UTF-8 with or without BOM; otherwise Windows-1252 (what Excel in Portuguese
saves as "CSV"), with a warning on the preview so the organizer checks the accents
before confirming. Limits: 2 MB and 2,000 rows.
"""

from __future__ import annotations

import csv
import io
import zipfile
from dataclasses import dataclass, field
from typing import Any

from core.numbers import whole_number
from tournaments.models import Tournament
from tournaments.services.registration import (
    PlayerInput,
    RosterIndex,
    TeamInput,
    check_player,
    check_team,
    normalize_name,
)

MAX_BYTES = 2 * 1024 * 1024
MAX_ROWS = 2000
COLUMNS = {
    "equipe": "team",
    "entidade": "entity",
    "jogador": "player",
    "capataz": "captain",
    "reserva": "reserve",
    "cabeca de chave": "seed",
}
REQUIRED = ("team", "player")
YES = {"sim", "s", "x", "1", "yes", "true", "verdadeiro"}
NO = {"nao", "n", "", "0", "no", "false", "falso"}
TEMPLATE_CSV = (
    "equipe;entidade;jogador;capataz;reserva;cabeça de chave\r\n"
    "Trio Galponeiro;CTG Sentinela dos Pampas;João da Silva;sim;não;1\r\n"
    "Trio Galponeiro;CTG Sentinela dos Pampas;Pedro Fagundes;não;não;1\r\n"
    "Trio Galponeiro;CTG Sentinela dos Pampas;Luís Carvalho;não;não;1\r\n"
    "Trio Galponeiro;CTG Sentinela dos Pampas;Antônio Brum;não;sim;1\r\n"
)

HEADER = "equipe, entidade, jogador, capataz, reserva, cabeça de chave"


@dataclass
class ImportPreview:
    teams: list[TeamInput] = field(default_factory=list)
    errors: list[tuple[int, str]] = field(default_factory=list)  # (line, message); line 0 = file
    warnings: list[str] = field(default_factory=list)
    rows: int = 0

    @property
    def ok(self) -> bool:
        return not self.errors and bool(self.teams)


class FileProblem(Exception):
    pass


def _decode(raw: bytes, preview: ImportPreview) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        text = raw.decode("cp1252")
    except UnicodeDecodeError:
        raise FileProblem(
            "O arquivo não está em UTF-8 nem em Windows-1252: salve-o como «CSV UTF-8»."
        ) from None
    preview.warnings.append(
        "O arquivo não estava em UTF-8 e foi lido como Windows-1252: confira os acentos na prévia."
    )
    return text


def _csv_rows(raw: bytes, preview: ImportPreview) -> list[list[str]]:
    text = _decode(raw, preview)
    if "\x00" in text:
        raise FileProblem("O arquivo não parece ser um CSV (contém bytes nulos).")
    sample = text[:4096]
    try:
        dialect: Any = csv.Sniffer().sniff(sample, delimiters=";,\t")
    except csv.Error:
        dialect = csv.excel
    rows = []
    try:
        for row in csv.reader(io.StringIO(text, newline=""), dialect):
            rows.append(row)
            if len(rows) > MAX_ROWS + 1:
                raise FileProblem(f"O arquivo tem mais de {MAX_ROWS} linhas de jogadores.")
    except csv.Error as exc:  # e.g. a cell longer than the csv module's field limit
        raise FileProblem(f"CSV ilegível na linha {len(rows) + 1}: {str(exc)[:80]}") from None
    return rows


def _xlsx_rows(raw: bytes) -> list[list[str]]:
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, OSError, ValueError) as exc:
        raise FileProblem(f"Planilha XLSX ilegível ({type(exc).__name__}).") from None
    sheet = book.worksheets[0]
    rows = []
    for values in sheet.iter_rows(values_only=True, max_col=20):
        rows.append(
            [
                "" if v is None else str(int(v) if isinstance(v, float) and v.is_integer() else v)
                for v in values
            ]
        )
        if len(rows) > MAX_ROWS + 1:
            raise FileProblem(f"A planilha tem mais de {MAX_ROWS} linhas de jogadores.")
    book.close()
    return rows


def _flag(value: str) -> bool | None:
    key = normalize_name(value)
    if key in YES:
        return True
    if key in NO:
        return False
    return None


def import_preview(*, tournament: Tournament, filename: str, raw: bytes) -> ImportPreview:
    """Parse and check a file; the preview lists teams and every problem with its line."""
    preview = ImportPreview()
    if len(raw) > MAX_BYTES:
        preview.errors.append((0, "O arquivo tem mais de 2 MB."))
        return preview
    try:
        is_xlsx = filename.lower().endswith(".xlsx") or raw[:2] == b"PK"
        rows = _xlsx_rows(raw) if is_xlsx else _csv_rows(raw, preview)
    except FileProblem as exc:
        preview.errors.append((0, str(exc)))
        return preview
    while rows and not any(c.strip() for c in rows[-1]):
        rows.pop()
    if not rows:
        preview.errors.append((0, "O arquivo está vazio."))
        return preview
    columns = _header(rows[0], preview)
    if preview.errors:
        return preview
    _read_teams(tournament, rows, columns, preview)
    return preview


def _header(header: list[str], preview: ImportPreview) -> dict[str, int]:
    columns: dict[str, int] = {}
    for i, name in enumerate(header):
        key = normalize_name(name)
        if not key:
            continue
        if key not in COLUMNS:
            preview.errors.append(
                (
                    1,
                    f"Coluna desconhecida: «{name.strip()}». Use: {HEADER}.",
                )
            )
        elif COLUMNS[key] in columns:
            preview.errors.append((1, f"Coluna repetida: «{name.strip()}»."))
        else:
            columns[COLUMNS[key]] = i
    for required in REQUIRED:
        if required not in columns:
            label = next(k for k, v in COLUMNS.items() if v == required)
            preview.errors.append((1, f"Falta a coluna «{label}»."))
    return columns


def _read_teams(
    tournament: Tournament, rows: list[list[str]], columns: dict[str, int], preview: ImportPreview
) -> None:
    def cell(row: list[str], name: str) -> str:
        i = columns.get(name)
        return row[i].strip() if i is not None and i < len(row) else ""

    teams: dict[str, tuple[TeamInput, list[int]]] = {}
    player_lines: dict[int, tuple[str, int]] = {}  # id(PlayerInput) -> name, line
    for line, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue
        preview.rows += 1
        name, player = cell(row, "team"), cell(row, "player")
        if not name:
            preview.errors.append((line, "Falta o nome da equipe."))
            continue
        if not player:
            preview.errors.append((line, f"Falta o nome do jogador (equipe «{name}»)."))
            continue
        captain, reserve = _flag(cell(row, "captain")), _flag(cell(row, "reserve"))
        if captain is None or reserve is None:
            preview.errors.append((line, "Capataz e reserva: use «sim» ou «não»."))
            continue
        seed_text = cell(row, "seed")
        seed = None
        if seed_text:
            seed = whole_number(seed_text, 4)
            if not seed:
                preview.errors.append((line, f"Cabeça de chave «{seed_text}»: use 1, 2, 3… ou deixe vazio."))
                continue
        key = normalize_name(name)
        if key not in teams:
            teams[key] = (TeamInput(name=" ".join(name.split()), entity=cell(row, "entity"), seed=seed), [])
        team, lines = teams[key]
        lines.append(line)
        if cell(row, "entity") and normalize_name(cell(row, "entity")) != normalize_name(team.entity):
            preview.errors.append((line, f"Entidade diferente das outras linhas da equipe «{team.name}»."))
        if seed is not None and team.seed not in (None, seed):
            preview.errors.append(
                (line, f"Cabeça de chave diferente das outras linhas da equipe «{team.name}».")
            )
        team.seed = team.seed or seed
        p = PlayerInput(player, bool(captain), bool(reserve))
        team.players.append(p)
        player_lines[id(p)] = (player, line)
    index = RosterIndex.load(tournament)
    modality = tournament.rules()
    for team, lines in teams.values():
        span = f"{lines[0]}" if len(lines) == 1 else f"{lines[0]}–{lines[-1]}"
        for _field, msg in check_team(modality, team, index, with_players=False):
            preview.errors.append((lines[0], f"Equipe «{team.name}» (linhas {span}): {msg}"))
        seen: set[str] = set()
        for p in team.players:
            for msg in check_player(p.name, index, seen):
                preview.errors.append((player_lines[id(p)][1], msg))
        index.add(team)
        preview.teams.append(team)
    preview.errors.sort(key=lambda e: e[0])
    if not preview.teams and not preview.errors:
        preview.errors.append((0, "Nenhuma equipe no arquivo."))
