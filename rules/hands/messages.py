"""Human text for the problem codes of the digital tenteio (``hand.*``, rules.hands).

Part of ``rules.messages.MESSAGES``, kept apart because the hand-by-hand rules (truco,
envido, flor, mão de onze…) have as many messages as everything else together.
"""

from __future__ import annotations

# code -> (pt-BR, English)
HAND_MESSAGES: dict[str, tuple[str, str]] = {
    "hand.score_invalid": (
        "mão {hand}: placar antes da mão inválido ({a}–{b}).",
        "hand {hand}: invalid score before the hand ({a}–{b}).",
    ),
    "hand.award_mismatch": (
        "mão {hand}: a súmula anota {reported_a}–{reported_b}, mas a mão vale {a}–{b}.",
        "hand {hand}: the súmula records {reported_a}–{reported_b}, but the hand is worth {a}–{b}.",
    ),
    "hand.final_score_mismatch": (
        "o placar informado ({reported_a}–{reported_b}) não confere com a soma das mãos ({a}–{b}).",
        "the reported score ({reported_a}–{reported_b}) does not match the sum of the hands ({a}–{b}).",
    ),
    "hand.after_target": (
        "mão {hand}: a partida já terminou em {a}–{b}; nenhuma mão pode seguir.",
        "hand {hand}: the partida already ended at {a}–{b}; no hand may follow.",
    ),
    "hand.truco_after_close": (
        "mão {hand}: o envido/flor fechou a partida; os pontos de truco não são disputados.",
        "hand {hand}: the envido/flor closed the partida; the truco points are not played.",
    ),
    "hand.truco_level_invalid": (
        "mão {hand}: aposta de truco inválida nesta modalidade ({modality}): {level}.",
        "hand {hand}: truco call not valid in this modality ({modality}): {level}.",
    ),
    "hand.truco_side_invalid": (
        "mão {hand}: indique quem leva os pontos do truco somente quando alguém os leva (fim: {end}).",
        "hand {hand}: name who takes the truco points exactly when someone takes them (end: {end}).",
    ),
    "hand.truco_refused_without_call": (
        "mão {hand}: truco não querido sem nenhum truco pedido.",
        "hand {hand}: truco refused but no truco was called.",
    ),
    "hand.envido_not_in_modality": (
        "mão {hand}: não há envido nesta modalidade ({modality}).",
        "hand {hand}: there is no envido in this modality ({modality}).",
    ),
    "hand.flor_not_in_modality": (
        "mão {hand}: não há flor nesta modalidade ({modality}).",
        "hand {hand}: there is no flor in this modality ({modality}).",
    ),
    "hand.flor_and_envido": (
        "mão {hand}: a flor anula o envido; anote só um dos dois.",
        "hand {hand}: a flor cancels the envido; record only one of them.",
    ),
    "hand.flor_chain_invalid": (
        "mão {hand}: sequência de flor inválida: {chain}.",
        "hand {hand}: invalid flor sequence: {chain}.",
    ),
    "hand.flor_count_invalid": (
        "mão {hand}: {flores} flor(es) anotada(s), mas cada equipe pode ter no máximo {players}.",
        "hand {hand}: {flores} flor(es) recorded, but each side can hold at most {players}.",
    ),
    "hand.flor_winner_invalid": (
        "mão {hand}: indique quem ganhou a flor (ou empate) somente quando foi aceita.",
        "hand {hand}: name the flor winner (or a tie) exactly when it was accepted.",
    ),
    "hand.envido_chain_invalid": (
        "mão {hand}: sequência de envido inválida: {chain}.",
        "hand {hand}: invalid envido chain: {chain}.",
    ),
    "hand.envido_winner_invalid": (
        "mão {hand}: indique quem ganhou o envido (ou empate) somente quando foi aceito.",
        "hand {hand}: name the envido winner (or a tie) exactly when it was accepted.",
    ),
    "hand.a_minha_falta_invalid": (
        "mão {hand}: “a minha falta quero” só pode ser respondido pela dupla com mais pontos.",
        "hand {hand}: “a minha falta quero” may only be answered by the side with more points.",
    ),
    "hand.volta_type_invalid": (
        "mão {hand}: esta volta deveria ser {kind}.",
        "hand {hand}: this volta should be {kind}.",
    ),
    "hand.testa_not_in_modality": (
        "mão {hand}: não há testa nesta modalidade ({modality}).",
        "hand {hand}: there is no testa in this modality ({modality}).",
    ),
    "hand.testa_duels_invalid": (
        "mão {hand}: a volta deve ter {duels} disputa(s), mas tem {given}.",
        "hand {hand}: the volta must have {duels} duel(s), but has {given}.",
    ),
    "hand.testa_bet_above_max": (
        "mão {hand}: uma testa vale no máximo 10 tentos apostados (anotado: {value}).",
        "hand {hand}: a testa is worth at most 10 bet points (recorded: {value}).",
    ),
    "hand.envido_above_cap": (
        "mão {hand}: em buenos o envido vale no máximo a falta de quem vai adiante ({cap}); anotado {value}.",
        "hand {hand}: in buenos an envido is worth at most the leader's falta ({cap}); recorded {value}.",
    ),
    "hand.advantage_bet_invalid": (
        "mão {hand}: a aposta da vantagem só pode ser feita por quem vai atrás.",
        "hand {hand}: the advantage bet may only be made by the trailing side.",
    ),
    "hand.lei_do_jogo_invalid": (
        "mão {hand}: a lei do jogo não pode ser pedida por esta equipe neste placar.",
        "hand {hand}: the lei do jogo cannot be called by this side at this score.",
    ),
    "hand.cfr_needs_a_point": (
        "mão {hand}: contra-flor e o resto só pode ser pedida por quem tem ao menos um tento.",
        "hand {hand}: contra-flor e o resto may only be called by a side with at least one point.",
    ),
    "hand.mao_de_onze_truco": (
        "mão {hand}: na mão de onze não se pede truco ({level}).",
        "hand {hand}: no truco may be called in a mão de onze ({level}).",
    ),
    "hand.mao_de_onze_refusal_invalid": (
        "mão {hand}: só a dupla com 11 pode correr da mão de onze.",
        "hand {hand}: only the side on 11 may fold a mão de onze.",
    ),
    "hand.tento_value_invalid": (
        "mão {hand}: o tento vale o valor da mão ({allowed}), não {value}.",
        "hand {hand}: the tento is worth the hand's value ({allowed}), not {value}.",
    ),
    "hand.penalty_not_in_modality": (
        "mão {hand}: a penalidade {infraction} não existe nesta modalidade ({modality}).",
        "hand {hand}: the penalty {infraction} does not exist in this modality ({modality}).",
    ),
    "hand.penalty_value_invalid": (
        "mão {hand}: valor inválido para a penalidade {infraction}: {value}.",
        "hand {hand}: invalid value for the penalty {infraction}: {value}.",
    ),
    "hand.penalty_article_required": (
        "mão {hand}: informe o artigo ou a decisão da penalidade.",
        "hand {hand}: give the article or decision of the penalty.",
    ),
    "hand.flor_disabled": (
        "mão {hand}: foi combinada a pata lisa: a flor não vale.",
        "hand {hand}: pata lisa was agreed: flor does not count.",
    ),
    "hand.flor_limit": (
        "mão {hand}: {player} já cantou uma flor nesta partida (máximo combinado: uma).",
        "hand {hand}: {player} already sang a flor in this partida (agreed limit: one).",
    ),
}
