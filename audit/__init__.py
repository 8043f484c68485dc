"""Audit trail: who decided what, when, from where, with the before and after."""
