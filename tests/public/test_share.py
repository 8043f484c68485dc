"""Sharing (public.views_share, public.pictures, public.raster, public.templatetags.share,
public.views_embed): the pictures (PNG, their size, their content, their cache and 304,
homologated results only), the Open Graph tags, the share buttons, the embeds that other
sites may frame while every other page stays unframeable."""

from __future__ import annotations

import struct
from typing import Any

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import get_resolver, reverse

from public import raster
from tests.public.share_event import finished_event
from tests.public.test_publication import Event
from tournaments.models import Group, Match, Stage, Tournament

pytestmark = pytest.mark.django_db

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def size(png: bytes) -> tuple[int, int]:
    assert png.startswith(PNG_SIGNATURE)
    width, height = struct.unpack(">II", png[16:24])
    return width, height


@pytest.fixture
def rodeio() -> Tournament:
    return finished_event("rodeio")


@pytest.fixture
def svgs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The SVG source of every picture drawn (still drawn, to the real PNG)."""
    drawn: list[str] = []
    real = raster.png

    def keep(svg: str) -> bytes:
        drawn.append(svg)
        return real(svg)

    monkeypatch.setattr(raster, "png", keep)
    return drawn


def chave(t: Tournament, name: str = "A") -> Group:
    return Group.objects.get(stage__tournament=t, name=name)


def final(t: Tournament) -> Match:
    found = Match.objects.filter(stage__tournament=t, stage__kind=Stage.Kind.KNOCKOUT).order_by(
        "-round", "id"
    )
    first = found.first()
    assert first is not None
    return first


def picture_urls(t: Tournament) -> dict[str, str]:
    return {
        "chave": reverse("public:chave_png", args=[t.slug, chave(t).pk]),
        "bracket": reverse("public:bracket_png", args=[t.slug]),
        "jogo": reverse("public:jogo_png", args=[t.slug, final(t).pk]),
        "podium": reverse("public:podium_png", args=[t.slug]),
    }


# ---- the pictures -----------------------------------------------------------------


def test_every_picture_is_a_png_of_the_open_graph_size(client: Client, rodeio: Tournament) -> None:
    for kind, url in picture_urls(rodeio).items():
        response = client.get(url)
        assert response.status_code == 200, kind
        assert response["Content-Type"] == "image/png", kind
        assert size(response.content) == (1200, 630), kind


def test_a_picture_shows_the_data_of_its_page(client: Client, rodeio: Tournament, svgs: list[str]) -> None:
    a, b = chave(rodeio, "A"), chave(rodeio, "B")
    png_a = client.get(reverse("public:chave_png", args=[rodeio.slug, a.pk])).content
    png_b = client.get(reverse("public:chave_png", args=[rodeio.slug, b.pk])).content
    assert png_a != png_b
    teams_a = [e.team.name for e in a.entries.select_related("team")]
    teams_b = [e.team.name for e in b.entries.select_related("team")]
    assert all(name in svgs[0] for name in teams_a) and not any(name in svgs[0] for name in teams_b)
    assert "Chave A" in svgs[0] and rodeio.name in svgs[0] and "súmulas homologadas" in svgs[0]
    m = final(rodeio)
    client.get(reverse("public:jogo_png", args=[rodeio.slug, m.pk]))
    assert m.team_a.name in svgs[-1] and m.team_b.name in svgs[-1] and "1–2" in svgs[-1]
    client.get(reverse("public:podium_png", args=[rodeio.slug]))
    assert f"Campeão: {m.team_b.name}" in svgs[-1]  # the final's team B won it
    client.get(reverse("public:bracket_png", args=[rodeio.slug]))
    assert "Quartas de final" in svgs[-1] and "3º lugar" in svgs[-1]


def test_a_long_chave_makes_a_taller_picture(client: Client) -> None:
    from interchange.load import load_tournament
    from tests.generators import tournament_document

    doc = tournament_document("truco-cego-trio", groups=1, size=12, seed=7, played=1.0, walkovers=False)
    doc["tournament"]["slug"] = "doze"
    t = load_tournament(doc).tournament
    png = client.get(reverse("public:chave_png", args=[t.slug, Group.objects.get(stage__tournament=t).pk]))
    width, height = size(png.content)
    assert width == 1200 and height > 630


def test_a_picture_is_drawn_once_per_revision_with_its_etag(
    client: Client, rodeio: Tournament, svgs: list[str]
) -> None:
    url = reverse("public:chave_png", args=[rodeio.slug, chave(rodeio).pk])
    first = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    again = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert len(svgs) == 1 and again["X-Tenteio-Cache"] == "hit"
    assert again.content == first.content and again["ETag"] == first["ETag"]
    assert "Content-Encoding" not in again and again["Cache-Control"] == "public, max-age=1"
    caches["default"].clear()
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    assert len(svgs) == 1  # the 304 needed no picture


def test_a_homologation_redraws_the_pictures_that_show_it(client: Client) -> None:
    event = Event()  # a chave jogo and a semifinal sent and signed, not homologated
    t = event.t
    urls = {
        "chave": reverse("public:chave_png", args=[t.slug, event.chave.group_id]),
        "bracket": reverse("public:bracket_png", args=[t.slug]),
        "jogo": reverse("public:jogo_png", args=[t.slug, event.chave.pk]),
    }
    before = {k: client.get(u) for k, u in urls.items()}
    event.homologate()
    after = {k: client.get(u) for k, u in urls.items()}
    for kind in urls:
        assert after[kind]["ETag"] != before[kind]["ETag"], kind
        assert after[kind].content != before[kind].content, kind


@pytest.mark.parametrize("on", [False, True], ids=["switch-off", "switch-on"])
def test_a_picture_shows_homologated_results_only(client: Client, svgs: list[str], on: bool) -> None:
    event = Event()
    event.switch(on)  # on: the pages show the sent scores, marked «aguardando homologação»
    t = event.t
    page = client.get(reverse("public:jogo", args=[t.slug, event.chave.pk])).content.decode()
    assert ("24–7" in page) is on
    client.get(reverse("public:jogo_png", args=[t.slug, event.chave.pk]))
    client.get(reverse("public:bracket_png", args=[t.slug]))
    client.get(reverse("public:chave_png", args=[t.slug, event.chave.group_id]))
    for svg in svgs:
        assert "24–7" not in svg and "2–0" not in svg and "aguardando homologação" not in svg
    assert "a jogar" in svgs[0]
    event.homologate()
    client.get(reverse("public:jogo_png", args=[t.slug, event.chave.pk]))
    assert "2–0" in svgs[-1] and "24–7, 24–3" in svgs[-1]


def test_no_picture_of_what_does_not_exist(client: Client, rodeio: Tournament) -> None:
    other = finished_event("outro", knockout=False)
    slug = rodeio.slug
    assert client.get(reverse("public:chave_png", args=[slug, chave(other).pk])).status_code == 404
    assert client.get(reverse("public:jogo_png", args=[slug, final(rodeio).pk + 10_000])).status_code == 404
    assert client.get(reverse("public:bracket_png", args=[slug]) + "?fase=nenhuma").status_code == 404
    assert client.get(reverse("public:bracket_png", args=[other.slug])).status_code == 404  # no mata-mata
    playing = finished_event("em-jogo", ended=False)
    assert client.get(reverse("public:podium_png", args=[playing.slug])).status_code == 404
    Tournament.objects.filter(pk=rodeio.pk).update(is_public=False)
    for url in picture_urls(rodeio).values():
        assert client.get(url).status_code == 404


def test_a_hostile_name_is_drawn_as_text(client: Client, rodeio: Tournament, svgs: list[str]) -> None:
    from tournaments.models import Team
    from tournaments.revision import bump

    team = chave(rodeio).entries.select_related("team").first().team  # type: ignore[union-attr]
    Team.objects.filter(pk=team.pk).update(name='Trio\x07 <b>"Sino"</b> & Cia')
    bump(rodeio.pk)
    response = client.get(reverse("public:chave_png", args=[rodeio.slug, chave(rodeio).pk]))
    assert response.status_code == 200 and size(response.content) == (1200, 630)
    assert "&lt;b&gt;&quot;Sino&quot;&lt;/b&gt; &amp; Cia" in svgs[-1] and "<b>" not in svgs[-1]


def test_the_rasteriser_fetches_nothing() -> None:
    hostile = (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" '
        'height="10"><image xlink:href="file:///etc/passwd" width="10" height="10"/></svg>'
    )
    with pytest.raises(raster.RefusedURL):
        raster.png(hostile)


# ---- Open Graph and the share buttons ------------------------------------------------


def meta(body: str, name: str) -> str:
    import re

    found = re.search(rf'<meta (?:property|name)="{re.escape(name)}" content="([^"]*)"', body)
    assert found is not None, name
    return found.group(1)


def test_the_public_pages_carry_open_graph_tags_with_absolute_pictures(
    client: Client, rodeio: Tournament
) -> None:
    slug = rodeio.slug
    pages = {
        reverse("public:standings", args=[slug]): reverse("public:chave_png", args=[slug, chave(rodeio).pk]),
        reverse("public:bracket", args=[slug]): reverse("public:bracket_png", args=[slug])
        + "?fase=mata-mata",
        reverse("public:home", args=[slug]): reverse("public:podium_png", args=[slug]),
        reverse("public:jogo", args=[slug, final(rodeio).pk]): reverse(
            "public:jogo_png", args=[slug, final(rodeio).pk]
        ),
    }
    for page, picture in pages.items():
        body = client.get(page).content.decode()
        assert meta(body, "og:image") == f"http://testserver{picture}", page
        assert meta(body, "og:url") == f"http://testserver{page}"
        assert rodeio.name in meta(body, "og:title")
        assert meta(body, "og:description")
        assert meta(body, "twitter:card") == "summary_large_image"
        assert client.get(picture).status_code == 200, picture


def test_open_graph_follows_site_url(client: Client, rodeio: Tournament, settings: Any) -> None:
    settings.SITE_URL = "https://truco.example.org/"
    body = client.get(reverse("public:home", args=[rodeio.slug])).content.decode()
    assert meta(body, "og:image") == f"https://truco.example.org/t/{rodeio.slug}/imagens/podio.png"


def test_a_home_before_the_podium_shows_its_first_chave(client: Client) -> None:
    t = finished_event("em-jogo", ended=False)
    body = client.get(reverse("public:home", args=[t.slug])).content.decode()
    assert meta(body, "og:image").endswith(reverse("public:chave_png", args=[t.slug, chave(t).pk]))
    assert "data-share" not in body  # no podium, no picture of it to share


def test_share_buttons_on_the_pages_that_have_a_picture(client: Client, rodeio: Tournament) -> None:
    slug = rodeio.slug
    standings = client.get(reverse("public:standings", args=[slug])).content.decode()
    assert standings.count("data-share-image=") == 4  # one per chave
    for group in Group.objects.filter(stage__tournament=rodeio):
        image = reverse("public:chave_png", args=[slug, group.pk])
        assert f'href="{image}" download="{slug}-chave-{group.pk}.png"' in standings
        assert f'data-share-url="http://testserver/t/{slug}/classificacao/#chave-{group.name}"' in standings
    for url in (
        reverse("public:bracket", args=[slug]),
        reverse("public:home", args=[slug]),
        reverse("public:jogo", args=[slug, final(rodeio).pk]),
    ):
        body = client.get(url).content.decode()
        assert body.count("data-share-image=") == 1, url
        assert "js/share.js" in body and "Compartilhar" in body and "Baixar imagem (PNG)" in body


def test_a_jogo_page(client: Client, rodeio: Tournament) -> None:
    m = final(rodeio)
    body = client.get(reverse("public:jogo", args=[rodeio.slug, m.pk])).content.decode()
    assert (
        m.team_a.name in body and m.team_b.name in body and "Final" in body and "24–21, 15–24, 19–24" in body
    )
    assert "ver o jogo e compartilhar" not in body  # no link to itself
    results = client.get(reverse("public:results", args=[rodeio.slug])).content.decode()
    assert f'href="{reverse("public:jogo", args=[rodeio.slug, m.pk])}"' in results
    other = finished_event("outro", knockout=False)
    assert client.get(reverse("public:jogo", args=[other.slug, m.pk])).status_code == 404


# ---- embeds ---------------------------------------------------------------------------

FRAME_POLICY = "frame-ancestors *"


def frameable(response: Any) -> bool:
    policy = response.get("Content-Security-Policy", "")
    return (
        "X-Frame-Options" not in response
        and FRAME_POLICY in policy
        and "'none'" not in policy.split("frame-ancestors")[1].split(";")[0]
    )


def test_the_embeds_may_be_framed_and_are_live(client: Client, rodeio: Tournament) -> None:
    a = chave(rodeio)
    urls = [
        reverse("public:embed_chave", args=[rodeio.slug, a.pk]),
        reverse("public:embed_bracket", args=[rodeio.slug]),
    ]
    for url in urls:
        first = client.get(url)
        assert first.status_code == 200 and frameable(first), url
        again = client.get(url)
        assert again["X-Tenteio-Cache"] == "hit" and frameable(again), url
        not_modified = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
        assert not_modified.status_code == 304 and frameable(not_modified), url
        body = first.content.decode()
        assert "js/live.js" in body and "data-revision-url" in body
        assert "topbar" not in body and "<form" not in body  # no menu, nothing to send
    body = client.get(urls[0]).content.decode()
    assert all(e.team.name in body for e in a.entries.select_related("team"))
    assert f"escopo=chave:{a.pk}" in body
    bracket = client.get(urls[1]).content.decode()
    assert "Quartas de final" in bracket and "escopo=mata-mata" in bracket


def test_every_other_page_stays_unframeable(client: Client, rodeio: Tournament) -> None:
    values = {
        "slug": rodeio.slug,
        "group_id": chave(rodeio).pk,
        "match_id": final(rodeio).pk,
        "team_id": final(rodeio).team_a_id,
        "table_id": rodeio.tables.values_list("pk", flat=True).first(),
    }
    public = [p for p in get_resolver().url_patterns if getattr(p, "app_name", None) == "public"]
    (patterns,) = [p.url_patterns for p in public]
    checked = 0
    for p in patterns:
        url = reverse(f"public:{p.name}", kwargs={k: values[k] for k in p.pattern.converters})
        response = client.get(url)
        # A circuit's pages take a circuit's slug (none here): their 404 must stay unframeable too.
        assert response.status_code == (404 if p.name.startswith("circuit") else 200), url
        if p.name.startswith("embed_"):
            assert frameable(response), url
            continue
        checked += 1
        assert response["X-Frame-Options"] == "DENY", url
        assert "frame-ancestors 'none'" in response["Content-Security-Policy"], url
    assert checked >= 15
    for url in ("/", reverse("tournaments:dashboard", args=[rodeio.slug])):
        assert client.get(url)["X-Frame-Options"] == "DENY"


def test_the_dashboard_gives_the_iframe_snippets(rodeio: Tournament) -> None:
    from tests.scoring.conftest import user

    organizer = user("org", rodeio, "organizer")
    c = Client()
    c.force_login(organizer)
    body = c.get(reverse("tournaments:dashboard", args=[rodeio.slug])).content.decode()
    for group in Group.objects.filter(stage__tournament=rodeio):
        src = "http://testserver" + reverse("public:embed_chave", args=[rodeio.slug, group.pk])
        assert f"&lt;iframe src=&quot;{src}&quot;" in body or f'&lt;iframe src="{src}"' in body
    assert "http://testserver" + reverse("public:embed_bracket", args=[rodeio.slug]) in body


def test_identical_lines_in_a_chave_picture_say_the_sorteio_decided(client: Client, svgs: list[str]) -> None:
    from interchange.load import load_tournament
    from standings.services import tiebreak_lots_record
    from tests.documents import team

    won = {"games": [[24, 20], [24, 20]]}
    cycle = [("x", "y"), ("y", "z"), ("z", "x")]  # each wins one jogo by the same score
    doc = {
        "format": "tenteio/1",
        "tournament": {"name": "Roda", "slug": "roda", "modality": "truco-cego-trio"},
        "teams": [team(k, 3, entity=None) for k in "xyz"],
        "stages": [{"key": "chaves", "kind": "groups", "groups": [{"name": "A", "teams": list("xyz")}]}],
        "matches": [
            {"stage": "chaves", "group": "A", "round": r, "teams": list(pair), "result": won}
            for r, pair in enumerate(cycle, 1)
        ],
    }
    t = load_tournament(doc).tournament
    group = chave(t)
    client.get(reverse("public:chave_png", args=[t.slug, group.pk]))
    assert svgs[-1].count("sorteio pendente") == 3 and "por sorteio" not in svgs[-1]
    tiebreak_lots_record(
        tournament=t, teams=["x", "y", "z"], user=None, group=group, manual_order=["z", "x", "y"]
    )
    client.get(reverse("public:chave_png", args=[t.slug, group.pk]))
    assert svgs[-1].count("por sorteio") == 3 and "sorteio pendente" not in svgs[-1]
