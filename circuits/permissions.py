"""Who may see and change a circuit: the one place that decides it.

A circuit belongs to its owner (who created it) and the organizers they name; superusers
may do everything. Anyone may see a public circuit. Creating one takes what creating a
tournament takes (``tournaments.permissions.can_create_tournament``), and an etapa may
only be a tournament the person may see.
"""

from __future__ import annotations

from typing import Any

from circuits.models import Circuit
from tournaments.permissions import can_create_tournament


def can_create_circuit(user: Any) -> bool:
    return can_create_tournament(user)


def can_manage_circuit(user: Any, circuit: Circuit) -> bool:
    if not getattr(user, "is_authenticated", False) or not getattr(user, "is_active", False):
        return False
    if user.is_superuser or circuit.owner_id == user.pk:
        return True
    return circuit.organizers.filter(pk=user.pk).exists()


def can_view_circuit(user: Any, circuit: Circuit) -> bool:
    return circuit.is_public or can_manage_circuit(user, circuit)
