"""Sharing a public page: its Open Graph tags, its share button, its embed snippets.

- ``{% open_graph "chave" %}`` (also ``"home"``, ``"bracket"``, ``"jogo"``) in the
  ``og`` block of ``base.html``'s head: ``og:title``, ``og:description``, ``og:url`` and
  ``og:image`` — the page's picture (``public.views_share``) — with ``twitter:card``, so
  a link pasted in WhatsApp or a social network shows the picture.
- ``{% share_button "chave" group %}`` (``"bracket"`` with the stage, ``"jogo"`` with the
  row, ``"podium"``): «Compartilhar» (the Web Share API, with the PNG where the phone
  shares files) and «Baixar imagem», ``public/_share.html``.
- ``{% embed_snippets %}``: the ``<iframe>`` of each chave's classificação and of each
  mata-mata, to copy into another site (``public.views_embed``).

Every address is absolute, built like the printed QR codes' (``core.site``: ``SITE_URL``,
else the address the page was opened at).
"""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from core import words
from core.site import absolute, base_url
from public import scopes
from tournaments.models import Stage

register = template.Library()


def _image(kind: str, slug: str, subject: Any = None) -> str:
    """The path of the picture of ``kind`` (with its chave id, stage or jogo id)."""
    if kind == "chave":
        return reverse("public:chave_png", args=[slug, subject])
    if kind == "jogo":
        return reverse("public:jogo_png", args=[slug, subject])
    if kind == "podium":
        return reverse("public:podium_png", args=[slug])
    path = reverse("public:bracket_png", args=[slug])
    return path + (f"?{urlencode({'fase': subject.key})}" if subject is not None else "")


def _place(t: Any) -> str:
    parts = [words.modality_name(t), t.date.strftime("%d/%m/%Y") if t.date else "", t.venue or ""]
    return " · ".join(p for p in parts if p)


def _home_picture(context: Any, t: Any) -> tuple[str, str] | None:
    """The home's picture: the podium once the event ended, else the first chave, else
    the mata-mata."""
    placings = context.get("placings")
    if placings is not None and placings.complete:
        return _("Pódio"), _image("podium", t.slug)
    chaves = scopes.ordered_chaves(t.slug)
    if chaves:
        return _("Classificação · Chave %(name)s") % {"name": chaves[0][1]}, _image(
            "chave", t.slug, chaves[0][0]
        )
    if t.stages.filter(kind=Stage.Kind.KNOCKOUT).exists():
        return _("Mata-mata"), _image("bracket", t.slug)
    return None


@register.inclusion_tag("public/_og.html", takes_context=True)
def open_graph(context: Any, kind: str) -> dict[str, Any]:
    request, t = context["request"], context["tournament"]
    site = base_url(request)
    found: tuple[str, str] | None = None
    if kind == "home":
        found = _home_picture(context, t)
    elif kind == "chave" and context.get("blocks"):
        group = context["blocks"][0]["gt"].group
        found = _("Classificação · Chave %(name)s") % {"name": group.name}, _image("chave", t.slug, group.pk)
    elif kind == "bracket" and context.get("bracket") is not None and context["bracket"].recognized:
        found = _("Mata-mata"), _image("bracket", t.slug, context.get("stage"))
    elif kind == "jogo" and context.get("m"):
        m = context["m"]
        found = f"{m['team_a']} × {m['team_b']}", _image("jogo", t.slug, m["pk"])
    heading = found[0] if found else ""
    return {
        "title": f"{heading} · {t.name}" if heading else t.name,
        "description": _place(t),
        "url": absolute(request.path, site),
        "image": absolute(found[1], site) if found else "",
        "image_alt": heading,
    }


@register.inclusion_tag("public/_share.html", takes_context=True)
def share_button(context: Any, kind: str, subject: Any = None) -> dict[str, Any]:
    """The share button of one picture: ``subject`` is the chave (a Group), the stage,
    the jogo's row (``match_rows``) or nothing (the podium)."""
    request, t = context["request"], context["tournament"]
    site = base_url(request)
    page = absolute(request.path, site)
    if kind == "chave":
        heading = _("Classificação · Chave %(name)s") % {"name": subject.name}
        image, name, page = (
            _image(kind, t.slug, subject.pk),
            f"chave-{subject.pk}",
            page + f"#chave-{subject.name}",
        )
    elif kind == "jogo":
        heading = f"{subject['team_a']} × {subject['team_b']}"
        image, name = _image(kind, t.slug, subject["pk"]), f"jogo-{subject['pk']}"
    elif kind == "podium":
        heading, image, name = _("Pódio"), _image(kind, t.slug), "podio"
    else:
        heading, image, name = _("Mata-mata"), _image("bracket", t.slug, subject), "mata-mata"
    return {
        "image": image,
        "file_name": f"{t.slug}-{name}.png",
        "page": page,
        "title": f"{heading} · {t.name}",
    }


@register.inclusion_tag("public/_embed_snippets.html", takes_context=True)
def embed_snippets(context: Any) -> dict[str, Any]:
    """One ``<iframe>`` per chave and per mata-mata of the tournament."""
    request, t = context["request"], context["tournament"]
    site = base_url(request)
    snippets = []
    for pk, name in scopes.ordered_chaves(t.slug):
        url = absolute(reverse("public:embed_chave", args=[t.slug, pk]), site)
        snippets.append((_("Chave %(name)s") % {"name": name}, url, 420))
    stages = list(t.stages.filter(kind=Stage.Kind.KNOCKOUT).order_by("order", "id"))
    for stage in stages:
        url = absolute(reverse("public:embed_bracket", args=[t.slug]), site)
        if len(stages) > 1:
            url += f"?{urlencode({'fase': stage.key})}"
        snippets.append((_("Mata-mata") + (f" · {stage.key}" if len(stages) > 1 else ""), url, 640))
    return {"snippets": snippets, "tournament": t}
