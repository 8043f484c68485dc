"""Tournament.registration_closed_at: the inscrições close by hand or at the sorteio.

A tournament already drawn (it has a phase) had its inscrições closed by that sorteio:
it starts closed, as a draw made from now on would leave it.
"""

from django.db import migrations, models
from django.utils import timezone


def close_drawn(apps, schema_editor):  # type: ignore[no-untyped-def]
    Tournament = apps.get_model("tournaments", "Tournament")
    Tournament.objects.filter(stages__isnull=False, registration_closed_at__isnull=True).update(
        registration_closed_at=timezone.now()
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0006_show_pending_results"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="registration_closed_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="inscrições encerradas em"),
        ),
        migrations.RunPython(close_drawn, migrations.RunPython.noop),
    ]
