"""The fixtures of the interchange tests: the súmula tests' ``world`` (a tournament with
its organizer, judges and mesas) is where a whole event is played before its export."""

from tests.scoring.conftest import world

__all__ = ["world"]
