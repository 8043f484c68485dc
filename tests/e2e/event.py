"""The event the browser plays: 16 trios with pt-BR names, and the scores of each jogo.

The CSV is what an organizer exports from a spreadsheet (semicolon-separated, UTF-8 with
a BOM). ``submit``, ``complete`` and ``finish`` record through the scoring services the
súmulas the browser does not type, exactly as a judge and an organizer would (save, the
capatazes' signatures, homologate).
"""

from __future__ import annotations

from typing import Any

from scoring.models import ScoreSheet
from scoring.services.entry import EntryData
from scoring.services.signing import sheet_sign
from scoring.services.workflow import sheet_homologate, sheet_save
from tournaments.models import Match, Team

CTGS = [
    "CTG Sentinela dos Pampas",
    "CTG Galpão de Estância",
    "CTG Querência Amada",
    "CTG Rincão da Fronteira",
]
TRIOS = [
    ("Trio Galponeiro", ["João da Silva", "Pedro Fagundes", "Luís Carvalho"]),
    ("Os Índios Vagos", ["Antônio Brum", "Valdir Gonçalves", "Sebastião Araújo"]),
    ("Trio Chimarrão", ["José Conceição", "Mário Simões", "Otávio Lemes"]),
    ("Os Tauras do Ijuí", ["Adão Peixoto", "Jerônimo Assunção", "Cândido Rosa"]),
    ("Trio da Coxilha", ["Flávio Müller", "Inácio Ribas", "Nélson Prestes"]),
    ("Os Peões de Lida", ["Ângelo Dorneles", "Genésio Tavares", "Osório Machado"]),
    ("Trio Guaiaca", ["Vitório Bastos", "Aurélio Nunes", "Irineu Câmara"]),
    ("Os Xirus do Pago", ["Tomás Vieira", "Sérgio Portela", "Lúcio Damasceno"]),
    ("Trio Minuano", ["Hélio Barcellos", "Dário Saldanha", "Élio Quadros"]),
    ("Os Carreteiros", ["Amância Ferraz", "Tereza Lopes", "Zélia Pacheco"]),
    ("Trio Picaço", ["Moisés Borba", "Teodoro Maciel", "Aníbal Cezimbra"]),
    ("Os Campeiros", ["Rogério Lança", "Tarcísio Paim", "Plácido Soares"]),
    ("Trio Tropeiro", ["Benício Caldas", "Onofre Pinto", "Geraldo Moraes"]),
    ("Os Gaudérios", ["Ramão Escobar", "Cássio Alencastro", "Domício Freitas"]),
    ("Trio Bagual", ["Lázaro Vaz", "Marçal Tatsch", "Joaquim Paixão"]),
    ("Os Sotreta", ["Ruí Figueiró", "Félix Godoy", "Vânia Chaves"]),
]
CAPTAINS = {name: players[0] for name, players in TRIOS}


def inscriptions_csv() -> bytes:
    """One line per player; the first of each trio is its capataz; two cabeças de chave."""
    lines = ["equipe;entidade;jogador;capataz;reserva;cabeça de chave"]
    for i, (team, players) in enumerate(TRIOS):
        seed = str(i // 8 + 1) if i % 8 == 0 else ""
        for j, player in enumerate(players):
            captain = "sim" if j == 0 else "não"
            lines.append(f"{team};{CTGS[i % len(CTGS)]};{player};{captain};não;{seed}")
    return ("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8")


def games(match: Match, winner_is_a: bool, loser: int = 13) -> list[list[int]]:
    """A 2–0 for one side, as the súmula lists it (team_a's tentos first)."""
    if winner_is_a:
        return [[24, loser], [24, loser]]
    return [[loser, 24], [loser, 24]]


def submit(
    match: Match, *, judge: Any, result: dict[str, Any], signers: list[Team] | None = None
) -> ScoreSheet:
    """Enter a súmula and record the given capatazes' signatures on paper (default: every
    side present), as the judge does at the table; nothing is homologated."""
    sheet = sheet_save(match=match, user=judge, data=EntryData(result=result), base_version=0, submit=True)
    if signers is None:
        signers = [t for t in (match.team_a, match.team_b) if t.key != result.get("walkover")]
    for team in signers:
        sheet = sheet_sign(match=match, user=judge, team=team, version=sheet.version)
    return sheet


def complete(match: Match, *, judge: Any, organizer: Any, result: dict[str, Any]) -> None:
    """Enter, sign (both capatazes, on paper) and homologate one súmula by the services."""
    sheet = submit(match, judge=judge, result=result)
    sheet_homologate(match=match, user=organizer, version=sheet.version)


def finish(match: Match, *, judge: Any, organizer: Any, late: Team) -> None:
    """The signature still missing on the sent súmula, then its homologation."""
    sheet = ScoreSheet.objects.get(match=match, confirmed=True)
    sheet = sheet_sign(match=match, user=judge, team=late, version=sheet.version)
    sheet_homologate(match=match, user=organizer, version=sheet.version)
