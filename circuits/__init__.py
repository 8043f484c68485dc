"""Circuits and rodeios: a season of etapas, or one event's modalities, ranked by the points
of each etapa's final placings (docs/rules.md §3.16)."""
