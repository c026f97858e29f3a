"""Importers: turn the public card data sets into deckcheck's facts-only ``cards/<game>/``.

Each game's importer lives in its package (its descriptor's ``importer``) and exposes
``run(source: Path, out: Path) -> dict``, which writes the YAML files of ``cards/<game>/``
(plus its ``SOURCES.md``) and returns a summary of counts. ``deckcheck cards import <game>
[SOURCE] [--out DIR]`` calls it; :mod:`deckcheck.carddb.importers.common` holds what the
importers share.
"""
