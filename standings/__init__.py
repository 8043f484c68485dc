"""Standings and the public site: classificação, results, schedule, JSON and exports."""
