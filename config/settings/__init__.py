"""Settings split by shape: base (shared), local (make run), test, production."""
