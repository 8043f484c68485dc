"""The double-elimination settings of a tournament (docs/rules.md §3.18) checked for
«Novo torneio» and «Editar torneio»: ``double_elimination`` and ``grand_final_reset``.

Both only mean something with a mata-mata (a stage plan that has one), and both shape
the jogos of the mata-mata, so neither changes once it is generated (a knockout stage
with jogos): the edit is refused, naming the field, and nothing is written.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.models import Match, Stage, Tournament

KNOCKOUT_PLANS = (Tournament.StagePlan.GROUPS_KNOCKOUT, Tournament.StagePlan.KNOCKOUT)


def knockout_generated(t: Tournament) -> bool:
    """A mata-mata with jogos: its format is fixed."""
    return Match.objects.filter(stage__tournament=t, stage__kind=Stage.Kind.KNOCKOUT).exists()


def double_errors(
    plan: str, double: bool | None, reset: bool | None, current: Tournament | None = None
) -> dict[str, list[str]]:
    """The problems of the chosen settings (None: not chosen, left as they are) for a
    tournament of ``plan``; ``current`` is the tournament being edited."""
    errors: dict[str, list[str]] = {}
    if double and plan not in KNOCKOUT_PLANS:
        errors["double_elimination"] = [
            _(
                "Dupla eliminação (repescagem): só vale com mata-mata; escolha o formato "
                "«Chaves e mata-mata» ou «Somente mata-mata»."
            )
        ]
    if current is None or not knockout_generated(current):
        return errors
    if double is not None and double != current.double_elimination:
        errors.setdefault("double_elimination", []).append(
            _(
                "Dupla eliminação (repescagem): o mata-mata já foi gerado, com os seus jogos; "
                "o formato não muda mais."
            )
        )
    if reset is not None and reset != current.grand_final_reset:
        errors.setdefault("grand_final_reset", []).append(
            _(
                "Final com revanche (reset): o mata-mata já foi gerado, com os seus jogos; "
                "esta regra não muda mais."
            )
        )
    return errors
