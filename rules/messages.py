"""Human text for every problem code, in pt-BR (the default) and English.

Messages use the rulebook's words (partida, jogo, tentos, súmula, W.O., desclassificação,
comissão); a partida-level problem is prefixed "Partida N: " / "Game N: ". Parameters
are interpolated by name; ``MESSAGES`` must have both languages for every code in
``rules.problems.CODES`` (a test enforces it).
"""

from __future__ import annotations

from rules.hands.messages import HAND_MESSAGES
from rules.problems import Problem

PT = "pt-br"
EN = "en"

# code -> (pt-BR, English)
MESSAGES: dict[str, tuple[str, str]] = {
    "settings.unknown": (
        "Configuração desconhecida: {name}.",
        "Unknown setting: {name}.",
    ),
    "settings.type_invalid": (
        "Configuração {name}: valor {value} inválido (esperado: {expected}).",
        "Setting {name}: invalid value {value} (expected: {expected}).",
    ),
    "settings.best_of_invalid": (
        "O número de partidas do jogo (melhor de) deve ser um inteiro ímpar ≥ 1 (informado: {value}).",
        "best_of must be an odd integer ≥ 1 (given: {value}).",
    ),
    "settings.points_to_win_invalid": (
        "Os tentos da partida devem ser um inteiro maior que zero (informado: {value}).",
        "points_to_win must be an integer greater than zero (given: {value}).",
    ),
    "settings.value_too_small": (
        "Configuração {name}: o valor deve ser no mínimo {minimum} (informado: {value}).",
        "Setting {name}: the value must be at least {minimum} (given: {value}).",
    ),
    "settings.choice_invalid": (
        "Configuração {name}: valor {value} inválido (opções: {choices}).",
        "Setting {name}: invalid value {value} (choices: {choices}).",
    ),
    "settings.tiebreaker_unknown": (
        "Critério de desempate desconhecido em {name}: {value}.",
        "Unknown tiebreaker in {name}: {value}.",
    ),
    "settings.tiebreaker_duplicate": (
        "Critério de desempate repetido em {name}: {value}.",
        "Tiebreaker listed twice in {name}: {value}.",
    ),
    "settings.tiebreakers_empty": (
        "A lista de critérios {name} não pode ser vazia.",
        "The criteria list {name} cannot be empty.",
    ),
    "settings.partida_minutes_required": (
        "Com vitória por maior pontuação no tempo, informe a duração da partida (partida_minutes).",
        "A higher-score time limit needs the partida duration (partida_minutes).",
    ),
    "result.not_object": (
        "O resultado da súmula deve ser um objeto (informado: {value}).",
        "The result must be an object (given: {value}).",
    ),
    "result.unknown_key": (
        "Campo desconhecido no resultado: {key}.",
        "Unknown key in the result: {key}.",
    ),
    "result.field_invalid": (
        "Campo {field} do resultado inválido.",
        "Invalid result field {field}.",
    ),
    "result.endings_length": (
        "O resultado tem {games} partidas mas {endings} formas de término.",
        "The result has {games} games but {endings} endings.",
    ),
    "game.malformed": (
        "a linha deve ter exatamente dois placares (informado: {value}).",
        "the row must hold exactly two scores (given: {value}).",
    ),
    "game.ending_unknown": (
        "forma de término desconhecida: {value}.",
        "unknown ending: {value}.",
    ),
    "game.score_not_integer": (
        "os tentos de {team} devem ser um número inteiro (informado: {value}).",
        "{team}'s score must be an integer (given: {value}).",
    ),
    "game.score_negative": (
        "os tentos de {team} não podem ser negativos (informado: {value}).",
        "{team}'s score cannot be negative (given: {value}).",
    ),
    "game.score_above_target": (
        "placar acima de {target} tentos ({a}–{b}); pode ser registrado como {target} "
        "somente com confirmação.",
        "score above {target} ({a}–{b}); it can be recorded as {target} only on request.",
    ),
    "game.score_far_above_target": (
        "placar {a}–{b} impossível: nenhuma mão leva além de {ceiling} tentos.",
        "impossible score {a}–{b}: no single hand reaches beyond {ceiling}.",
    ),
    "game.score_clamped": (
        "placar {a}–{b} registrado com {target} tentos para {team}.",
        "score {a}–{b} recorded with {target} for {team}.",
    ),
    "game.winner_not_at_target": (
        "o vencedor deve ter exatamente {target} tentos (informado: {a}–{b}).",
        "the winner must have exactly {target} points (given: {a}–{b}).",
    ),
    "game.no_winner": (
        "partida empatada sem vencedor ({a}–{b}); ela termina quando um lado chega a {target}.",
        "tied game with no winner ({a}–{b}); it ends when a side reaches {target}.",
    ),
    "game.tied_at_target": (
        "os dois lados não podem chegar a {target} tentos (informado: {a}–{b}).",
        "both sides cannot reach {target} points (given: {a}–{b}).",
    ),
    "game.time_not_allowed": (
        "partida encerrada por tempo ({a}–{b}) não é permitida nesta modalidade ({modality}); "
        "deve terminar em {target} tentos ou por decisão da comissão.",
        "a game ended by time ({a}–{b}) is not allowed in this modality ({modality}); "
        "it must end at {target} or by a commission decision.",
    ),
    "game.time_at_target": (
        "com {target} tentos a partida terminou nos tentos, não por tempo (informado: {a}–{b}).",
        "a side on {target} won on points, not on time (given: {a}–{b}).",
    ),
    "game.time_tie_not_allowed": (
        "a partida de desempate não pode terminar empatada.",
        "the tiebreak game cannot end in a tie.",
    ),
    "game.dq_not_allowed": (
        "desclassificação de uma só partida não é permitida nesta modalidade ({modality}).",
        "disqualification from a single game is not allowed in this modality ({modality}).",
    ),
    "game.dq_offender_required": (
        "partida terminada por desclassificação sem a equipe desclassificada.",
        "game ended by disqualification without the disqualified team.",
    ),
    "game.dq_at_target": (
        "na desclassificação da partida os placares devem estar abaixo de {target} (informado: {a}–{b}).",
        "in a game disqualification the scores must be below {target} (given: {a}–{b}).",
    ),
    "match.no_games": (
        "A súmula não tem partidas, nem W.O., desclassificação ou decisão da comissão.",
        "The score sheet has no games, walkover, disqualification or commission decision.",
    ),
    "match.game_after_decided": (
        "partida registrada depois que {winner} já tinha vencido o jogo.",
        "game recorded after {winner} had already won the match.",
    ),
    "match.too_many_games": (
        "O jogo tem {count} partidas; o máximo é {maximum}.",
        "The match has {count} games; the maximum is {maximum}.",
    ),
    "match.tiebreak_not_allowed": (
        "partida de desempate não é permitida nesta modalidade ({modality}).",
        "a tiebreak game is not allowed in this modality ({modality}).",
    ),
    "match.undecided": (
        "Jogo sem vencedor: {wins_a}–{wins_b} em partidas, são necessárias {needed} vitórias.",
        "Match without a winner: {wins_a}–{wins_b} in games, {needed} wins are needed.",
    ),
    "match.conflicting_outcomes": (
        "A súmula registra ao mesmo tempo: {outcomes}.",
        "The score sheet records at the same time: {outcomes}.",
    ),
    "match.walkover_with_games": (
        "W.O. não pode ter partidas jogadas (informadas: {count}).",
        "A walkover cannot have games played (given: {count}).",
    ),
    "match.walkover_unknown_team": (
        "W.O. de equipe que não está neste jogo: {team}.",
        "Walkover by a team that is not in this match: {team}.",
    ),
    "match.disqualification_unknown_team": (
        "Desclassificação de equipe que não está neste jogo: {team}.",
        "Disqualification of a team that is not in this match: {team}.",
    ),
    "match.disqualification_article_required": (
        "A desclassificação de {team} deve indicar o inciso do Art. 20.",
        "The disqualification of {team} must give the Art. 20 item.",
    ),
    "match.disqualification_article_invalid": (
        "Inciso inválido na desclassificação de {team}: {article} (use 20-I a 20-VIII).",
        "Invalid item in the disqualification of {team}: {article} (use 20-I to 20-VIII).",
    ),
    "match.disqualification_scope_mismatch": (
        "A desclassificação de {team} pelo inciso {article} vale para {expected}, não para {scope}.",
        "The disqualification of {team} under item {article} applies to {expected}, not to {scope}.",
    ),
    "match.disqualification_scope_unknown": (
        "Alcance de desclassificação desconhecido: {value}.",
        "Unknown disqualification scope: {value}.",
    ),
    "match.disqualification_after_decided": (
        "Desclassificação registrada depois que {winner} já tinha vencido o jogo.",
        "Disqualification recorded after {winner} had already won the match.",
    ),
    "match.disqualification_game_missing": (
        "A desclassificação de partida de {team} não aparece em nenhuma partida.",
        "The game disqualification of {team} does not appear in any game.",
    ),
    "match.game_disqualification_not_allowed": (
        "Desclassificação de uma só partida ({team}) não é permitida nesta modalidade ({modality}).",
        "Disqualification of {team} from a single game is not allowed in this modality ({modality}).",
    ),
    "match.commission_not_allowed": (
        "Decisão da comissão por tempo não é permitida nesta modalidade ({modality}).",
        "A commission decision on time is not allowed in this modality ({modality}).",
    ),
    "match.commission_winner_required": (
        "A decisão da comissão deve indicar o vencedor do jogo.",
        "The commission decision must name the winner of the match.",
    ),
    "match.commission_unknown_team": (
        "A comissão indicou uma equipe que não está neste jogo: {team}.",
        "The commission named a team that is not in this match: {team}.",
    ),
    "match.commission_after_decided": (
        "Decisão da comissão registrada depois que {winner} já tinha vencido o jogo.",
        "Commission decision recorded after {winner} had already won the match.",
    ),
    "match.same_team": (
        "Jogo de uma equipe contra ela mesma: {team}.",
        "Match of a team against itself: {team}.",
    ),
    "match.expelled_team_played": (
        "{team} foi desclassificada do torneio e não pode jogar; o jogo deve ser W.O.",
        "{team} was expelled from the tournament and cannot play; the match must be a walkover.",
    ),
    "knockout.third_place_not_allowed": (
        "Esta modalidade ({modality}) não tem disputa de 3º lugar: os dois perdedores das "
        "semifinais ficam em 3º.",
        "This modality ({modality}) has no third-place match: both semi-final losers are third.",
    ),
    "knockout.team_eliminated": (
        "{team} foi eliminada na rodada {lost_round} e não pode jogar a rodada {round}.",
        "{team} was eliminated in round {lost_round} and cannot play round {round}.",
    ),
    "knockout.feeder_undecided": (
        "{team} joga a rodada {round} sem ter vencido o jogo anterior do chaveamento.",
        "{team} plays round {round} without having won its previous bracket match.",
    ),
    "knockout.not_in_bracket": (
        "O jogo {teams_text} da rodada {round} não é um confronto do chaveamento.",
        "The round {round} match {teams_text} is not a pairing of the bracket.",
    ),
    "lots.not_a_tie": (
        "O sorteio deve ordenar exatamente as equipes de um empate que aguarda sorteio; "
        "{teams_text} não são.",
        "A sorteio must order exactly the teams of one pending tie; {teams_text} are not.",
    ),
}

