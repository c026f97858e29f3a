"""The pieces of the World of Warcraft TCG importer (``deckcheck/games/wowtcg/importer.py``
runs them): ``tables`` (the hand-kept tables of ``data/importer.yaml``), ``printings`` (the
primary card files), ``facts`` (the rule facts of one printing), ``deckbuilding`` (a hero's
"Deckbuilding:" text), ``records`` (one record per name, name resolution), ``sources`` (the
2010 CSV, OCTGN set files, the seed) and ``writing`` (the output files)."""
