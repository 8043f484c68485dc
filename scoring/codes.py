"""The short code printed on a paper súmula (and in its QR): 6 characters for a match id.

Five Crockford base32 characters carry the id scrambled by a bijection modulo 2**25,
so that neighbouring jogos get unlike codes and a one-character typo rarely lands on
another real jogo; the sixth is a check character that catches any single wrong character
and most swapped neighbours. No model field is needed: the code is computed from the id.
"""

from __future__ import annotations

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford: no I, L, O, U
_BITS = 25
_MOD = 1 << _BITS
_MULT = 0x1A2B3C5  # odd, so multiplication is a bijection modulo 2**25
_INVERSE = pow(_MULT, -1, _MOD)
_XOR = 0x0B5A3C1
_ALIASES = str.maketrans({"O": "0", "I": "1", "L": "1", "U": "V"})


def _check(chars: str) -> str:
    # Odd weights are units modulo 32, so any single wrong character changes the sum;
    # distinct weights catch most swaps of neighbours (all but characters 16 apart).
    total = sum((2 * i + 1) * ALPHABET.index(c) for i, c in enumerate(chars))
    return ALPHABET[total % 32]


def encode(match_id: int) -> str:
    if not 0 < match_id < _MOD:
        raise ValueError("match id out of the code range")
    n = ((match_id * _MULT) % _MOD) ^ _XOR
    body = "".join(ALPHABET[(n >> (5 * i)) & 31] for i in reversed(range(5)))
    return body + _check(body)


def decode(code: str) -> int | None:
    """The match id of ``code`` (case, spaces, dashes and look-alikes forgiven); None if invalid."""
    text = "".join(code.split()).replace("-", "").upper().translate(_ALIASES)
    if len(text) != 6 or any(c not in ALPHABET for c in text):
        return None
    body, check = text[:5], text[5]
    if _check(body) != check:
        return None
    n = 0
    for c in body:
        n = (n << 5) | ALPHABET.index(c)
    match_id = ((n ^ _XOR) * _INVERSE) % _MOD
    return match_id or None


def pretty(code: str) -> str:
    """``ABC-DEF``: easier to read aloud and to type."""
    return f"{code[:3]}-{code[3:]}"
