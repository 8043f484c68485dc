"""What every printed document shares: its parameters, their checking, dates as pt-BR writes them."""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict, dataclass, field
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from tournaments.models import Group, Stage, Tournament
from tournaments.phases import knockout_totals, round_name

DOC_NAMES = {
    "sumulas": gettext_lazy("súmulas"),
    "bracket": gettext_lazy("chaveamento do mata-mata"),
    "standings": gettext_lazy("classificação"),
    "schedule": gettext_lazy("programação"),
    "teams": gettext_lazy("cartões das equipes"),
    "pairings": gettext_lazy("emparceiramentos do suíço"),
}


class PrintError(ValueError):
    """Bad printing input, with a message naming the field (→ 400 / exit 1), translated when raised."""


@dataclass(frozen=True)
class Params:
    doc: str
    stage: str | None = None
    round: int | None = None
    group: str | None = None
    match_ids: tuple[int, ...] = field(default=())
    # Team cards only: the job draws new PINs and prints them (printing.pins); the PINs
    # themselves are never part of the parameters.
    new_pins: bool = False
    # Súmulas only: the site's address their QR codes and URLs open (core.site.base_url
    # of the request that asked; a background job has no request of its own).
    site: str = ""
    # Team cards only: also the teams no longer in the event (ausentes, desistentes);
    # by default the cards are those of the teams still playing.
    all_teams: bool = False
    # A mata-mata's rodadas, when a rodada of one is asked: the title names it by its
    # phase («Semifinais»), in the language it is shown in (None: a chave's «rodada n»).
    knockout_rounds: int | None = None

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["match_ids"] = list(self.match_ids)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Params:
        return cls(
            doc=str(data["doc"]),
            stage=data.get("stage") or None,
            round=data.get("round"),
            group=data.get("group") or None,
            match_ids=tuple(data.get("match_ids") or ()),
            new_pins=bool(data.get("new_pins")),
            site=str(data.get("site") or ""),
            all_teams=bool(data.get("all_teams")),
            knockout_rounds=int(data["knockout_rounds"]) if data.get("knockout_rounds") else None,
        )

    def title(self) -> str:
        parts = [str(DOC_NAMES.get(self.doc, self.doc))]
        if self.stage:
            parts.append(gettext("fase %(key)s") % {"key": self.stage})
        if self.group:
            parts.append(gettext("chave %(name)s") % {"name": self.group})
        if self.round is not None:
            if self.knockout_rounds is not None:
                parts.append(round_name(self.round, self.knockout_rounds))
            else:
                parts.append(gettext("rodada %(n)d") % {"n": self.round})
        if self.new_pins:
            parts.append(gettext("com novos PINs"))
        if self.all_teams:
            parts.append(gettext("incluindo equipes fora do torneio"))
        return " — ".join(parts)

    def filename(self) -> str:
        parts = [self.doc]
        if self.stage:
            parts.append(self.stage)
        if self.group:
            parts.append(f"chave-{self.group}")
        if self.round is not None:
            parts.append(f"rodada-{self.round}")
        if self.new_pins:
            parts.append("novos-pins")
        if self.all_teams:
            parts.append("todas-as-equipes")
        return "-".join("".join(c if c.isalnum() or c == "-" else "_" for c in p) for p in parts) + ".pdf"


def clean_params(
    tournament: Tournament,
    doc: str | None,
    *,
    stage: str | None = None,
    round: Any = None,
    group: str | None = None,
    new_pins: bool = False,
    site: str = "",
    all_teams: bool = False,
) -> Params:
    """Check the request against the tournament; raise :class:`PrintError` (translated).
    ``site`` is the address printed súmulas point to (``core.site.base_url``); other
    documents print no address, so it is dropped for them (their jobs stay reusable from
    any host). ``all_teams`` (team cards of the teams out of the event too) is likewise
    dropped for the other documents."""
    if doc not in DOC_NAMES:
        raise PrintError(
            gettext("documento: «%(doc)s» não existe; use um de %(docs)s.")
            % {"doc": doc, "docs": ", ".join(DOC_NAMES)}
        )
    stage = (stage or "").strip() or None
    group = (group or "").strip() or None
    number: int | None = None
    if round not in (None, ""):
        try:
            number = int(str(round))
        except ValueError:
            raise PrintError(gettext("rodada: «%(round)s» não é um número.") % {"round": round}) from None
        if number < 1:
            raise PrintError(gettext("rodada: deve ser 1 ou mais."))
    stages = Stage.objects.filter(tournament=tournament)
    if stage is not None and not stages.filter(key=stage).exists():
        raise PrintError(
            gettext("fase: «%(stage)s» não existe em %(tournament)s.")
            % {"stage": stage, "tournament": tournament.name}
        )
    if group is not None:
        groups = Group.objects.filter(stage__tournament=tournament, name=group)
        if stage is not None:
            groups = groups.filter(stage__key=stage)
        if not groups.exists():
            raise PrintError(
                gettext("chave: «%(group)s» não existe em %(tournament)s.")
                % {"group": group, "tournament": tournament.name}
            )
    if doc == "bracket":
        knockout = stages.filter(kind=Stage.Kind.KNOCKOUT)
        if stage is not None:
            knockout = knockout.filter(key=stage)
        if not knockout.exists():
            if stage:
                raise PrintError(
                    gettext("fase: não há mata-mata para imprimir em «%(stage)s».") % {"stage": stage}
                )
            raise PrintError(gettext("fase: não há mata-mata para imprimir."))
    if doc == "pairings":
        swiss = stages.filter(kind=Stage.Kind.GROUPS, system=Stage.System.SWISS, groups__isnull=False)
        if stage is not None:
            swiss = swiss.filter(key=stage)
        if not swiss.exists():
            if stage:
                raise PrintError(gettext("fase: «%(stage)s» não é um suíço iniciado.") % {"stage": stage})
            raise PrintError(gettext("fase: não há suíço para imprimir."))
    played = stages.filter(key=stage) if stage is not None else stages
    if number is not None and not played.filter(matches__round=number).exists():
        raise PrintError(gettext("rodada: não há jogos na rodada %(n)d.") % {"n": number})
    knockout_rounds = None
    if number is not None and stage is not None:
        asked = stages.get(key=stage)
        if asked.kind == Stage.Kind.KNOCKOUT:
            knockout_rounds = max(knockout_totals([asked.pk]).get(asked.pk, 0), number)
    if new_pins and doc != "teams":
        raise PrintError(gettext("novos PINs: só os cartões das equipes levam PIN."))
    site = site.rstrip("/") if doc == "sumulas" else ""
    return Params(
        doc=doc,
        stage=stage,
        round=number,
        group=group,
        new_pins=new_pins,
        site=site,
        all_teams=all_teams and doc == "teams",
        knockout_rounds=knockout_rounds,
    )


def when(value: dt.datetime | None) -> str:
    if value is None:
        return ""
    return timezone.localtime(value).strftime("%d/%m/%Y %H:%M")


def now_text() -> str:
    # The format is translated: «02/12/2026 às 14:05» in pt-BR.
    return timezone.localtime().strftime(gettext("%d/%m/%Y às %H:%M"))
