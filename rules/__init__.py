"""Tenteio's truco rules engine: pure Python, no Django (a test enforces it).

Modalities and their parameters, súmula validation, standings counters, ranking with
the rulebooks' tiebreakers. See ``docs/rules.md`` for the specification.
"""
