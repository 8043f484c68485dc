"""Every entry in each language of the site: ``summaries`` and ``changes_by_language``.

The entries written before hold their pt-BR text only (the trail was written in pt-BR):
it becomes their one language, and readers of another fall back to it. Only these two
new columns are written; what each entry says stays as it was.
"""

from django.db import migrations, models

BATCH = 500


def pt_br_only(apps, schema_editor):
    Entry = apps.get_model("audit", "AuditEntry")  # the historical model: no save() guard
    batch = []
    for entry in Entry.objects.only("pk", "summary", "changes").iterator(chunk_size=BATCH):
        entry.summaries = {"pt-br": entry.summary}
        entry.changes_by_language = {"pt-br": entry.changes or []}
        batch.append(entry)
        if len(batch) == BATCH:
            Entry.objects.bulk_update(batch, ["summaries", "changes_by_language"])
            batch = []
    Entry.objects.bulk_update(batch, ["summaries", "changes_by_language"])


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0002_changes_and_filters"),
    ]

    operations = [
        migrations.AddField(
            model_name="auditentry",
            name="summaries",
            field=models.JSONField(blank=True, default=dict, verbose_name="resumo em cada idioma"),
        ),
        migrations.AddField(
            model_name="auditentry",
            name="changes_by_language",
            field=models.JSONField(blank=True, default=dict, verbose_name="alterações em cada idioma"),
        ),
        # Going back drops the columns: nothing to undo in the rows.
        migrations.RunPython(pt_br_only, migrations.RunPython.noop),
    ]
