"""The pieces of the Mage Wars importer (``deckcheck/games/magewars/importer.py`` runs them):
``tables`` (the vocabulary and the hand-kept tables of ``data/importer.yaml``), ``octgn``
(reading the OCTGN module), ``spells``, ``mages``, ``records`` (ids, names, aliases),
``seed`` (the Chinese rules seed), ``apprentice`` (the apprentice books) and ``output``
(writing the files)."""
