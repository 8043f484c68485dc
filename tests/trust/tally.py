"""Counters the trust tests fill and the terminal summary prints (cases and inputs tried)."""

from __future__ import annotations

from collections import Counter

COUNTS: Counter[str] = Counter()
