"""Writes of the circuits app: ``circuits`` (circuits, etapas, settings, sorteios),
``links`` (circuit teams and people, their links and merges) and ``placings`` (each
etapa's final placings kept as read)."""
