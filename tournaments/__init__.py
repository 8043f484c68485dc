"""Tournaments: the event, its teams and players, chaves, rodadas, mesas and draws."""
