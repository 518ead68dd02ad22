"""Aleph Null Desktop: a digital edition of Tony Boydell's solo card game."""

__version__ = "0.1.0"
