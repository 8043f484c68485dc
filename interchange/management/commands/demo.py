"""``manage.py demo``: on an empty database, load the demo event and its organizer.

The event is where a rodeio is on its day: inscrições closed, every trio checked in,
rodadas 1 and 2 homologated and rodada 3 in play (``core.demo``), the 2 first of each
chave going on to a mata-mata. The organizer's
account is marked as an organizer (group «Organizadores»: it may create tournaments).
Prints the organizer's login once (the password is random and not stored in clear).
"""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from core.demo import demo_document
from interchange.load import load_tournament
from tournaments.models import Membership, Team, Tournament
from tournaments.services.closing import registration_close
from tournaments.services.organizers import organizer_mark
from tournaments.services.registration import team_set_status

DEMO_USER = "organizador"


class Command(BaseCommand):
    help = "Carrega o torneio de demonstração quando o banco está vazio."

    def handle(self, *args: Any, **options: Any) -> None:
        if Tournament.objects.exists():
            self.stdout.write("Banco já tem torneios; demonstração não carregada.")
            return
        with transaction.atomic():
            tournament = load_tournament(demo_document()).tournament
            user_model = get_user_model()
            password = secrets.token_urlsafe(9)
            user, _ = user_model.objects.get_or_create(username=DEMO_USER)
            user.set_password(password)
            user.save()
            Membership.objects.create(tournament=tournament, user=user, role=Membership.Role.ORGANIZER)
            organizer_mark(user)
            # A rodeio's Truco Cego ends in a mata-mata of the 2 first of each chave.
            Tournament.objects.filter(pk=tournament.pk).update(
                stage_plan=Tournament.StagePlan.GROUPS_KNOCKOUT, advance_per_group=2
            )
            for team in tournament.teams.all():
                team_set_status(team=team, status=Team.Status.CHECKED_IN, user=user)
            registration_close(tournament=tournament)
        self.stdout.write(self.style.SUCCESS(f"Torneio de demonstração: {tournament.name}"))
        self.stdout.write(
            f"Login do organizador: usuário «{DEMO_USER}», senha «{password}» (anote: só aparece agora)"
        )
        self.stdout.write(
            "Outra conta pode criar torneios depois de marcada como organizadora: "
            "python manage.py organizer USUÁRIO"
        )