MESSAGES.update(HAND_MESSAGES)

_PREFIX = {PT: "Partida {game}: ", EN: "Game {game}: "}

# Parameter values that are code words, shown in the reader's language.
_WORDS: dict[str, dict[str, str]] = {
    PT: {
        "tournament": "o torneio (Art. 20 §1º)",
        "match": "o jogo (Art. 20 §2º)",
        "game": "a partida",
        "walkover": "W.O.",
        "disqualification": "desclassificação",
        "commission": "decisão da comissão",
        # Setting names and tiebreak criteria, so a form or a file error never shows a code.
        "tiebreakers": "critérios de desempate",
        "cross_group_criteria": "critérios de comparação entre chaves",
        "wins": "vitórias",
        "games_won": "partidas ganhas",
        "points_for": "tentos a favor",
        "points_difference": "saldo de tentos",
        "games_difference": "saldo de partidas",
        "head_to_head": "confronto direto",
        "lots": "sorteio",
    },
    EN: {
        "tournament": "the tournament (Art. 20 §1)",
        "match": "the match (Art. 20 §2)",
        "game": "the game",
        "tiebreakers": "tiebreak criteria",
        "cross_group_criteria": "cross-chave criteria",
        "games_won": "partidas won",
        "points_for": "tentos for",
        "points_difference": "tentos difference",
        "games_difference": "partidas difference",
        "head_to_head": "head-to-head",
        "lots": "draw of lots",
    },
}
_WORD_PARAMS = frozenset({"scope", "expected", "outcomes"})
# The tiebreak settings' messages name a setting and a criterion by their codes.
_CRITERIA_CODES = frozenset(
    {"settings.tiebreaker_unknown", "settings.tiebreaker_duplicate", "settings.tiebreakers_empty"}
)


def render(problem: Problem, lang: str = PT) -> str:
    """The message of ``problem`` in ``lang`` ("pt-br" or "en")."""
    index = 1 if lang.lower() == EN else 0
    language = EN if index else PT
    template = MESSAGES.get(problem.code, ("{code}", "{code}"))[index]
    words = _WORDS[language]
    params: dict[str, object] = {"code": problem.code}
    for name, value in problem.params:
        worded = name in _WORD_PARAMS or (problem.code in _CRITERIA_CODES and name in ("name", "value"))
        if worded and isinstance(value, str):
            value = ", ".join(words.get(part, part) for part in value.split(", "))
        params[name] = value
    try:
        text = template.format_map(params)
    except (KeyError, IndexError, ValueError):
        text = f"{template} {dict(problem.params)}"  # never fail at the edge
    if problem.game is not None:
        text = _PREFIX[language].format(game=problem.game) + text
    return text
