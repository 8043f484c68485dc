"""Which Portuguese may stay on an English page, and the check that finds the rest.

Tenteio's English pages keep the rulebook's own terms in Portuguese (a chave is a
chave in every language: they are the proper names of the game, the words the
organizers, judges and players use at the table), and translate everything else.
``KEEP`` lists those terms; ``MUST_NOT`` lists ordinary Portuguese words that mean a
missing translation wherever they appear on an English page. Any other accented word
(``ç ã õ á é í ó ú â ê ô à``) that is not a KEEP term is reported too: English has
none, so it is a leak the lists did not foresee. ``ENGLISH`` goes the other way: words
left over from code or an untranslated default on a pt-BR page.

Data is not text of the site: team, player, CTG, tournament and place names are
Portuguese in both languages («Os Índios Vagos», «Galpão de Estância»). The checker is
given the event's own names and blanks every occurrence (longest first) before reading
the words, so the check does not depend on how each template marks its data: a name
shown in a heading, a table cell, an option or a sentence is removed all the same. The
browser side (``tests/e2e/test_languages.py``) also leaves out text an element marks as
another language (``lang`` different from the page's, e.g. the language switch's
«PT-BR») or as not to be translated (``translate="no"``), as the HTML standard means
those attributes.

Mixed constructions are reported as such: a Portuguese function word glued to a KEEP
term («da chave», «do capataz», «e rodadas» — the word alone, like «do» or «e», is also
English or an abbreviation), and the Portuguese ordinal marks «3º», «1ª» in English
text, where «3rd» belongs.

Pure Python (no Django, no browser), so ``tests/e2e/test_words.py`` runs it alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

# The rulebook's terms: they stay Portuguese in English pages (singular and plural).
# fmt: off
KEEP: frozenset[str] = frozenset(
    {
        "chave", "chaves", "rodada", "rodadas", "súmula", "súmulas", "capataz", "capatazes",
        "tento", "tentos", "truco", "jogo", "jogos", "partida", "partidas", "mesa", "mesas", "mata-mata",
        "mata-matas", "sorteio", "sorteios", "w.o.", "envido", "flor", "mão de onze", "mão de ferro", "trio",
        "trios", "dupla", "duplas", "ctg", "ctgs", "tenteio", "malo", "malos", "bueno",
        "buenos", "retruco", "vale quatro", "real envido", "falta envido", "contraflor",
        # Modality names are proper names (rules/modalities.py).
        "truco cego", "truco paulista", "truco goiano", "truco uruguaio", "truco gaudério",
        "truco amostra", "truco de amostra", "copa truco", "mano a mano", "jogo livre",
    }
)
# fmt: on

# Ordinary Portuguese: never on an English page. Short words that are also English
# («do», «no», «a», «as», «e», «o») are not here; see FUNCTION.
# fmt: off
MUST_NOT: frozenset[str] = frozenset(
    {
        # people and things
        "equipe", "equipes", "juiz", "juíza", "juízes", "árbitro",
        "organizador", "organizadora", "organizadores", "comissão", "jogador", "jogadores",
        "jogadora", "titular", "reserva", "reservas", "entidade", "entidades", "torneio",
        "torneios", "modalidade", "campeão", "campeã", "lugar", "fase", "fases",
        "quartas", "oitavas", "semifinais", "confronto", "direto", "vitória", "vitórias",
        "derrota", "derrotas", "empate", "empates", "pontos", "saldo", "cabeça", "chapéu",
        "folga", "desclassificação", "desclassificada", "classificação", "classificados",
        "classificadas", "resultado", "resultados", "programação", "horário", "horários",
        "inscrição", "inscrições", "inscrita", "inscritas", "painel", "gestão", "auditoria",
        "impressão", "imprimir", "histórico", "versão", "versões", "assinatura",
        "assinaturas", "avisos", "aviso", "senha", "usuário", "nome",
        "evento", "regras", "regra", "idioma", "início", "página", "público", "pública",
        "ao", "vivo",
        # states and actions
        "homologar", "homologada", "homologadas", "homologado", "homologação", "enviada",
        "enviadas", "enviar", "assinada", "assinadas", "assinar", "aguardando", "pendente",
        "pendentes", "encerradas", "encerrar", "reabrir", "salvar", "alterações", "voltar",
        "sair", "entrar", "editar", "excluir", "cancelar", "confirmar", "desfazer",
        "conferir", "gerar", "sortear", "filtrar", "atualizar", "selecionar", "adicionar",
        "inscrever", "importar", "exportar", "baixar", "abrir", "ver", "registrar",
        "próximo", "próxima", "anterior", "passo", "nenhum", "nenhuma", "todos", "todas",
        "sim", "não", "ainda", "já", "mais", "menos", "agora", "hoje", "também",
        "presente", "presentes", "ausente", "ausentes", "desistentes", "decididos",
        "placar", "placares", "mostrar", "marcados", "deslize", "meus", "minhas", "ganhas",
        "podem", "pode", "pois", "tamanhos", "diferentes", "criado", "criada", "sistema",
        "conferiu", "confirmou", "enviou", "homologou", "assinou", "mudou", "disputa",
        "disputado", "jogada", "jogar", "jogou", "rascunho", "detalhado", "penalidade",
        "penalidades", "errado", "cartas", "engano", "olhou", "falar", "passou", "demora",
        "vencedor", "cadeias", "primeiro", "primeiros", "quem", "entra", "exige", "abaixo",
        "conferidas", "recalculada", "registra", "mudar", "muda", "incluir", "fora",
        "chaveamento", "selecionadas", "datas", "depois", "antes", "decidir", "outra",
        "outro", "escolha", "deixe", "aceito", "cada", "linha", "fim", "ordem", "branco",
        "novo", "formato", "passa", "desde", "ser",
        # grammar words that are not English
        "de", "da", "das", "dos", "é", "são", "está", "estão", "foi", "com", "para", "uma",
        "um", "pela", "pelo", "pelas", "pelos", "aos", "às", "à", "sem", "por", "ou", "nas",
        "nos", "seu", "sua", "este", "esta", "essa", "esse", "que", "quando", "onde", "até",
    }
)
# fmt: on

# Portuguese words that are also English or an abbreviation («do», «e.g.», «OS»):
# reported only right before a KEEP term, where they can only be Portuguese («do
# capataz», «e rodadas»). «no», «a» and «as» are left out even there: «No mesa yet»,
# «a rodada», «as chaves go» are English.
FUNCTION: frozenset[str] = frozenset({"do", "e", "o", "os", "em", "na"})

# Left over from code or an untranslated default, on a pt-BR page (case matters:
# «Home» is English, «home» may be part of an address).
# fmt: off
ENGLISH: frozenset[str] = frozenset(
    {
        "Submit", "Save", "Loading", "Home", "None", "True", "False", "null", "undefined",
        "NaN", "Cancel", "Delete", "Edit", "Back", "Next", "Previous", "Search", "Logout",
        "Login", "Password", "Username", "Error", "Warning", "Success", "Yes", "Team",
        "Teams", "Round", "Match", "Judge", "Standings", "Results", "Schedule", "Bracket",
        "Draw", "Print", "Sign", "Signed", "Homologate", "Homologated", "Page", "Language",
    }
)
# fmt: on

ACCENTED = re.compile(r"[áàâãéêíóôõúüç]", re.IGNORECASE)
# «Art. 20 §1º» cites the rulebook's paragraph as printed: not an ordinal of the page.
ORDINAL = re.compile(r"(?<![§\d])(?<!§ )\d+\s?[ºª]")
ADDRESS = re.compile(r"\bhttps?://\S+|\S+@\S+\.\S+")
WORD = r"[^\W\d_]+(?:['’-][^\W\d_]+)*"
BLANK = " ¤ "  # where a data name was: no word, so no construction spans it


@dataclass(frozen=True)
class Leak:
    """One finding: on which page, which word, why, and the text around it."""

    page: str
    word: str
    kind: str  # "must-not", "accented", "mixed", "ordinal", "english"
    context: str  # up to 40 characters either side of the word
    block: str = ""  # the whole text it was found in, data names blanked

    def __str__(self) -> str:
        return f"{self.page}: «{self.word}» ({self.kind}) in «{self.context}»"


def _tokens() -> re.Pattern[str]:
    # Multi-word and dotted KEEP terms first, so «mão de onze» is one term, not «de».
    phrases = sorted((k for k in KEEP if not re.fullmatch(WORD, k)), key=len, reverse=True)
    keep = "|".join(re.escape(p) for p in phrases)
    return re.compile(rf"(?<![^\W_])(?P<keep>{keep})(?![^\W_])|(?P<word>{WORD})", re.IGNORECASE)


TOKENS = _tokens()


def strip_data(text: str, names: Iterable[str]) -> str:
    """``text`` with every occurrence of the event's names (and addresses) blanked."""
    text = ADDRESS.sub(BLANK, " ".join(text.split()))
    for name in sorted({" ".join(n.split()) for n in names if n.strip()}, key=len, reverse=True):
        # Whole words only, but a digit may touch the name: the DOM joins «J 3» and
        # «Trio Guaiaca» of two cells into «J 3Trio Guaiaca».
        text = re.sub(rf"(?<![^\W\d_]){re.escape(name)}(?![^\W\d_])", BLANK, text, flags=re.IGNORECASE)
    return text


