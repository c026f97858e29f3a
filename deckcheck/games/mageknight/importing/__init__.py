"""The pieces of the Mage Knight importer (:mod:`deckcheck.games.mageknight.importer` runs
them): ``tables`` (the hand-kept tables of ``data/importer.yaml``), ``markdown`` (reading the
reference tables), ``heroes`` (the hand-written ``heroes.yaml`` and its checks) and ``records``
(corrections, card records and the import checks)."""
