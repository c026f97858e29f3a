"""The pieces of the Force of Will importer (``deckcheck/games/fow/importer.py`` runs them):
``tables`` (the hand-kept tables of ``data/importer.yaml``), ``fowsim`` (the primary card
list), ``deck_rules`` (deck-building text), ``records`` (records and aliases), ``octgn`` and
``fowdb``."""
