"""The tournament tests' fixtures (organizer, tournament, register), shared with the mata-mata tests."""

from tests.tournaments.conftest import organizer, register, tournament  # noqa: F401
