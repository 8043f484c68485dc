"""``manage.py organizer USERNAME``: mark an account as an organizer, one that may create
and import tournaments under the default ``TOURNAMENT_CREATORS = "organizers"``.

The account joins the group «Organizadores» (created on first use with the permission
tournaments.add_tournament); ``--remove`` takes it out. The site admin does the same
on the admin's user page. Superusers (``createsuperuser``) may always create.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.services.organizers import organizer_mark, organizer_unmark


class Command(BaseCommand):
    help = "Marca uma conta como organizadora (pode criar e importar torneios)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username", help="o usuário da conta")
        parser.add_argument("--remove", action="store_true", help="tira a conta do grupo «Organizadores»")

    def handle(self, *args: Any, **options: Any) -> None:
        user = get_user_model().objects.filter(username=options["username"]).first()
        if user is None:
            raise CommandError(_("Usuário «%(username)s» não existe.") % {"username": options["username"]})
        if options["remove"]:
            organizer_unmark(user)
            self.stdout.write(
                _("«%(username)s» não é mais organizador(a).") % {"username": user.get_username()}
            )
        else:
            organizer_mark(user)
            self.stdout.write(
                _("«%(username)s» agora pode criar e importar torneios.") % {"username": user.get_username()}
            )
