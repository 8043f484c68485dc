"""App config of the digital tenteio: the judge's hand-by-hand scoring of a jogo.

Named ``tally`` so that it is not confused with ``rules/hands/``, the rules of a hand;
its label stays ``hands`` so that its tables and migrations keep their names.
"""

from django.apps import AppConfig


class TallyConfig(AppConfig):
    name = "tally"
    label = "hands"
    verbose_name = "Tenteio (mão a mão)"
