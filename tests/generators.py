"""Generated tenteio/1 tournaments for tests: the benchmark generator, smaller sizes."""

from bench.generate import tournament_document

__all__ = ["tournament_document"]
