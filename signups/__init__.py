"""Inscrições online: a team signs up on the tournament's public page, the organizer approves."""
