"""The games. Each package registers itself in tabletop.engine.registry."""
