"""django-axes' login throttling, applied to web logins only.

``authenticate()`` without a request (the test client's ``login()``, a shell) is not a
login attempt over the network: it is passed on to the next backend instead of being
refused, so throttling stays on every page that takes a password.
"""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend


class WebLoginAxesBackend(AxesStandaloneBackend):  # type: ignore[misc]
    def authenticate(
        self, request: Any, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> Any:
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
