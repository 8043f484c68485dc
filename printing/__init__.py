"""Printing: súmulas, brackets, standings, schedules and team cards as PDFs.

``printing.render`` alone imports WeasyPrint; ``printing.documents`` builds plain,
JSON-safe page data from the selectors; ``printing.services`` runs print jobs in chunks
(Celery tasks in ``printing.tasks``) and merges them into one stored PDF.
"""
