"""The tenteio/1 tournament file (docs/interchange.md): schema, load, export."""
