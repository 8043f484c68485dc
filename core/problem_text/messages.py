"""The Portuguese message of every problem code outside the hands (``rules.problems``),
as gettext msgids: settings, the result's shape, partidas, jogos, the mata-mata, sorteios.

The English text is in the catalog (locale/en). A message that counts something is a
:class:`Plural`: the param that picks the form, and the ``ngettext`` call with both forms.
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


Message = Promise | Plural


MESSAGES: dict[str, Message] = {
    "settings.unknown": _("Configuração desconhecida: {name}."),
    "settings.type_invalid": _("Configuração {name}: valor {value} inválido (esperado: {expected})."),
    "settings.best_of_invalid": _(
        "O número de partidas do jogo (melhor de) deve ser um inteiro ímpar ≥ 1 (informado: {value})."
    ),
    "settings.points_to_win_invalid": _(
        "Os tentos da partida devem ser um inteiro maior que zero (informado: {value})."
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
    "game.score_not_integer": _("os tentos de {team} devem ser um número inteiro (informado: {value})."),
    "game.score_negative": _("os tentos de {team} não podem ser negativos (informado: {value})."),
    "game.score_above_target": Plural(
        "target",
        lambda n: ngettext(
            "placar acima de {target} tento ({a}–{b}); pode ser registrado como {target} "
            "somente com confirmação.",
            "placar acima de {target} tentos ({a}–{b}); pode ser registrado como {target} "
            "somente com confirmação.",
            n,
        ),
    ),
    "game.score_far_above_target": Plural(
        "ceiling",
        lambda n: ngettext(
            "placar {a}–{b} impossível: nenhuma mão leva além de {ceiling} tento.",
            "placar {a}–{b} impossível: nenhuma mão leva além de {ceiling} tentos.",
            n,
        ),
    ),
    "game.score_clamped": Plural(
        "target",
        lambda n: ngettext(
            "placar {a}–{b} registrado com {target} tento para {team}.",
            "placar {a}–{b} registrado com {target} tentos para {team}.",
            n,
        ),
    ),
    "game.winner_not_at_target": Plural(
        "target",
        lambda n: ngettext(
            "o vencedor deve ter exatamente {target} tento (informado: {a}–{b}).",
            "o vencedor deve ter exatamente {target} tentos (informado: {a}–{b}).",
            n,
        ),
    ),
    "game.no_winner": _(
        "partida empatada sem vencedor ({a}–{b}); ela termina quando um lado chega a {target}."
    ),
    "game.tied_at_target": Plural(
        "target",
        lambda n: ngettext(
            "os dois lados não podem chegar a {target} tento (informado: {a}–{b}).",
            "os dois lados não podem chegar a {target} tentos (informado: {a}–{b}).",
            n,
        ),
    ),
    "game.time_not_allowed": Plural(
        "target",
        lambda n: ngettext(
            "partida encerrada por tempo ({a}–{b}) não é permitida nesta modalidade ({modality}); "
            "deve terminar em {target} tento ou por decisão da comissão.",
            "partida encerrada por tempo ({a}–{b}) não é permitida nesta modalidade ({modality}); "
            "deve terminar em {target} tentos ou por decisão da comissão.",
            n,
        ),
    ),
    "game.time_at_target": Plural(
        "target",
        lambda n: ngettext(
            "com {target} tento a partida terminou nos tentos, não por tempo (informado: {a}–{b}).",
            "com {target} tentos a partida terminou nos tentos, não por tempo (informado: {a}–{b}).",
            n,
        ),
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
