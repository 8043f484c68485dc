"""Writes of the súmula workflow: entry, confirmation, signatures, homologation, PINs.

Every function is keyword-only, runs in a transaction and documents the lock it takes;
a refusal is raised as one of the :mod:`scoring.services.errors` exceptions, whose
message is the pt-BR text a view shows as is.
"""
