"""Digital tenteio (issue #11): hand-by-hand scoring at the mesa and live public pages."""
