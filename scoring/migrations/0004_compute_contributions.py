"""Store what every existing chave jogo's counted súmula contributes to the standings.

The fields come from ``scoring.services.contributions.contribution_rows``, the one
mapping of the rules engine's answer to rows (imported, not copied, so that there is no
second reading of the rules; should the model change later, this migration has already
run everywhere it is needed).
"""

from django.db import migrations


def compute(apps, schema_editor):  # type: ignore[no-untyped-def]
    from rules.modalities import apply_overrides, get_modality
    from scoring.services.contributions import contribution_rows

    Tournament = apps.get_model("tournaments", "Tournament")
    ScoreSheet = apps.get_model("scoring", "ScoreSheet")
    MatchContribution = apps.get_model("scoring", "MatchContribution")
    for t in Tournament.objects.all():
        modality = apply_overrides(get_modality(t.modality), t.settings or {})
        sheets = ScoreSheet.objects.filter(
            match__stage__tournament=t, match__group__isnull=False, confirmed=True
        ).values_list(
            "match_id",
            "match__group_id",
            "status",
            "result",
            "match__team_a_id",
            "match__team_b_id",
            "match__team_a__key",
            "match__team_b__key",
        )
        rows = [MatchContribution(**f) for sheet in sheets for f in contribution_rows(modality, sheet)]
        MatchContribution.objects.bulk_create(rows, batch_size=2000)


class Migration(migrations.Migration):
    dependencies = [("scoring", "0003_match_contribution"), ("tournaments", "0004_clean_names")]

    operations = [migrations.RunPython(compute, migrations.RunPython.noop)]
