"""App config for core (permissions, error pages, demo data, health, the names' order)."""

from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Tenteio"

    def ready(self) -> None:
        from django.db.backends.signals import connection_created

        from core.collation import register_sqlite_collation

        connection_created.connect(register_sqlite_collation, dispatch_uid="tenteio-name-collation")
