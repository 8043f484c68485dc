"""The tenteio/1 tournament file (INTERCHANGE.md): parse, load, export."""
