"""Importing inscrições from a CSV or XLSX file: parse, preview, then confirm.

One row per player, columns (header names compared without accents or case):
``equipe``, ``jogador`` (required), ``entidade``, ``capataz`` (sim/não), ``reserva``
(sim/não), ``cabeça de chave`` (1, 2, …). Nothing is written by ``import_preview``; the
view keeps the parsed teams (JSON) in the session and ``teams_register_many`` checks
them again against the database when the organizer confirms.

Encoding: UTF-8 with or without BOM; otherwise Windows-1252 (what Excel in Portuguese
saves as "CSV"), with a warning on the preview so the organizer checks the accents
before confirming. The file is read by ``spreadsheet`` within its bounds (2 MB, 2,000
rows, 20 columns, 200 characters a cell, and an XLSX's uncompressed size). Names are
stored as ``core.text.clean_name`` gives them and compared by ``name_key``. The
preview lists at most ``MAX_LISTED`` problems, each echoing at most 60 characters of
the file, and says how many more there are.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from core.numbers import whole_number
from core.text import clean_name, clip, name_key, name_problem
from tournaments.models import Tournament
from tournaments.services.closing import CLOSED_MESSAGE, registration_open
from tournaments.services.registration import (
    PlayerInput,
    RosterIndex,
    TeamInput,
    check_player,
    check_team,
)
from tournaments.services.spreadsheet import MAX_ROWS, MAX_UPLOAD_BYTES, FileProblem, read_rows

__all__ = [
    "COLUMNS",
    "MAX_LISTED",
    "MAX_ROWS",
    "MAX_UPLOAD_BYTES",
    "TEMPLATE_CSV",
    "import_preview",
    "template_csv",
]

MAX_LISTED = 20  # problems shown on the page; the rest are counted («e mais 42»)
COLUMNS = {
    "equipe": "team",
    "entidade": "entity",
    "jogador": "player",
    "capataz": "captain",
    "reserva": "reserve",
    "cabeca de chave": "seed",
}
LABELS = {v: k.replace("cabeca", "cabeça") for k, v in COLUMNS.items()}
REQUIRED = ("team", "player")
YES = {"sim", "s", "x", "1", "yes", "true", "verdadeiro"}
NO = {"nao", "n", "", "0", "no", "false", "falso"}
_TEMPLATE_PLAYERS = ("João da Silva", "Pedro Fagundes", "Luís Carvalho", "Antônio Brum")
_TEMPLATE_TEAM = {1: "Galponeiro", 2: "Dupla Galponeira", 3: "Trio Galponeiro"}


def template_csv(players: int = 3, reserves: int = 1) -> str:
    """The model file of a modality's team: its starters (the first one capataz) and, if
    the modality allows reserves, one reserve."""
    team = _TEMPLATE_TEAM.get(players, "Equipe Galponeira")
    names = [*_TEMPLATE_PLAYERS, *(f"Jogador {k}" for k in range(5, players + 3))]
    lines = ["equipe;entidade;jogador;capataz;reserva;cabeça de chave"]
    for k in range(players + min(reserves, 1)):
        captain, reserve = ("sim" if k == 0 else "não"), ("sim" if k >= players else "não")
        lines.append(f"{team};CTG Sentinela dos Pampas;{names[k]};{captain};{reserve};1")
    return "\r\n".join(lines) + "\r\n"


TEMPLATE_CSV = template_csv()  # a trio's, where no modality is named

HEADER = "equipe, entidade, jogador, capataz, reserva, cabeça de chave"


@dataclass
class ImportPreview:
    teams: list[TeamInput] = field(default_factory=list)
    errors: list[tuple[int, str]] = field(default_factory=list)  # (line, message); line 0 = file
    warnings: list[str] = field(default_factory=list)
    rows: int = 0
    more_errors: int = 0  # problems found but not listed (past MAX_LISTED)

    @property
    def ok(self) -> bool:
        return not self.errors and bool(self.teams)

    @property
    def error_count(self) -> int:
        return len(self.errors) + self.more_errors

    def finish(self) -> ImportPreview:
        """Problems in line order, the first MAX_LISTED kept and the rest counted."""
        self.errors.sort(key=lambda e: e[0])
        self.more_errors += max(0, len(self.errors) - MAX_LISTED)
        del self.errors[MAX_LISTED:]
        return self


def _flag(value: str) -> bool | None:
    key = name_key(value)
    if key in YES:
        return True
    if key in NO:
        return False
    return None


def import_preview(*, tournament: Tournament, filename: str, raw: bytes) -> ImportPreview:
    """Parse and check a file; the preview lists teams and the problems with their lines."""
    preview = ImportPreview()
    if not registration_open(tournament):
        preview.errors.append((0, str(CLOSED_MESSAGE)))
        return preview.finish()
    try:
        rows = read_rows(filename, raw, preview.warnings)
    except FileProblem as exc:
        preview.errors.append((exc.line, str(exc)))
        return preview.finish()
    while rows and not any(c.strip() for c in rows[-1]):
        rows.pop()
    if not rows:
        preview.errors.append((0, _("O arquivo está vazio.")))
        return preview.finish()
    columns = _header(rows[0], preview)
    if not preview.errors:
        _read_teams(tournament, rows, columns, preview)
    return preview.finish()


def _header(header: list[str], preview: ImportPreview) -> dict[str, int]:
    columns: dict[str, int] = {}
    for i, name in enumerate(header):
        key = name_key(name)
        if not key:
            continue
        if key not in COLUMNS:
            preview.errors.append(
                (
                    1,
                    _("Coluna desconhecida: «%(name)s». Use: %(header)s.")
                    % {"name": clip(name.strip()), "header": HEADER},
                )
            )
        elif COLUMNS[key] in columns:
            preview.errors.append((1, _("Coluna repetida: «%(name)s».") % {"name": clip(name.strip())}))
        else:
            columns[COLUMNS[key]] = i
    for required in REQUIRED:
        if required not in columns:
            preview.errors.append((1, _("Falta a coluna «%(name)s».") % {"name": LABELS[required]}))
    return columns


def _read_teams(
    tournament: Tournament, rows: list[list[str]], columns: dict[str, int], preview: ImportPreview
) -> None:
    def cell(row: list[str], name: str) -> str:
        i = columns.get(name)
        return row[i].strip() if i is not None and i < len(row) else ""

    teams: dict[str, tuple[TeamInput, list[int]]] = {}
    player_lines: dict[int, int] = {}  # id(PlayerInput) -> line
    # A team's rows come together: a name seen before, after another team's rows, is a
    # second team of the same name («as de espadas» after «Ás de Espadas»), said once
    # for its block instead of as the overfull roster it would make of both.
    last_key, repeated = "", ""
    for line, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue
        preview.rows += 1
        bad = [(c, name_problem(cell(row, c))) for c in ("team", "entity", "player")]
        bad = [(c, problem) for c, problem in bad if problem]
        if bad:
            for column, problem in bad:
                preview.errors.append(
                    (
                        line,
                        _("Coluna «%(name)s»: o texto %(problem)s.")
                        % {"name": LABELS[column], "problem": problem},
                    )
                )
            continue
        name, player = clean_name(cell(row, "team")), clean_name(cell(row, "player"))
        entity = clean_name(cell(row, "entity"))
        if not name:
            preview.errors.append((line, _("Falta o nome da equipe.")))
            continue
        if not player:
            preview.errors.append(
                (line, _("Falta o nome do jogador (equipe «%(team)s»).") % {"team": clip(name)})
            )
            continue
        captain, reserve = _flag(cell(row, "captain")), _flag(cell(row, "reserve"))
        if captain is None or reserve is None:
            preview.errors.append((line, _("Capataz e reserva: use «sim» ou «não».")))
            continue
        seed_text = cell(row, "seed")
        seed = None
        if seed_text:
            seed = whole_number(seed_text, 4)
            if not seed:
                preview.errors.append(
                    (
                        line,
                        _("Cabeça de chave «%(seed)s»: use 1, 2, 3… ou deixe vazio.")
                        % {"seed": clip(seed_text)},
                    )
                )
                continue
        key = name_key(name)
        if key == repeated:
            continue  # the rest of a repeated team's block: said once, below
        if key in teams and key != last_key:
            first = teams[key][1]
            preview.errors.append(
                (
                    line,
                    _(
                        "Equipe «%(team)s» (linha %(line)d): nome repetido — «%(other)s» já está "
                        "nas linhas %(first)d–%(last)d (as linhas de uma equipe vêm juntas)."
                    )
                    % {
                        "team": clip(name),
                        "line": line,
                        "other": clip(teams[key][0].name),
                        "first": first[0],
                        "last": first[-1],
                    },
                )
            )
            last_key, repeated = "", key
            continue
        last_key, repeated = key, ""
        if key not in teams:
            teams[key] = (TeamInput(name=name, entity=entity, seed=seed), [])
        team, lines = teams[key]
        lines.append(line)
        if entity and name_key(entity) != name_key(team.entity):
            preview.errors.append(
                (
                    line,
                    _("Entidade diferente das outras linhas da equipe «%(team)s».")
                    % {"team": clip(team.name)},
                )
            )
        if seed is not None and team.seed not in (None, seed):
            preview.errors.append(
                (
                    line,
                    _("Cabeça de chave diferente das outras linhas da equipe «%(team)s».")
                    % {"team": clip(team.name)},
                )
            )
        team.seed = team.seed or seed
        p = PlayerInput(player, bool(captain), bool(reserve))
        team.players.append(p)
        player_lines[id(p)] = line
    index = RosterIndex.load(tournament)
    modality = tournament.rules()
    for team, lines in teams.values():
        if len(lines) == 1:
            where = _("Equipe «%(team)s» (linha %(line)d)") % {"team": clip(team.name), "line": lines[0]}
        else:
            where = _("Equipe «%(team)s» (linhas %(first)d–%(last)d)") % {
                "team": clip(team.name),
                "first": lines[0],
                "last": lines[-1],
            }
        for _field, msg in check_team(modality, team, index, with_players=False):
            preview.errors.append((lines[0], f"{where}: {msg}"))
        seen: set[str] = set()
        for p in team.players:
            for msg in check_player(p.name, index, seen):
                preview.errors.append((player_lines[id(p)], msg))
        index.add(team)
        preview.teams.append(team)
    if not preview.teams and not preview.errors:
        preview.errors.append((0, _("Nenhuma equipe no arquivo.")))
