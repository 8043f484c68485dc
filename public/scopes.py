"""What each public page shows, as the revision scopes of ``tournaments.revision``: the
page is cached under the last change of those scopes (``public.caching``), and its live
refresh polls the same scopes. A page of the classificação shows its own chaves; a team
page its team; the lists of jogos every jogo.
"""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import HttpRequest

from tournaments import revision
from tournaments.models import Group, Stage

CHAVES_PER_PAGE = 16
MOST_POLLED = 40  # a classificação page polls its 16 chaves; anything past this is not ours


def ordered_chaves(slug: str) -> list[tuple[int, str]]:
    """(id, name) of every chave of the tournament, in the classificação's order."""
    chaves = Group.objects.filter(stage__tournament__slug=slug, stage__kind=Stage.Kind.GROUPS)
    return list(chaves.order_by("stage__order", "stage_id", "order", "id").values_list("id", "name"))


def chave_page(chaves: list[tuple[int, str]], asked: str | None) -> Any:
    """The classificação's page ``asked`` (Django's ``get_page``: a bad number is page 1,
    one past the end the last page)."""
    return Paginator(chaves, CHAVES_PER_PAGE).get_page(asked)


def jogos(request: HttpRequest, kwargs: dict[str, Any]) -> list[str]:
    return [revision.JOGOS]


def bracket(request: HttpRequest, kwargs: dict[str, Any]) -> list[str]:
    return [revision.MATA_MATA]


def chave(request: HttpRequest, kwargs: dict[str, Any]) -> list[str]:
    """One chave's classificação (its picture, its embed)."""
    return [revision.chave(int(kwargs["group_id"]))]


def live_board(request: HttpRequest, kwargs: dict[str, Any]) -> list[str]:
    return [revision.AO_VIVO]


def team(request: HttpRequest, kwargs: dict[str, Any]) -> list[str]:
    return [revision.equipe(int(kwargs["team_id"]))]


def mesa(request: HttpRequest, kwargs: dict[str, Any]) -> list[str]:
    return [revision.mesa(int(kwargs["table_id"]))]


def standings_page(request: HttpRequest, kwargs: dict[str, Any]) -> list[str]:
    page = chave_page(ordered_chaves(str(kwargs["slug"])), request.GET.get("page"))
    return [revision.chave(pk) for pk, _ in page.object_list] or [revision.JOGOS]


def polled(request: HttpRequest, kwargs: dict[str, Any]) -> list[str]:
    """The scopes a page's live refresh names (``?escopo=chave:3,chave:4``); with none,
    the poll follows every change of the tournament."""
    asked = request.GET.get("escopo", "").split(",")
    return sorted({s for s in asked if revision.SCOPE.match(s)})[:MOST_POLLED]
