"""JSON output, version 1 (design §8): the contract scripts and other tools rely on."""

from __future__ import annotations

import json

from deckcheck import __version__
from deckcheck.models import DeckResult
from deckcheck.reporting.base import Reporter, summary
from deckcheck.safetext import json_exact


class JsonReporter(Reporter):
    name = "json"

    def document(self, results: list[DeckResult]) -> dict:
        return {
            "version": 1,
            "tool": {"name": "deckcheck", "version": __version__},
            "results": [r.to_json() for r in results],
            "summary": summary(results),
        }

    def render(self, results: list[DeckResult]) -> str:
        # exact content; hidden characters and "##[" / "::" written as \u escapes
        return json_exact(json.dumps(self.document(results), ensure_ascii=False, indent=2,
                                     default=str)) + "\n"
