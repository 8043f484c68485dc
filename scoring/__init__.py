"""Scoring: súmulas (append-only versions), homologation and standings."""
