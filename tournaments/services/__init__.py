"""Writes of tournament set-up: each service is ``<entity>_<action>``, keyword-only,
atomic, and raises :class:`ServiceError` (messages per field, translated at the raise
site into the request's language: pt-BR unless the person chose English) on bad input,
leaving nothing written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.functional import Promise

NON_FIELD = "__all__"


class ServiceError(Exception):
    """Refusal of a service: ``errors`` maps a form field (or ``__all__``) to messages."""

    def __init__(self, errors: Mapping[str, Sequence[str]] | str | Promise, field: str = NON_FIELD) -> None:
        if isinstance(errors, (str, Promise)):  # a lazy message too (a module constant)
            errors = {field: [str(errors)]}
        self.errors: dict[str, list[str]] = {k: [str(m) for m in v] for k, v in errors.items() if v}
        super().__init__("; ".join(m for msgs in self.errors.values() for m in msgs))

    @property
    def messages(self) -> list[str]:
        return [m for msgs in self.errors.values() for m in msgs]

    @classmethod
    def from_validation(cls, exc: ValidationError) -> ServiceError:
        if hasattr(exc, "error_dict"):
            return cls({k: [m for e in v for m in e.messages] for k, v in exc.error_dict.items()})
        return cls({NON_FIELD: exc.messages})


def apply_to_form(form: object, exc: ServiceError) -> None:
    """Put a service's refusal next to the form's fields (unknown fields go on top)."""
    fields = getattr(form, "fields", {})
    for name, msgs in exc.errors.items():
        for msg in msgs:
            form.add_error(name if name in fields else None, msg)  # type: ignore[attr-defined]


def recorded_user(user: Any) -> Any:
    """The account a row records as who did it: None for no one logged in (a command,
    a loaded file, an anonymous request)."""
    return user if getattr(user, "is_authenticated", False) else None
