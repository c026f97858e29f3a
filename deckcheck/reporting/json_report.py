"""JSON output, version 1 (design §8): the contract scripts and other tools rely on.

The document is written as it is made: the frame with one result per line, each encoded by
the standard library's C encoder as soon as it arrives, then the summary. Its content is the
version 1 document; only the layout is compact (indented at the top level only).
"""

from __future__ import annotations

import json
from typing import Iterable, Iterator

from deckcheck import __version__
from deckcheck.models import DeckResult
from deckcheck.reporting.base import Reporter, Tally, summary
from deckcheck.safetext import json_exact

#: one encoder for every result: compact separators, exact text, unknown values as str
_ENCODE = json.JSONEncoder(ensure_ascii=False, default=str).encode


def encode(value) -> str:
    """One JSON value on one line, hidden characters and "##[" / "::" as \\u escapes."""
    return json_exact(_ENCODE(value))


def tool() -> dict:
    return {"name": "deckcheck", "version": __version__}


class JsonReporter(Reporter):
    name = "json"

    def document(self, results: list[DeckResult]) -> dict:
        return {
            "version": 1,
            "tool": tool(),
            "results": [r.to_json() for r in results],
            "summary": summary(results),
        }

    def render(self, results: list[DeckResult]) -> str:
        return "".join(self.chunks(results))

    def chunks(self, results: Iterable[DeckResult]) -> Iterator[str]:
        tally = Tally()
        yield f'{{\n  "version": 1,\n  "tool": {encode(tool())},\n  "results": ['
        sep = "\n    "
        for r in results:
            tally.add(r)
            yield sep + encode(r.to_json())
            sep = ",\n    "
        close = "\n  ]" if tally.decks else "]"
        yield f'{close},\n  "summary": {encode(tally.as_dict())}\n}}\n'
