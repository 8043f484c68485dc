"""The audit tests walk the trust tests' site (a loaded tournament, a judge, the comissão)
and the tournaments tests' fresh tournament (inscrições, sorteio, «Editar torneio»)."""

from tests.tournaments.conftest import organizer, tournament  # noqa: F401 (fixtures)
from tests.trust.conftest import site  # noqa: F401 (fixture)
