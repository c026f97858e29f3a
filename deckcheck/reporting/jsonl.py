"""JSON Lines output (``--output-format jsonl``) for platforms that check many decks.

One line per deck, in input order, each the deck's result object of the JSON report
(version 1, design §8) with ``"type": "result"`` first; then one last line
``{"type": "summary", "version": 1, "tool": {...}, "summary": {...}}``. Each line is written
as soon as its deck is checked, so a reader can process a batch while it runs and the
report never has to be held in memory.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from deckcheck.models import DeckResult
from deckcheck.reporting.base import Reporter, Tally
from deckcheck.reporting.json_report import encode, tool


class JsonlReporter(Reporter):
    name = "jsonl"

    def render(self, results: list[DeckResult]) -> str:
        return "".join(self.chunks(results))

    def chunks(self, results: Iterable[DeckResult]) -> Iterator[str]:
        tally = Tally()
        for r in results:
            tally.add(r)
            yield encode({"type": "result", **r.to_json()}) + "\n"
        yield encode({"type": "summary", "version": 1, "tool": tool(),
                      "summary": tally.as_dict()}) + "\n"
