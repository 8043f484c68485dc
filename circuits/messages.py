"""The words of a refused circuit setting: ``rules.circuit``'s codes in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules.circuit import CircuitSettingError


def setting_message(error: CircuitSettingError) -> str:
    """The pt-BR (or English) sentence for ``error``, naming the rule broken."""
    p = error.params
    messages = {
        "circuit.table_empty": lambda: _("A tabela de pontos precisa dar pontos ao menos ao 1º colocado."),
        "circuit.table_too_long": lambda: _("A tabela de pontos vai no máximo até o %(max)dº lugar.") % p,
        "circuit.table_negative": lambda: _("Os pontos do %(place)dº lugar não podem ser negativos.") % p,
        "circuit.table_increasing": lambda: (
            _("O %(place)dº lugar não pode valer mais pontos que o lugar acima dele.") % p
        ),
        "circuit.table_participation": lambda: _(
            "Os pontos de participação não podem passar os do último lugar da tabela."
        ),
        "circuit.table_shape": lambda: _(
            "A tabela de pontos deve ter a lista «places» de números inteiros e «participation»."
        ),
        "circuit.bands_gap": lambda: (
            _("A tabela de pontos deve seguir sem falhas: falta o %(place)dº lugar.") % p
        ),
        "circuit.best_n_invalid": lambda: _("Os melhores resultados contados devem ser ao menos 1."),
        "circuit.best_k_invalid": lambda: _("As melhores equipes por etapa devem ser ao menos 1."),
        "circuit.tiebreaker_unknown": lambda: _(
            "Critério de desempate do circuito desconhecido: use etapas vencidas, melhores colocações, "
            "confronto direto ou sorteio."
        ),
        "circuit.tiebreaker_duplicate": lambda: _("Um critério de desempate aparece duas vezes."),
        "circuit.lots_not_last": lambda: _("O sorteio deve ser o último critério de desempate."),
    }
    return messages[error.code]()
