"""``manage.py demo``: on an empty database, load the demo event and its organizer.

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
from tournaments.models import Membership, Tournament

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
        self.stdout.write(self.style.SUCCESS(f"Torneio de demonstração: {tournament.name}"))
        self.stdout.write(
            f"Login do organizador: usuário «{DEMO_USER}», senha «{password}» (anote: só aparece agora)"
        )
