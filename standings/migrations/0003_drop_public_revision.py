"""The public revision moved to the tournaments app (tournaments.revision): copy the
numbers over, so pages already cached under them stay right, then drop the old table."""

from django.db import migrations


def copy(apps, schema_editor):  # type: ignore[no-untyped-def]
    old = apps.get_model("standings", "PublicRevision")
    new = apps.get_model("tournaments", "PublicRevision")
    tournaments = set(apps.get_model("tournaments", "Tournament").objects.values_list("pk", flat=True))
    new.objects.bulk_create(
        new(tournament_id=row.tournament_id, value=row.value, changed_at=row.changed_at)
        for row in old.objects.all()
        if row.tournament_id in tournaments
    )


class Migration(migrations.Migration):
    dependencies = [
        ("standings", "0002_revision_table"),
        ("tournaments", "0005_public_revision"),
    ]

    operations = [
        migrations.RunPython(copy, migrations.RunPython.noop),
        migrations.DeleteModel(name="PublicRevision"),
    ]
