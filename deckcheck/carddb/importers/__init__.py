"""Importers: turn the public card data sets into deckcheck's facts-only ``cards/<game>/``.

Each game has one module here exposing ``run(source: Path, out: Path) -> dict`` that writes
the YAML files of ``cards/<game>/`` (plus its ``SOURCES.md``) and returns a summary of counts.
``deckcheck cards import <game> [SOURCE] [--out DIR]`` calls it.
"""

IMPORTERS = {
    "fow": "deckcheck.carddb.importers.fow",
    "magewars": "deckcheck.carddb.importers.magewars",
    "wowtcg": "deckcheck.carddb.importers.wowtcg",
    "mtg": "deckcheck.carddb.importers.mtg",
    "mageknight": "deckcheck.carddb.importers.mageknight",
}
