"""The sorteio form among tied teams, in the organizer's words: the teams by their names.

A sorteio feito à mão comes either as one choice per place (1º, 2º… each a tied team,
offered by name) or typed as a list of names separated by commas or lines; a team's code
is still understood. Every problem of the order is reported at once, naming the team.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

MODES = [("random", gettext_lazy("sortear agora")), ("manual", gettext_lazy("sorteio feito à mão"))]
SEPARATORS = re.compile(r"[,;\n]+")


class LotsForm(forms.Form):
    teams = forms.CharField(
        label=gettext_lazy("Equipes empatadas"),
        max_length=2000,
        error_messages={"required": gettext_lazy("Equipes empatadas: nenhuma equipe informada.")},
    )
    group = forms.IntegerField(required=False, min_value=1)
    stage = forms.IntegerField(required=False, min_value=1)
    mode = forms.ChoiceField(
        label=gettext_lazy("Sorteio"),
        choices=MODES,
        error_messages={
            "required": gettext_lazy("Sorteio: escolha «sortear agora» ou «sorteio feito à mão»."),
            "invalid_choice": gettext_lazy("Sorteio: escolha «sortear agora» ou «sorteio feito à mão»."),
        },
    )

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        if "group" in self.errors or "stage" in self.errors:
            self.errors.pop("group", None)
            self.errors.pop("stage", None)
            self.add_error(None, _("Chave ou fase do sorteio inválida."))
        elif not data.get("group") and not data.get("stage"):
            self.add_error(None, _("Informe a chave ou a fase do sorteio."))
        return data

    def tied_keys(self) -> list[str]:
        return [k.strip() for k in (self.cleaned_data.get("teams") or "").split(",") if k.strip()]


def fold(text: str) -> str:
    """A name as typed by anyone: no accents, no case, single spaces."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join(plain.casefold().split())


def manual_order(entries: Sequence[str], names: Mapping[str, str]) -> tuple[list[str], list[str]]:
    """(the keys in the typed or chosen order, every problem in pt-BR). ``entries`` are the
    posted values (one per place, or one text to split); ``names`` the tied teams, key →
    name."""
    if len(entries) == 1:
        entries = SEPARATORS.split(entries[0])
    tokens = [e.strip() for e in entries if e and e.strip()]
    by_name = {fold(name): key for key, name in names.items()}
    keys: list[str] = []
    problems: list[str] = []
    for token in tokens:
        key = token if token in names else by_name.get(fold(token))
        if key is None:
            problems.append(
                _("Ordem do sorteio: «%(t)s» não é uma das equipes empatadas (%(all)s).")
                % {"t": token, "all": ", ".join(names.values())}
            )
        elif key in keys:
            problems.append(_("Ordem do sorteio: %(n)s aparece mais de uma vez.") % {"n": names[key]})
        else:
            keys.append(key)
    missing = [names[k] for k in names if k not in keys]
    if not tokens:
        problems.append(_("Ordem do sorteio: informe as equipes, do 1º ao último lugar."))
    elif missing:
        problems.append(_("Ordem do sorteio: falta %(n)s.") % {"n": ", ".join(missing)})
    return keys, problems
