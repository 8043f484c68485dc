"""The Portuguese message of every problem code outside the hands (``rules.problems``),
as gettext msgids: settings, the result's shape, partidas, jogos, the mata-mata, sorteios.

The English text is in the catalog (locale/en). A message that counts something is a
:class:`Plural`: the param that picks the form, and the ``ngettext`` call with both forms;
one whose only counted word is the modality's points is a :class:`Counted` (``{points}``
takes the form, ``core.problem_text.render``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext


@dataclass(frozen=True, slots=True)
class Plural:
    """A message with a count in it. ``forms`` takes the count and returns the form for
    it in the active language; each one is written as an ``ngettext`` call so that
    makemessages finds both forms."""

    count: str
    forms: Callable[[int], str]


@dataclass(frozen=True, slots=True)
class Counted:
    """A message that names the modality's points next to a count: ``{points}`` is
    «tento» or «tentos» (or «ponto(s)», ``core.words``) as the value of ``count`` asks."""

    count: str
    text: Promise

    def __str__(self) -> str:
        return str(self.text)


Message = Promise | Plural | Counted


MESSAGES: dict[str, Message] = {
    "settings.unknown": _("Configuração desconhecida: {name}."),
    "settings.type_invalid": _("Configuração {name}: valor {value} inválido (esperado: {expected})."),
    "settings.best_of_invalid": _(
        "O número de partidas do jogo (melhor de) deve ser um inteiro ímpar ≥ 1 (informado: {value})."
    ),
    "settings.points_to_win_invalid": _(
        "Os {points} da partida devem ser um inteiro maior que zero (informado: {value})."
    ),
    "settings.value_too_small": _(
        "Configuração {name}: o valor deve ser no mínimo {minimum} (informado: {value})."
    ),
    "settings.choice_invalid": _("Configuração {name}: valor {value} inválido (opções: {choices})."),
    "settings.tiebreaker_unknown": _("Critério de desempate desconhecido em {name}: {value}."),
    "settings.tiebreaker_duplicate": _("Critério de desempate repetido em {name}: {value}."),
    "settings.tiebreakers_empty": _("A lista de {name} não pode ser vazia."),
    "settings.partida_minutes_required": _(
        "Com vitória por maior pontuação no tempo, informe a duração da partida em minutos."
    ),
    "result.not_object": _("O resultado da súmula deve ser um objeto (informado: {value})."),
    "result.unknown_key": _("Campo desconhecido no resultado: {key}."),
    "result.field_invalid": _("Campo {field} do resultado inválido."),
    # Two counts in one sentence: said as values, so no plural form depends on both.
    "result.endings_length": _(
        "O número de formas de término ({endings}) não confere com o de partidas ({games})."
    ),
    "game.malformed": _("a linha deve ter exatamente dois placares (informado: {value})."),
    "game.ending_unknown": _("forma de término desconhecida: {value}."),
    "game.score_not_integer": _("os {points} de {team} devem ser um número inteiro (informado: {value})."),
    "game.score_negative": _("os {points} de {team} não podem ser negativos (informado: {value})."),
    "game.score_above_target": Counted(
        "target",
        _(
            "placar acima de {target} {points} ({a}–{b}); pode ser registrado como {target} "
            "somente com confirmação."
        ),
    ),
    "game.score_far_above_target": Counted(
        "ceiling",
        _("placar {a}–{b} impossível: nenhuma mão leva além de {ceiling} {points}."),
    ),
    "game.score_clamped": Counted(
        "target",
        _("placar {a}–{b} registrado com {target} {points} para {team}."),
    ),
    "game.winner_not_at_target": Counted(
        "target",
        _("o vencedor deve ter exatamente {target} {points} (informado: {a}–{b})."),
    ),
    "game.no_winner": _(
        "partida empatada sem vencedor ({a}–{b}); ela termina quando um lado chega a {target}."
    ),
    "game.tied_at_target": Counted(
        "target",
        _("os dois lados não podem chegar a {target} {points} (informado: {a}–{b})."),
    ),
    "game.time_not_allowed": Counted(
        "target",
        _(
            "partida encerrada por tempo ({a}–{b}) não é permitida nesta modalidade ({modality}); "
            "deve terminar em {target} {points} ou por decisão da comissão."
        ),
    ),
    "game.time_at_target": Counted(
        "target",
        _("com {target} {points} a partida terminou nos {points}, não por tempo (informado: {a}–{b})."),
    ),
    "game.time_tie_not_allowed": _("a partida de desempate não pode terminar empatada."),
    "game.dq_not_allowed": _(
        "desclassificação de uma só partida não é permitida nesta modalidade ({modality})."
    ),
    "game.dq_offender_required": _("partida terminada por desclassificação sem a equipe desclassificada."),
    "game.dq_at_target": _(
        "na desclassificação da partida os placares devem estar abaixo de {target} (informado: {a}–{b})."
    ),
    "match.no_games": _("A súmula não tem partidas, nem W.O., desclassificação ou decisão da comissão."),
    "match.game_after_decided": _("partida registrada depois que {winner} já tinha vencido o jogo."),
    "match.too_many_games": Plural(
        "count",
        lambda n: ngettext(
            "O jogo tem {count} partida; o máximo é {maximum}.",
            "O jogo tem {count} partidas; o máximo é {maximum}.",
            n,
        ),
    ),
    "match.tiebreak_not_allowed": _("partida de desempate não é permitida nesta modalidade ({modality})."),
    "match.undecided": Plural(
        "needed",
        lambda n: ngettext(
            "Jogo sem vencedor: {wins_a}–{wins_b} em partidas, é necessária {needed} vitória.",
            "Jogo sem vencedor: {wins_a}–{wins_b} em partidas, são necessárias {needed} vitórias.",
            n,
        ),
    ),
    "match.conflicting_outcomes": _("A súmula registra ao mesmo tempo: {outcomes}."),
    "match.walkover_with_games": Plural(
        "count",
        lambda n: ngettext(
            "W.O. não pode ter partidas jogadas: a súmula tem {count} partida.",
            "W.O. não pode ter partidas jogadas: a súmula tem {count} partidas.",
            n,
        ),
    ),
    "match.walkover_unknown_team": _("W.O. de equipe que não está neste jogo: {team}."),
    "match.disqualification_unknown_team": _("Desclassificação de equipe que não está neste jogo: {team}."),
    "match.disqualification_article_required": _(
        "A desclassificação de {team} deve indicar o inciso do Art. 20."
    ),
    "match.disqualification_article_invalid": _(
        "Inciso inválido na desclassificação de {team}: {article} (use 20-I a 20-VIII)."
    ),
    "match.disqualification_scope_mismatch": _(
        "A desclassificação de {team} pelo inciso {article} vale para {expected}, não para {scope}."
    ),
    "match.disqualification_scope_unknown": _("Alcance de desclassificação desconhecido: {value}."),
    "match.disqualification_after_decided": _(
        "Desclassificação registrada depois que {winner} já tinha vencido o jogo."
    ),
    "match.disqualification_game_missing": _(
        "A desclassificação de partida de {team} não aparece em nenhuma partida."
    ),
    "match.game_disqualification_not_allowed": _(
        "Desclassificação de uma só partida ({team}) não é permitida nesta modalidade ({modality})."
    ),
    "match.commission_not_allowed": _(
        "Decisão da comissão por tempo não é permitida nesta modalidade ({modality})."
    ),
    "match.commission_winner_required": _("A decisão da comissão deve indicar o vencedor do jogo."),
    "match.commission_unknown_team": _("A comissão indicou uma equipe que não está neste jogo: {team}."),
    "match.commission_after_decided": _(
        "Decisão da comissão registrada depois que {winner} já tinha vencido o jogo."
    ),
    "match.same_team": _("Jogo de uma equipe contra ela mesma: {team}."),
    "match.expelled_team_played": _(
        "{team} foi desclassificada do torneio e não pode jogar; o jogo deve ser W.O."
    ),
    "knockout.third_place_not_allowed": _(
        "Esta modalidade ({modality}) não tem disputa de 3º lugar: os dois perdedores das "
        "semifinais ficam em 3º."
    ),
    "knockout.team_eliminated": _(
        "{team} foi eliminada na rodada {lost_round} e não pode jogar a rodada {round}."
    ),
    "knockout.feeder_undecided": _(
        "{team} joga a rodada {round} sem ter vencido o jogo anterior do chaveamento."
    ),
    "knockout.not_in_bracket": _("O jogo {teams_text} da rodada {round} não é um confronto do chaveamento."),
    "lots.not_a_tie": _(
        "O sorteio deve ordenar exatamente as equipes de um empate que aguarda sorteio; {teams_text} não são."
    ),
}
