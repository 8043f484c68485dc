"""The súmula form: reads what the judge typed into the shapes the services take.

It only reads (numbers are numbers, a chosen team exists in this jogo, the partida rows
have no holes); it never judges a score. Every rule is the rules engine's, through
``scoring.services.entry``.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.words import points
from rules.modality_params import Modality, TimeLimit
from scoring.services.entry import EntryData
from tournaments.models import Match

MAX_ROWS = 9  # hard cap on rows read from a POST; the engine reports anything above max_games
_SCORE = re.compile(r"^-?\d{1,6}$")
_ROW_KEY = re.compile(r"^g(\d+)_[ab]$")
ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"]

OUTCOMES = [
    ("played", gettext_lazy("Jogo disputado")),
    ("walkover", gettext_lazy("W.O. (equipe ausente)")),
    ("disqualification", gettext_lazy("Desclassificação")),
    ("commission", gettext_lazy("Decisão da comissão")),
]
ENDING_CHOICES = [
    ("target", gettext_lazy("nos tentos")),
    ("time", gettext_lazy("por tempo")),
    ("disqualification", gettext_lazy("por desclassificação")),
]


def score_widget(label: str) -> forms.TextInput:
    return forms.TextInput(
        attrs={
            "inputmode": "numeric",
            "pattern": "-?[0-9]*",
            "autocomplete": "off",
            "class": "score",
            "aria-label": label,
            "maxlength": "6",
        }
    )


class SheetForm(forms.Form):
    base_version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    outcome = forms.ChoiceField(label=gettext_lazy("Resultado"), choices=OUTCOMES, initial="played")
    walkover = forms.ChoiceField(label=gettext_lazy("Equipe ausente"), required=False)
    dq_team = forms.ChoiceField(label=gettext_lazy("Equipe desclassificada"), required=False)
    dq_article = forms.CharField(label=gettext_lazy("Artigo (ex.: 20-II)"), required=False, max_length=20)
    dq_scope = forms.ChoiceField(label=gettext_lazy("Alcance"), required=False)
    commission_winner = forms.ChoiceField(label=gettext_lazy("Vencedor pela comissão"), required=False)
    stalling = forms.BooleanField(label=gettext_lazy("Com penalidade por demora (cera)"), required=False)
    advertencias = forms.CharField(
        label=gettext_lazy("Advertências (uma por linha)"),
        required=False,
        max_length=5000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    ocorrencias = forms.CharField(
        label=gettext_lazy("Ocorrências (uma por linha)"),
        required=False,
        max_length=5000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    clamp = forms.BooleanField(
        label=gettext_lazy("Registrar os tentos acima do alvo como o alvo"), required=False
    )

    def __init__(self, *args: Any, match: Match, modality: Modality, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.match = match
        self.modality = modality
        a, b = match.team_a, match.team_b
        sides = [("", "—"), ("a", a.name), ("b", b.name)]
        self._choices("walkover", sides + [("both", _("As duas (W.O. duplo)"))])
        self._choices("dq_team", sides)
        self._choices("commission_winner", sides)
        # The §1º/§2º of Art. 20 are the 000 rulebook's; other modalities say it plainly.
        article = modality.disqualification_article
        scopes = [
            (
                "tournament",
                _("do torneio (%(article)s §1º)") % {"article": article} if article else _("do torneio"),
            ),
            (
                "match",
                _("só deste jogo (%(article)s §2º)") % {"article": article}
                if article
                else _("só deste jogo"),
            ),
        ]
        if modality.game_disqualification:
            scopes.append(("game", _("só da partida")))
        self._choices("dq_scope", scopes)
        if article:
            self.fields["dq_article"] = forms.ChoiceField(
                label=_("Inciso do %(article)s") % {"article": article},
                required=False,
                choices=[("", "—")] + [(f"20-{r}", r) for r in ROMAN],
            )
        else:
            self.fields["dq_article"].label = _("Motivo ou artigo do regulamento")
        words = points(modality)
        self.fields["clamp"].label = _("Registrar os %(words)s acima do alvo como o alvo") % {"words": words}
        ending_choices = [("target", _("nos %(words)s") % {"words": words}), *ENDING_CHOICES[1:]]
        self.has_commission = modality.time_limit is TimeLimit.COMMISSION
        if not self.has_commission:
            self._choices("outcome", [c for c in OUTCOMES if c[0] != "commission"])
        self.show_endings = modality.time_limit is not TimeLimit.NONE or modality.game_disqualification
        # In the 000 family a partida ends "por tempo" only in a commission decision.
        only_commission = modality.time_limit is TimeLimit.COMMISSION and not modality.game_disqualification
        self.ending_outcomes = "commission" if only_commission else "played disqualification commission"
        self.rows = self._row_count()
        starters = {
            side: [str(p.pk) for p in team.players.all() if not p.is_reserve][: modality.players]
            for side, team in (("a", a), ("b", b))
        }
        for i in range(1, self.rows + 1):
            self.fields[f"g{i}_a"] = forms.CharField(
                required=False, max_length=6, widget=score_widget(a.name)
            )
            self.fields[f"g{i}_b"] = forms.CharField(
                required=False, max_length=6, widget=score_widget(b.name)
            )
            if self.show_endings:
                self.fields[f"g{i}_end"] = forms.ChoiceField(
                    label=_("Término"), required=False, choices=ending_choices, initial="target"
                )
            for side, team in (("a", a), ("b", b)):
                self.fields[f"lineup_{side}_{i}"] = forms.MultipleChoiceField(
                    label=team.name,
                    required=False,
                    choices=[
                        (str(p.pk), p.name + (_(" (reserva)") if p.is_reserve else ""))
                        for p in team.players.all()
                    ],
                    widget=forms.CheckboxSelectMultiple,
                    initial=starters[side],
                )

    def _choices(self, name: str, choices: list[tuple[str, Any]]) -> None:
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        field.choices = choices

    def _row_count(self) -> int:
        count = self.modality.max_games
        if self.is_bound:
            for key in self.data:
                found = _ROW_KEY.match(key)
                if found and str(self.data.get(key, "")).strip():
                    count = max(count, min(int(found.group(1)[:3]), MAX_ROWS + 1))
        return count

    def row(self, i: int) -> dict[str, Any]:
        """Bound fields of partida ``i`` for the template."""
        return {
            "n": i,
            "a": self[f"g{i}_a"],
            "b": self[f"g{i}_b"],
            "end": self[f"g{i}_end"] if self.show_endings else None,
            "lineup_a": self[f"lineup_a_{i}"],
            "lineup_b": self[f"lineup_b_{i}"],
        }

    def _games(self) -> tuple[list[list[int]], list[str]]:
        rows: list[list[int]] = []
        endings: list[str] = []
        blank_at: int | None = None
        words = points(self.modality)
        if self.rows > MAX_ROWS:
            self.add_error(None, _("Uma súmula tem no máximo %(max)d linhas de partida.") % {"max": MAX_ROWS})
            return [], []
        for i in range(1, self.rows + 1):
            raw = [str(self.cleaned_data.get(f"g{i}_{s}") or "").strip() for s in "ab"]
            if not any(raw):
                blank_at = blank_at or i
                continue
            if blank_at is not None:
                self.add_error(
                    f"g{i}_a",
                    _("Partida %(n)d: a partida %(blank)d está em branco.") % {"n": i, "blank": blank_at},
                )
                continue
            if not all(raw):
                self.add_error(
                    f"g{i}_a",
                    _("Partida %(n)d: informe os %(words)s das duas equipes.") % {"n": i, "words": words},
                )
                continue
            if not all(_SCORE.match(v) for v in raw):
                self.add_error(
                    f"g{i}_a",
                    _("Partida %(n)d: os %(words)s devem ser números inteiros (ex.: %(example)d).")
                    % {"n": i, "words": words, "example": self.modality.points_to_win},
                )
                continue
            rows.append([int(v) for v in raw])
            endings.append(str(self.cleaned_data.get(f"g{i}_end") or "target"))
        return rows, endings

    def _key(self, side: str) -> str:
        return self.match.team_a.key if side == "a" else self.match.team_b.key

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        games, endings = self._games()
        outcome = data.get("outcome")
        result: dict[str, Any] = {}
        if outcome == "walkover":
            absent = data.get("walkover")
            if not absent:
                self.add_error("walkover", _("Informe a equipe ausente."))
            else:
                result["walkover"] = (
                    [self._key("a"), self._key("b")] if absent == "both" else self._key(absent)
                )
        else:
            result["games"] = games
            if any(e != "target" for e in endings):
                result["endings"] = endings
        if outcome == "disqualification" or (outcome == "played" and "disqualification" in endings):
            if not data.get("dq_team"):
                self.add_error("dq_team", _("Informe a equipe desclassificada."))
            else:
                dq = {"team": self._key(data["dq_team"]), "scope": data.get("dq_scope") or "tournament"}
                if data.get("dq_article"):
                    dq["article"] = data["dq_article"]
                result["disqualified"] = dq
        if outcome == "commission":
            if not data.get("commission_winner"):
                self.add_error("commission_winner", _("Informe o vencedor definido pela comissão."))
            else:
                result.update(decided_by="commission", winner=self._key(data["commission_winner"]))
                if data.get("stalling"):
                    result["stalling"] = True
        lineups: dict[str, list[list[int]]] | None = None
        if games and outcome != "walkover" and any(k.startswith("lineup_") for k in self.data):
            lineups = {
                side: [
                    [int(v) for v in data.get(f"lineup_{side}_{i}") or []] for i in range(1, len(games) + 1)
                ]
                for side in "ab"
            }
        observations = [
            {"kind": kind, "text": line.strip()}
            for kind in ("advertencia", "ocorrencia")
            for line in str(data.get(kind + "s") or "").splitlines()
            if line.strip()
        ]
        self.entry = EntryData(
            result=result, lineups=lineups, observations=observations, clamp=bool(data.get("clamp"))
        )
        return data


def initial_from_sheet(sheet: Any, match: Match) -> dict[str, Any]:
    """Form values that show a stored version (so a correction starts from it)."""
    result = sheet.result or {}
    initial: dict[str, Any] = {"outcome": "played"}
    side = {match.team_a.key: "a", match.team_b.key: "b"}
    if result.get("walkover") is not None:
        wo = result["walkover"]
        initial.update(outcome="walkover", walkover="both" if isinstance(wo, list) else side.get(wo, ""))
    for i, row in enumerate(result.get("games") or [], start=1):
        initial[f"g{i}_a"], initial[f"g{i}_b"] = row
    for i, ending in enumerate(result.get("endings") or [], start=1):
        initial[f"g{i}_end"] = ending
    dq = result.get("disqualified")
    if dq:
        initial.update(
            dq_team=side.get(dq.get("team"), ""), dq_article=dq.get("article", ""), dq_scope=dq.get("scope")
        )
        if not any(e == "disqualification" for e in result.get("endings") or []):
            initial["outcome"] = "disqualification"
    if result.get("decided_by") == "commission":
        initial.update(
            outcome="commission",
            commission_winner=side.get(str(result.get("winner")), ""),
            stalling=bool(result.get("stalling")),
        )
    for s in "ab":
        for i, row in enumerate((sheet.lineups or {}).get(s) or [], start=1):
            initial[f"lineup_{s}_{i}"] = [str(v) for v in row]
    for kind in ("advertencia", "ocorrencia"):
        initial[kind + "s"] = "\n".join(o["text"] for o in sheet.observations or [] if o.get("kind") == kind)
    return initial


class SignForm(forms.Form):
    team = forms.ChoiceField(choices=[("a", "a"), ("b", "b")])
    version = forms.IntegerField(min_value=1)
    method = forms.ChoiceField(choices=[("paper", gettext_lazy("assinada em papel")), ("pin", "PIN")])
    pin = forms.CharField(required=False, max_length=12)


class VersionForm(forms.Form):
    version = forms.IntegerField(min_value=1)
    reason = forms.CharField(required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 3}))


class ResolveForm(forms.Form):
    """The comissão's choice between two different entries (services.double_entry)."""

    version = forms.IntegerField(min_value=1)
    check = forms.IntegerField(min_value=1)  # the differing second entry the page showed
    accept = forms.ChoiceField(choices=[("first", "first"), ("second", "second")])
    reason = forms.CharField(required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 2}))
