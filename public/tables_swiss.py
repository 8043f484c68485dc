"""The classificação of a Swiss phase as a django-tables2 table: the public
``StandingsTable`` with the Swiss desempates (docs/rules.md §3.17) after vitórias, and
without the columns a Swiss table has no room for on a phone (D, TC, saldo: J − V, the
opponents' tentos and their difference say little where everyone meets different
teams). Rows are ``public.views.standings_rows`` with ``public.swiss.with_swiss_values``.

``SwissExportTable`` is the classificação's CSV/XLSX export when a Swiss chave is in it:
every column of the export, the Swiss desempates after vitórias, empty in the rows of a
round-robin chave (``public.standings_export``)."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from public.tables import NUM, StandingsTable

# The numbers of a Swiss chave's table the page shows, in its order (the embed's columns).
SWISS_SHOWN = ("played", "wins", "buchholz", "buchholz_cut1", "sonneborn_berger", "games_won", "points_for")


class SwissStandingsTable(StandingsTable):
    buchholz = tables.Column(verbose_name=pgettext_lazy("column abbreviation", "Bh"), attrs=NUM)
    buchholz_cut1 = tables.Column(verbose_name=pgettext_lazy("column abbreviation", "Bh−1"), attrs=NUM)
    sonneborn_berger = tables.Column(verbose_name=pgettext_lazy("column abbreviation", "SB"), attrs=NUM)

    class Meta(StandingsTable.Meta):
        attrs = {"class": "standings swiss"}
        # The phone hides the 3rd, 9th and 10th columns of a classificação (entidade, P,
        # T here): the Swiss desempates stay in sight.
        sequence = ("position", "team", "entity", *SWISS_SHOWN, "...")


class SwissExportTable(StandingsTable):
    # Named in full: a spreadsheet has room, and «Bh» alone says nothing out of the page.
    buchholz = tables.Column(verbose_name=_("Buchholz"))
    buchholz_cut1 = tables.Column(verbose_name=_("Buchholz corte 1"))
    sonneborn_berger = tables.Column(verbose_name=_("Sonneborn-Berger"))

    class Meta(StandingsTable.Meta):
        sequence = (
            "stage",
            "group",
            "position",
            "team",
            "entity",
            "played",
            "wins",
            "buchholz",
            "buchholz_cut1",
            "sonneborn_berger",
            "...",
        )


# The columns a page leaves out of the Swiss table (``exclude=``): the phase and chave
# the page names already, and D, TC and saldo.
HIDDEN = ("stage", "group", "status", "losses", "points_against", "points_difference")
