"""The pieces of the Magic: The Gathering importer (``deckcheck/games/mtg/importer.py`` runs
them and writes the files): ``tables`` (the hand-kept tables of ``data/importer.yaml``),
``rows`` (the intermediate face rows and small helpers), ``mtgjson`` (reading MTGJSON v3 and
v5 files) and ``records`` (card records, name tables, the sets table)."""
