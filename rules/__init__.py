"""Tenteio's truco rules engine: pure Python, no Django (a test enforces it).

Modalities and their parameters, súmula validation, standings counters, ranking with
the rulebooks' tiebreakers. See ``../shared/docs/RULES.md`` for the specification.
"""
