"""Template tags of the organizer's pages."""
