"""Stored names in the form core.text.clean_name gives them.

Names written before it may hold invisible format characters (U+200B, U+FEFF…), a
decomposed accent or runs of spaces. This rewrites tournament, local, evento, entity,
team, player and mesa names in place. Entity and mesa names are unique per tournament:
one whose clean form is already another's name is left as it was (merging two entities
or two mesas is the organizer's decision, not a migration's). The function is copied
here as it was when the migration was written, so later changes to core.text do not
change what this migration did.
"""

import re
import unicodedata

from django.db import migrations

_SPACES = re.compile(r"\s+")


def clean_name(text):
    visible = "".join(c for c in text if unicodedata.category(c) != "Cf")
    return _SPACES.sub(" ", unicodedata.normalize("NFC", visible)).strip()


def _rewrite(model, fields, unique_within=None):
    for obj in model.objects.all().iterator():
        changed = []
        for field in fields:
            old = getattr(obj, field)
            new = clean_name(old)
            if new == old:
                continue
            if unique_within is not None:
                scope = {unique_within: getattr(obj, unique_within + "_id")}
                if model.objects.filter(**scope, **{field: new}).exclude(pk=obj.pk).exists():
                    continue
            setattr(obj, field, new)
            changed.append(field)
        if changed:
            obj.save(update_fields=changed)


def clean_names(apps, schema_editor):
    _rewrite(apps.get_model("tournaments", "Tournament"), ("name", "venue", "event"))
    _rewrite(apps.get_model("tournaments", "Entity"), ("name",), unique_within="tournament")
    _rewrite(apps.get_model("tournaments", "Team"), ("name",))
    _rewrite(apps.get_model("tournaments", "Player"), ("name",))
    _rewrite(apps.get_model("tournaments", "Table"), ("name",), unique_within="tournament")


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0003_bracket")]

    operations = [migrations.RunPython(clean_names, migrations.RunPython.noop)]
