"""Signals scoring sends inside the transaction that changes a súmula's standing, for
the apps above it (the mata-mata) that must move with it. A receiver that raises
refuses the change: the transaction is rolled back and the error reaches the user."""

from django.dispatch import Signal

# Sent with ``match=`` right after a súmula of that jogo is homologated.
sheet_homologated = Signal()
# Sent with ``match=`` right after a homologated súmula of that jogo is reverted.
sheet_reverted = Signal()
