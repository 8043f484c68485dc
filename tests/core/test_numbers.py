"""core.numbers.whole_number: what people type where a whole number is expected."""

from __future__ import annotations

import pytest

from core.numbers import whole_number


@pytest.mark.parametrize(
    ("text", "digits", "expected"),
    [
        ("7", 3, 7),
        ("007", 3, 7),
        ("١٢", 3, 12),  # Arabic-Indic digits: int() reads them
        ("²", 3, None),  # isdigit() says yes, int() says no
        ("①", 3, None),
        ("1234", 3, None),  # longer than the column or the rule allows
        ("-1", 3, None),
        ("1.5", 3, None),
        (" 7", 3, None),
        ("", 3, None),
        (None, 3, None),
    ],
)
def test_whole_number(text: str | None, digits: int, expected: int | None) -> None:
    assert whole_number(text, digits) == expected
