"""The Portuguese message of every ``hand.*`` problem code (the digital tenteio,
``rules.hands``), as gettext msgids; kept apart from ``messages`` because the
hand-by-hand rules (truco, envido, flor, mão de onze…) have as many messages as
everything else together. The English text is in the catalog (locale/en).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from core.problem_text.messages import Message, Plural

HAND_MESSAGES: dict[str, Message] = {
    "hand.score_invalid": _("mão {hand}: placar antes da mão inválido ({a}–{b})."),
    "hand.award_mismatch": _("mão {hand}: a súmula anota {reported_a}–{reported_b}, mas a mão vale {a}–{b}."),
    "hand.final_score_mismatch": _(
        "o placar informado ({reported_a}–{reported_b}) não confere com a soma das mãos ({a}–{b})."
    ),
    "hand.after_target": _("mão {hand}: a partida já terminou em {a}–{b}; nenhuma mão pode seguir."),
    "hand.truco_after_close": _(
        "mão {hand}: o envido/flor fechou a partida; os pontos de truco não são disputados."
    ),
    "hand.truco_level_invalid": _(
        "mão {hand}: aposta de truco inválida nesta modalidade ({modality}): {level}."
    ),
    "hand.truco_side_invalid": _(
        "mão {hand}: indique quem leva os pontos do truco somente quando alguém os leva (fim: {end})."
    ),
    "hand.truco_refused_without_call": _("mão {hand}: truco não querido sem nenhum truco pedido."),
    "hand.envido_not_in_modality": _("mão {hand}: não há envido nesta modalidade ({modality})."),
    "hand.flor_not_in_modality": _("mão {hand}: não há flor nesta modalidade ({modality})."),
    "hand.flor_and_envido": _("mão {hand}: a flor anula o envido; anote só um dos dois."),
    "hand.flor_chain_invalid": _("mão {hand}: sequência de flor inválida: {chain}."),
    "hand.flor_count_invalid": Plural(
        "flores",
        lambda n: ngettext(
            "mão {hand}: {flores} flor anotada, mas cada equipe pode ter no máximo {players}.",
            "mão {hand}: {flores} flores anotadas, mas cada equipe pode ter no máximo {players}.",
            n,
        ),
    ),
    "hand.flor_winner_invalid": _(
        "mão {hand}: indique quem ganhou a flor (ou empate) somente quando foi aceita."
    ),
    "hand.envido_chain_invalid": _("mão {hand}: sequência de envido inválida: {chain}."),
    "hand.envido_winner_invalid": _(
        "mão {hand}: indique quem ganhou o envido (ou empate) somente quando foi aceito."
    ),
    "hand.a_minha_falta_invalid": _(
        "mão {hand}: “a minha falta quero” só pode ser respondido pela dupla com mais pontos."
    ),
    "hand.volta_type_invalid": _("mão {hand}: esta volta deveria ser {kind}."),
    "hand.testa_not_in_modality": _("mão {hand}: não há testa nesta modalidade ({modality})."),
    "hand.testa_duels_invalid": Plural(
        "duels",
        lambda n: ngettext(
            "mão {hand}: a volta deve ter {duels} disputa, mas tem {given}.",
            "mão {hand}: a volta deve ter {duels} disputas, mas tem {given}.",
            n,
        ),
    ),
    "hand.testa_bet_above_max": _(
        "mão {hand}: uma testa vale no máximo 10 tentos apostados (anotado: {value})."
    ),
    "hand.envido_above_cap": _(
        "mão {hand}: em buenos o envido vale no máximo a falta de quem vai adiante ({cap}); anotado {value}."
    ),
    "hand.advantage_bet_invalid": _("mão {hand}: a aposta da vantagem só pode ser feita por quem vai atrás."),
    "hand.lei_do_jogo_invalid": _(
        "mão {hand}: a lei do jogo não pode ser pedida por esta equipe neste placar."
    ),
    "hand.cfr_needs_a_point": _(
        "mão {hand}: contra-flor e o resto só pode ser pedida por quem tem ao menos um tento."
    ),
    "hand.mao_de_onze_truco": _("mão {hand}: na mão de onze não se pede truco ({level})."),
    "hand.mao_de_onze_refusal_invalid": _("mão {hand}: só a dupla com 11 pode correr da mão de onze."),
    "hand.tento_value_invalid": _("mão {hand}: o tento vale o valor da mão ({allowed}), não {value}."),
    "hand.penalty_not_in_modality": _(
        "mão {hand}: a penalidade {infraction} não existe nesta modalidade ({modality})."
    ),
    "hand.penalty_value_invalid": _("mão {hand}: valor inválido para a penalidade {infraction}: {value}."),
    "hand.penalty_article_required": _("mão {hand}: informe o artigo ou a decisão da penalidade."),
    "hand.flor_disabled": _("mão {hand}: foi combinada a pata lisa: a flor não vale."),
    "hand.flor_limit": _("mão {hand}: {player} já cantou uma flor nesta partida (máximo combinado: uma)."),
}
