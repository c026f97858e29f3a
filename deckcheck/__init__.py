"""deckcheck: a deck-building and legality validator for card games."""

__version__ = "0.1.0"
