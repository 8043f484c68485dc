"""CSV/XLSX import: a good file previews then writes on confirm; bad lines are reported, nothing written."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from openpyxl import Workbook

from tournaments.models import Player, Team, Tournament
from tournaments.services.importing import import_preview

pytestmark = pytest.mark.django_db
HEADER = "equipe;entidade;jogador;capataz;reserva;cabeça de chave\n"


def rows(*teams: str) -> str:
    out = HEADER
    for name in teams:
        out += f"{name};CTG {name};{name} Um;sim;não;\n{name};CTG {name};{name} Dois;não;não;\n"
        out += f"{name};CTG {name};{name} Três;não;não;\n"
    return out


def test_good_file_previews_then_writes(client: Client, organizer: User, tournament: Tournament) -> None:
    client.force_login(organizer)
    url = f"/t/{tournament.slug}/gestao/equipes/importar/"
    upload = SimpleUploadedFile("inscricoes.csv", ("\ufeff" + rows("Trio Á", "Trio B")).encode())
    page = client.post(url, {"file": upload})
    assert page.status_code == 200 and "Prévia: 2 equipes" in page.content.decode()
    assert Team.objects.count() == 0
    done = client.post(url, {"confirm": "1"})
    assert done.status_code == 302
    assert Team.objects.count() == 2 and Player.objects.count() == 6
    assert Player.objects.get(name="Trio Á Um").is_captain
    again = client.post(url, {"confirm": "1"}, follow=True)
    assert Team.objects.count() == 2 and "Nenhuma prévia" in again.content.decode()


def test_confirm_rechecks_the_database(client: Client, organizer: User, tournament: Tournament) -> None:
    client.force_login(organizer)
    url = f"/t/{tournament.slug}/gestao/equipes/importar/"
    client.post(url, {"file": SimpleUploadedFile("a.csv", rows("Trio A").encode())})
    # Meanwhile someone registers the same team by hand.
    client.post(
        url.replace("importar/", "nova/"),
        {
            "name": "Trio A",
            "p-TOTAL_FORMS": "3",
            "p-INITIAL_FORMS": "0",
            "p-0-name": "x1",
            "p-0-is_captain": "on",
            "p-1-name": "x2",
            "p-2-name": "x3",
        },
    )
    response = client.post(url, {"confirm": "1"})
    assert response.status_code == 400 and "Já existe uma equipe" in response.content.decode()
    assert Team.objects.count() == 1


def test_each_bad_line_is_reported(tournament: Tournament, register: object) -> None:
    text = (
        HEADER
        + "A;;A1;sim;não;\nA;;A2;não;não;\nA;;A3;não;não;\n"  # 2-4 good
        + "B;;B1;não;não;\nB;;B2;não;não;\nB;;B3;não;não;\n"  # 5-7 no capataz
        + "C;;C1;sim;não;\nC;;C2;não;não;\n"  # 8-9 one starter short
        + "D;;a1;sim;não;\nD;;D2;não;não;\nD;;D3;não;talvez;\n"  # 10 dup of A1 (casefold), 12 bad flag
        + ";;E1;não;não;\nF;;;sim;não;\nG;;G1;sim;não;x\n"  # 13 no team, 14 no player, 15 bad seed
    )
    preview = import_preview(tournament=tournament, filename="x.csv", raw=text.encode())
    lines = {line for line, _ in preview.errors}
    messages = " ".join(m for _, m in preview.errors)
    assert {5, 8, 10, 12, 13, 14, 15} <= lines
    assert "capataz" in messages and "titular" in messages and "«a1» já está inscrito" in messages
    assert not preview.ok and Team.objects.count() == 0


def test_file_level_problems(tournament: Tournament) -> None:
    def errors(raw: bytes, name: str = "x.csv") -> str:
        return " ".join(
            f"{line}:{m}" for line, m in import_preview(tournament=tournament, filename=name, raw=raw).errors
        )

    assert "1:Coluna desconhecida: «idade»" in errors(b"equipe;jogador;idade\nA;b;3\n")
    assert "1:Falta a coluna «jogador»" in errors(b"equipe;entidade\n")
    assert "2 MB" in errors(b"x" * (2 * 1024 * 1024 + 1))
    assert "mais de 2000" in errors((HEADER + "A;;x;sim;não;\n" * 2001).encode())
    assert "vazio" in errors(b"")
    assert "XLSX" in errors(b"PK\x03\x04garbage", "x.xlsx")
    cp1252 = rows("Trio João").encode("cp1252")
    preview = import_preview(tournament=tournament, filename="x.csv", raw=cp1252)
    assert preview.ok and preview.warnings and preview.teams[0].name == "Trio João"


def test_xlsx(tournament: Tournament) -> None:
    book = Workbook()
    sheet = book.active
    sheet.append(["Equipe", "Entidade", "Jogador", "Capataz", "Reserva", "Cabeça de chave"])
    for i, name in enumerate(["Um", "Dois", "Três", "Quatro"]):
        sheet.append(["Trio X", "CTG", name, "sim" if i == 0 else "não", "sim" if i == 3 else "não", 1])
    buf = io.BytesIO()
    book.save(buf)
    preview = import_preview(tournament=tournament, filename="x.xlsx", raw=buf.getvalue())
    assert preview.ok, preview.errors
    assert preview.teams[0].seed == 1 and preview.teams[0].players[3].is_reserve


def test_template_download(client: Client) -> None:
    response = client.get("/torneios/modelo-inscricoes.csv")
    assert response.status_code == 200
    assert response.content.decode("utf-8-sig").startswith("equipe;entidade;jogador")


@pytest.mark.parametrize("seed", ["²", "99999999999", "0"])
def test_a_seed_that_is_not_a_small_whole_number_is_reported(tournament: Tournament, seed: str) -> None:
    text = HEADER + f"A;;A1;sim;não;{seed}\nA;;A2;não;não;\nA;;A3;não;não;\n"
    preview = import_preview(tournament=tournament, filename="x.csv", raw=text.encode())
    assert (2, f"Cabeça de chave «{seed}»: use 1, 2, 3… ou deixe vazio.") in preview.errors
    assert not preview.ok and Team.objects.count() == 0


def test_a_team_name_repeated_in_another_spelling_is_said_as_such(tournament: Tournament) -> None:
    text = (
        rows("Ás de Espadas", "Sete de Ouro")
        + "as de espadas;;Zé Um;sim;não;\nas de espadas;;Zé Dois;não;não;\n"
    )
    preview = import_preview(tournament=tournament, filename="x.csv", raw=text.encode())
    assert [line for line, _msg in preview.errors] == [8]
    assert (
        "nome repetido" in preview.errors[0][1]
        and "«Ás de Espadas» já está nas linhas 2–4" in (preview.errors[0][1])
    )
    # contiguous rows of one team, typed with and without the accent, are one team
    same = HEADER + "Ás de Copas;;A Um;sim;não;\nas de copas;;A Dois;não;não;\nÁS DE COPAS;;A Três;não;não;\n"
    assert import_preview(tournament=tournament, filename="x.csv", raw=same.encode()).ok


@pytest.mark.parametrize(("modality", "players"), [("truco-cego-dupla", 2), ("truco-cego-trio", 3)])
def test_the_template_is_a_team_of_the_tournaments_modality(
    client: Client, organizer: User, tournament: Tournament, modality: str, players: int
) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(modality=modality)
    client.force_login(organizer)
    page = client.get(f"/t/{tournament.slug}/gestao/equipes/importar/").content.decode()
    link = page.split('href="/torneios/modelo-inscricoes.csv', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    text = client.get("/torneios/modelo-inscricoes.csv" + link).content.decode("utf-8-sig")
    lines = text.strip().split("\r\n")[1:]
    starters = [line for line in lines if line.split(";")[4] == "não"]
    assert len(starters) == players
    assert lines[0].startswith("Dupla " if players == 2 else "Trio ")
    fresh = Tournament.objects.get(pk=tournament.pk)  # the model file imports as it is
    preview = import_preview(tournament=fresh, filename="modelo.csv", raw=text.encode())
    assert preview.ok, preview.errors
