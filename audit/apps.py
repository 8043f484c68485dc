"""App config of the audit trail: connects the model signals when Django starts."""

from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "audit"
    verbose_name = "Auditoria"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from audit import signals

        signals.connect()
