import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0004_clean_names"),
    ]

    operations = [
        migrations.CreateModel(
            name="PublicRevision",
            fields=[
                (
                    "tournament",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="public_revision",
                        serialize=False,
                        to="tournaments.tournament",
                    ),
                ),
                ("value", models.PositiveBigIntegerField(default=0)),
                ("changed_at", models.DateTimeField()),
            ],
        ),
    ]
