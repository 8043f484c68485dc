"""How a round trip is checked: export, load back by command and by the import page,
export again, and compare the files and the public JSON documents (docs/interchange.md).

:func:`round_trip` does it for one tournament; :func:`scripted` is the ``pick`` of the
hand-written cases (``tests.interchange.events``); ``test_round_trip`` uses both.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from audit import describe
from interchange.export import export_tournament
from public import caching
from tests.commands import run
from tournaments.models import Match, Stage, Tournament
from tournaments.services.organizers import organizer_mark


def fresh_cache() -> None:
    cache.clear()
    describe._owners.clear()
    caching._down_until = 0.0


TAGS = re.compile(r"<script.*?</script>|<style.*?</style>|<[^>]+>", re.S)


def page_text(html: str) -> str:
    """What a page says (its links point at database ids, which another database numbers
    otherwise)."""
    return " ".join(TAGS.sub(" ", html).split())


def public_documents(slug: str) -> dict[str, Any]:
    """The public JSON of the event: classificação (all phases and each), results, brackets;
    and the text of the programação (horários, mesas) and of the resultados page."""
    client = Client()
    t = Tournament.objects.get(slug=slug)
    docs: dict[str, Any] = {}
    paths = [f"/t/{slug}/classificacao.json", f"/t/{slug}/resultados.json"]
    for stage in Stage.objects.filter(tournament=t).order_by("order"):
        if stage.kind == Stage.Kind.GROUPS:
            paths.append(f"/t/{slug}/classificacao.json?stage={stage.key}")
        else:
            paths.append(f"/t/{slug}/mata-mata.json?fase={stage.key}")
    for path in paths:
        response = client.get(path)
        assert response.status_code == 200, path
        docs[path] = _jogos_by_teams(response.json())
    for path in (f"/t/{slug}/programacao/", f"/t/{slug}/resultados/"):
        response = client.get(path)
        assert response.status_code == 200, path
        docs[path] = page_text(response.content.decode())
    return docs


def _jogos_by_teams(value: Any) -> Any:
    """A mata-mata slot names its jogo by database id, which another database numbers
    otherwise: the jogo is named by its stage, rodada and teams instead."""
    if isinstance(value, dict):
        out = {k: _jogos_by_teams(v) for k, v in value.items()}
        if isinstance(value.get("match"), int):
            m = Match.objects.select_related("stage", "team_a", "team_b").get(pk=value["match"])
            out["match"] = f"{m.stage.key} {m.round} {m.team_a.key} × {m.team_b.key}"
        return out
    if isinstance(value, list):
        return [_jogos_by_teams(v) for v in value]
    return value


def differences(got: Any, want: Any, where: str = "") -> list[str]:
    """Where two JSON values differ, as paths (a readable failure)."""
    if isinstance(got, dict) and isinstance(want, dict):
        out = []
        for k in sorted(set(got) | set(want), key=str):
            if k not in got or k not in want:
                out.append(f"{where}.{k}: {got.get(k, '∅')!r} != {want.get(k, '∅')!r}")
            else:
                out += differences(got[k], want[k], f"{where}.{k}")
        return out
    if isinstance(got, list) and isinstance(want, list) and len(got) == len(want):
        return [
            d
            for i, (g, w) in enumerate(zip(got, want, strict=True))
            for d in differences(g, w, f"{where}[{i}]")
        ]
    if isinstance(got, list) and isinstance(want, list):  # of other lengths: the first that differs
        first = next((i for i, (g, w) in enumerate(zip(got, want)) if g != w), min(len(got), len(want)))
        head = [f"{where}: {len(got)} items != {len(want)}, from [{first}]"]
        if first < min(len(got), len(want)):
            return head + differences(got[first], want[first], f"{where}[{first}]")
        extra = got[first] if len(got) > len(want) else want[first]
        return [*head, f"{where}[{first}]: {extra!r}"]
    return [] if got == want else [f"{where}: {got!r} != {want!r}"]


def assert_same(got: Any, want: Any) -> None:
    found = differences(got, want)
    assert not found, "\n".join(found[:20])


def round_trip(slug: str, tmp: Path) -> dict[str, Any]:
    """Export, check the command writes the same, load back by command and by the page;
    returns the file."""
    t = Tournament.objects.get(slug=slug)
    exported = export_tournament(t)
    fresh_cache()
    pages = public_documents(slug)
    path = tmp / f"{slug}.tenteio.json"
    code, _, err = run("exporttournament", slug, "-o", str(path))
    assert code == 0, err
    text = path.read_text(encoding="utf-8")
    assert json.loads(text) == exported
    assert text == json.dumps(exported, ensure_ascii=False, indent=2) + "\n"

    # Another site: the accounts the file names (judges, the comissão) are not there either.
    User.objects.filter(username__in=[p["key"] for p in exported.get("people", [])]).delete()
    Tournament.objects.filter(slug=slug).delete()
    code, out, err = run("loadtournament", str(path))
    assert code == 0, err
    again = Tournament.objects.get(slug=slug)
    assert_same(export_tournament(again), exported)
    fresh_cache()
    assert_same(public_documents(slug), pages)

    Tournament.objects.filter(slug=slug).delete()
    client = Client()
    importer = User.objects.get_or_create(username="importador")[0]
    organizer_mark(importer)  # an account the site admin marked: it may import
    client.force_login(importer)
    upload = SimpleUploadedFile("evento.tenteio.json", text.encode("utf-8"))
    response = client.post("/t/importar/", {"file": upload})
    assert response.status_code == 303, response.content.decode()[-2000:]
    imported = Tournament.objects.get(slug=slug)
    assert export_tournament(imported) == exported
    assert client.get(f"/t/{slug}/exportar.json").json() == exported
    fresh_cache()
    assert_same(public_documents(slug), pages)
    return exported


def scripted(choices: dict[str, list[Any]], seed: int = 0) -> Any:
    """A ``pick`` that takes the scripted choices for a label in turn, else a seeded random one."""
    rng = random.Random(seed)

    def pick(label: str, options: Any) -> Any:
        options = list(options)
        queue = choices.get(label)
        if queue:
            chosen = queue.pop(0)
            assert chosen in options, (label, chosen, options)
            return chosen
        return rng.choice(options)

    return pick