def data_names(names: Iterable[str]) -> list[str]:
    """Each name and its parts around a dash or colon («Rodeio X — Truco Cego» is also
    shown as «Rodeio X»), the way pages shorten a tournament's name."""
    out: list[str] = []
    for name in names:
        out.append(name)
        out.extend(part for part in re.split(r"\s+[—–-]\s+|:\s+", name) if len(part) > 3)
    return out


def _around(text: str, start: int, end: int, width: int = 40) -> str:
    before = "…" if start > width else ""
    after = "…" if end + width < len(text) else ""
    return before + text[max(0, start - width) : end + width] + after


def _keep_right_after(text: str, m: re.Match[str], following: re.Match[str]) -> bool:
    """``following`` is a KEEP term separated from ``m`` by spaces only."""
    spaced = text[m.end() : following.start()].strip() == ""
    return spaced and bool(following.group("keep") or following.group().lower() in KEEP)


def english_page_leaks(page: str, chunks: Sequence[str], names: Iterable[str]) -> list[Leak]:
    """The Portuguese an English page should not show, one Leak per occurrence.

    ``chunks``: the page's texts a person reads (one per block of text or attribute);
    ``names``: the event's data, blanked first (see the module docstring)."""
    names = data_names(names)
    leaks: list[Leak] = []
    for chunk in chunks:
        text = strip_data(chunk, names).strip()
        found: list[tuple[int, Leak]] = []
        for m in ORDINAL.finditer(text):
            found.append(
                (m.start(), Leak(page, m.group().strip(), "ordinal", _around(text, m.start(), m.end()), text))
            )
        tokens = list(TOKENS.finditer(text))
        for i, m in enumerate(tokens):
            word = m.group().lower()
            if m.group("keep") or word in KEEP:
                continue
            if word in MUST_NOT:
                kind, shown, end = "must-not", m.group(), m.end()
            elif word in FUNCTION and i + 1 < len(tokens) and _keep_right_after(text, m, tokens[i + 1]):
                kind, shown, end = "mixed", f"{m.group()} {tokens[i + 1].group()}", tokens[i + 1].end()
            elif ACCENTED.search(word):
                kind, shown, end = "accented", m.group(), m.end()
            else:
                continue
            found.append((m.start(), Leak(page, shown, kind, _around(text, m.start(), end), text)))
        leaks += [leak for _, leak in sorted(found, key=lambda f: f[0])]
    return leaks


def portuguese_page_leaks(page: str, chunks: Sequence[str], names: Iterable[str]) -> list[Leak]:
    """English left over on a pt-BR page (``ENGLISH``, case-sensitive whole words)."""
    names = data_names(names)
    leaks: list[Leak] = []
    for chunk in chunks:
        text = strip_data(chunk, names).strip()
        for m in re.finditer(WORD, text):
            if m.group() in ENGLISH:
                leaks.append(Leak(page, m.group(), "english", _around(text, m.start(), m.end()), text))
    return leaks


def report(leaks: Sequence[Leak], width: int = 160) -> str:
    """One line per block of text with leaks, its words in the order found, pages in
    the order visited: «page: «w1», «w2» in «the block»»."""
    grouped: dict[tuple[str, str], list[str]] = {}
    for leak in leaks:
        words = grouped.setdefault((leak.page, leak.block or leak.context), [])
        if leak.word not in words:
            words.append(leak.word)
    lines = []
    for (page, block), words in grouped.items():
        shown = block if len(block) <= width else block[: width - 1] + "…"
        lines.append(f"{page}: {', '.join(f'«{w}»' for w in words)} in «{shown}»")
    return "\n".join(lines)
