"""tabletop."""
