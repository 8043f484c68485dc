"""Signals the tournament services send inside their transaction, for the apps above this
one that must move with the change (this app imports none of them). A receiver that
raises refuses the change: the transaction is rolled back and nothing is written."""

from django.dispatch import Signal

# Sent with ``tournament=`` after its rules (modality settings) changed: scoring judges
# every counted súmula again under the new rules (its stored contributions).
rules_changed = Signal()
# Sent with ``tournament=``, ``judge=`` (the account) and ``by=`` (the organizer) after an
# organizer gave a judge a new password: the audit trail records it (no model row of
# this app changes, so its model signals would not see it).
judge_password_reset = Signal()
