"""The classifying phase's system chosen on «Novo torneio» and «Editar torneio»: chaves
(everyone meets everyone in a chave) or a Swiss phase (docs/rules.md §3.17).

Choosing the Swiss before anything is drawn writes the first phase as an empty Swiss
stage, so the dashboard's next step is «Iniciar o suíço» and the «Suíço» page starts it
with the teams present; choosing chaves again removes that empty stage. The choice is
only for a stage plan whose first phase is one of chaves, and it no longer changes once
the phase has its chaves (drawn or the Swiss started): then the sorteio das chaves or the
«Suíço» page says what the phase is. A refusal names the field and writes nothing.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.models import Stage, Tournament
from tournaments.services.draws import GROUP_STAGE_KEY

SWISS_PLANS = (Tournament.StagePlan.GROUPS, Tournament.StagePlan.GROUPS_KNOCKOUT)


def first_phase(t: Tournament) -> Stage | None:
    return Stage.objects.filter(tournament=t, kind=Stage.Kind.GROUPS).order_by("order", "id").first()


def is_swiss(t: Tournament) -> bool:
    """Whether the tournament's first phase is (or will be) a Swiss phase."""
    stage = first_phase(t)
    return stage is not None and stage.system == Stage.System.SWISS


def swiss_errors(plan: str, swiss: bool | None, current: Tournament | None = None) -> dict[str, list[str]]:
    """The problems of choosing ``swiss`` (None: not chosen, left as it is) for a
    tournament of ``plan``; ``current`` is the tournament being edited."""
    if swiss and plan not in SWISS_PLANS:
        return {
            "swiss": [
                _(
                    "Sistema suíço: só para a fase de classificação; escolha o formato «Somente chaves» "
                    "ou «Chaves e mata-mata»."
                )
            ]
        }
    if current is None or swiss is None or swiss == is_swiss(current):
        return {}
    stage = first_phase(current)
    if stage is not None and stage.groups.exists():
        return {
            "swiss": [
                _(
                    "Sistema suíço: a fase de classificação já tem as suas chaves (sorteadas ou o suíço "
                    "iniciado); o sistema não muda mais por aqui."
                )
            ]
        }
    return {}


def swiss_apply(t: Tournament, swiss: bool | None) -> bool:
    """Write the choice (already checked by ``swiss_errors``); whether anything changed."""
    if swiss is None or swiss == is_swiss(t):
        return False
    stage = first_phase(t)
    if swiss:
        if stage is None:
            stage = Stage(tournament=t, key=GROUP_STAGE_KEY, kind=Stage.Kind.GROUPS, order=0)
        stage.system = Stage.System.SWISS
        stage.save()
    elif stage is not None:
        stage.delete()  # the empty Swiss stage: the sorteio das chaves writes its own
    return True
